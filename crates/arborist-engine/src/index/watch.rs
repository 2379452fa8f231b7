//! The index's file watcher: the paths changed since the last query, and a barrier after which every
//! change made before it has been reported. The barrier is a cookie file, as in Watchman: the query
//! creates `.arborist/watch-<pid>-<n>` and waits for the watcher to report it; the kernel queues a
//! watch's events in order, so every change finished before the cookie was created has been reported by
//! then, and the query can trust the index's entries without checking each file on disk.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// How long a query waits for its cookie before it stops trusting the watcher (for the session).
const COOKIE_WAIT: Duration = Duration::from_millis(500);

/// What the watcher's thread reports.
#[derive(Default)]
struct Reports {
    /// Paths changed since the last query (our own edits are added too).
    dirty: Mutex<HashSet<PathBuf>>,
    /// The watcher lost events (its queue overflowed): every file must be checked again.
    rescan: AtomicBool,
    /// Cookies reported and not yet collected by their query.
    cookies: Mutex<HashSet<u64>>,
    arrived: Condvar,
}

pub(super) struct Watch {
    reports: Arc<Reports>,
    watcher: Mutex<Option<notify::RecommendedWatcher>>,
    watching: AtomicBool,
    /// Set when a cookie could not be written or was not reported in time: each query then checks its
    /// files on disk, as without a watcher.
    untrusted: AtomicBool,
    next_cookie: AtomicU64,
    /// `<root>/.arborist`, where cookies are made.
    cookie_dir: PathBuf,
    /// `watch-<pid>-`: another process's cookies are not ours.
    cookie_prefix: String,
}

impl Watch {
    pub fn new(root: &Path) -> Watch {
        Watch {
            reports: Arc::default(),
            watcher: Mutex::new(None),
            watching: AtomicBool::new(false),
            untrusted: AtomicBool::new(false),
            next_cookie: AtomicU64::new(0),
            cookie_dir: root.join(".arborist"),
            cookie_prefix: format!("watch-{}-", std::process::id()),
        }
    }

    /// Starts watching `root` recursively. Opening and reading a file (ours included: the build reads
    /// every file) is not a change.
    pub fn start(&self, root: &Path) -> notify::Result<()> {
        use notify::{RecursiveMode, Watcher};
        // (made before the watch, so that the watch covers it from the start; cookies need it)
        let _ = std::fs::create_dir_all(&self.cookie_dir);
        let reports = self.reports.clone();
        let (dir, prefix) = (self.cookie_dir.clone(), self.cookie_prefix.clone());
        let handler = move |res: notify::Result<notify::Event>| {
            if let Ok(ev) = res {
                reports.take_event(ev, &dir, &prefix);
            }
        };
        let mut w = notify::recommended_watcher(handler)?;
        w.watch(root, RecursiveMode::Recursive)?;
        *self.watcher.lock().unwrap() = Some(w);
        Ok(())
    }

    /// From now on, queries rely on the watcher (after `start` and what changed before it is marked).
    pub fn set_watching(&self) {
        self.watching.store(true, Ordering::Release);
    }

    pub fn is_watching(&self) -> bool {
        self.watching.load(Ordering::Acquire)
    }

    /// Marks paths changed (our own edits; what changed before the watcher started).
    pub fn mark(&self, paths: impl IntoIterator<Item = PathBuf>) {
        self.reports.dirty.lock().unwrap().extend(paths);
    }

    /// The paths changed since the last call, and whether the watcher lost events since then (every file
    /// must then be checked).
    pub fn take(&self) -> (Vec<PathBuf>, bool) {
        let changed = self.reports.dirty.lock().unwrap().drain().collect();
        (changed, self.reports.rescan.swap(false, Ordering::AcqRel))
    }

    /// Waits until the watcher has reported every change made before this call (then `take` returns
    /// them); false when the watcher is not running or cannot be trusted (files must be checked on disk).
    pub fn catch_up(&self) -> bool {
        if !self.is_watching() || self.untrusted.load(Ordering::Acquire) {
            return false;
        }
        let n = self.next_cookie.fetch_add(1, Ordering::Relaxed);
        let cookie = self.cookie_dir.join(format!("{}{n}", self.cookie_prefix));
        if let Err(e) = std::fs::OpenOptions::new().write(true).create_new(true).open(&cookie) {
            return self.distrust(&format!("could not write {} ({e})", cookie.display()));
        }
        let reported = self.reports.wait_for_cookie(n, Instant::now() + COOKIE_WAIT);
        let _ = std::fs::remove_file(&cookie);
        reported || self.distrust(&format!("{} was not reported within {COOKIE_WAIT:?}", cookie.display()))
    }

