//! The endpoints under `/api/`: each reads its request, has a worker answer it as the command
//! line would, checks the answer and sends it (docs/json.md, "The HTTP API"). The endpoints
//! that run a worker take `client_gone`, which says when the request's client has closed its
//! connection: its worker is then killed at once.

use super::board_value::board_value;
use super::checked;
use super::http::{ApiError, Reply};
use super::jobs::{Outcome, WorkerCommand, Workers};
use super::limits::ServeLimits;
use super::request::{
    parse, GenRequest, HintRequest, ProblemRequest, DISTINCT_TOURS, MAX_DISTINCT_TOURS,
};
use super::work::{self, Job, Work};
use crate::core::board::Board;
use crate::core::problem::Problem;
use crate::engine::{Answer, Solution, Stats, Stop};
use crate::format::{Format, Json};
use serde::Deserialize;
use serde_json::json;
use std::time::{Duration, Instant};

/// The status of a request whose client closed its connection before the answer (nginx's
/// "client closed request"): nobody reads it, since the connection has ended, but the work's
/// end is answered like every other.
const CLIENT_CLOSED: u16 = 499;

/// The status of a request whose worker ran out of memory (507, "Insufficient Storage": the
/// server cannot hold what the answer needs).
const OUT_OF_MEMORY: u16 = 507;

/// What the endpoints share: the limits and the workers.
#[derive(Debug)]
pub struct Api {
    /// The limits.
    pub limits: ServeLimits,
    /// The workers, their slots and the requests waiting for them.
    pub workers: Workers,
}

impl Api {
    /// The API with these limits, its workers started by `worker`, none running.
    pub fn new(limits: ServeLimits, worker: WorkerCommand) -> Api {
        Api {
            limits,
            workers: Workers::new(worker, limits.solves),
        }
    }

    /// The job of `work` within `timeout`.
    fn job(&self, work: Work, timeout: Duration) -> Job {
        Job {
            work,
            max_squares: self.limits.max_squares,
            seconds: timeout.as_secs_f64(),
            memory_bytes: self.limits.memory_bytes,
        }
    }

    /// `POST /api/solve`: the document of `toursat solve --format json`.
    pub fn solve(&self, body: &[u8], client_gone: &dyn Fn() -> bool) -> Result<Reply, ApiError> {
        let request: ProblemRequest = parse(body)?;
        let problem = request.problem(self.limits.max_squares)?;
        let timeout = request.timeout(self.limits.timeout)?;
        let started = Instant::now();
        let id = request.id.clone();
        let job = self.job(Work::Solve(request), timeout);
        let deadline = started + timeout;
        match self
            .workers
            .run(id.as_deref(), deadline, &job, client_gone)?
        {
            Outcome::Answered { status: 200, body } => {
                checked::solution(&problem, &body)?;
                Ok(Reply::json(body))
            }
            Outcome::TimedOut => stopped(&problem, started),
            other => self.refusal(other),
        }
    }

    /// `POST /api/count`: up to `limit` distinct tours (by SAT) and, where the frontier DP fits
    /// the board and the time, the exact number of tours.
    pub fn count(&self, body: &[u8], client_gone: &dyn Fn() -> bool) -> Result<Reply, ApiError> {
        let request: ProblemRequest = parse(body)?;
        let problem = request.problem(self.limits.max_squares)?;
        let timeout = request.timeout(self.limits.timeout)?;
        let limit = request.limit.unwrap_or(DISTINCT_TOURS);
        if limit > MAX_DISTINCT_TOURS {
            return Err(ApiError::bad_request(format!(
                "limit: at most {MAX_DISTINCT_TOURS} distinct tours, not {limit}"
            )));
        }
        let id = request.id.clone();
        let job = self.job(Work::Count(request), timeout);
        let deadline = Instant::now() + timeout;
        match self
            .workers
            .run(id.as_deref(), deadline, &job, client_gone)?
        {
            Outcome::Answered { status: 200, body } => {
                checked::count(&problem, &body)?;
                Ok(Reply::json(body))
            }
            Outcome::TimedOut => {
                let uncounted = work::timed_out(timeout.as_secs_f64());
                work::count_document(&problem, None, Some(uncounted), None).map(Reply::json)
            }
            other => self.refusal(other),
        }
    }

