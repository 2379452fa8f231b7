//! The file cache: the only reader and writer of source files. Documents keyed by path, revalidated by
//! mtime and size; a document read from disk holds its text, an edited one holds the rope the edits were
//! applied to (the other form is built on demand). Writes are atomic, go from the rope's chunks straight
//! to the bytes on disk, and keep line endings, BOM and permissions.

use crate::project::ProjectPath;
use arborist_syntax::error::{Error, Result};
use arborist_syntax::text::{ContentHash, LineEnding};
use ropey::Rope;
use std::borrow::Cow;
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::SystemTime;

const BOM: &str = "\u{feff}";
/// Cached text beyond this many bytes empties the cache (documents are re-read on demand).
const CACHE_BUDGET_BYTES: usize = 64 << 20;

/// A text file as the tools see it: `\n` line breaks, no BOM; how to write it back is remembered. It holds
/// its text, its rope or both; at least one is always there.
#[derive(Debug)]
pub struct Document {
    text: OnceLock<String>,
    rope: OnceLock<Rope>,
    pub line_ending: LineEnding,
    pub bom: bool,
    /// Hash of the bytes on disk.
    pub hash: ContentHash,
    stamp: Stamp,
}

impl Document {
    /// The whole text with `\n` line breaks (materialised from the rope on first use after an edit).
    pub fn text(&self) -> &str {
        self.text.get_or_init(|| self.rope.get().expect("a document holds its text or its rope").to_string())
    }

    /// The text as a rope (built on first use for a document read from disk): edits apply to it.
    pub fn rope(&self) -> &Rope {
        self.rope.get_or_init(|| Rope::from_str(self.text.get().expect("a document holds its text or its rope")))
    }

    /// Whether the contiguous text is at hand (reading it then costs nothing).
    pub fn has_text(&self) -> bool {
        self.text.get().is_some()
    }

    /// Length in bytes of the `\n` text.
    pub fn len(&self) -> usize {
        match (self.text.get(), self.rope.get()) {
            (Some(t), _) => t.len(),
            (None, Some(r)) => r.len_bytes(),
            (None, None) => 0,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// A document in `like`'s conventions holding `rope`; hash and stamp are set when it is written.
    fn from_rope(rope: Rope, line_ending: LineEnding, bom: bool) -> Document {
        let (text, rope_cell) = (OnceLock::new(), OnceLock::new());
        let _ = rope_cell.set(rope);
        Document { text, rope: rope_cell, line_ending, bom, hash: ContentHash([0; 32]), stamp: Stamp::default() }
    }

    /// Builds a document from raw file bytes; `rel` only names the file in errors.
    pub fn decode(rel: &str, bytes: Vec<u8>) -> Result<Document> {
        let hash = ContentHash::of(&bytes);
        Document::decode_hashed(rel, bytes, hash)
    }

    /// `decode` of bytes whose hash is known; the bytes become the text when they have no BOM and no
    /// `\r\n` (nothing is copied).
    pub fn decode_hashed(rel: &str, bytes: Vec<u8>, hash: ContentHash) -> Result<Document> {
        refuse_binary(rel, &bytes)?;
        let text = String::from_utf8(bytes).map_err(|e| not_utf8(rel, e.utf8_error()))?;
        let bom = text.starts_with(BOM);
        let body = if bom { &text[BOM.len()..] } else { &text };
        let line_ending = LineEnding::detect(body);
        let text = match (bom, line_ending.to_lf(body)) {
            (false, Cow::Borrowed(_)) => text,
            (_, lf) => lf.into_owned(),
        };
        Ok(Document {
            rope: OnceLock::new(),
            text: OnceLock::from(text),
            line_ending,
            bom,
            hash,
            stamp: Stamp::default(),
        })
    }

    /// The bytes to write for `rope` in this document's conventions (BOM, `\r\n` for each `\n` that
    /// lacks one), straight from the rope's chunks.
    fn encode(&self, rope: &Rope) -> Vec<u8> {
        let mut out = Vec::with_capacity(rope.len_bytes() + rope.len_bytes() / 32 + 3);
        if self.bom {
            out.extend_from_slice(BOM.as_bytes());
        }
        for chunk in rope.chunks() {
            match self.line_ending {
                LineEnding::Lf => out.extend_from_slice(chunk.as_bytes()),
                LineEnding::Crlf => {
                    for &b in chunk.as_bytes() {
                        if b == b'\n' && out.last() != Some(&b'\r') {
                            out.push(b'\r');
                        }
                        out.push(b);
                    }
                }
            }
        }
        out
    }
}

/// The bytes a write of `rope` puts on disk: in `base`'s line endings and BOM, or `\n` and no BOM for a
/// new file.
pub fn encode_like(base: Option<&Document>, rope: &Rope) -> Vec<u8> {
    let (line_ending, bom) = base.map_or((LineEnding::Lf, false), |b| (b.line_ending, b.bom));
    Document::from_rope(Rope::new(), line_ending, bom).encode(rope)
}

/// Refuses binary and non-UTF-8 content with a clear error.
pub fn decode_text<'a>(rel: &str, bytes: &'a [u8]) -> Result<&'a str> {
    refuse_binary(rel, bytes)?;
    std::str::from_utf8(bytes).map_err(|e| not_utf8(rel, e))
}

