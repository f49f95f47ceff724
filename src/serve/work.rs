//! The worker: one solve, count, generated board or puzzle's hints in a process of its own, so that the server
//! can kill it. It reads its [`Job`] on standard input, writes the answer's status and body on
//! standard output, and ends at once when its standard input closes (the server stopped
//! waiting for it, or is gone).

use super::board_value::board_value;
use super::http::{ApiError, Reply};
use super::puzzle;
use super::request::{
    read_piece, region_options, GenKind, GenRequest, HintRequest, ProblemRequest, DISTINCT_TOURS,
};
use crate::core::board::MarkedEnds;
use crate::core::problem::Problem;
use crate::count::{self, CountError, CountOptions, Distinct};
use crate::engine::{self, Limits, SolveError, SolveOptions, Stop};
use crate::format::{CountAnswer, Format, Json};
use crate::gen;
use serde::{Deserialize, Serialize};
use std::io::{self, BufRead, Read, Write};
use std::time::{Duration, Instant};

/// Draws of a generated board before giving up (as `toursat gen`).
const GEN_ATTEMPTS: u32 = 1000;

/// The exit status of a worker whose server closed its standard input before it answered.
pub const ABANDONED: i32 = 3;

/// What the server asks a worker to do, and within what.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Job {
    /// The work.
    pub work: Work,
    /// The most squares of a board.
    pub max_squares: u64,
    /// Seconds the work may run, counted from the worker's start.
    pub seconds: f64,
    /// The most memory (address space) the worker may take, in bytes; `None`: no limit.
    pub memory_bytes: Option<u64>,
}

/// The pieces of work a worker does.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "work", content = "request", rename_all = "lowercase")]
pub enum Work {
    /// `POST /api/solve`.
    Solve(ProblemRequest),
    /// `POST /api/count`.
    Count(ProblemRequest),
    /// `POST /api/gen`.
    Gen(GenRequest),
    /// `POST /api/hint`.
    Hint(HintRequest),
}

impl Job {
    /// The job as the server sends it: its length in bytes on a line of its own, then the job
    /// as JSON.
    pub fn to_message(&self) -> Vec<u8> {
        let body = serde_json::to_vec(self).unwrap_or_default();
        let mut message = format!("{}\n", body.len()).into_bytes();
        message.extend_from_slice(&body);
        message
    }

    /// The answer: the JSON document of the work, or its error.
    pub fn answer(&self) -> Result<Vec<u8>, ApiError> {
        let deadline = Instant::now()
            + Duration::try_from_secs_f64(self.seconds).unwrap_or(Duration::from_secs(0));
        match &self.work {
            Work::Solve(request) => solve(&request.problem(self.max_squares)?, deadline),
            Work::Count(request) => count(
                &request.problem(self.max_squares)?,
                request.limit.unwrap_or(DISTINCT_TOURS),
                self.seconds,
                deadline,
            ),
            Work::Gen(request) => generate(request),
            Work::Hint(request) => puzzle::document(&request.board(self.max_squares)?, deadline),
        }
    }
}

/// The document of `toursat solve --format json`, the engine held to `deadline`.
fn solve(problem: &Problem, deadline: Instant) -> Result<Vec<u8>, ApiError> {
    let options = SolveOptions {
        limits: Limits {
            deadline: Some(deadline),
            ..Limits::none()
        },
        ..SolveOptions::default()
    };
    let solution = match engine::solve(problem, &options) {
        Ok(solution) => solution,
        Err(SolveError::Problem(error)) => return Err(ApiError::unprocessable(error.to_string())),
        Err(cannot @ SolveError::EngineCannot { .. }) => {
            return Err(ApiError::unprocessable(cannot.to_string()))
        }
        Err(internal @ SolveError::InvalidTour { .. }) => {
            return Err(ApiError::internal(internal.to_string()))
        }
    };
    let mut document = Vec::new();
    Json.write_solution(problem, &solution, &mut document)
        .map_err(|error| ApiError::internal(format!("writing the answer: {error}")))?;
    Ok(document)
}

