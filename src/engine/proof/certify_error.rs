//! Why an answer of no tour could not be certified: one error for the independent checks of the
//! cheap arguments and for the SAT re-proof.

use crate::engine::Stop;
use std::fmt;
use std::io;
use std::path::PathBuf;

/// Why an answer of no tour could not be certified: its argument failed the independent check,
/// or the SAT re-proof stopped or failed.
#[derive(Debug)]
pub enum CertifyError {
    /// The argument failed its independent check (a bug in toursat).
    Rejected(String),
    /// The solver stopped at a limit.
    Stopped(Stop),
    /// The SAT engine found a tour: the answer of no tour was wrong (a bug in toursat).
    HasTour,
    /// Writing or reading a proof failed.
    Io(io::Error),
    /// A proof or formula file could not be written; nothing was left at its path.
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        error: io::Error,
    },
    /// A cut that is not exactly a crossing of its set (a bug in toursat).
    BadCut {
        /// 0-based number of the cut.
        index: usize,
        /// What is wrong.
        why: String,
    },
    /// The checker rejected the proof, or the proof does not derive the empty clause.
    ProofRejected(String),
}

impl fmt::Display for CertifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CertifyError::Rejected(why) => {
                write!(
                    f,
                    "internal error: the argument of no tour failed its check: {why}"
                )
            }
            CertifyError::Stopped(stop) => write!(f, "certifying stopped: {stop:?}"),
            CertifyError::HasTour => write!(
                f,
                "internal error: the SAT engine found a tour where the answer was no tour"
            ),
            CertifyError::Io(error) => write!(f, "writing the proof: {error}"),
            CertifyError::Write { path, error } => write!(f, "{}: {error}", path.display()),
            CertifyError::BadCut { index, why } => {
                write!(f, "internal error: cut {}: {why}", index + 1)
            }
            CertifyError::ProofRejected(why) => {
                write!(f, "internal error: the proof was rejected: {why}")
            }
        }
    }
}

impl std::error::Error for CertifyError {}

impl From<io::Error> for CertifyError {
    fn from(error: io::Error) -> CertifyError {
        CertifyError::Io(error)
    }
}
