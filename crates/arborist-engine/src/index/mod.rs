//! The symbol index: per-file symbol tables keyed by content hash, a name → files map, a background
//! full build (parallel parse), a persistent on-disk copy for fast restarts, and freshness before each
//! query: the file watcher's reports, once it has caught up with the disk (`watch`), else a check of each
//! file's mtime/size. Until the full build is ready, queries search
//! for the name first and parse only the candidate files (only the skeletons of their definitions where
//! the language allows: `skeleton`).

mod names;
mod skeleton;
mod store;
mod watch;

use crate::project::{Project, ProjectPath};
use crate::search::{Kinds, PathFilter, compile_line_matcher, compile_matcher, for_each_file};
use arborist_syntax::identifiers::{Identifiers, name_hash};
use arborist_syntax::language::{self, Language};
use arborist_syntax::name::Name;
use arborist_syntax::symbols::{FileSymbols, NamePattern};
use arborist_syntax::syntax::{ParseBudget, Unparsed, parse_within};
use arborist_syntax::text::ContentHash;
use grep_matcher::Matcher;
use grep_searcher::{BinaryDetection, SearcherBuilder, sinks::Lossy};
use names::NameMap;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, RwLock};
use std::time::{Instant, UNIX_EPOCH};
use watch::Watch;

pub use store::FILE_NAME as STORE_FILE_NAME;

/// Where the persistent index lives, relative to the project root.
pub const CACHE_DIR: &str = ".arborist/cache";

/// Modification time and size: a file whose stamp is unchanged is not read again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Stamp {
    pub mtime_ns: u64,
    pub len: u64,
}

impl Stamp {
    pub fn of(meta: &std::fs::Metadata) -> Stamp {
        let mtime_ns =
            meta.modified().ok().and_then(|t| t.duration_since(UNIX_EPOCH).ok()).map_or(0, |d| d.as_nanos() as u64);
        Stamp { mtime_ns, len: meta.len() }
    }

    fn read(path: &Path) -> Option<Stamp> {
        std::fs::metadata(path).ok().filter(|m| m.is_file()).map(|m| Stamp::of(&m))
    }
}

/// What parsing a file gives the index: its symbols and the names it uses as identifiers.
pub type Parsed = (FileSymbols, Identifiers);

/// The symbols of one file at one version.
pub struct FileEntry {
    pub rel: String,
    pub lang: &'static Language,
    pub stamp: Stamp,
    pub hash: ContentHash,
    pub symbols: FileSymbols,
    /// The names the file uses as identifiers (the identifier index's part of the entry).
    pub identifiers: Identifiers,
    /// Each symbol's name, in symbol order: a lookup by name reads these 4 bytes a symbol instead of
    /// the symbols themselves (a few thousand files' worth for a common name).
    names: Box<[Name]>,
}

impl FileEntry {
    pub fn new(rel: String, lang: &'static Language, stamp: Stamp, hash: ContentHash, parsed: Parsed) -> FileEntry {
        let (symbols, identifiers) = parsed;
        let names = symbols.names().collect();
        FileEntry { rel, lang, stamp, hash, symbols, identifiers, names }
    }

    /// This entry, of the same content, under a new stamp.
    fn restamped(&self, stamp: Stamp) -> FileEntry {
        let (symbols, identifiers, names) = (self.symbols.clone(), self.identifiers.clone(), self.names.clone());
        FileEntry { rel: self.rel.clone(), lang: self.lang, stamp, hash: self.hash, symbols, identifiers, names }
    }

    /// Whether a symbol of the file is called `name`.
    pub fn defines(&self, name: Name) -> bool {
        self.names.contains(&name)
    }

    /// The symbols called `name`, in symbol order.
    pub fn named(&self, name: Name) -> impl Iterator<Item = u32> {
        self.names.iter().enumerate().filter(move |(_, n)| **n == name).map(|(i, _)| i as u32)
    }
}

/// Figures of a full build.
#[derive(Debug, Clone, Copy, Default)]
pub struct BuildStats {
    pub files: usize,
    pub parsed: usize,
    pub reused: usize,
    pub symbols: usize,
    pub bytes: u64,
    pub seconds: f64,
    /// Files left out for the parse budget (`Index::skipped` says which and why).
    pub skipped: usize,
    /// Whether the build changed the index (a file parsed again or gone): the saved one is out of date.
    pub changed: bool,
}

/// How the saved index (`.arborist/cache/`) compares with the project's files now, by modification time
/// and size; nothing is read or parsed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Freshness {
    /// Files in the saved index.
    pub saved: usize,
    /// Saved files whose modification time or size differs now.
    pub changed: usize,
    /// Files not in the saved index, modified after it was written.
    pub added: usize,
    /// Saved files that are gone (or now ignored).
    pub removed: usize,
    /// Files not in the saved index and older than it: left out when it was built (over the parse
    /// budget, or not text).
    pub left_out: usize,
}

impl Freshness {
    pub fn is_fresh(&self) -> bool {
        self.changed == 0 && self.added == 0 && self.removed == 0
    }
}

/// The saved index of `project` against its files; None when there is no usable saved index.
pub fn saved_freshness(project: &Project) -> Option<Freshness> {
    let dir = project.root().join(CACHE_DIR);
    let written = std::fs::metadata(dir.join(store::FILE_NAME)).ok().map(|m| Stamp::of(&m).mtime_ns)?;
    let saved: HashMap<String, Stamp> = store::load(&dir)?.iter().map(|e| (e.rel.clone(), e.stamp)).collect();
    let mut f = Freshness { saved: saved.len(), ..Freshness::default() };
    let mut present = 0;
    for (rel, abs) in code_files(project, &project.resolve("").ok()?) {
        let now = Stamp::read(&abs);
        match saved.get(&rel) {
            Some(stamp) => {
                present += 1;
                f.changed += usize::from(now != Some(*stamp));
            }
            None if now.is_some_and(|s| s.mtime_ns > written) => f.added += 1,
            None => f.left_out += 1,
        }
    }
    f.removed = saved.len() - present;
    Some(f)
}

/// Whether the index of `project` could be saved (see `store::check_writable`).
pub fn check_cache_writable(project: &Project) -> std::io::Result<()> {
    store::check_writable(&project.root().join(CACHE_DIR))
}

/// How far a full build is, for a progress display: files to check and files checked so far. The build
/// only stores into it (relaxed atomics, no lock); a watcher reads it from another thread.
#[derive(Debug, Default)]
pub struct Progress {
    pub total: std::sync::atomic::AtomicUsize,
    pub done: std::sync::atomic::AtomicUsize,
}

impl Progress {
    /// (done, total) as last stored.
    pub fn get(&self) -> (usize, usize) {
        (self.done.load(Ordering::Relaxed), self.total.load(Ordering::Relaxed))
    }
}

/// What refreshing one file found.
enum Refreshed {
    /// The known entry still holds.
    Known(Arc<FileEntry>),
    Parsed(Arc<FileEntry>),
    /// Over the parse budget: not indexed.
    Skipped(Unparsed),
}

#[derive(Default)]
struct Tables {
    /// By path (the name map's copy of it).
    files: FastMap<Arc<str>, Arc<FileEntry>>,
    /// Symbol name -> the files defining a symbol of that name.
    names: NameMap,
}

/// A hash map with a fast, per-process seeded hasher, for the index's millions of short keys.
type FastMap<K, V> = HashMap<K, V, foldhash::fast::RandomState>;

impl Tables {
    fn insert(&mut self, entry: Arc<FileEntry>) {
        // the same names leave the name map as it is (an edit of a body)
        let same_names = |old: &Arc<FileEntry>| old.names == entry.names;
        if let Some(old) = self.files.get_mut(entry.rel.as_str()).filter(|old| same_names(old)) {
            *old = entry;
            return;
        }
        self.remove(&entry.rel);
        let path = self.names.add(&entry.rel, entry.names.iter().copied());
        self.files.insert(path, entry);
    }

    /// The files that defined a symbol called `name` when their entries were made.
    fn defining(&self, name: &str) -> impl Iterator<Item = &Arc<str>> {
        Name::existing(name).into_iter().flat_map(|name| self.names.files(name))
    }