/// The count document: up to `limit` distinct tours (by SAT) and, where the frontier DP fits
/// the board and the time (`seconds`, ending at `deadline`), the exact number of tours.
fn count(
    problem: &Problem,
    limit: usize,
    seconds: f64,
    deadline: Instant,
) -> Result<Vec<u8>, ApiError> {
    let limits = Limits {
        deadline: Some(deadline),
        ..Limits::none()
    };
    let distinct = count::distinct_tours(problem, limit, &limits, &mut |_| {});
    let options = CountOptions {
        directed: false,
        limits,
    };
    let counted = count::count(problem, &options, &mut |_| {});
    let distinct: Option<Distinct> = match distinct {
        Ok(distinct) => Some(distinct),
        Err(CountError::Problem(error)) => return Err(ApiError::unprocessable(error.to_string())),
        Err(_) => None,
    };
    let uncounted = counted.as_ref().err().map(|error| match error {
        CountError::Stopped(Stop::Timeout) => timed_out(seconds),
        other => other.to_string(),
    });
    count_document(
        problem,
        counted.as_ref().ok().map(|counted| &counted.tours),
        uncounted,
        distinct.as_ref(),
    )
}

/// Why a count stopped at its time limit of `seconds`.
pub fn timed_out(seconds: f64) -> String {
    format!("timed out after {seconds} s, before the count was done")
}

/// The count document of `problem` with these parts.
pub fn count_document(
    problem: &Problem,
    tours: Option<&crate::count::Natural>,
    uncounted: Option<String>,
    distinct: Option<&Distinct>,
) -> Result<Vec<u8>, ApiError> {
    let answer = CountAnswer {
        tours,
        uncounted: uncounted.as_deref(),
        distinct,
    };
    let mut document = Vec::new();
    Json.write_count(problem, &answer, &mut document)
        .map_err(|error| ApiError::internal(format!("writing the count: {error}")))?;
    Ok(document)
}

/// A board of `toursat gen`, in the shape of `/api/board`'s answer.
fn generate(request: &GenRequest) -> Result<Vec<u8>, ApiError> {
    let GenRequest {
        kind,
        rows,
        cols,
        seed,
        ..
    } = *request;
    let generated = match kind {
        GenKind::Planted => gen::planted(rows, cols, 0.5, 0, seed).map(|planted| planted.board),
        GenKind::Random => gen::random(rows, cols, 0.2, seed, GEN_ATTEMPTS),
        GenKind::Holes => {
            let holes = (rows * cols / 20).max(1);
            let piece = read_piece(&request.piece)?;
            gen::holes(rows, cols, holes, piece, seed, GEN_ATTEMPTS)
        }
        GenKind::Region => gen::region(rows, cols, &region_options(), seed, GEN_ATTEMPTS)
            .map(|region| region.board),
    };
    let board = generated.map_err(|error| ApiError::unprocessable(error.to_string()))?;
    Ok(Reply::value(&board_value(&board, MarkedEnds::default())).body)
}

/// Runs a worker on the process's standard input and output: reads the job, answers it on
/// standard output (the HTTP status on the first line, then the body) and returns the exit
/// status: 0 when the answer was written.
pub fn run_stdio() -> i32 {
    let mut input = io::stdin().lock();
    let job = match read_job(&mut input) {
        Ok(job) => job,
        Err(message) => {
            eprintln!("toursat serve --worker: {message}");
            return 2;
        }
    };
    drop(input);
    watch_for_abandonment();
    if let Some(bytes) = job.memory_bytes {
        limit_memory(bytes);
    }
    let (status, body) = match job.answer() {
        Ok(body) => (200, body),
        Err(error) => (error.status, Reply::error(&error).body),
    };
    let mut out = io::stdout().lock();
    let written = writeln!(out, "{status}")
        .and_then(|()| out.write_all(&body))
        .and_then(|()| out.flush());
    match written {
        Ok(()) => 0,
        Err(_) => ABANDONED,
    }
}

