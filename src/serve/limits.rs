//! The server's limits, and the slots that hold the solves running at once to their number.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The largest request body read by default: 4 MiB, room for the blocked squares of a board of
/// [`MAX_SQUARES`] written as `[x, y]` pairs, or its board file.
pub const BODY_BYTES: usize = 4 << 20;

/// The most squares a board may have by default: 250,000 (500 x 500), a thousandth of the
/// command line's limit, so that no request holds more than a few hundred MB.
pub const MAX_SQUARES: u64 = 250_000;

/// The time limit of a request by default, and the most a request may ask for: 10 s.
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// The most memory (address space) a worker may take by default: 4 GiB.
pub const MEMORY_BYTES: u64 = 4 << 30;

/// The most time to read a request's head by default (counted from the connection's opening,
/// or from the end of the previous answer on a kept-alive connection), and again its body: 10 s.
pub const READ_TIMEOUT: Duration = Duration::from_secs(10);

/// The largest request head (request line and headers) by default: 64 KiB; a longer one is
/// answered 431 and its connection closed.
pub const HEAD_BYTES: usize = 64 << 10;

/// The most connections open at once by default: 64. One more is answered 503 and closed.
pub const CONNECTIONS: usize = 64;

/// The longest request id (`id`, for `POST /api/cancel`), in bytes.
pub const MAX_ID_BYTES: usize = 64;

/// What the server allows one request and all of them at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ServeLimits {
    /// The largest request body, in bytes: more is refused with status 413.
    pub body_bytes: usize,
    /// The most squares of a board: more is refused with status 400.
    pub max_squares: u64,
    /// The most time a request may run: its `timeout` is cut to this, and it is the default.
    pub timeout: Duration,
    /// The most solves, counts and generated boards at once: more are refused with status
    /// 503. By default the machine's cores.
    pub solves: usize,
    /// The most memory (address space) of one worker, in bytes; `None`: no limit. A worker
    /// past it ends without an answer (status 507, "out of memory").
    pub memory_bytes: Option<u64>,
    /// The most time to read a request's head, and again its body: a connection slower with
    /// its head is closed, a body slower is answered 408.
    pub read_timeout: Duration,
    /// The largest request head, in bytes (at least 8 KiB): more is answered 431.
    pub head_bytes: usize,
    /// The most connections open at once: one more is answered 503 and closed at once.
    pub connections: usize,
}

impl Default for ServeLimits {
    fn default() -> ServeLimits {
        ServeLimits {
            body_bytes: BODY_BYTES,
            max_squares: MAX_SQUARES,
            timeout: TIMEOUT,
            solves: std::thread::available_parallelism().map_or(1, |cores| cores.get()),
            memory_bytes: Some(MEMORY_BYTES),
            read_timeout: READ_TIMEOUT,
            head_bytes: HEAD_BYTES,
            connections: CONNECTIONS,
        }
    }
}

/// The slots of the work running at once: a slot is held until the work has ended, even when
/// nobody waits for it any more.
#[derive(Debug)]
pub struct Slots {
    /// Slots taken.
    taken: AtomicUsize,
    /// Slots in all.
    capacity: usize,
}

/// A taken slot, given back when dropped.
#[derive(Debug)]
pub struct Slot {
    /// The slots it was taken from.
    slots: Arc<Slots>,
}

impl Slots {
    /// `capacity` slots, none taken.
    pub fn new(capacity: usize) -> Arc<Slots> {
        Arc::new(Slots {
            taken: AtomicUsize::new(0),
            capacity,
        })
    }

    /// A slot, or `None` when all are taken.
    pub fn take(slots: &Arc<Slots>) -> Option<Slot> {
        slots
            .taken
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |taken| {
                (taken < slots.capacity).then_some(taken + 1)
            })
            .ok()
            .map(|_| Slot {
                slots: Arc::clone(slots),
            })
    }

    /// The slots taken now.
    pub fn taken(&self) -> usize {
        self.taken.load(Ordering::Acquire)
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.slots.taken.fetch_sub(1, Ordering::AcqRel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_slot_past_the_capacity_until_one_is_given_back() {
        let slots = Slots::new(2);
        let first = Slots::take(&slots).unwrap();
        let _second = Slots::take(&slots).unwrap();
        assert!(Slots::take(&slots).is_none());
        drop(first);
        assert_eq!(slots.taken(), 1);
        assert!(Slots::take(&slots).is_some());
    }
}