    fn remove(&mut self, rel: &str) {
        if let Some(old) = self.files.remove(rel) {
            self.names.remove(rel, old.names.iter().copied());
        }
    }
}

/// The index of one project.
pub struct Index {
    root: PathBuf,
    tables: RwLock<Tables>,
    ready: AtomicBool,
    /// The file watcher: what changed since the last query.
    watch: Watch,
    /// Whether a build starts the watcher (not for a one-shot `arborist index`).
    watch_changes: AtomicBool,
    /// Set once the saved index was looked for: whether there was one (its entries are there before the
    /// build is ready).
    loaded_saved: OnceLock<bool>,
    /// Queries parsing right now; the background build steps aside while this is non-zero.
    foreground: std::sync::atomic::AtomicUsize,
    /// Files over the parse budget, with the reason.
    skipped: Mutex<std::collections::BTreeMap<String, Unparsed>>,
    budget: ParseBudget,
    /// The files checked on disk during the queries running now (see `query_scope`).
    checked: Mutex<Checked>,
}

/// The files checked on disk while query scopes are open, and how many are open.
#[derive(Default)]
struct Checked {
    scopes: usize,
    files: HashMap<String, Arc<FileEntry>>,
    /// The watcher caught up with the disk since the first scope opened (`Index::catch_up`).
    caught_up: bool,
}

/// While one lives, `Index::file` checks each file on disk once (see `Index::query_scope`).
pub struct QueryScope<'i>(&'i Index);

impl Drop for QueryScope<'_> {
    fn drop(&mut self) {
        let mut checked = self.0.checked();
        checked.scopes -= 1;
        if checked.scopes == 0 {
            checked.files.clear();
            checked.caught_up = false;
        }
    }
}

impl Index {
    pub fn new(project: &Project) -> Index {
        Index {
            root: project.root().to_path_buf(),
            tables: RwLock::new(Tables::default()),
            ready: AtomicBool::new(false),
            watch: Watch::new(project.root()),
            watch_changes: AtomicBool::new(true),
            loaded_saved: OnceLock::new(),
            foreground: std::sync::atomic::AtomicUsize::new(0),
            skipped: Mutex::new(Default::default()),
            budget: project.config().parse_budget(),
            checked: Mutex::new(Checked::default()),
        }
    }

