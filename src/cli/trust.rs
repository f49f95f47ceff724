//! `--explain`, `--proof`, `--certify` and `--drat`: answers a person or a checker can trust.

use super::args::EngineArgs;
use super::error::CliError;
use super::exit;
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use toursat::engine::proof::certify::Certified;
use toursat::engine::proof::certify::CertifyError;
use toursat::engine::sat::exchange::certify::{self, Certificate, ProofRequest};
use toursat::engine::{self, Answer, Limits, Solution};
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
    /// When no tour exists: check the proof before answering, and say on stderr what was
    /// certified and how (one line; also `certificate` in JSON). A cheap argument is checked
    /// again from the board in linear time (colour counts, a square's moves, a search, the flow's
    /// minimum cut, a theorem's conditions, forced moves replayed); search and SAT answers are
    /// proved again with the SAT engine, every cut checked and the proof checked by varisat's
    /// checker. A failed check exits with status 4.
    #[arg(long)]
    pub certify: bool,
    /// When no tour exists: write the final formula (base and cuts) as DIMACS to CNF_FILE and a
    /// DRAT proof of it (solved again from scratch) to DRAT_FILE, for an outside checker such as
    /// `rate CNF_FILE DRAT_FILE`.
    #[arg(long, num_args = 2, value_names = ["CNF_FILE", "DRAT_FILE"])]
    pub drat: Option<Vec<PathBuf>>,
}

impl TrustArgs {
    /// Whether any of the options was given.
    pub fn asked(&self) -> bool {
        self.explain || self.certify || self.proof.is_some() || self.drat.is_some()
    }

    /// The SAT certificate for a no-tour answer, when `--proof` or `--drat` asked for one
    /// (checked too with `--certify`). A proof file that cannot be written is an error of
    /// status 2 ([`exit::BAD_INPUT`]), which the caller reports after printing the answer.
    pub fn certificate(
        &self,
        problem: &Problem,
        solution: &Solution,
        engine: &EngineArgs,
        limits: &Limits,
    ) -> Result<Option<Certificate>, CliError> {
        let wanted = self.proof.is_some() || self.drat.is_some();
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
            .map_err(|error| certify_error(error, engine))
    }

    /// With `--certify`, certifies a no-tour answer (see [`engine::proof::certify::certify`]) and
    /// writes on stderr what was certified and how.
    pub fn certify(
        &self,
        problem: &Problem,
        solution: &Solution,
        engine: &EngineArgs,
        limits: &Limits,
    ) -> Result<Option<Certified>, CliError> {
        let Answer::NoTour(why) = &solution.answer else {
            return Ok(None);
        };
        if !self.certify {
            return Ok(None);
        }
        let certified =
            engine::proof::certify::certify(problem, why, &engine.sat_options(), limits)
                .map_err(|error| certify_error(error, engine))?;
        let line = reason::certified_line(problem, why, &certified);
        writeln!(std::io::stderr().lock(), "toursat: {line}")
            .map_err(|error| CliError::input(format!("writing the certificate: {error}")))?;
        Ok(Some(certified))
    }

    /// Writes the explanation (and the certificate, if any) to stderr when `--explain` is given.
    /// Where stdout already holds the no-tour sentence (`answer_printed`), stderr starts at the
    /// argument that proves it (`proved by: ...`), so the sentence is printed once.
    pub fn write_explanation(
        &self,
        problem: &Problem,
        solution: &Solution,
        certificate: Option<&Certificate>,
        answer_printed: bool,
    ) -> Result<(), CliError> {
        if !self.explain {
            return Ok(());
        }
        let mut lines = reason::explain_in_full(problem, solution);
        if answer_printed && matches!(solution.answer, Answer::NoTour(_)) {
            lines.remove(0);
        }
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

/// The error to print for a certificate that failed, with its exit status.
fn certify_error(error: CertifyError, engine: &EngineArgs) -> CliError {
    match error {
        CertifyError::Stopped(stop) => CliError::with_status(
            exit::for_stop(stop),
            format!(
                "certifying: {}",
                format::reason::explain_stop(stop, engine.timeout_seconds())
            ),
        ),
        CertifyError::Io(error) => CliError::input(format!("writing the proof: {error}")),
        error @ CertifyError::Write { .. } => CliError::input(format!("writing {error}")),
        other => CliError::with_status(exit::INTERNAL, other),
    }
}
