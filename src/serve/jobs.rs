//! Work run for a request: a worker process (see `work`) holding one of the slots, waited for
//! until it answers, and killed at once when its request is cancelled, when its client has
//! gone, when its time limit and a grace period have passed, or when the server stops. The slot
//! is given back when the worker has been reaped.

use super::http::ApiError;
use super::limits::{Slots, MAX_ID_BYTES};
use super::work::Job;
use std::collections::HashMap;
use std::ffi::OsString;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

/// How long past its time limit a worker may still answer before it is killed: the engines
/// stop within `engine::GRACE` of their deadline, and the worker then writes its answer.
pub const GRACE: Duration = Duration::from_millis(500);

/// The longest answer read from a worker: 256 MiB (a hundred tours of a board of
/// `limits::MAX_SQUARES` squares, written as `[x, y]` pairs, take about this much).
const MAX_ANSWER_BYTES: u64 = 256 << 20;

/// How often a request waiting for its worker asks whether its client is still there.
pub const WATCH_INTERVAL: Duration = Duration::from_millis(100);

/// How to start a worker: a program and its arguments (the command line gives its own
/// executable and `serve --worker`).
#[derive(Debug, Clone)]
pub struct WorkerCommand {
    /// The program.
    pub program: PathBuf,
    /// Its arguments.
    pub args: Vec<OsString>,
}

/// How the work of a request ended.
#[derive(Debug)]
pub enum Outcome {
    /// The worker answered: the HTTP status and the body it wrote.
    Answered {
        /// The status.
        status: u16,
        /// The body.
        body: Vec<u8>,
    },
    /// `POST /api/cancel` named the request: the worker was killed.
    Cancelled,
    /// The client closed its connection: the worker was killed.
    Abandoned,
    /// The time limit and the grace period passed first: the worker was killed.
    TimedOut,
    /// The worker aborted without an answer: a Rust program aborts so when an allocation
    /// fails, at the memory limit or at the machine's.
    OutOfMemory,
    /// The worker ended without an answer otherwise (a crash): why.
    Failed(String),
    /// The server is stopping: its workers were killed.
    Stopping,
}

/// The workers: how to start one, the slots they hold, the requests waiting for them by id,
/// and the children running.
#[derive(Debug)]
pub struct Workers {
    /// How to start a worker.
    command: WorkerCommand,
    /// The slots of the work running at once.
    pub slots: Arc<Slots>,
    /// How to wake each waiting request that has an id: a message that says it was cancelled.
    waiting: Mutex<HashMap<String, mpsc::Sender<Message>>>,
    /// The worker processes running.
    running: Mutex<Running>,
}

/// The worker processes running, by a serial number; after `stop_all`, none may start.
#[derive(Debug, Default)]
struct Running {
    /// The serial number of the next worker.
    next: u64,
    /// The children, not yet reaped.
    children: HashMap<u64, Child>,
    /// The children taken out of `children` and being killed or reaped now.
    reaping: usize,
    /// Whether the server is stopping.
    stopping: bool,
}

/// What a waiting request hears.
enum Message {
    /// The worker's standard output, read to its end (or past the limit).
    Output(std::io::Result<Vec<u8>>),
    /// The request was cancelled.
    Cancel,
}