    /// Opens a query's scope: until every open scope is dropped, `file` checks each file on disk once and
    /// then answers with the entry it found, so one query that asks for a file many times (module
    /// resolution, class lookups, candidates) does not stat it each time and sees one version of it; once
    /// the watcher has caught up for the scope (`catch_up`), `file` takes the index's entry without a
    /// `stat`. Our own writes and the watcher's changes still replace a file's entry at once.
    pub fn query_scope(&self) -> QueryScope<'_> {
        self.checked().scopes += 1;
        QueryScope(self)
    }

    fn checked(&self) -> MutexGuard<'_, Checked> {
        self.checked.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Forgets that a file was checked: it changed.
    fn forget_checked(&self, rel: &str) {
        self.checked().files.remove(rel);
    }

    /// The files left out for the parse budget, with the reason, by path.
    pub fn skipped(&self) -> Vec<(String, Unparsed)> {
        self.skipped.lock().unwrap().iter().map(|(rel, why)| (rel.clone(), *why)).collect()
    }

    /// Why a file is left out for the parse budget, if it is.
    pub fn skip_reason(&self, rel: &str) -> Option<Unparsed> {
        self.skipped.lock().unwrap().get(rel).copied()
    }

    /// Remembers whether a file was left out for the parse budget.
    fn note_skip(&self, rel: &str, why: Option<Unparsed>) {
        let mut skipped = self.skipped.lock().unwrap();
        match why {
            Some(why) => skipped.insert(rel.to_string(), why),
            None => skipped.remove(rel),
        };
    }

    /// Whether the full build has finished (queries then use the name map).
    pub fn is_ready(&self) -> bool {
        self.ready.load(Ordering::Acquire)
    }

    /// Whether a lookup of the files defining a name searches the project (no index is ready and none
    /// was saved): such searches are rationed per query (`members::SEARCHES_BEFORE_INDEX`).
    pub fn lookups_search(&self) -> bool {
        !self.is_ready() && !self.ensure_loaded()
    }

    /// Loads the persistent index once, if there is one (entries are re-checked against the disk on use);
    /// whether there was one.
    fn ensure_loaded(&self) -> bool {
        *self.loaded_saved.get_or_init(|| {
            let Some(saved) = store::load(&self.root.join(CACHE_DIR)) else { return false };
            let mut t = self.tables.write().unwrap();
            t.files.reserve(saved.len());
            for e in saved {
                // (files indexed before the load keep their newer entries)
                if !t.files.contains_key(e.rel.as_str()) {
                    t.insert(e);
                }
            }
            true
        })
    }

    /// Saves the index to `.arborist/cache/`.
    pub fn persist(&self) -> std::io::Result<()> {
        let t = self.tables.read().unwrap();
        let mut entries: Vec<&FileEntry> = t.files.values().map(|e| e.as_ref()).collect();
        entries.sort_by(|a, b| a.rel.cmp(&b.rel));
        store::save(&self.root.join(CACHE_DIR), &entries)
    }

    /// Indexes every code file of the project with `threads` parser threads, reusing entries whose
    /// stamp or content hash is unchanged; drops entries of files that are gone. Marks the index ready.
    pub fn build(&self, project: &Project, threads: usize) -> BuildStats {
        self.build_observed(project, threads, &Progress::default())
    }

    /// `build`, counting the files it checks in `progress`.
    pub fn build_observed(&self, project: &Project, threads: usize, progress: &Progress) -> BuildStats {
        let started = Instant::now();
        let root = project.resolve("").expect("the root resolves");
        // the saved index loads while the files are listed
        let files = std::thread::scope(|s| {
            let loading = s.spawn(|| self.ensure_loaded());
            let files = code_files_paced(project, &root, &|| self.yield_to_queries());
            if loading.join().is_err() {
                tracing::error!("loading the saved index failed; it is rebuilt");
            }
            files
        });
        progress.total.store(files.len(), Ordering::Relaxed);
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads.max(1)).build().expect("thread pool");
        let (lane, rest) = pool.install(|| self.large_files_first(files, threads.max(1)));
        let (parsed, reused) = (std::sync::atomic::AtomicUsize::new(0), std::sync::atomic::AtomicUsize::new(0));
        let parsed_bytes = std::sync::atomic::AtomicU64::new(0);
        // (the entry, whether it is new)
        let tally = |rel: &str, refreshed: Option<Refreshed>| {
            progress.done.fetch_add(1, Ordering::Relaxed);
            match refreshed? {
                Refreshed::Known(entry) => {
                    reused.fetch_add(1, Ordering::Relaxed);
                    Some((entry, false))
                }
                Refreshed::Parsed(entry) => {
                    parsed.fetch_add(1, Ordering::Relaxed);
                    let before = parsed_bytes.fetch_add(entry.stamp.len, Ordering::Relaxed);
                    if before / TRIM_EVERY != (before + entry.stamp.len) / TRIM_EVERY {
                        crate::heap::trim();
                    }
                    Some((entry, true))
                }
                Refreshed::Skipped(why) => {
                    self.note_skip(rel, Some(why));
                    None
                }
            }
        };
        let known = |rel: &str| {
            self.yield_to_queries();
            self.tables.read().unwrap().files.get(rel).cloned()
        };
        let refresh = |(rel, stamp): &Listed| {
            tally(rel, refresh_entry(rel, &self.root.join(rel), *stamp, known(rel), true, &self.budget))
        };
        let fresh = refresh_all(&pool, (&lane, &rest), refresh);
        let mut stats = BuildStats {
            files: fresh.len(),
            parsed: parsed.into_inner(),
            reused: reused.into_inner(),
            ..BuildStats::default()
        };
        let live: foldhash::HashSet<&str> = fresh.iter().map(|e| e.rel.as_str()).collect();
        // Skipped now: over the budget this time, among the files that still exist.
        let mut skipped = self.skipped.lock().unwrap();
        let listed: foldhash::HashSet<String> =
            lane.into_iter().chain(rest).map(|(rel, ..)| rel).filter(|rel| skipped.contains_key(rel)).collect();
        skipped.retain(|rel, _| listed.contains(rel) && !live.contains(rel.as_str()));
        stats.skipped = skipped.len();
        drop(skipped);
        // the parser threads' free pages go back before the tables grow
        crate::heap::trim();
        {
            let mut t = self.tables.write().unwrap();
            let gone: Vec<String> =
                t.files.keys().filter(|k| !live.contains(k.as_ref())).map(|k| k.to_string()).collect();
            drop(live);
            gone.iter().for_each(|g| t.remove(g));
            stats.changed = stats.parsed > 0 || !gone.is_empty();
            for e in &fresh {
                stats.symbols += e.symbols.len();
                stats.bytes += e.stamp.len;
                if !t.files.get(e.rel.as_str()).is_some_and(|old| Arc::ptr_eq(old, e)) {
                    t.insert(e.clone());
                }
            }
        }
        self.ready.store(true, Ordering::Release);
        if self.watch_changes.load(Ordering::Acquire) {
            // after the build, so that setting up the watches (a walk of every directory) does not slow
            // the first queries; a file changed meanwhile differs from its entry's stamp
            self.yield_to_queries();
            self.start_watching(project);
        }
        stats.seconds = started.elapsed().as_secs_f64();
        stats
    }

    /// The files one thread parses one after another (`lanes`), largest first, and the rest, those of
    /// `EARLY_FILE` or more first: a process's peak memory is its index plus the trees being parsed, so the
    /// largest trees are parsed first, while the index is still small, and never two of them at once. A file
    /// of the saved index counts its saved size (no `stat`); another's stamp is read here, once, for its
    /// refresh.
    fn large_files_first(&self, files: Files, threads: usize) -> (Vec<Listed>, Vec<Listed>) {
        use rayon::prelude::*;
        let saved: Vec<Option<u64>> = {
            let t = self.tables.read().unwrap();
            files.iter().map(|(rel, _)| t.files.get(rel.as_str()).map(|e| e.stamp.len)).collect()
        };
        let sized: Vec<SizedFile> = files
            .into_par_iter()
            .zip(saved)
            .map(|((rel, abs), saved)| {
                let stamp = saved.is_none().then(|| Stamp::read(&abs)).flatten();
                (saved.or(stamp.map(|s| s.len)).unwrap_or(0), (rel, stamp))
            })
            .collect();
        lanes(sized, threads)
    }

    /// Lets a query that is parsing candidate files have the cores first.
    fn yield_to_queries(&self) {
        while self.foreground.load(Ordering::Acquire) > 0 {
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
    }

    /// Builds without starting the watcher: for a process that indexes once and exits (every indexed file
    /// is then re-checked by mtime/size before each query).
    pub fn skip_watching(&self) {
        self.watch_changes.store(false, Ordering::Release);
    }

    /// Watches the project for changes (best effort: without a watcher, every indexed file is
    /// re-checked by mtime/size before each query). What changed between the build's reading and the
    /// start of the watcher is marked changed.
    fn start_watching(&self, project: &Project) {
        match self.watch.start(&self.root) {
            Ok(()) => {
                self.watch.mark(self.changed_since_read(project));
                self.watch.set_watching();
            }
            Err(e) => tracing::warn!("file watcher unavailable ({e}); checking files by mtime before each query"),
        }
    }

    /// Brings the index up to date with changes on disk: watcher reports, or (without a watcher) a stat
    /// of every indexed file. True when the watcher has caught up with every change made before the call
    /// (`Watch::catch_up`): the index's entries are then up to date without checking each file on disk.
    fn sync(&self, project: &Project) -> bool {
        if !self.is_ready() {
            return false;
        }
        let caught_up = self.catch_up();
        let (mut changed, lost_events) = self.watch.take();
        if lost_events {
            changed.extend(self.changed_since_read(project));
        } else if !self.watch.is_watching() {
            changed.extend(self.stale_entries());
        }
        for abs in changed {
            self.refresh_path(project, &abs);
        }
        caught_up
    }

    /// Whether the watcher has caught up with the disk (`Watch::catch_up`): once for all the lookups of the
    /// open query scopes (one query asks for the files of many names, and sees the disk as it was at its
    /// first), else at each call.
    fn catch_up(&self) -> bool {
        if self.checked().caught_up {
            return true;
        }
        let caught_up = self.watch.catch_up();
        let mut checked = self.checked();
        checked.caught_up = caught_up && checked.scopes > 0;
        caught_up
    }

    /// The indexed files whose stamp on disk differs from their entry's (or that are gone).
    fn stale_entries(&self) -> Vec<PathBuf> {
        let t = self.tables.read().unwrap();
        let stale = t.files.values().filter(|e| Stamp::read(&self.root.join(&e.rel)) != Some(e.stamp));
        stale.map(|e| self.root.join(&e.rel)).collect()
    }

    /// The files changed, gone or added since the index read them: its stale entries and the code files
    /// it has no entry for (nor a reason to skip).
    fn changed_since_read(&self, project: &Project) -> Vec<PathBuf> {
        let root = project.resolve("").expect("the root resolves");
        let listed = code_files_paced(project, &root, &|| self.yield_to_queries());
        let mut changed = self.stale_entries();
        let t = self.tables.read().unwrap();
        let skipped = self.skipped.lock().unwrap();
        let added =
            listed.into_iter().filter(|(rel, _)| !t.files.contains_key(rel.as_str()) && !skipped.contains_key(rel));
        changed.extend(added.map(|(_, abs)| abs));
        changed
    }

    /// Re-reads one file (or drops it when it is gone, ignored or not code).
    fn refresh_path(&self, project: &Project, abs: &Path) {
        let Ok(rel) = abs.strip_prefix(&self.root) else { return };
        let rel = rel.to_string_lossy().replace('\\', "/");
        self.forget_checked(&rel);
        let indexable = language::for_file(&rel, abs).is_some()
            && project.resolve(&rel).is_ok()
            && !project.is_ignored(&rel, false)
            && abs.is_file();
        if !indexable {
            self.tables.write().unwrap().remove(&rel);
            return;
        }
        let known = self.tables.read().unwrap().files.get(rel.as_str()).cloned();
        // (reported changed: the same size and modification time do not vouch for the same content)
        let refreshed = refresh_entry(&rel, abs, None, known, false, &self.budget);
        self.note_skip(&rel, if let Some(Refreshed::Skipped(why)) = &refreshed { Some(*why) } else { None });
        match refreshed {
            Some(Refreshed::Parsed(entry)) => self.tables.write().unwrap().insert(entry),
            Some(Refreshed::Known(_)) => {}
            Some(Refreshed::Skipped(_)) | None => self.tables.write().unwrap().remove(&rel),
        }
    }

    /// Records the symbols and identifiers of a file we just wrote (its text is `hash`), so the next query
    /// need not parse it again.
    pub fn put_written(&self, rel: &str, abs: &Path, hash: ContentHash, lang: &'static Language, parsed: Parsed) {
        self.forget_checked(rel);
        match Stamp::read(abs) {
            Some(stamp) => {
                let entry = FileEntry::new(rel.to_string(), lang, stamp, hash, parsed);
                self.tables.write().unwrap().insert(Arc::new(entry));
            }
            None => self.invalidate(rel),
        }
    }

    /// Marks a file as changed by one of our own edits; it is re-read before the next query.
    pub fn invalidate(&self, rel: &str) {
        self.forget_checked(rel);
        self.watch.mark([self.root.join(rel)]);
    }

    /// The up-to-date symbols of one file; None if it is not a supported code file or is over the parse
    /// budget.
    pub fn file(&self, p: &ProjectPath) -> Option<Arc<FileEntry>> {
        language::for_file(&p.rel, &p.abs)?;
        self.ensure_loaded();
        let caught_up = {
            let checked = self.checked();
            if let Some(entry) = checked.files.get(&p.rel) {
                return Some(entry.clone());
            }
            checked.caught_up
        };
        let known = self.tables.read().unwrap().files.get(p.rel.as_str()).cloned();
        // the open scopes' query caught up with the disk (`catch_up`): the index's entry is current
        if caught_up && known.is_some() {
            return known;
        }
        // kept for the open scopes while it is the index's entry (not replaced by a write meanwhile)
        let fresh = |entry: Arc<FileEntry>| {
            let mut checked = self.checked();
            let current =
                || self.tables.read().unwrap().files.get(p.rel.as_str()).is_some_and(|e| Arc::ptr_eq(e, &entry));
            if checked.scopes > 0 && current() {
                checked.files.insert(p.rel.clone(), entry.clone());
            }
            Some(entry)
        };
        match refresh_entry(&p.rel, &p.abs, None, known, true, &self.budget)? {
            Refreshed::Known(entry) => fresh(entry),
            Refreshed::Parsed(entry) => {
                self.tables.write().unwrap().insert(entry.clone());
                fresh(entry)
            }
            Refreshed::Skipped(why) => {
                self.note_skip(&p.rel, Some(why));
                None
            }
        }
    }

    /// Up-to-date entries of the files under `scope` that may define a symbol named `name` (or, with
    /// `substring`, a name containing it). Uses the name map once ready; before that, searches the
    /// files for the name and parses only those that contain it.
    pub fn candidates(
        &self,
        project: &Project,
        scope: &ProjectPath,
        pattern: &NamePattern,
        substring: bool,
    ) -> Vec<Arc<FileEntry>> {
        self.ensure_loaded();
        let trusted = self.sync(project);
        if !self.is_ready() {
            return self.search_then_parse(project, scope, pattern, substring);
        }
        let name = pattern.last_name();
        let rels: Vec<String> = {
            let t = self.tables.read().unwrap();
            let in_scope = |rel: &str| in_scope(rel, &scope.rel);
            if substring {
                use rayon::prelude::*;
                let finder = memchr::memmem::Finder::new(name);
                let defines = |e: &&Arc<FileEntry>| e.symbols.names().any(|n| finder.find(n.as_bytes()).is_some());
                t.files
                    .par_iter()
                    .map(|(_, e)| e)
                    .filter(|e| in_scope(&e.rel))
                    .filter(defines)
                    .map(|e| e.rel.clone())
                    .collect()
            } else {
                t.defining(name).filter(|r| in_scope(r)).map(|r| r.to_string()).collect()
            }
        };
        let mut entries = self.fresh_entries(rels, trusted);
        if !substring {
            retain_definers(&mut entries, name);
        }
        entries
    }

    /// The up-to-date entries of the files `rels` (each once), in path order: the index's own when the
    /// watcher has caught up with the disk (`trusted`, see `sync`), else each checked on disk, in parallel.
    fn fresh_entries(&self, rels: Vec<String>, trusted: bool) -> Vec<Arc<FileEntry>> {
        use rayon::prelude::*;
        let mut entries: Vec<Arc<FileEntry>> = if trusted {
            let t = self.tables.read().unwrap();
            rels.iter().filter_map(|rel| t.files.get(rel.as_str()).cloned()).collect()
        } else {
            rels.into_par_iter().filter_map(|rel| self.file(&ProjectPath { abs: self.root.join(&rel), rel })).collect()
        };
        entries.sort_by(|a, b| a.rel.cmp(&b.rel));
        entries
    }

    /// Up-to-date entries of the files that use `name` as an identifier, in path order, from the
    /// identifier index; None until the full build is ready (the caller then searches the files).
    pub fn files_using(&self, project: &Project, name: &str) -> Option<Vec<Arc<FileEntry>>> {
        self.ensure_loaded();
        let trusted = self.sync(project);
        if !self.is_ready() {
            return None;
        }
        let hash = name_hash(name);
        let rels: Vec<String> = {
            let t = self.tables.read().unwrap();
            t.files.values().filter(|e| e.identifiers.contains_hash(hash)).map(|e| e.rel.clone()).collect()
        };
        let mut entries = self.fresh_entries(rels, trusted);
        entries.retain(|e| e.identifiers.contains_hash(hash));
        Some(entries)
    }

    /// Before the full build is ready: the up-to-date entries of the saved index's files that define a
    /// symbol named `name` (a file added since it was saved is not among them); None when there is no
    /// saved index.
    pub fn saved_definers(&self, name: &str) -> Option<Vec<Arc<FileEntry>>> {
        if !self.ensure_loaded() {
            // (the entries of the files queries read meanwhile are not a saved index)
            return None;
        }
        let rels: Vec<String> = {
            let t = self.tables.read().unwrap();
            t.defining(name).map(|rel| rel.to_string()).collect()
        };
        let mut entries: Vec<Arc<FileEntry>> =
            rels.into_iter().filter_map(|rel| self.file(&ProjectPath { abs: self.root.join(&rel), rel })).collect();
        retain_definers(&mut entries, name);
        entries.sort_by(|a, b| a.rel.cmp(&b.rel));
        Some(entries)
    }

    /// Every up-to-date entry under `scope` (for whole-project scans such as implementations).
    pub fn all_in(&self, project: &Project, scope: &ProjectPath) -> Vec<Arc<FileEntry>> {
        self.ensure_loaded();
        if !self.is_ready() {
            let files = code_files(project, scope);
            use rayon::prelude::*;
            let mut out: Vec<_> = files
                .par_iter()
                .filter_map(|(rel, abs)| self.file(&ProjectPath { rel: rel.clone(), abs: abs.clone() }))
                .collect();
            out.sort_by(|a, b| a.rel.cmp(&b.rel));
            return out;
        }
        self.sync(project);
        let t = self.tables.read().unwrap();
        let mut out: Vec<_> = t.files.values().filter(|e| in_scope(&e.rel, &scope.rel)).cloned().collect();
        out.sort_by(|a, b| a.rel.cmp(&b.rel));
        out
    }

    /// Files whose text has the last segment (as a whole word unless `substring`) and every other segment
    /// of the pattern, parsed in parallel.
    fn search_then_parse(
        &self,
        project: &Project,
        scope: &ProjectPath,
        pattern: &NamePattern,
        substring: bool,
    ) -> Vec<Arc<FileEntry>> {
        self.foreground.fetch_add(1, Ordering::AcqRel);
        let _done = Defer(|| {
            self.foreground.fetch_sub(1, Ordering::AcqRel);
        });
        let name = pattern.last_name();
        let needle = if substring { regex::escape(name) } else { word_prefilter(name) };
        let started = Instant::now();
        let files = if substring {
            files_containing(project, scope, &needle)
        } else {
            files_that_may_define(project, scope, name)
        };
        let searched = started.elapsed();
        let others: Vec<&str> =
            pattern.segments[..pattern.segments.len() - 1].iter().map(|s| s.name.as_str()).collect();
        let has_others = |abs: &Path| {
            others.is_empty() || std::fs::read(abs).is_ok_and(|b| others.iter().all(|o| contains(&b, o.as_bytes())))
        };
        let definitions = skeleton::DefinitionLines::new(name);
        let known = |rel: &String| self.tables.read().unwrap().files.contains_key(rel.as_str());
        // a skeleton's entry answers this lookup only; a whole parse's is kept
        let parse = |rel: &String, abs: &PathBuf| {
            let skeleton = !substring && !known(rel);
            skeleton
                .then(|| skeleton::entry(rel, abs, &definitions, &self.budget))
                .flatten()
                .or_else(|| self.file(&ProjectPath { rel: rel.clone(), abs: abs.clone() }))
        };
        use rayon::prelude::*;
        // largest first, each thread taking the next (see `files_matching`)
        let mut out: Vec<Arc<FileEntry>> = files
            .iter()
            .par_bridge()
            .filter(|(_, abs)| has_others(abs))
            .filter_map(|(rel, abs)| parse(rel, abs))
            .collect();
        tracing::debug!(
            "search-first: {} files contain `{needle}` ({searched:?}), {} parsed, {:?} in all",
            files.len(),
            out.len(),
            started.elapsed()
        );
        out.sort_by(|a, b| a.rel.cmp(&b.rel));
        out
    }

    /// Heap bytes the name map holds (for the memory benches).
    pub fn name_map_bytes(&self) -> usize {
        self.tables.read().unwrap().names.heap_bytes()
    }

    /// Number of indexed files and symbols.
    pub fn size(&self) -> (usize, usize) {
        let t = self.tables.read().unwrap();
        (t.files.len(), t.files.values().map(|e| e.symbols.len()).sum())
    }
}

