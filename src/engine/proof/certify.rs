//! Certifying an answer of no tour: a cheap argument by its independent check, the others
//! (search, SAT) by the SAT re-proof and varisat's checker.

use crate::core::problem::Problem;
pub use crate::engine::proof::certify_error::CertifyError;
use crate::engine::proof::check::{self, Checked};
use crate::engine::sat::exchange::certify::{self as sat_certify, Certificate, ProofRequest};
use crate::engine::sat::SatOptions;
use crate::engine::{Impossibility, Limits};
use std::time::Instant;

/// What certifies an answer of no tour.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Evidence {
    /// The argument itself, checked again from the board in linear time.
    Argument(Checked),
    /// The SAT engine's proof, checked by varisat's checker (with every cut checked).
    SatProof(Certificate),
}

/// An answer of no tour that passed its check.
#[derive(Debug, Clone, PartialEq)]
pub struct Certified {
    /// What was checked.
    pub evidence: Evidence,
    /// Wall-clock seconds the certificate took, produced and checked.
    pub seconds: f64,
}

impl Certified {
    /// How it was checked: `recount`, `search`, `min-cut`, `theorem`, `region-count`, `replay` or
    /// `sat-proof`.
    pub fn method(&self) -> &'static str {
        match &self.evidence {
            Evidence::Argument(checked) => checked.method.name(),
            Evidence::SatProof(_) => "sat-proof",
        }
    }

    /// What the check found, in words.
    pub fn findings(&self) -> String {
        match &self.evidence {
            Evidence::Argument(checked) => checked.findings.clone(),
            Evidence::SatProof(certificate) => format!("re-proved with SAT: {certificate}"),
        }
    }
}

/// Certifies that `problem` (well posed) has no tour for the reason `why`: a cheap argument is
/// checked independently, in linear time; search and SAT answers are proved again with the SAT
/// engine (`sat_options`, within `limits`) and the proof checked.
pub fn certify(
    problem: &Problem,
    why: &Impossibility,
    sat_options: &SatOptions,
    limits: &Limits,
) -> Result<Certified, CertifyError> {
    let started = Instant::now();
    let evidence = match check::check(problem, why) {
        Some(Ok(checked)) => Evidence::Argument(checked),
        Some(Err(why)) => return Err(CertifyError::Rejected(why)),
        None => {
            let request = ProofRequest {
                check: true,
                ..ProofRequest::default()
            };
            let certificate = sat_certify::prove_no_tour(problem, sat_options, limits, &request)?;
            Evidence::SatProof(certificate)
        }
    };
    Ok(Certified {
        evidence,
        seconds: started.elapsed().as_secs_f64(),
    })
}