/// Locks `mutex`, whether or not a thread panicked holding it (the maps stay consistent).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Workers {
    /// Workers started by `command`, at most `slots` at once.
    pub fn new(command: WorkerCommand, slots: usize) -> Workers {
        Workers {
            command,
            slots: Slots::new(slots.max(1)),
            waiting: Mutex::default(),
            running: Mutex::default(),
        }
    }

    /// Cancels the request `id`: whether one was waiting under that id.
    pub fn cancel(&self, id: &str) -> bool {
        lock(&self.waiting)
            .get(id)
            .is_some_and(|wake| wake.send(Message::Cancel).is_ok())
    }

    /// The worker processes running now: those not yet reaped.
    pub fn running(&self) -> usize {
        let running = lock(&self.running);
        running.children.len() + running.reaping
    }

    /// Kills and reaps every worker, and lets no other start: for the server's end. Returns
    /// how many were killed.
    pub fn stop_all(&self) -> usize {
        let mut running = lock(&self.running);
        running.stopping = true;
        let mut children: Vec<Child> = running.children.drain().map(|(_, child)| child).collect();
        for child in &mut children {
            let _ = child.kill();
            let _ = child.wait();
        }
        children.len()
    }

    /// Runs `job` in a worker holding one of the slots (status 503 when none is free) and
    /// waits for its answer until `deadline` plus [`GRACE`], until the request `id` is
    /// cancelled, or until `client_gone` says so (asked every [`WATCH_INTERVAL`]); a worker not
    /// done by then is killed. The slot is given back when the worker has been reaped.
    pub fn run(
        &self,
        id: Option<&str>,
        deadline: Instant,
        job: &Job,
        client_gone: &dyn Fn() -> bool,
    ) -> Result<Outcome, ApiError> {
        if id.is_some_and(|id| id.len() > MAX_ID_BYTES) {
            return Err(ApiError::bad_request(format!(
                "id: at most {MAX_ID_BYTES} bytes"
            )));
        }
        let _slot = Slots::take(&self.slots).ok_or_else(|| {
            ApiError::busy("busy: every solve slot is taken, try again in a moment")
        })?;
        let (sender, receiver) = mpsc::channel();
        if let Some(id) = id {
            self.register(id, sender.clone())?;
        }
        let outcome = self.run_registered(deadline, job, client_gone, sender, &receiver);
        if let Some(id) = id {
            lock(&self.waiting).remove(id);
        }
        outcome
    }

    /// Starts the worker, sends it `job` and waits for its answer, a cancellation, its client's
    /// going or the deadline.
    fn run_registered(
        &self,
        deadline: Instant,
        job: &Job,
        client_gone: &dyn Fn() -> bool,
        sender: mpsc::Sender<Message>,
        receiver: &mpsc::Receiver<Message>,
    ) -> Result<Outcome, ApiError> {
        let (serial, mut stdin) = self.start(sender)?;
        // A worker that died at once cannot read its job: the answer says so, not this write.
        let _ = stdin
            .write_all(&job.to_message())
            .and_then(|()| stdin.flush());
        let outcome = loop {
            let left = (deadline + GRACE).saturating_duration_since(Instant::now());
            match receiver.recv_timeout(left.min(WATCH_INTERVAL)) {
                Ok(Message::Output(output)) => {
                    let ended = self.reap(serial, false);
                    break read_answer(output, ended);
                }
                Ok(Message::Cancel) => {
                    self.reap(serial, true);
                    break Outcome::Cancelled;
                }
                Err(RecvTimeoutError::Timeout) if left > WATCH_INTERVAL => {
                    if client_gone() {
                        self.reap(serial, true);
                        break Outcome::Abandoned;
                    }
                }
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => {
                    self.reap(serial, true);
                    break Outcome::TimedOut;
                }
            }
        };
        drop(stdin);
        Ok(outcome)
    }

    /// Starts a worker whose standard output is read to its end on a thread of its own and
    /// sent to `sender`: its serial number and its standard input.
    fn start(
        &self,
        sender: mpsc::Sender<Message>,
    ) -> Result<(u64, std::process::ChildStdin), ApiError> {
        let mut running = lock(&self.running);
        if running.stopping {
            return Err(ApiError::busy("the server is stopping"));
        }
        let mut command = Command::new(&self.command.program);
        command
            .args(&self.command.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        // A process group of its own: Ctrl-C in the terminal reaches the server alone, which
        // kills its workers itself (and answers their requests) before it ends.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .spawn()
            .map_err(|error| ApiError::internal(format!("starting a worker: {error}")))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(ApiError::internal("a worker without its pipes"));
        };
        thread::spawn(move || {
            let mut output = Vec::new();
            let read = stdout
                .take(MAX_ANSWER_BYTES + 1)
                .read_to_end(&mut output)
                .map(|_| output);
            let _ = sender.send(Message::Output(read));
        });
        let serial = running.next;
        running.next += 1;
        running.children.insert(serial, child);
        Ok((serial, stdin))
    }

    /// Takes the worker `serial` out of the running ones, kills it first when `kill` is true,
    /// and reaps it: how it ended (`None` when `stop_all` reaped it already).
    fn reap(&self, serial: u64, kill: bool) -> Option<std::io::Result<std::process::ExitStatus>> {
        let mut child = {
            let mut running = lock(&self.running);
            let child = running.children.remove(&serial)?;
            // Counted as running until reaped, without holding the lock while it ends.
            running.reaping += 1;
            child
        };
        if kill {
            let _ = child.kill();
        }
        let ended = child.wait();
        lock(&self.running).reaping -= 1;
        Some(ended)
    }

    /// Registers `id` as waiting; an id already waiting is refused.
    fn register(&self, id: &str, wake: mpsc::Sender<Message>) -> Result<(), ApiError> {
        let mut waiting = lock(&self.waiting);
        if waiting.contains_key(id) {
            return Err(ApiError::bad_request(format!(
                "id {id:?} is already in use by a request still running"
            )));
        }
        waiting.insert(id.to_string(), wake);
        Ok(())
    }
}