/// Keeps the entries that define a symbol called `name` now (files the name map lists may have changed since).
fn retain_definers(entries: &mut Vec<Arc<FileEntry>>, name: &str) {
    match Name::existing(name) {
        Some(name) => entries.retain(|e| e.defines(name)),
        // a name never given to a symbol: no file defines it
        None => entries.clear(),
    }
}

/// Runs a closure when dropped.
struct Defer<F: FnMut()>(F);

impl<F: FnMut()> Drop for Defer<F> {
    fn drop(&mut self) {
        (self.0)()
    }
}

fn in_scope(rel: &str, scope: &str) -> bool {
    scope.is_empty() || rel == scope || (rel.starts_with(scope) && rel.as_bytes().get(scope.len()) == Some(&b'/'))
}

/// Files this large are parsed one at a time (first in a build): a tree takes tens of bytes per byte of
/// source, and two parser threads on the 9 MB and 6 MB bundles of a JavaScript package would hold both
/// at once.
const LARGE_FILE: usize = 4 << 20;
/// Files this large may be parsed one at a time too, when the project's largest files hold enough of its
/// bytes (`lanes`).
const LANE_FILE: u64 = 32 << 10;
/// Files this large are parsed early in a build, while the index is small (the large corpus has 47 code
/// files of 1 MB or more, a tenth of its bytes).
const EARLY_FILE: usize = 1 << 20;
static LARGE_PARSE: Mutex<()> = Mutex::new(());