/// A NUL byte in the first 8 KB: binary.
fn refuse_binary(rel: &str, bytes: &[u8]) -> Result<()> {
    match bytes.iter().take(8192).any(|&b| b == 0) {
        true => Err(Error::Binary(rel.to_string())),
        false => Ok(()),
    }
}

fn not_utf8(rel: &str, e: std::str::Utf8Error) -> Error {
    Error::NotUtf8 { path: rel.to_string(), offset: e.valid_up_to() }
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Stamp {
    mtime: Option<SystemTime>,
    len: u64,
}

impl Stamp {
    fn of(meta: &std::fs::Metadata) -> Stamp {
        Stamp { mtime: meta.modified().ok(), len: meta.len() }
    }
}

/// Path → document, revalidated against the disk on every read.
#[derive(Default)]
pub struct FileCache {
    docs: Mutex<HashMap<PathBuf, Arc<Document>>>,
}

impl FileCache {
    pub fn new() -> Self {
        Self::default()
    }

    /// The current document for a validated file path.
    pub fn read(&self, p: &ProjectPath) -> Result<Arc<Document>> {
        let meta = std::fs::metadata(&p.abs).map_err(|e| not_found_or_io(p, "reading", e))?;
        if let Some(doc) = self.docs.lock().unwrap().get(&p.abs)
            && meta.is_file()
            && doc.stamp == Stamp::of(&meta)
        {
            return Ok(doc.clone());
        }
        Ok(self.insert(p.abs.clone(), self.load(p)?))
    }

    /// Reads a file without keeping it in the cache (for scans over many files).
    pub fn load(&self, p: &ProjectPath) -> Result<Document> {
        let (bytes, meta) = read_file(p, "reading")?;
        let mut doc = Document::decode(p.display(), bytes)?;
        doc.stamp = Stamp::of(&meta);
        Ok(doc)
    }

    /// Replaces the text of an existing file that was read as `base` with `rope`, in `base`'s line endings
    /// and BOM. Fails, writing nothing, when the file changed on disk since then.
    /// The lock is held from the last check to the rename, so arborist processes writing the same file
    /// take turns and none overwrites a version it has not seen.
    pub fn write(&self, p: &ProjectPath, base: &Document, rope: Rope) -> Result<Arc<Document>> {
        let _lock = lock_file(&p.abs).map_err(|e| Error::io("locking", p.display(), e))?;
        let meta = self.check_unchanged(p, base)?;
        let doc = Document::from_rope(rope, base.line_ending, base.bom);
        let bytes = doc.encode(doc.rope());
        self.store(p, bytes, Some(meta.permissions()), doc)
    }

    /// Fails when the file on disk is no longer the version `base`, compared by content (a writer that
    /// keeps size and mtime, as `cp -p` and `rsync -a` do, is seen too; the stale cache entry is dropped),
    /// or when its permissions allow no writes.
    pub fn check_unchanged(&self, p: &ProjectPath, base: &Document) -> Result<std::fs::Metadata> {
        let (now, meta) = read_file(p, "re-reading")?;
        if ContentHash::of(&now) != base.hash {
            self.docs.lock().unwrap().remove(&p.abs);
            return Err(Error::ChangedOnDisk(p.display().to_string()));
        }
        if meta.permissions().readonly() {
            return Err(Error::FileReadOnly(p.display().to_string()));
        }
        Ok(meta)
    }

    /// Drops a file's cached document (it changed behind the cache's back).
    pub fn forget(&self, abs: &Path) {
        self.docs.lock().unwrap().remove(abs);
    }

    /// Deletes a file and forgets it.
    pub fn delete(&self, p: &ProjectPath) -> Result<()> {
        std::fs::remove_file(&p.abs).map_err(|e| not_found_or_io(p, "deleting", e))?;
        self.docs.lock().unwrap().remove(&p.abs);
        Ok(())
    }

    /// Moves a file (parents of `to` created) and forgets the old path.
    pub fn rename(&self, from: &ProjectPath, to: &ProjectPath) -> Result<()> {
        if let Some(parent) = to.abs.parent() {
            std::fs::create_dir_all(parent).map_err(|e| Error::io("creating directories for", to.display(), e))?;
        }
        std::fs::rename(&from.abs, &to.abs).map_err(|e| not_found_or_io(from, "moving", e))?;
        self.docs.lock().unwrap().remove(&from.abs);
        Ok(())
    }

    /// Creates or overwrites a file with `rope`. An existing file keeps its line endings, BOM and
    /// permissions; a new one (or one that was not text) gets `\n` line endings.
    pub fn create(&self, p: &ProjectPath, rope: Rope) -> Result<Arc<Document>> {
        match self.read(p) {
            Ok(old) => self.write(p, &old, rope),
            Err(Error::NotFound(_)) => {
                let parent = p.abs.parent().expect("a file path has a parent");
                std::fs::create_dir_all(parent).map_err(|e| Error::io("creating directories for", p.display(), e))?;
                self.store_new(p, rope)
            }
            Err(Error::Binary(_) | Error::NotUtf8 { .. }) => self.store_new(p, rope),
            Err(e) => Err(e),
        }
    }

    fn store_new(&self, p: &ProjectPath, rope: Rope) -> Result<Arc<Document>> {
        let doc = Document::from_rope(rope, LineEnding::Lf, false);
        let bytes = doc.encode(doc.rope());
        self.store(p, bytes, None, doc)
    }

    /// Atomic write (temp file in the same directory, then rename) of `doc`'s `bytes`, then the cache
    /// entry: `doc` with the written bytes' hash and stamp.
    fn store(
        &self,
        p: &ProjectPath,
        bytes: Vec<u8>,
        perms: Option<std::fs::Permissions>,
        mut doc: Document,
    ) -> Result<Arc<Document>> {
        let target = std::fs::canonicalize(&p.abs).unwrap_or_else(|_| p.abs.clone());
        write_atomic(&target, &bytes, perms).map_err(|e| Error::io("writing", p.display(), without_path(e)))?;
        let meta = std::fs::metadata(&target).map_err(|e| Error::io("writing", p.display(), e))?;
        doc.hash = ContentHash::of(&bytes);
        doc.stamp = Stamp::of(&meta);
        Ok(self.insert(p.abs.clone(), doc))
    }

    fn insert(&self, key: PathBuf, doc: Document) -> Arc<Document> {
        let doc = Arc::new(doc);
        let mut docs = self.docs.lock().unwrap();
        let cached: usize = docs.values().map(|d| d.len()).sum();
        if cached + doc.len() > CACHE_BUDGET_BYTES {
            docs.clear();
        }
        docs.insert(key, doc.clone());
        doc
    }
}

/// An exclusive advisory lock (`flock`) on the file now at a path, released when dropped.
pub struct FileLock(#[allow(dead_code)] std::fs::File);

/// How long a writer waits for another process's write of the same file.
const LOCK_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

/// Locks the file at `path` for a write: another holder (an arborist process or thread writing the same
/// file) is waited for, up to `LOCK_WAIT`. A writer replaces the file by a rename, so once the lock is
/// taken the path must still name the locked file; if not, the new file is locked instead. `None` when
/// there is no regular file to lock (a new file).
#[cfg(unix)]
pub fn lock_file(path: &Path) -> std::io::Result<Option<FileLock>> {
    use std::os::unix::fs::MetadataExt;
    use std::os::unix::io::AsRawFd;
    let deadline = std::time::Instant::now() + LOCK_WAIT;
    loop {
        let Some((file, meta)) = arborist_syntax::fsio::open_regular(path)? else { return Ok(None) };
        while unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } != 0 {
            let e = std::io::Error::last_os_error();
            if e.kind() != std::io::ErrorKind::WouldBlock && e.kind() != std::io::ErrorKind::Interrupted {
                return Err(e);
            }
            if std::time::Instant::now() > deadline {
                return Err(std::io::Error::new(e.kind(), "another process kept writing this file for 10 s"));
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        match std::fs::metadata(path) {
            Ok(now) if now.ino() == meta.ino() && now.dev() == meta.dev() => return Ok(Some(FileLock(file))),
            _ => continue,
        }
    }
}

#[cfg(not(unix))]
pub fn lock_file(_path: &Path) -> std::io::Result<Option<FileLock>> {
    Ok(None)
}

/// The bytes of a regular file: a directory or a special file (FIFO, socket, device) is an error, and is
/// never opened in a way that could block.
fn read_file(p: &ProjectPath, op: &'static str) -> Result<(Vec<u8>, std::fs::Metadata)> {
    match arborist_syntax::fsio::read_regular(&p.abs).map_err(|e| not_found_or_io(p, op, e))? {
        Some(read) => Ok(read),
        None if p.abs.is_dir() => Err(Error::IsDirectory(p.display().to_string())),
        None => Err(Error::NotRegularFile(p.display().to_string())),
    }
}

fn not_found_or_io(p: &ProjectPath, op: &'static str, e: std::io::Error) -> Error {
    if e.kind() == std::io::ErrorKind::NotFound {
        Error::NotFound(p.display().to_string())
    } else {
        Error::io(op, p.display(), e)
    }
}

/// Writes `bytes` to a temp file beside `target`, syncs it, sets permissions and renames it over `target`.
/// An I/O error without the absolute path some wrap into their message (tempfile's `at path "/…"`):
/// answers name project-relative paths only.
fn without_path(e: std::io::Error) -> std::io::Error {
    match e.raw_os_error() {
        Some(code) => std::io::Error::from_raw_os_error(code),
        None => std::io::Error::new(e.kind(), e.kind().to_string()),
    }
}

/// Whether a file name is one of the temp files `write_atomic` writes before its rename.
pub fn is_temp_file(name: &std::ffi::OsStr) -> bool {
    name.to_str().is_some_and(|n| n.starts_with(TEMP_PREFIX) && n.ends_with(TEMP_SUFFIX))
}

/// A temp file older than this is a leftover of a killed write, not one in progress in another process.
const TEMP_STALE_AFTER: std::time::Duration = std::time::Duration::from_secs(60);
const TEMP_PREFIX: &str = ".arborist-";
const TEMP_SUFFIX: &str = ".tmp";

/// Removes a temp file of ours once it is stale (a SIGKILL between write and rename leaves one).
pub fn remove_if_stale_temp(path: &Path) {
    let age = std::fs::symlink_metadata(path).ok().and_then(|m| m.modified().ok()).and_then(|t| t.elapsed().ok());
    if age.is_some_and(|a| a > TEMP_STALE_AFTER) && std::fs::remove_file(path).is_ok() {
        tracing::info!("removed {}, left by an interrupted write", path.display());
    }
}

/// Replaces `target`'s bytes atomically: a temp file beside it, synced, given `perms` (rw-r--r-- when
/// None), then renamed over it.
pub(crate) fn write_atomic(target: &Path, bytes: &[u8], perms: Option<std::fs::Permissions>) -> std::io::Result<()> {
    let dir = target.parent().ok_or_else(|| std::io::Error::other("a file path has a parent"))?;
    let mut tmp = tempfile::Builder::new().prefix(TEMP_PREFIX).suffix(TEMP_SUFFIX).tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    if let Some(perms) = perms.or_else(default_permissions) {
        std::fs::set_permissions(tmp.path(), perms)?;
    }
    tmp.persist(target).map_err(|e| e.error)?;
    Ok(())
}

/// Permissions for new files: rw-r--r-- (temp files start out owner-only).
#[cfg(unix)]
fn default_permissions() -> Option<std::fs::Permissions> {
    use std::os::unix::fs::PermissionsExt;
    Some(std::fs::Permissions::from_mode(0o644))
}

#[cfg(not(unix))]
fn default_permissions() -> Option<std::fs::Permissions> {
    None
}
