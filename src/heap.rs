//! Hands freed heap back to the operating system while a server runs. glibc's allocator keeps the pages
//! of freed blocks inside its arenas (one per busy thread) and returns only the top of each heap, so after
//! bursts of parsing and searching a long-running server's RSS creeps up although its live data does
//! not. Every few seconds in which a call ended (and once a minute anyway, for the index build and the
//! watcher), `malloc_trim` releases the free pages of every arena.

use arborist_engine::heap::trim;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Calls ended since the server started.
static CALLS_ENDED: AtomicU64 = AtomicU64::new(0);

/// How often the trimmer looks for finished calls.
const PERIOD: Duration = Duration::from_secs(5);

/// Trims at least every this many periods.
const ANYWAY: u32 = 12;

/// Counts a finished call (the trimmer runs only after some).
pub fn call_ended() {
    CALLS_ENDED.fetch_add(1, Ordering::Relaxed);
}

/// Starts the trimmer thread (once per process; later calls do nothing).
pub fn trim_periodically() {
    static STARTED: std::sync::Once = std::sync::Once::new();
    STARTED.call_once(|| {
        let spawned = std::thread::Builder::new().name("arborist-heap-trim".into()).spawn(|| {
            let (mut seen, mut idle) = (0, 0);
            loop {
                std::thread::sleep(PERIOD);
                let ended = CALLS_ENDED.load(Ordering::Relaxed);
                idle += 1;
                if ended != seen || idle == ANYWAY {
                    (seen, idle) = (ended, 0);
                    trim();
                }
            }
        });
        if let Err(e) = spawned {
            tracing::warn!("heap trimmer not started: {e}");
        }
    });
}