/// Source bytes parsed between two trims of the heap during a build: the pages of the trees parsed
/// meanwhile go back to the system (glibc keeps them among the entries that stay, one arena per thread).
/// Each trim costs the pages that the next parses take again (and the walk over every arena): every
/// 16 MiB, the peak RSS of a cold index is that of a trim every 256 files, with half the page faults.
const TRIM_EVERY: u64 = 16 << 20;

/// Waits for the turn to parse a large file.
fn large_parse_turn() -> MutexGuard<'static, ()> {
    LARGE_PARSE.lock().unwrap_or_else(|e| e.into_inner())
}

/// A file's entry, from `known` when its stamp (`stamp`, when it was just read, else read now; only if
/// `stamp_vouches`) or content still match, else parsed (large files one at a time); None when it cannot
/// be read or is not code.
fn refresh_entry(
    rel: &str,
    abs: &Path,
    stamp: Option<Stamp>,
    known: Option<Arc<FileEntry>>,
    stamp_vouches: bool,
    budget: &ParseBudget,
) -> Option<Refreshed> {
    let stamp = stamp.or_else(|| Stamp::read(abs))?;
    if let Some(k) = &known
        && stamp_vouches
        && k.stamp == stamp
    {
        return Some(Refreshed::Known(k.clone()));
    }
    if let Err(why) = budget.check_size(stamp.len as usize) {
        return Some(Refreshed::Skipped(why));
    }
    let bytes = std::fs::read(abs).ok()?;
    let hash = ContentHash::of(&bytes);
    if let Some(k) = known.filter(|k| k.hash == hash) {
        return Some(Refreshed::Parsed(Arc::new(k.restamped(stamp))));
    }
    let lang = language::for_head(rel, &bytes)?;
    let large = bytes.len() >= LARGE_FILE;
    let doc = crate::cache::Document::decode_hashed(rel, bytes, hash).ok()?;
    let read = || {
        let tree = parse_within(lang, doc.text(), budget)?;
        Ok(FileSymbols::extract_with_identifiers(lang, &tree, doc.text()))
    };
    let read = match large {
        false => read(),
        true => {
            let _turn = large_parse_turn();
            let read = read();
            // the tree's pages go back to the system before the next large file's parse, which another
            // thread (another arena) may run
            crate::heap::trim();
            read
        }
    };
    let parsed = match read {
        Ok(read) => read,
        Err(why) => return Some(Refreshed::Skipped(why)),
    };
    let entry = FileEntry::new(rel.to_string(), lang, stamp, hash, parsed);
    Some(Refreshed::Parsed(Arc::new(entry)))
}

/// Splits sized files into the lane one thread parses one after another, largest first, and the rest,
/// which the other threads share meanwhile (those of `EARLY_FILE` or more first, the others in the order
/// listed). The lane holds every file of `LARGE_FILE` or more, and the largest others of `LANE_FILE` or
/// more: the largest file, then more while the lane holds at most a `threads + 1`th of the bytes. A tree
/// takes tens of bytes a byte of source (40 for Python), so two threads then hold at once the lane's tree
/// and one no larger than the lane's smallest, not the project's two largest trees, and the other threads'
/// share keeps them as long busy as the lane.
fn lanes(sized: Vec<SizedFile>, threads: usize) -> (Vec<Listed>, Vec<Listed>) {
    let share = sized.iter().map(|(size, _)| size).sum::<u64>() / (threads as u64 + 1);
    // the files that may take the lane, largest first (stable: of one size, in the order listed)
    let mut by_size: Vec<usize> = (0..sized.len()).filter(|&i| sized[i].0 >= LANE_FILE).collect();
    by_size.sort_by_key(|&i| std::cmp::Reverse(sized[i].0));
    let mut held = 0;
    let taken = by_size
        .iter()
        .enumerate()
        .take_while(|&(n, &i)| {
            held += sized[i].0;
            n == 0 || sized[i].0 >= LARGE_FILE as u64 || held <= share
        })
        .count();
    // the lane in the order just made; the others left where they were
    let mut slots: Vec<Option<SizedFile>> = sized.into_iter().map(Some).collect();
    let lane = by_size[..taken].iter().filter_map(|&i| slots[i].take()).map(|(_, file)| file).collect();
    let mut rest: Vec<SizedFile> = slots.into_iter().flatten().collect();
    // (stable: the others stay in the order listed, files of a directory together)
    rest.sort_by_key(|(size, _)| std::cmp::Reverse((*size).max(EARLY_FILE as u64 - 1)));
    (lane, rest.into_iter().map(|(_, file)| file).collect())
}

/// A file to refresh and its size.
type SizedFile = (u64, Listed);

/// Files as (relative, absolute) paths.
type Files = Vec<(String, PathBuf)>;
/// A file to refresh: its path under the root, and its stamp when it was read while listing it (the
/// absolute path is made when the file is read: a build lists every file at once, ~100 bytes each).
type Listed = (String, Option<Stamp>);

/// Refreshes `files` (the lane's and the rest, `lanes`) with `refresh` (an entry and whether it is new) on
/// `pool`: the lane's files one after another on one thread (one such tree at a time), the others
/// sharing the rest meanwhile. New entries are copied by the calling thread as they come:
/// made by a parser thread, an entry lies among the pages of that thread's trees and keeps each page it
/// touches after the trees are freed; copied, the entries lie together and those pages go back whole.
fn refresh_all(
    pool: &rayon::ThreadPool,
    (lane, rest): (&[Listed], &[Listed]),
    refresh: impl Fn(&Listed) -> Option<(Arc<FileEntry>, bool)> + Sync,
) -> Vec<Arc<FileEntry>> {
    let (sender, entries) = std::sync::mpsc::channel::<(Arc<FileEntry>, bool)>();
    let refresh = &refresh;
    std::thread::scope(|s| {
        s.spawn(move || {
            pool.install(|| {
                use rayon::prelude::*;
                let send = |entry| sender.send(entry).unwrap_or(());
                rayon::join(
                    || lane.iter().filter_map(refresh).for_each(send),
                    || rest.par_iter().filter_map(refresh).for_each(send),
                )
            })
        });
        let copied = |(entry, new): (Arc<FileEntry>, bool)| match new {
            true => Arc::new(entry.restamped(entry.stamp)),
            false => entry,
        };
        entries.into_iter().map(copied).collect()
    })
}

