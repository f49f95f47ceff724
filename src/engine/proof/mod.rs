//! Proofs that no tour exists, and what they rest on: the cheap arguments, sealed regions,
//! where an open tour's ends must lie, the knight's tour theorems, the independent checks of
//! the arguments and their certificates.

pub mod certify;
pub(crate) mod certify_error;
pub(crate) mod cheap;
pub mod check;
pub(crate) mod forced;
pub(crate) mod open_ends;
pub(crate) mod pocket_ends;
pub(crate) mod regions;
pub mod theory;
