//! The write-ahead journal of multi-file changes: a rename or a project-wide replace lands in every file
//! or in none, even when the process is killed between two files. Before the first file is written, the
//! old and new bytes of every file go to `.arborist/journal/<id>/`, and the directory is renamed into place
//! once all of it is on disk (the commit point). A change that fails part way is rolled back from it; one
//! cut short by a kill is rolled forward by the next process that opens the project. The journal is
//! removed once every file is written.

use arborist_syntax::text::ContentHash;
use std::io::Write;
use std::path::{Path, PathBuf};

const DIR: &str = ".arborist/journal";
const MANIFEST: &str = "manifest";
/// A journal still being written (before the commit point) ends in this; it is discarded.
const PENDING: &str = ".pending";

/// One file of a journaled change.
pub struct Entry {
    pub rel: String,
    /// The bytes on disk before the change; None for a file the change creates.
    pub old: Option<Vec<u8>>,
    pub new: Vec<u8>,
}

/// A committed journal: the change it describes is under way.
pub struct Journal {
    dir: PathBuf,
    root: PathBuf,
    entries: Vec<Entry>,
}

impl Journal {
    /// Writes the journal of `entries` and commits it (everything synced, then renamed into place).
    pub fn begin(root: &Path, entries: Vec<Entry>) -> std::io::Result<Journal> {
        let base = root.join(DIR);
        std::fs::create_dir_all(&base)?;
        let id = format!("{}-{}", std::process::id(), now_nanos());
        let pending = base.join(format!("{id}{PENDING}"));
        std::fs::create_dir(&pending)?;
        let written = Self::write_pending(&pending, &entries).and_then(|()| {
            let dir = base.join(&id);
            std::fs::rename(&pending, &dir)?;
            sync_dir(&base);
            Ok(dir)
        });
        match written {
            Ok(dir) => Ok(Journal { dir, root: root.to_path_buf(), entries }),
            Err(e) => {
                // a full disk, say: nothing of the change was written, and no journal stays behind
                let _ = std::fs::remove_dir_all(&pending);
                Err(e)
            }
        }
    }

    fn write_pending(pending: &Path, entries: &[Entry]) -> std::io::Result<()> {
        let mut manifest = String::new();
        for (i, e) in entries.iter().enumerate() {
            write_synced(&pending.join(format!("{i}.new")), &e.new)?;
            if let Some(old) = &e.old {
                write_synced(&pending.join(format!("{i}.old")), old)?;
            }
            let old = e.old.as_deref().map_or("-".to_string(), |o| ContentHash::of(o).hex());
            manifest.push_str(&format!("{}\t{old}\t{}\n", ContentHash::of(&e.new).hex(), e.rel));
        }
        write_synced(&pending.join(MANIFEST), manifest.as_bytes())
    }

    /// The files of the change.
    pub fn files(&self) -> Vec<String> {
        self.entries.iter().map(|e| e.rel.clone()).collect()
    }

    /// The change landed whole: the journal goes.
    pub fn finish(self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }

    /// The change failed part way: every file of it gets its old bytes back (a created one is removed),
    /// then the journal goes. Returns the files that could not be restored.
    pub fn roll_back(self) -> Vec<String> {
        let mut failed = Vec::new();
        for e in &self.entries {
            let abs = self.root.join(&e.rel);
            let restored = match &e.old {
                Some(old) => write_atomic(&abs, old),
                None => match std::fs::remove_file(&abs) {
                    Err(err) if err.kind() != std::io::ErrorKind::NotFound => Err(err),
                    _ => Ok(()),
                },
            };
            if restored.is_err() {
                failed.push(e.rel.clone());
            }
        }
        let _ = std::fs::remove_dir_all(&self.dir);
        failed
    }
}

/// What recovery did with one journal.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Recovered {
    /// Files given their new bytes.
    pub completed: usize,
    /// Files changed by someone else since: left as they are.
    pub conflicts: Vec<String>,
}

/// Finishes the changes a killed process left under way (rolls them forward), and discards journals
/// that were never committed (nothing of them was written). Cheap when there is no journal.
pub fn recover(root: &Path) -> Vec<Recovered> {
    let base = root.join(DIR);
    let Ok(dirs) = std::fs::read_dir(&base) else { return Vec::new() };
    let mut out = Vec::new();
    for dir in dirs.flatten().map(|d| d.path()) {
        if writer_alive(&dir) {
            continue; // another process is in the middle of this change
        }
        if dir.extension().is_some_and(|x| x == &PENDING[1..]) {
            let _ = std::fs::remove_dir_all(&dir);
            continue;
        }
        match roll_forward(root, &dir) {
            Ok(done) => {
                if !done.conflicts.is_empty() {
                    tracing::warn!("an interrupted change could not finish in: {}", done.conflicts.join(", "));
                }
                tracing::info!("finished an interrupted change of {} file(s)", done.completed);
                let _ = std::fs::remove_dir_all(&dir);
                out.push(done);
            }
            Err(e) => tracing::error!("journal {} could not be replayed: {e}", dir.display()),
        }
    }
    out
}