/// Every code file under `scope` (ignored files skipped), as (relative, absolute) paths.
pub fn code_files(project: &Project, scope: &ProjectPath) -> Vec<(String, PathBuf)> {
    code_files_paced(project, scope, &|| {})
}

/// `code_files`, calling `pause` before each file it lists (the background build waits there while a
/// query has the cores).
fn code_files_paced(project: &Project, scope: &ProjectPath, pause: &(dyn Fn() + Sync)) -> Vec<(String, PathBuf)> {
    let filter = PathFilter::new("", "", Kinds::Known).expect("empty globs compile");
    let out = Mutex::new(Vec::new());
    for_each_file(project, project.walker(scope, true), &filter, || {
        |rel: &str, abs: &Path| {
            pause();
            out.lock().unwrap().push((rel.to_string(), abs.to_path_buf()))
        }
    });
    out.into_inner().unwrap()
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    needle.is_empty() || haystack.windows(needle.len()).any(|w| w == needle)
}

/// A regex for `name` as a whole word: `\bname\b`, without the `\b` at an end that is not a word character
/// (Julia's `push!`, Ruby's `empty?`, an operator).
pub fn word_pattern(name: &str) -> String {
    bounded(name, |c| if c.is_alphanumeric() || c == '_' { r"\b" } else { "" })
}

/// `word_pattern` for finding the files that may hold the word: an end of the name that is an ASCII word
/// character gets an ASCII word boundary, `(?-u:\b)`. It matches wherever the Unicode one does (next to
/// an ASCII letter, a character that is a word character in ASCII is one in Unicode), and more (`éname`),
/// and it keeps the search in the regex engine's DFA, which gives up a Unicode `\b` at the first
/// non-ASCII byte of a file for a slower engine (most of a search's time on Django).
pub fn word_prefilter(name: &str) -> String {
    bounded(name, |c| match c {
        c if c.is_ascii_alphanumeric() || c == '_' => r"(?-u:\b)",
        c if c.is_alphanumeric() => r"\b",
        _ => "",
    })
}

/// `name` as a regex, with what `edge` gives for its first and last characters before and after it.
fn bounded(name: &str, edge: impl Fn(char) -> &'static str) -> String {
    let edge = |c: Option<char>| c.map_or("", &edge);
    format!("{}{}{}", edge(name.chars().next()), regex::escape(name), edge(name.chars().last()))
}

/// `pattern` with each word boundary `\b` made ASCII (`(?-u:\b)`); an escaped backslash before a `b` stays.
/// (A `\b` inside a character class, a backspace, would be broken: the prefilters have none.)
fn ascii_boundaries(pattern: &str) -> String {
    let mut out = String::with_capacity(pattern.len() + 16);
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('b') => out.push_str(r"(?-u:\b)"),
            Some(next) => {
                out.push('\\');
                out.push(next);
            }
            None => out.push('\\'),
        }
    }
    out
}

/// Code files under `scope` with a match of the regex `needle`, found at ripgrep speed, largest first.
pub fn files_containing(project: &Project, scope: &ProjectPath, needle: &str) -> Vec<(String, PathBuf)> {
    let Ok(matcher) = compile_matcher(needle, false) else { return Vec::new() };
    files_matching(project, scope, b"", &|_| Some(&matcher), &|_| {})
}

/// The definition prefilter of a language for `name` (`definition_prefilter` in grammars.toml), as one
/// regex; None when the language has none.
pub fn definition_regex(lang: &Language, name: &str) -> Option<String> {
    let written = definition_regex_as_written(lang, name)?;
    // every `\b` of the prefilters stands beside an ASCII keyword or the name: with an ASCII name, ASCII
    // boundaries match all the Unicode ones do (see `word_prefilter`)
    let ascii = !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    Some(if ascii { ascii_boundaries(&written) } else { written })
}

/// The definition prefilter of a language for `name` with the word boundaries as grammars.toml writes them.
fn definition_regex_as_written(lang: &Language, name: &str) -> Option<String> {
    let escaped = regex::escape(name);
    let parts: Vec<String> =
        lang.entry.definition_prefilter.iter().map(|p| format!("(?:{})", p.replace("{name}", &escaped))).collect();
    (!parts.is_empty()).then(|| parts.join("|"))
}

/// Code files under `scope` that may define `name`: a line of theirs matches their language's definition
/// prefilter, or (for a language without one) they mention the name as a word.
pub fn files_that_may_define(project: &Project, scope: &ProjectPath, name: &str) -> Vec<(String, PathBuf)> {
    let Ok(word) = compile_matcher(&word_prefilter(name), false) else { return Vec::new() };
    let prefilters = PerLanguage::new();
    let prefilter = |lang: &'static Language| {
        prefilters.get_or_init(lang, || compile_line_matcher(&definition_regex(lang, name)?).ok())
    };
    let prepare = |rel: &str| {
        if let Some(lang) = language::for_path(rel) {
            lang.prepare_tags();
        }
    };
    let matcher_for = |rel: &str| Some(language::for_path(rel).and_then(prefilter).unwrap_or(&word));
    // the definitions of every language write the name: a file without it is settled by one scan
    files_matching(project, scope, name.as_bytes(), &matcher_for, &prepare)
}

/// One value per language, made on first use (a name's prefilter, compiled on the first file of each
/// language a search meets); None where the language has none.
pub(super) struct PerLanguage<T>(Vec<std::sync::OnceLock<Option<T>>>);

impl<T> PerLanguage<T> {
    pub(super) fn new() -> Self {
        PerLanguage(language::all().iter().map(|_| std::sync::OnceLock::new()).collect())
    }

    pub(super) fn get_or_init(&self, lang: &'static Language, make: impl FnOnce() -> Option<T>) -> Option<&T> {
        let i = language::all().iter().position(|l| std::ptr::eq(l, lang))?;
        self.0[i].get_or_init(make).as_ref()
    }
}

/// Code files under `scope` with a match of the matcher `matcher_for` picks for each (none: skipped),
/// largest first; `on_match` is called with each as it is found. `required`: bytes every match holds (a
/// file without them is settled by one scan for them; a matcher without a literal to look for first runs
/// its automaton over every byte).
///
/// Largest first: the callers parse the files on every core, each thread taking the next file in this
/// order (`par_bridge`), so the longest parses start first and no core is left alone with one at the end.
///
/// With `required` bytes and a matcher that never crosses a line break, only the lines that hold them are
/// matched: a definition prefilter (an alternation without a literal to look for first) would otherwise
/// run its automaton over every byte of every file that mentions the name (on Django, `get` is in 27,000
/// lines, 2 of its 19 MB).
fn files_matching<'m>(
    project: &Project,
    scope: &ProjectPath,
    required: &[u8],
    matcher_for: &(dyn Fn(&str) -> Option<&'m grep_regex::RegexMatcher> + Sync),
    on_match: &(dyn Fn(&str) + Sync),
) -> Vec<(String, PathBuf)> {
    let filter = PathFilter::new("", "", Kinds::Known).expect("empty globs compile");
    let required = memchr::memmem::Finder::new(required);
    let out = Mutex::new(Vec::new());
    let mut builder = SearcherBuilder::new();
    builder.binary_detection(BinaryDetection::quit(0)).max_matches(Some(1)).line_number(true);
    for_each_file(project, project.walker(scope, true), &filter, || {
        let mut searcher = builder.build();
        let (out, required) = (&out, &required);
        move |rel: &str, abs: &Path| {
            let Some(matcher) = matcher_for(rel) else { return };
            let Ok(bytes) = std::fs::read(abs) else { return };
            if required.find(&bytes).is_none() {
                return;
            }
            let by_line = !required.needle().is_empty() && matcher.line_terminator().is_some();
            let hit = match by_line {
                true => memchr::memchr(0, &bytes).is_none() && a_line_matches(&bytes, required, matcher),
                false => a_match_in(&mut searcher, matcher, &bytes),
            };
            if hit {
                on_match(rel);
                out.lock().unwrap().push((bytes.len(), rel.to_string(), abs.to_path_buf()));
            }
        }
    });
    let mut out = out.into_inner().unwrap();
    out.sort_unstable_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    out.into_iter().map(|(_, rel, abs)| (rel, abs)).collect()
}

