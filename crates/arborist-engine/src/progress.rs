//! Progress of long work (a search over a large tree, references across many files) for whoever asked:
//! an MCP client's progress token or a terminal bar. A call installs a `Progress` on its thread; the work
//! takes it (`current`) before fanning out and bumps its counters from any thread, one atomic add per
//! file; the asker polls `snapshot` on its own schedule. Without a `Progress` installed, reporting costs
//! one thread-local read.

use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// Counters of one call's work.
#[derive(Debug, Default)]
pub struct Progress {
    done: AtomicU64,
    /// 0 while unknown.
    total: AtomicU64,
    what: Mutex<&'static str>,
}

/// What a `Progress` says at one moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Snapshot {
    pub done: u64,
    pub total: Option<u64>,
    pub what: &'static str,
}

impl Progress {
    pub fn new() -> Arc<Progress> {
        Arc::new(Progress::default())
    }

    /// Starts a stage: `what` is being done to `total` items (None when unknown); the count restarts.
    pub fn stage(&self, what: &'static str, total: Option<u64>) {
        *self.what.lock().unwrap_or_else(|e| e.into_inner()) = what;
        self.total.store(total.unwrap_or(0), Ordering::Relaxed);
        self.done.store(0, Ordering::Relaxed);
    }

    /// `n` more items are done.
    pub fn advance(&self, n: u64) {
        self.done.fetch_add(n, Ordering::Relaxed);
    }

    pub fn snapshot(&self) -> Snapshot {
        let total = self.total.load(Ordering::Relaxed);
        Snapshot {
            done: self.done.load(Ordering::Relaxed),
            total: (total > 0).then_some(total),
            what: *self.what.lock().unwrap_or_else(|e| e.into_inner()),
        }
    }
}

thread_local! {
    static CURRENT: RefCell<Option<Arc<Progress>>> = const { RefCell::new(None) };
}

/// Runs `f` with `progress` installed on this thread (restoring what was there before).
pub fn scoped<R>(progress: Arc<Progress>, f: impl FnOnce() -> R) -> R {
    let previous = CURRENT.with(|c| c.replace(Some(progress)));
    struct Restore(Option<Arc<Progress>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let previous = self.0.take();
            CURRENT.with(|c| *c.borrow_mut() = previous);
        }
    }
    let _restore = Restore(previous);
    f()
}

/// The progress installed on this thread, to take along to worker threads.
pub fn current() -> Option<Arc<Progress>> {
    CURRENT.with(|c| c.borrow().clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_from_any_thread_and_restores() {
        assert!(current().is_none());
        let p = Progress::new();
        scoped(p.clone(), || {
            let mine = current().expect("installed");
            mine.stage("searching files", None);
            std::thread::scope(|s| {
                for _ in 0..4 {
                    let m = mine.clone();
                    s.spawn(move || m.advance(5));
                }
            });
        });
        assert!(current().is_none(), "restored after the call");
        assert_eq!(p.snapshot(), Snapshot { done: 20, total: None, what: "searching files" });
        p.stage("parsing", Some(3));
        assert_eq!(p.snapshot().total, Some(3));
        assert_eq!(p.snapshot().done, 0);
    }
}