/// Reads the job: its length on a line, then that many bytes of JSON.
fn read_job(input: &mut impl BufRead) -> Result<Job, String> {
    let mut header = String::new();
    input
        .by_ref()
        .take(32)
        .read_line(&mut header)
        .map_err(|error| format!("reading the job's length: {error}"))?;
    let length: usize = header
        .trim()
        .parse()
        .map_err(|_| format!("the job's length {header:?} is not a number"))?;
    let mut body = Vec::new();
    input
        .take(length as u64)
        .read_to_end(&mut body)
        .map_err(|error| format!("reading the job: {error}"))?;
    serde_json::from_slice(&body).map_err(|error| format!("reading the job: {error}"))
}

/// Ends the process as soon as its standard input closes: the server is no longer waiting. The
/// watching thread has a small stack, to leave the memory limit to the work.
fn watch_for_abandonment() {
    let watcher = std::thread::Builder::new()
        .name("toursat-worker-watch".to_string())
        .stack_size(64 << 10)
        .spawn(|| {
            let mut byte = [0; 64];
            while matches!(io::stdin().read(&mut byte), Ok(read) if read > 0) {}
            std::process::exit(ABANDONED);
        });
    if let Err(error) = watcher {
        eprintln!("toursat serve --worker: warning: not watching the server: {error}");
    }
}

/// Limits the process's address space to `bytes` (on Unix): an allocation past it fails and
/// ends the worker.
#[cfg(unix)]
fn limit_memory(bytes: u64) {
    one_malloc_arena();
    let limit = libc::rlimit {
        rlim_cur: bytes as libc::rlim_t,
        rlim_max: bytes as libc::rlim_t,
    };
    // SAFETY: `limit` is a valid, initialised `rlimit` that lives across the call.
    let set = unsafe { libc::setrlimit(libc::RLIMIT_AS, &limit) };
    if set != 0 {
        eprintln!(
            "toursat serve --worker: warning: could not limit memory: {}",
            io::Error::last_os_error()
        );
    }
}

/// Has every thread allocate from glibc's main arena. Under an address-space limit a thread's
/// own arena cannot be made (glibc reserves 64 MiB for each), and glibc then tries again at
/// every allocation of that thread: a solve so limited crawled until its time limit instead of
/// ending when its memory ran out.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn one_malloc_arena() {
    // SAFETY: mallopt only sets a tunable of glibc's allocator; 1 arena is a valid value.
    if unsafe { libc::mallopt(libc::M_ARENA_MAX, 1) } == 0 {
        eprintln!("toursat serve --worker: warning: could not set malloc's arenas");
    }
}

/// Other allocators reserve no arena per thread.
#[cfg(all(unix, not(all(target_os = "linux", target_env = "gnu"))))]
fn one_malloc_arena() {}

/// Other platforms: no limit.
#[cfg(not(unix))]
fn limit_memory(_bytes: u64) {}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn job(work: serde_json::Value) -> Job {
        Job {
            work: serde_json::from_value(work).unwrap(),
            max_squares: 10_000,
            seconds: 10.0,
            memory_bytes: None,
        }
    }

    #[test]
    fn a_job_read_back_from_its_message_is_the_same_job() {
        let sent =
            job(json!({"work": "solve", "request": {"rows": 4, "cols": 4, "piece": "rook"}}));
        let read = read_job(&mut sent.to_message().as_slice()).unwrap();
        assert_eq!(read.to_message(), sent.to_message());
    }

    #[test]
    fn a_solve_job_answers_the_solve_document() {
        let solve = job(
            json!({"work": "solve", "request": {"rows": 4, "cols": 4, "blocked": [[1, 2], [3, 0]], "piece": "rook"}}),
        );
        let document: serde_json::Value = serde_json::from_slice(&solve.answer().unwrap()).unwrap();
        assert_eq!(document["answer"], "no tour");
        assert_eq!(document["why"]["kind"], "colour-count");
    }

    #[test]
    fn a_blocked_start_is_refused_with_422() {
        let solve = job(
            json!({"work": "solve", "request": {"rows": 4, "cols": 4, "blocked": [[0, 0]], "start": [0, 0], "piece": "rook"}}),
        );
        assert_eq!(solve.answer().unwrap_err().status, 422);
    }
}