/// The answer a worker wrote (`STATUS\nBODY`), or why there is none.
fn read_answer(
    output: std::io::Result<Vec<u8>>,
    ended: Option<std::io::Result<std::process::ExitStatus>>,
) -> Outcome {
    let ended = match ended {
        None => return Outcome::Stopping,
        Some(Err(error)) => return Outcome::Failed(format!("waiting for the worker: {error}")),
        Some(Ok(status)) => status,
    };
    let output = match output {
        Ok(output) if output.len() as u64 > MAX_ANSWER_BYTES => {
            return Outcome::Failed(format!(
                "the answer is over the limit of {} MiB",
                MAX_ANSWER_BYTES >> 20
            ))
        }
        Ok(output) => output,
        Err(error) => return Outcome::Failed(format!("reading the worker's answer: {error}")),
    };
    let answer = output
        .iter()
        .position(|&byte| byte == b'\n')
        .and_then(|end| {
            let status = std::str::from_utf8(&output[..end]).ok()?.parse().ok()?;
            Some((status, output[end + 1..].to_vec()))
        });
    match answer {
        Some((status, body)) if ended.success() => Outcome::Answered { status, body },
        _ if aborted(ended) => Outcome::OutOfMemory,
        _ => Outcome::Failed(format!("the worker ended without an answer ({ended})")),
    }
}

/// Whether a process that ended so was ended by SIGABRT.
#[cfg(unix)]
fn aborted(ended: std::process::ExitStatus) -> bool {
    std::os::unix::process::ExitStatusExt::signal(&ended) == Some(libc::SIGABRT)
}