/// Whether `searcher` finds a match of `matcher` in `bytes`, searching them whole.
fn a_match_in(searcher: &mut grep_searcher::Searcher, matcher: &grep_regex::RegexMatcher, bytes: &[u8]) -> bool {
    let mut hit = false;
    let sink = Lossy(|_, _| {
        hit = true;
        Ok(false)
    });
    searcher.search_slice(matcher, bytes, sink).is_ok() && hit
}

/// Whether one of the lines of `bytes` that hold `required` matches `matcher` (a text without NUL bytes;
/// a matcher that never crosses a line break, so each of its matches lies in one such line).
fn a_line_matches(bytes: &[u8], required: &memchr::memmem::Finder, matcher: &grep_regex::RegexMatcher) -> bool {
    let mut from = 0;
    while let Some(at) = bytes.get(from..).and_then(|rest| required.find(rest)).map(|i| from + i) {
        let start = memchr::memrchr(b'\n', &bytes[..at]).map_or(0, |i| i + 1);
        let end = memchr::memchr(b'\n', &bytes[at..]).map_or(bytes.len(), |i| at + i);
        if matcher.is_match(&bytes[start..end]).unwrap_or(false) {
            return true;
        }
        from = end + 1;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, SystemTime};

    /// The lines (0-based) of `text` that `pattern` matches.
    fn lines_matching(pattern: &str, text: &str) -> Vec<usize> {
        let re = regex::Regex::new(pattern).unwrap();
        text.lines().enumerate().filter(|(_, l)| re.is_match(l)).map(|(i, _)| i).collect()
    }

    /// The 0-based lines where the searcher finds `matcher` in `text`, searching as a project search does.
    fn lines_searched(matcher: &grep_regex::RegexMatcher, text: &str) -> Vec<usize> {
        let mut lines = Vec::new();
        let sink = Lossy(|n, _| {
            lines.push(n as usize - 1);
            Ok(true)
        });
        SearcherBuilder::new().line_number(true).build().search_slice(matcher, text.as_bytes(), sink).unwrap();
        lines
    }

    /// The search skips a file without the name's bytes (`files_that_may_define`): every language's
    /// definition prefilter must write the name.
    #[test]
    fn every_definition_prefilter_writes_the_name() {
        let mut prefilters = 0;
        for lang in language::all() {
            for p in &lang.entry.definition_prefilter {
                assert!(p.contains("{name}"), "{}: a definition prefilter without {{name}}: {p}", lang.name());
                prefilters += 1;
            }
        }
        assert!(prefilters >= 10, "only {prefilters} definition prefilters");
    }

    /// The search's word prefilter (ASCII word boundaries) finds every line the whole-word pattern does,
    /// and more only beside non-ASCII letters.
    #[test]
    fn the_word_prefilter_finds_all_the_whole_word_does() {
        assert_eq!(word_prefilter("slugify"), r"(?-u:\b)slugify(?-u:\b)");
        assert_eq!(word_prefilter("push!"), r"(?-u:\b)push!");
        assert_eq!(word_prefilter("café"), r"(?-u:\b)café\b");
        assert_eq!(word_prefilter("$el"), r"\$el(?-u:\b)");
        assert_eq!(ascii_boundaries(r"a\\b\bc"), r"a\\b(?-u:\b)c");
        let text = "slugify(x)\néslugify\nslugifyé\nslugify_x\nx.slugify\n# slugify\nabc\n";
        assert_eq!(lines_matching(&word_pattern("slugify"), text), [0, 4, 5]);
        assert_eq!(lines_matching(&word_prefilter("slugify"), text), [0, 1, 2, 4, 5]);
        let text = "café = 1\nxcafé\ncafé2\n";
        assert_eq!(lines_matching(&word_prefilter("café"), text), lines_matching(&word_pattern("café"), text));
    }

    /// Matching only the lines that hold the name finds a file exactly when searching it whole does: the
    /// first and last lines (without a line break), a CRLF line, a definition after lines that only
    /// mention the name, several mentions on one line.
    #[test]
    fn matching_the_lines_with_the_name_agrees_with_a_whole_search() {
        let python = language::for_path("m.py").unwrap();
        let matcher = compile_line_matcher(&definition_regex(python, "get").unwrap()).unwrap();
        let required = memchr::memmem::Finder::new(b"get");
        let whole = |text: &str| a_match_in(&mut SearcherBuilder::new().build(), &matcher, text.as_bytes());
        let texts = [
            "def get(self):\n    pass\n",
            "x = 1\nget = make()",
            "x = 1\r\nget = make()\r\n",
            "a.get(1); b.get(2)\nwidget = 3\nclass A:\n    def get(self): pass\n",
            "a.get(1); b.get(2)\nwidget = 3\nself.get = 1\n",
            "target(get)\n",
            "get",
            "",
        ];
        for text in texts {
            assert_eq!(a_line_matches(text.as_bytes(), &required, &matcher), whole(text), "{text:?}");
        }
        assert!(matcher.line_terminator().is_some(), "a definition prefilter never crosses a line");
    }

    /// Each language's definition prefilter with ASCII word boundaries compiles and, on the language's
    /// largest fixture, matches every line the prefilter as written does, for words of the file; the
    /// searcher finds exactly those lines with its line matcher, searching each file whole.
    #[test]
    fn ascii_definition_prefilters_find_all_the_written_ones_do() {
        use grep_matcher::Matcher;
        let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
        let mut largest: HashMap<&str, (u64, PathBuf, &'static Language)> = HashMap::new();
        let files = ignore::WalkBuilder::new(&fixtures).standard_filters(false).build().flatten();
        for file in files.filter(|e| e.file_type().is_some_and(|t| t.is_file())).map(|e| e.into_path()) {
            let rel = file.strip_prefix(&fixtures).unwrap().to_string_lossy().into_owned();
            let Some(lang) = language::for_path(&rel).filter(|l| !l.entry.definition_prefilter.is_empty()) else {
                continue;
            };
            let len = file.metadata().unwrap().len();
            if largest.get(lang.name()).is_none_or(|(l, _, _)| len > *l) {
                largest.insert(lang.name(), (len, file, lang));
            }
        }
        assert!(largest.len() >= 5, "only {} languages with a prefilter and a fixture", largest.len());
        // names a definition may follow (a prefilter line), and a few other words
        let defined =
            regex::Regex::new(r"(?:def|class|func|function|const|let|var|type|interface)\s+([A-Za-z_]\w*)").unwrap();
        let word = regex::Regex::new(r"[A-Za-z_][A-Za-z0-9_]*").unwrap();
        let mut checked = 0;
        for (_, file, lang) in largest.into_values() {
            let rel = file.display();
            let text = std::fs::read_to_string(&file).unwrap();
            let mut names: Vec<&str> =
                defined.captures_iter(&text).map(|c| c.get(1).unwrap().as_str()).take(8).collect();
            names.extend(word.find_iter(&text).map(|m| m.as_str()).step_by(97).take(4));
            names.sort_unstable();
            names.dedup();
            for name in &names {
                let ascii = definition_regex(lang, name).unwrap();
                let line_matcher = compile_line_matcher(&ascii).unwrap();
                assert!(line_matcher.line_terminator().is_some(), "{rel}: not searched whole: {ascii}");
                let unicode_left = ascii.replace(r"(?-u:\b)", "").contains(r"\b");
                assert!(ascii.contains(r"(?-u:\b)") && !unicode_left, "{rel}: {ascii}");
                let written =
                    lines_matching(&format!("(?m){}", definition_regex_as_written(lang, name).unwrap()), &text);
                let found = lines_matching(&format!("(?m){ascii}"), &text);
                assert!(written.iter().all(|l| found.contains(l)), "{rel} `{name}`: {written:?} vs {found:?}");
                assert_eq!(lines_searched(&line_matcher, &text), found, "{rel} `{name}`: {ascii}");
                checked += written.len();
            }
        }
        assert!(checked > 20, "only {checked} definition lines checked");
    }

    fn write(root: &Path, rel: &str, text: &str, modified: Option<SystemTime>) {
        std::fs::write(root.join(rel), text).unwrap();
        if let Some(t) = modified {
            std::fs::File::options().write(true).open(root.join(rel)).unwrap().set_modified(t).unwrap();
        }
    }

    /// With the watcher running, a file written behind our back just before a query is seen by it, without
    /// waiting and without a newer modification time (the same size and time as before).
    #[test]
    fn the_watcher_catches_up_before_a_query() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        write(&root, "a.py", "def alpha():\n    pass\n", None);
        let project = Project::open(&root).unwrap();
        let index = Index::new(&project);
        index.build(&project, 1);
        let scope = project.resolve("").unwrap();
        let definers = |name: &str| -> Vec<String> {
            let pattern = NamePattern::parse(name).unwrap();
            index.candidates(&project, &scope, &pattern, false).iter().map(|e| e.rel.clone()).collect()
        };
        assert_eq!(definers("alpha"), ["a.py"]);
        let stamp = Stamp::read(&root.join("a.py")).unwrap();
        for round in 0..10 {
            let (old, new) = if round % 2 == 0 { ("alpha", "gamma") } else { ("gamma", "alpha") };
            write(
                &root,
                "a.py",
                &format!("def {new}():\n    pass\n"),
                Some(UNIX_EPOCH + Duration::from_nanos(stamp.mtime_ns)),
            );
            write(&root, &format!("b{round}.py"), "def beta():\n    pass\n", None);
            assert_eq!(definers(new), ["a.py"], "round {round}");
            assert!(definers(old).is_empty(), "round {round}");
            assert_eq!(definers("beta").len(), round + 1, "round {round}");
        }
        // one catch-up serves every lookup of an open query scope
        let made = index.watch.cookies_made();
        let scope_open = index.query_scope();
        for _ in 0..5 {
            assert_eq!(definers("beta").len(), 10);
        }
        assert_eq!(index.watch.cookies_made(), made + 1);
        drop(scope_open);
        definers("beta");
        assert_eq!(index.watch.cookies_made(), made + 2, "a new query catches up again");
    }

    #[test]
    fn the_largest_files_take_a_lane_of_their_own_up_to_a_share_of_the_bytes() {
        let kb = |size: u64| size << 10;
        let listed = |sizes: &[u64]| -> Vec<SizedFile> {
            sizes.iter().enumerate().map(|(i, &size)| (kb(size), (format!("f{i}"), None))).collect()
        };
        let names = |files: &[Listed]| files.iter().map(|(rel, _)| rel.clone()).collect::<Vec<_>>();
        // 1,570 KB over two threads: the lane takes up to 523 KB, largest first (300 + 200)
        let mut sizes = vec![10, 300, 10, 100, 40, 10, 200];
        sizes.extend([20; 45]);
        let (lane, rest) = lanes(listed(&sizes), 2);
        assert_eq!(names(&lane), ["f1", "f6"]);
        let expected: Vec<String> = (0..sizes.len()).filter(|i| ![1, 6].contains(i)).map(|i| format!("f{i}")).collect();
        assert_eq!(names(&rest), expected, "the rest in the order listed");
        // the largest file always has the lane, past the share; a file of LARGE_FILE or more too
        let (lane, rest) = lanes(listed(&[10, 900, 20, 40]), 2);
        assert_eq!(names(&lane), ["f1"]);
        assert_eq!(names(&rest), ["f0", "f2", "f3"]);
        let (lane, rest) = lanes(listed(&[10, 900, 20, 5 << 10, 4 << 10, 40]), 2);
        assert_eq!(names(&lane), ["f3", "f4"]);
        assert_eq!(names(&rest), ["f0", "f1", "f2", "f5"]);
        // files of one size: as many as the share holds, in the order listed
        let (lane, rest) = lanes(listed(&[40; 10]), 2);
        assert_eq!(names(&lane), ["f0", "f1", "f2"]);
        assert_eq!(rest.len(), 7);
        // small files only: no lane
        let (lane, rest) = lanes(listed(&[10, 20, 30]), 2);
        assert!(lane.is_empty());
        assert_eq!(rest.len(), 3);
    }

    /// Inside a query's scope a file is checked on disk once: a change made meanwhile by someone else is
    /// seen by the next query, one of our own writes at once.
    #[test]
    fn a_query_scope_checks_each_file_once() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(root, "a.py", "def a():\n    pass\n", None);
        let project = Project::open(root).unwrap();
        let index = Index::new(&project);
        let path = project.resolve_file("a.py").unwrap();
        let names = |e: Arc<FileEntry>| e.symbols.names().collect::<Vec<_>>();
        let scope = index.query_scope();
        let first = index.file(&path).unwrap();
        write(root, "a.py", "def b():\n    pass\n\n\ndef c():\n    pass\n", None);
        assert!(Arc::ptr_eq(&first, &index.file(&path).unwrap()), "the version the query first saw");
        let nested = index.query_scope();
        drop(scope);
        assert_eq!(names(index.file(&path).unwrap()), ["a"], "still inside a scope");
        drop(nested);
        assert_eq!(names(index.file(&path).unwrap()), ["b", "c"], "the next query sees the change");
        let _scope = index.query_scope();
        assert_eq!(names(index.file(&path).unwrap()), ["b", "c"]);
        write(root, "a.py", "def d():\n    pass\n", None);
        index.invalidate("a.py");
        assert_eq!(names(index.file(&path).unwrap()), ["d"], "our own write is seen at once");
    }

    #[test]
    fn build_progress_and_saved_freshness() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(root, "a.py", "def a():\n    pass\n", None);
        write(root, "b.py", "def b():\n    pass\n", None);
        let project = Project::open(root).unwrap();
        assert_eq!(saved_freshness(&project), None, "nothing saved yet");
        assert!(check_cache_writable(&project).is_ok() && !root.join(CACHE_DIR).exists(), "probing creates nothing");
        let index = Index::new(&project);
        let progress = Progress::default();
        index.build_observed(&project, 2, &progress);
        assert_eq!(progress.get(), (2, 2), "every file counted once");
        index.persist().unwrap();
        let fresh = saved_freshness(&project).unwrap();
        assert_eq!(fresh, Freshness { saved: 2, ..Freshness::default() });
        assert!(fresh.is_fresh());
        write(root, "a.py", "def a():\n    return 1\n", None);
        std::fs::remove_file(root.join("b.py")).unwrap();
        write(root, "c.py", "def c():\n    pass\n", Some(SystemTime::now() + Duration::from_secs(60)));
        write(root, "d.py", "def d():\n    pass\n", Some(SystemTime::UNIX_EPOCH + Duration::from_secs(1 << 30)));
        let stale = saved_freshness(&project).unwrap();
        assert_eq!(stale, Freshness { saved: 2, changed: 1, added: 1, removed: 1, left_out: 1 });
        assert!(!stale.is_fresh());
    }

    #[test]
    fn what_changed_before_the_watcher_started_is_found() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(root, "a.py", "def a():\n    pass\n", None);
        write(root, "b.py", "def b():\n    pass\n", None);
        write(root, "big.py", &"x = 1\n".repeat(100), None);
        std::fs::create_dir(root.join(".arborist")).unwrap();
        write(root, ".arborist/project.toml", "parse_max_bytes = 100\n", None);
        let project = Project::open(root).unwrap();
        let index = Index::new(&project);
        index.skip_watching();
        index.build(&project, 1);
        assert_eq!(index.skipped().len(), 1, "big.py is over the budget");
        assert!(index.changed_since_read(&project).is_empty());
        write(root, "a.py", "def a():\n    return 1\n", Some(SystemTime::now() + Duration::from_secs(60)));
        std::fs::remove_file(root.join("b.py")).unwrap();
        write(root, "c.py", "def c():\n    pass\n", None);
        let mut changed: Vec<String> = index
            .changed_since_read(&project)
            .iter()
            .map(|p| p.strip_prefix(root).unwrap().display().to_string())
            .collect();
        changed.sort();
        assert_eq!(changed, ["a.py", "b.py", "c.py"]);
    }
}