/// Whether the process that wrote a journal (its name starts with the pid) is still running.
fn writer_alive(dir: &Path) -> bool {
    let name = dir.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let Some(pid) = name.split('-').next().and_then(|p| p.parse::<i32>().ok()) else { return false };
    if pid as u32 == std::process::id() {
        return false; // left by an earlier process that had this pid
    }
    #[cfg(unix)]
    {
        unsafe { libc::kill(pid, 0) == 0 }
    }
    #[cfg(not(unix))]
    false
}

fn roll_forward(root: &Path, dir: &Path) -> std::io::Result<Recovered> {
    let manifest = std::fs::read_to_string(dir.join(MANIFEST))?;
    let mut done = Recovered::default();
    for (i, line) in manifest.lines().enumerate() {
        let mut fields = line.splitn(3, '\t');
        let (Some(new_hash), Some(old_hash), Some(rel)) = (fields.next(), fields.next(), fields.next()) else {
            continue;
        };
        let abs = root.join(rel);
        let now = match std::fs::read(&abs) {
            Ok(bytes) => Some(ContentHash::of(&bytes).hex()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => return Err(e),
        };
        match now.as_deref() {
            Some(h) if h == new_hash => {}
            now if now == Some(old_hash) || (now.is_none() && old_hash == "-") => {
                write_atomic(&abs, &std::fs::read(dir.join(format!("{i}.new")))?)?;
                done.completed += 1;
            }
            _ => done.conflicts.push(rel.to_string()),
        }
    }
    Ok(done)
}

/// Replaces a file's bytes atomically (`cache::write_atomic`), keeping its permissions; a directory the
/// change removed is made again.
fn write_atomic(abs: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = abs.parent().ok_or_else(|| std::io::Error::other("a file path has a parent"))?;
    std::fs::create_dir_all(dir)?;
    let perms = std::fs::metadata(abs).ok().map(|m| m.permissions());
    crate::cache::write_atomic(abs, bytes, perms)
}

fn write_synced(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut f = std::fs::File::create(path)?;
    f.write_all(bytes)?;
    f.sync_all()
}

/// Makes a rename in `dir` durable (best effort).
fn sync_dir(dir: &Path) {
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
}

fn now_nanos() -> u128 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(rel: &str, old: Option<&str>, new: &str) -> Entry {
        Entry { rel: rel.into(), old: old.map(|o| o.as_bytes().to_vec()), new: new.as_bytes().to_vec() }
    }

    #[test]
    fn a_committed_journal_is_rolled_forward_and_a_pending_one_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        for f in ["a", "b", "c"] {
            std::fs::write(root.join(f), "old").unwrap();
        }
        let j = Journal::begin(
            root,
            vec![
                entry("a", Some("old"), "new"),
                entry("b", Some("old"), "new"),
                entry("c", Some("old"), "new"),
                entry("d", None, "created"),
            ],
        )
        .unwrap();
        // killed after writing a only; c changed by someone else meanwhile
        std::fs::write(root.join("a"), "new").unwrap();
        std::fs::write(root.join("c"), "theirs").unwrap();
        std::fs::create_dir_all(root.join(DIR).join("999999999-2.pending")).unwrap(); // a pid no process has
        std::mem::forget(j);
        let done = recover(root);
        assert_eq!(done, vec![Recovered { completed: 2, conflicts: vec!["c".into()] }]);
        assert_eq!(std::fs::read_to_string(root.join("b")).unwrap(), "new");
        assert_eq!(std::fs::read_to_string(root.join("c")).unwrap(), "theirs");
        assert_eq!(std::fs::read_to_string(root.join("d")).unwrap(), "created");
        assert_eq!(std::fs::read_dir(root.join(DIR)).unwrap().count(), 0, "journals gone");
    }

    #[test]
    fn a_failed_change_is_rolled_back() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::write(root.join("a"), "old").unwrap();
        let j = Journal::begin(root, vec![entry("a", Some("old"), "new"), entry("n", None, "created")]).unwrap();
        std::fs::write(root.join("a"), "new").unwrap();
        std::fs::write(root.join("n"), "created").unwrap();
        assert!(j.roll_back().is_empty());
        assert_eq!(std::fs::read_to_string(root.join("a")).unwrap(), "old");
        assert!(!root.join("n").exists());
    }
}
