//! Knight's tours built, not searched: block tours joined by move exchanges, in linear time.

pub mod base;
