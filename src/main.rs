//! The `toursat` command line (being written).

fn main() {}