/// Elsewhere an abort is not told from another end.
#[cfg(not(unix))]
fn aborted(_ended: std::process::ExitStatus) -> bool {
    false
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use crate::serve::work::Work;

    /// Workers that run the shell script `script` instead of toursat.
    fn shell(script: &str, slots: usize) -> Arc<Workers> {
        let command = WorkerCommand {
            program: PathBuf::from("sh"),
            args: vec!["-c".into(), script.into()],
        };
        Arc::new(Workers::new(command, slots))
    }

    fn job() -> Job {
        Job {
            work: Work::Gen(
                serde_json::from_value(serde_json::json!({
                    "kind": "planted", "rows": 4, "cols": 4, "seed": 1, "piece": "rook"
                }))
                .unwrap(),
            ),
            max_squares: 100,
            seconds: 1.0,
            memory_bytes: None,
        }
    }

    fn far() -> Instant {
        Instant::now() + Duration::from_secs(60)
    }

    /// `job()` run on `workers` until `deadline`, its client never gone.
    fn run_job(workers: &Workers, deadline: Instant) -> Result<Outcome, ApiError> {
        workers.run(None, deadline, &job(), &|| false)
    }

    #[test]
    fn a_worker_that_answers_gives_its_status_and_body() {
        let workers = shell("cat > /dev/null & printf '200\\n{\"x\": 1}\\n'", 1);
        match run_job(&workers, far()) {
            Ok(Outcome::Answered { status, body }) => {
                assert_eq!((status, body.as_slice()), (200, b"{\"x\": 1}\n".as_slice()))
            }
            other => panic!("{other:?}"),
        }
        assert_eq!((workers.running(), workers.slots.taken()), (0, 0));
    }

    #[test]
    fn a_worker_that_dies_without_an_answer_is_a_failure() {
        let workers = shell("exit 7", 1);
        assert!(matches!(run_job(&workers, far()), Ok(Outcome::Failed(_))));
    }

    #[test]
    fn a_worker_that_aborts_ran_out_of_memory() {
        let workers = shell("kill -ABRT $$", 1);
        let outcome = run_job(&workers, far());
        assert!(matches!(outcome, Ok(Outcome::OutOfMemory)), "{outcome:?}");
    }

    #[test]
    fn a_cancelled_request_kills_its_worker_and_frees_its_slot_at_once() {
        let workers = shell("exec sleep 60", 1);
        let canceller = {
            let workers = Arc::clone(&workers);
            thread::spawn(move || {
                while !workers.cancel("r1") {
                    thread::sleep(Duration::from_millis(5));
                }
            })
        };
        let outcome = workers.run(Some("r1"), far(), &job(), &|| false);
        canceller.join().unwrap();
        assert!(matches!(outcome, Ok(Outcome::Cancelled)), "{outcome:?}");
        assert_eq!((workers.running(), workers.slots.taken()), (0, 0));
    }

    #[test]
    fn a_request_whose_client_has_gone_kills_its_worker_and_frees_its_slot() {
        let workers = shell("exec sleep 60", 1);
        let asked = std::sync::atomic::AtomicUsize::new(0);
        // The client goes at the third question.
        let client_gone = || asked.fetch_add(1, std::sync::atomic::Ordering::SeqCst) >= 2;
        let outcome = workers.run(None, far(), &job(), &client_gone);
        assert!(matches!(outcome, Ok(Outcome::Abandoned)), "{outcome:?}");
        assert_eq!(asked.into_inner(), 3);
        assert_eq!((workers.running(), workers.slots.taken()), (0, 0));
    }

    #[test]
    fn a_worker_past_its_deadline_is_killed() {
        let workers = shell("exec sleep 60", 1);
        let outcome = run_job(&workers, Instant::now());
        assert!(matches!(outcome, Ok(Outcome::TimedOut)), "{outcome:?}");
        assert_eq!(workers.slots.taken(), 0);
    }

    #[test]
    fn a_request_past_the_slots_is_refused_and_none_starts_after_stop_all() {
        let workers = shell("exec sleep 60", 1);
        let waiter = {
            let workers = Arc::clone(&workers);
            thread::spawn(move || run_job(&workers, far()))
        };
        while workers.running() == 0 {
            thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(run_job(&workers, far()).unwrap_err().status, 503);
        assert_eq!(workers.stop_all(), 1);
        assert!(matches!(waiter.join().unwrap(), Ok(Outcome::Stopping)));
        assert_eq!(workers.slots.taken(), 0);
        assert_eq!(run_job(&workers, far()).unwrap_err().status, 503);
    }
}
