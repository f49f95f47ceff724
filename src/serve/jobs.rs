//! Work run for a request: on its own thread holding a slot, waited for until it ends, its
//! request is cancelled, or its time limit and a grace period pass.

use super::http::ApiError;
use super::limits::{Slots, MAX_ID_BYTES};
use std::collections::HashMap;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// How long past its time limit a request still waits for its work, which checks the same
/// limit and so ends by itself soon after (the engines stop within `engine::GRACE`).
pub const GRACE: Duration = Duration::from_millis(500);

/// Stack of a work thread: an engine may recurse deeply.
const STACK: usize = 16 << 20;

/// How the wait for a piece of work ended.
#[derive(Debug)]
pub enum Outcome<T> {
    /// The work's result.
    Done(T),
    /// `POST /api/cancel` named the request.
    Cancelled,
    /// The time limit and the grace period passed first.
    TimedOut,
}

/// The requests waiting for their work, by the id their clients gave them.
#[derive(Debug, Default)]
pub struct Waiting {
    /// How to wake each waiting request: a message that says it was cancelled.
    by_id: Mutex<HashMap<String, mpsc::Sender<Message>>>,
}

/// What a waiting request hears.
enum Message {
    /// The work's result, boxed so that one channel serves every kind of work.
    Result(Box<dyn std::any::Any + Send>),
    /// The request was cancelled.
    Cancel,
}

impl Waiting {
    /// Cancels the request `id`: whether one was waiting under that id.
    pub fn cancel(&self, id: &str) -> bool {
        let waiting = self
            .by_id
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        waiting
            .get(id)
            .is_some_and(|wake| wake.send(Message::Cancel).is_ok())
    }

    /// Runs `work` on a thread of its own holding one of `slots` (status 503 when none is
    /// free) and waits for it until `deadline` plus [`GRACE`], or until the request `id` is
    /// cancelled. The slot is given back when the work ends, not when the wait does.
    pub fn run<T, F>(
        &self,
        slots: &Arc<Slots>,
        id: Option<&str>,
        deadline: Instant,
        work: F,
    ) -> Result<Outcome<T>, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        if id.is_some_and(|id| id.len() > MAX_ID_BYTES) {
            return Err(ApiError::bad_request(format!(
                "id: at most {MAX_ID_BYTES} bytes"
            )));
        }
        let slot = Slots::take(slots).ok_or_else(|| {
            ApiError::busy("busy: every solve slot is taken, try again in a moment")
        })?;
        let (sender, receiver) = mpsc::channel();
        let registered = id.map(|id| self.register(id, sender.clone())).transpose()?;
        let spawned = thread::Builder::new()
            .name("toursat-serve-work".to_string())
            .stack_size(STACK)
            .spawn(move || {
                let result = work();
                // Nobody may be waiting any more: then the result is dropped.
                let _ = sender.send(Message::Result(Box::new(result)));
                drop(slot);
            });
        let outcome = match spawned {
            Err(error) => Err(ApiError::internal(format!("starting the work: {error}"))),
            Ok(_) => Ok(wait(&receiver, deadline + GRACE)),
        };
        if let Some(id) = registered {
            self.unregister(&id);
        }
        outcome
    }

    /// Registers `id` as waiting; an id already waiting is refused.
    fn register(&self, id: &str, wake: mpsc::Sender<Message>) -> Result<String, ApiError> {
        let mut waiting = self
            .by_id
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if waiting.contains_key(id) {
            return Err(ApiError::bad_request(format!(
                "id {id:?} is already in use by a request still running"
            )));
        }
        waiting.insert(id.to_string(), wake);
        Ok(id.to_string())
    }

    /// Forgets `id`.
    fn unregister(&self, id: &str) {
        let mut waiting = self
            .by_id
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        waiting.remove(id);
    }
}

/// Waits for the work's result or a cancellation until `until`.
fn wait<T: 'static>(receiver: &mpsc::Receiver<Message>, until: Instant) -> Outcome<T> {
    let left = until.saturating_duration_since(Instant::now());
    match receiver.recv_timeout(left) {
        Ok(Message::Result(result)) => match result.downcast::<T>() {
            Ok(result) => Outcome::Done(*result),
            Err(_) => Outcome::TimedOut,
        },
        Ok(Message::Cancel) => Outcome::Cancelled,
        Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => Outcome::TimedOut,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn far() -> Instant {
        Instant::now() + Duration::from_secs(60)
    }

    #[test]
    fn work_done_in_time_gives_its_result() {
        let slots = Slots::new(1);
        let outcome = Waiting::default().run(&slots, None, far(), || 6 * 7);
        assert!(matches!(outcome, Ok(Outcome::Done(42))));
    }

    #[test]
    fn a_cancelled_request_stops_waiting_and_its_slot_is_held_until_the_work_ends() {
        let slots = Slots::new(1);
        let waiting = Arc::new(Waiting::default());
        let (release, released) = mpsc::channel::<()>();
        let canceller = {
            let waiting = Arc::clone(&waiting);
            thread::spawn(move || {
                while !waiting.cancel("r1") {
                    thread::sleep(Duration::from_millis(5));
                }
            })
        };
        let outcome = waiting.run(&slots, Some("r1"), far(), move || released.recv().is_ok());
        canceller.join().unwrap();
        assert!(matches!(outcome, Ok(Outcome::Cancelled)));
        assert_eq!(slots.taken(), 1);
        let refused = waiting.run(&slots, None, far(), || ());
        assert_eq!(refused.unwrap_err().status, 503);
        drop(release);
        while slots.taken() > 0 {
            thread::sleep(Duration::from_millis(5));
        }
    }

    #[test]
    fn work_past_its_deadline_is_left_to_end_by_itself() {
        let slots = Slots::new(1);
        let (release, released) = mpsc::channel::<()>();
        let outcome = Waiting::default().run(&slots, None, Instant::now(), move || {
            released.recv().is_ok()
        });
        assert!(matches!(outcome, Ok(Outcome::TimedOut)));
        drop(release);
    }
}