    /// `POST /api/board`: a board file's text (`{"text": ...}`) read as every command reads
    /// one, answered as rows, columns, blocked squares and the marked ends.
    pub fn board(&self, body: &[u8]) -> Result<Reply, ApiError> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct BoardRequest {
            text: String,
        }
        let request: BoardRequest = parse(body)?;
        let (board, ends) = Board::parse_marked(&request.text, self.limits.max_squares)
            .map_err(|error| ApiError::bad_request(format!("board: {error}")))?;
        Ok(Reply::value(&board_value(&board, ends)))
    }

    /// `POST /api/gen` + `{"kind": K, "rows": R, "cols": C, "seed": S, "piece": P}`: a board
    /// of `toursat gen` (kinds `planted`, `random`, `holes`, `region`, with `gen`'s default
    /// options).
    pub fn gen(&self, body: &[u8], client_gone: &dyn Fn() -> bool) -> Result<Reply, ApiError> {
        let request: GenRequest = parse(body)?;
        request.check(self.limits.max_squares)?;
        let timeout = self.limits.timeout;
        let job = self.job(Work::Gen(request), timeout);
        let deadline = Instant::now() + timeout;
        match self.workers.run(None, deadline, &job, client_gone)? {
            Outcome::Answered { status: 200, body } => Ok(Reply::json(body)),
            Outcome::TimedOut => Err(ApiError::busy(format!(
                "the generator took longer than the limit of {} s",
                timeout.as_secs_f64()
            ))),
            other => self.refusal(other),
        }
    }

    /// `POST /api/hint` + `{"text": PUZZLE}`: a Simple Loop puzzle's verdict (as `toursat
    /// unique` proves it, by the request's time limit), its grade and every step of the
    /// reasoning solver (as `toursat hint --all --format json`), for the page's puzzle mode.
    pub fn hint(&self, body: &[u8], client_gone: &dyn Fn() -> bool) -> Result<Reply, ApiError> {
        let request: HintRequest = parse(body)?;
        let board = request.board(self.limits.max_squares)?;
        let timeout = request.timeout(self.limits.timeout)?;
        let id = request.id.clone();
        let job = self.job(Work::Hint(request), timeout);
        let deadline = Instant::now() + timeout;
        match self
            .workers
            .run(id.as_deref(), deadline, &job, client_gone)?
        {
            Outcome::Answered { status: 200, body } => {
                checked::puzzle(&board, &body)?;
                Ok(Reply::json(body))
            }
            Outcome::TimedOut => Err(ApiError::busy(format!(
                "the time limit of {} s passed before the verdict was proved",
                timeout.as_secs_f64()
            ))),
            other => self.refusal(other),
        }
    }

    /// `POST /api/cancel`: `{"id": ...}` stops the request of that id and kills its worker.
    pub fn cancel(&self, body: &[u8]) -> Result<Reply, ApiError> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct CancelRequest {
            id: String,
        }
        let request: CancelRequest = parse(body)?;
        let cancelled = self.workers.cancel(&request.id);
        Ok(Reply::value(&json!({ "cancelled": cancelled })))
    }

    /// `GET /api/limits`: the server's limits, for the page.
    pub fn limits(&self) -> Reply {
        let limits = &self.limits;
        Reply::value(&json!({
            "body_bytes": limits.body_bytes,
            "max_squares": limits.max_squares,
            "timeout": limits.timeout.as_secs_f64(),
            "solves": limits.solves,
            "memory_bytes": limits.memory_bytes,
        }))
    }

    /// The reply of an outcome that is no answer to check: a worker's error, a cancellation,
    /// a worker that died (past its memory limit, say).
    fn refusal(&self, outcome: Outcome) -> Result<Reply, ApiError> {
        match outcome {
            Outcome::Answered { status, body } => Ok(Reply {
                status,
                ..Reply::json(body)
            }),
            Outcome::Cancelled => Err(ApiError::with_status(409, "cancelled by POST /api/cancel")),
            Outcome::Abandoned => Err(ApiError::with_status(
                CLIENT_CLOSED,
                "the client closed its connection: the work was stopped",
            )),
            Outcome::TimedOut => Err(ApiError::busy("the time limit passed")),
            Outcome::Stopping => Err(ApiError::busy("the server is stopping")),
            Outcome::OutOfMemory => Err(ApiError::with_status(
                OUT_OF_MEMORY,
                match self.limits.memory_bytes {
                    Some(bytes) => format!(
                        "out of memory: the work needed more than the {} MiB a worker may \
                         take (--max-memory)",
                        bytes >> 20
                    ),
                    None => "out of memory: the work needed more than the machine had".to_string(),
                },
            )),
            Outcome::Failed(why) => Err(ApiError::internal(why)),
        }
    }

    /// `GET /api/status`: the solve slots and the workers running now.
    pub fn status(&self) -> Reply {
        Reply::value(&json!({
            "solves": self.limits.solves,
            "slots_taken": self.workers.slots.taken(),
            "workers": self.workers.running(),
        }))
    }
}

/// The `stopped` document of a solve whose worker was killed at its time limit.
fn stopped(problem: &Problem, started: Instant) -> Result<Reply, ApiError> {
    let solution = Solution {
        answer: Answer::Stopped(Stop::Timeout),
        stats: Stats {
            engine: "unfinished".to_string(),
            seconds: started.elapsed().as_secs_f64(),
            ..Stats::default()
        },
        certificate: None,
    };
    let mut document = Vec::new();
    Json.write_solution(problem, &solution, &mut document)
        .map_err(|error| ApiError::internal(format!("writing the answer: {error}")))?;
    Ok(Reply::json(document))
}