    /// How many cookies were made (for tests).
    #[cfg(test)]
    pub fn cookies_made(&self) -> u64 {
        self.next_cookie.load(Ordering::Relaxed)
    }

    fn distrust(&self, why: &str) -> bool {
        tracing::warn!("file watcher not trusted ({why}); checking files by mtime before each query");
        self.untrusted.store(true, Ordering::Release);
        false
    }
}

impl Reports {
    /// Records one watcher event: a cookie's creation, or the paths it changed.
    fn take_event(&self, ev: notify::Event, cookie_dir: &Path, prefix: &str) {
        if ev.need_rescan() {
            self.rescan.store(true, Ordering::Release);
        }
        if is_read(&ev.kind) {
            return;
        }
        let cookie = |p: &Path| {
            let n = p.strip_prefix(cookie_dir).ok()?.to_str()?.strip_prefix(prefix)?;
            n.parse::<u64>().ok()
        };
        let (cookies, changed): (Vec<&PathBuf>, Vec<&PathBuf>) = ev.paths.iter().partition(|p| cookie(p).is_some());
        if !changed.is_empty() {
            self.dirty.lock().unwrap().extend(changed.into_iter().cloned());
        }
        // (a cookie's removal and writes say nothing new: only its creation is awaited)
        if matches!(ev.kind, notify::EventKind::Create(_)) && !cookies.is_empty() {
            self.cookies.lock().unwrap().extend(cookies.into_iter().filter_map(|p| cookie(p)));
            self.arrived.notify_all();
        }
    }

    /// Waits until cookie `n` is reported (true) or the deadline passes (false).
    fn wait_for_cookie(&self, n: u64, deadline: Instant) -> bool {
        let mut cookies = self.cookies.lock().unwrap();
        loop {
            if cookies.remove(&n) {
                return true;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return false;
            }
            cookies = self.arrived.wait_timeout(cookies, left).unwrap().0;
        }
    }
}

/// Whether a watcher event only says a file was opened or read (closing a file written to is a change).
fn is_read(kind: &notify::EventKind) -> bool {
    use notify::event::{AccessKind, AccessMode};
    matches!(
        kind,
        notify::EventKind::Access(AccessKind::Open(_) | AccessKind::Read | AccessKind::Close(AccessMode::Read))
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A watch of a new temporary directory, started: the directory and its canonical path.
    fn watching() -> (tempfile::TempDir, PathBuf, Watch) {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        let watch = Watch::new(&root);
        watch.start(&root).unwrap();
        watch.set_watching();
        (dir, root, watch)
    }

    #[test]
    fn a_change_made_before_the_barrier_is_reported_by_it() {
        let (_dir, root, watch) = watching();
        for i in 0..20 {
            let file = root.join(format!("f{i}.py"));
            std::fs::write(&file, "x = 1\n").unwrap();
            assert!(watch.catch_up(), "cookie {i} reported");
            let (changed, rescan) = watch.take();
            assert!(changed.contains(&file), "{changed:?} has {}", file.display());
            assert!(!rescan);
            assert!(!changed.iter().any(|p| p.starts_with(root.join(".arborist"))), "no cookie among {changed:?}");
        }
        let left: Vec<_> = std::fs::read_dir(root.join(".arborist")).unwrap().collect();
        assert!(left.is_empty(), "cookies are removed: {left:?}");
    }

    #[test]
    fn without_a_watcher_nothing_is_trusted() {
        let dir = tempfile::tempdir().unwrap();
        let watch = Watch::new(dir.path());
        assert!(!watch.catch_up());
        assert!(!dir.path().join(".arborist").exists(), "no cookie written");
    }

    #[test]
    fn a_cookie_that_cannot_be_written_stops_the_trust() {
        let (_dir, root, watch) = watching();
        std::fs::remove_dir(root.join(".arborist")).unwrap();
        std::fs::write(root.join(".arborist"), "a file where the directory was").unwrap();
        assert!(!watch.catch_up());
        assert!(watch.untrusted.load(Ordering::Acquire));
    }
}
