//! Which tool calls of one process may edit at once: a call that edits one file holds that file, one
//! that edits many (a rename, a project-wide replace) holds all of them. Edits of different files run
//! side by side, so one slow or stuck call holds up only the calls that need what it holds. (Between
//! processes, the file cache's `flock` and content check keep edits from being lost.)

use std::collections::HashSet;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

/// The locks held in one process.
#[derive(Default)]
pub struct EditLocks {
    state: Mutex<State>,
    changed: Condvar,
}

#[derive(Default)]
struct State {
    /// Files held by single-file calls (project-relative paths).
    files: HashSet<String>,
    /// A call holds every file.
    all: bool,
    /// Calls waiting for every file: new single-file calls wait behind them (no starvation).
    all_waiting: usize,
}

/// A held lock, released when dropped.
pub struct EditLock {
    locks: Arc<EditLocks>,
    file: Option<String>,
}

impl EditLocks {
    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn wait<'a>(&self, state: MutexGuard<'a, State>) -> MutexGuard<'a, State> {
        self.changed.wait(state).unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Holds one file (waits while another call holds it or every file).
    pub fn file(self: &Arc<Self>, rel: &str) -> EditLock {
        let mut state = self.state();
        while state.all || state.all_waiting > 0 || state.files.contains(rel) {
            state = self.wait(state);
        }
        state.files.insert(rel.to_string());
        EditLock { locks: self.clone(), file: Some(rel.to_string()) }
    }

    /// Holds every file (waits until no call holds any).
    pub fn all(self: &Arc<Self>) -> EditLock {
        let mut state = self.state();
        state.all_waiting += 1;
        while state.all || !state.files.is_empty() {
            state = self.wait(state);
        }
        state.all_waiting -= 1;
        state.all = true;
        EditLock { locks: self.clone(), file: None }
    }
}

impl Drop for EditLock {
    fn drop(&mut self) {
        let mut state = self.locks.state();
        match self.file.take() {
            Some(rel) => {
                state.files.remove(&rel);
            }
            None => state.all = false,
        }
        drop(state);
        self.locks.changed.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::Duration;

    #[test]
    fn files_lock_apart_and_all_waits_for_them() {
        let locks = Arc::new(EditLocks::default());
        let a = locks.file("a.py");
        let _b = locks.file("b.py"); // another file: no wait
        let got_all = Arc::new(AtomicBool::new(false));
        let waiter = {
            let (locks, got_all) = (locks.clone(), got_all.clone());
            std::thread::spawn(move || {
                let _all = locks.all();
                got_all.store(true, Ordering::SeqCst);
            })
        };
        std::thread::sleep(Duration::from_millis(50));
        assert!(!got_all.load(Ordering::SeqCst), "all waits while files are held");
        drop(a);
        drop(_b);
        waiter.join().unwrap();
        assert!(got_all.load(Ordering::SeqCst));
        let _again = locks.file("a.py");
    }
}
