//! `--explain`, `--proof`, `--certify` and `--drat`: answers a person or a checker can trust.

use super::args::EngineArgs;
use super::error::CliError;
use super::exit;
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use toursat::engine::sat::certify::{self, Certificate, CertifyError, ProofRequest};
use toursat::engine::{Answer, Limits, Solution};
use toursat::format::{self, reason};
use toursat::Problem;

/// How much of an answer to justify.
#[derive(Args, Debug, Clone)]
pub struct TrustArgs {
    /// Explain the answer on stderr in words a person can check: the argument that no tour
    /// exists and the facts it rests on (colour counts, a square's moves, the SAT encoding and
    /// its cuts, a certificate's checks), or how a found tour was verified.
    #[arg(long)]
    pub explain: bool,
    /// When no tour exists: prove it with the SAT engine (its --encoding, from scratch) and write
    /// varisat's native proof of unsatisfiability to FILE.
    #[arg(long, value_name = "FILE")]
    pub proof: Option<PathBuf>,
    /// When no tour exists: prove it with the SAT engine and check the certificate before
    /// answering (the base formula encoded again, every cut checked to be a crossing of its set of
    /// squares, the native proof checked by varisat's checker); a failed check exits with status 4.
    #[arg(long)]
    pub certify: bool,
    /// When no tour exists: write the final formula (base and cuts) as DIMACS to CNF_FILE and a
    /// DRAT proof of it (solved again from scratch) to DRAT_FILE, for an outside checker such as
    /// `rate CNF_FILE DRAT_FILE`.
    #[arg(long, num_args = 2, value_names = ["CNF_FILE", "DRAT_FILE"])]
    pub drat: Option<Vec<PathBuf>>,
}

impl TrustArgs {
    /// The certificate for a no-tour answer, when one was asked for.
    pub fn certificate(
        &self,
        problem: &Problem,
        solution: &Solution,
        engine: &EngineArgs,
        limits: &Limits,
    ) -> Result<Option<Certificate>, CliError> {
        let wanted = self.certify || self.proof.is_some() || self.drat.is_some();
        if !wanted || !matches!(solution.answer, Answer::NoTour(_)) {
            return Ok(None);
        }
        let request = ProofRequest {
            proof_file: self.proof.clone(),
            check: self.certify,
            drat: match self.drat.as_deref() {
                Some([cnf, drat]) => Some((cnf.clone(), drat.clone())),
                _ => None,
            },
        };
        certify::prove_no_tour(problem, &engine.sat_options(), limits, &request)
            .map(Some)
            .map_err(|error| match error {
                CertifyError::Stopped(stop) => CliError::with_status(
                    exit::for_stop(stop),
                    format!(
                        "certifying: {}",
                        format::explain_stop(stop, engine.timeout_seconds())
                    ),
                ),
                CertifyError::Io(error) => CliError::input(format!("writing the proof: {error}")),
                other => CliError::with_status(exit::INTERNAL, other),
            })
    }

    /// Writes the explanation (and the certificate, if any) to stderr when `--explain` is given.
    pub fn write_explanation(
        &self,
        problem: &Problem,
        solution: &Solution,
        certificate: Option<&Certificate>,
    ) -> Result<(), CliError> {
        if !self.explain {
            return Ok(());
        }
        let mut lines = reason::explain_in_full(problem, solution);
        if let Some(certificate) = certificate {
            lines.push(format!("certificate: {certificate}"));
        }
        let mut err = std::io::stderr().lock();
        for line in lines {
            writeln!(err, "{line}")
                .map_err(|error| CliError::input(format!("writing the explanation: {error}")))?;
        }
        Ok(())
    }
}
