//! The file cache: the only reader and writer of source files. Documents are ropes keyed by path,
//! revalidated by mtime and size; writes are atomic and keep line endings, BOM and permissions.

use crate::project::ProjectPath;
use arborist_syntax::error::{Error, Result};
use arborist_syntax::text::{ContentHash, LineEnding};
use ropey::Rope;
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::SystemTime;

const BOM: &str = "\u{feff}";
/// Cached text beyond this many bytes empties the cache (documents are re-read on demand).
const CACHE_BUDGET_BYTES: usize = 64 << 20;

/// A text file as the tools see it: `\n` line breaks, no BOM; how to write it back is remembered.
#[derive(Debug)]
pub struct Document {
    text: String,
    rope: OnceLock<Rope>,
    pub line_ending: LineEnding,
    pub bom: bool,
    /// Hash of the bytes on disk.
    pub hash: ContentHash,
    stamp: Stamp,
}

impl Document {
    /// The whole text with `\n` line breaks.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The text as a rope (built on first use) for line and offset conversions.
    pub fn rope(&self) -> &Rope {
        self.rope.get_or_init(|| Rope::from_str(&self.text))
    }

    /// Builds a document from raw file bytes; `rel` only names the file in errors.
    pub fn decode(rel: &str, bytes: &[u8]) -> Result<Document> {
        let text = decode_text(rel, bytes)?;
        let bom = text.starts_with(BOM);
        let body = if bom { &text[BOM.len()..] } else { text };
        let line_ending = LineEnding::detect(body);
        let text = line_ending.to_lf(body).into_owned();
        let hash = ContentHash::of(bytes);
        Ok(Document { rope: OnceLock::new(), text, line_ending, bom, hash, stamp: Stamp::default() })
    }

    /// The bytes to write for new `\n`-text in this document's conventions.
    fn encode(&self, text: &str) -> Vec<u8> {
        let body = self.line_ending.from_lf(text);
        let mut out = Vec::with_capacity(body.len() + 3);
        if self.bom {
            out.extend_from_slice(BOM.as_bytes());
        }
        out.extend_from_slice(body.as_bytes());
        out
    }
}

/// Refuses binary and non-UTF-8 content with a clear error.
pub fn decode_text<'a>(rel: &str, bytes: &'a [u8]) -> Result<&'a str> {
    if bytes.iter().take(8192).any(|&b| b == 0) {
        return Err(Error::Binary(rel.to_string()));
    }
    std::str::from_utf8(bytes).map_err(|e| Error::NotUtf8 { path: rel.to_string(), offset: e.valid_up_to() })
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
        if meta.is_dir() {
            return Err(Error::IsDirectory(p.display().to_string()));
        }
        let stamp = Stamp::of(&meta);
        if let Some(doc) = self.docs.lock().unwrap().get(&p.abs)
            && doc.stamp == stamp
        {
            return Ok(doc.clone());
        }
        let bytes = std::fs::read(&p.abs).map_err(|e| not_found_or_io(p, "reading", e))?;
        let mut doc = Document::decode(p.display(), &bytes)?;
        doc.stamp = stamp;
        Ok(self.insert(p.abs.clone(), doc))
    }

    /// Reads a file without keeping it in the cache (for scans over many files).
    pub fn load(&self, p: &ProjectPath) -> Result<Document> {
        let meta = std::fs::metadata(&p.abs).map_err(|e| not_found_or_io(p, "reading", e))?;
        if meta.is_dir() {
            return Err(Error::IsDirectory(p.display().to_string()));
        }
        let bytes = std::fs::read(&p.abs).map_err(|e| not_found_or_io(p, "reading", e))?;
        let mut doc = Document::decode(p.display(), &bytes)?;
        doc.stamp = Stamp::of(&meta);
        Ok(doc)
    }

    /// Replaces the text of an existing file that was read as `base`. Fails, writing nothing, when the
    /// file changed on disk since then.
    pub fn write(&self, p: &ProjectPath, base: &Document, new_text: &str) -> Result<Arc<Document>> {
        let meta = self.check_unchanged(p, base)?;
        self.store(p, base.encode(new_text), Some(meta.permissions()))
    }

    /// Fails when the file on disk is no longer the version `base` (same stamp, or else the same bytes).
    pub fn check_unchanged(&self, p: &ProjectPath, base: &Document) -> Result<std::fs::Metadata> {
        let meta = std::fs::metadata(&p.abs).map_err(|e| not_found_or_io(p, "writing", e))?;
        if Stamp::of(&meta) != base.stamp {
            let now = std::fs::read(&p.abs).map_err(|e| Error::io("re-reading", p.display(), e))?;
            if ContentHash::of(&now) != base.hash {
                return Err(Error::ChangedOnDisk(p.display().to_string()));
            }
        }
        Ok(meta)
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

    /// Creates or overwrites a file. An existing file keeps its line endings, BOM and permissions.
    pub fn create(&self, p: &ProjectPath, text: &str) -> Result<Arc<Document>> {
        match self.read(p) {
            Ok(old) => self.write(p, &old, text),
            Err(Error::NotFound(_)) => {
                let parent = p.abs.parent().expect("a file path has a parent");
                std::fs::create_dir_all(parent).map_err(|e| Error::io("creating directories for", p.display(), e))?;
                self.store(p, text.as_bytes().to_vec(), None)
            }
            Err(Error::Binary(_) | Error::NotUtf8 { .. }) => self.store(p, text.as_bytes().to_vec(), None),
            Err(e) => Err(e),
        }
    }

    /// Atomic write (temp file in the same directory, then rename), then refresh the cache entry.
    fn store(&self, p: &ProjectPath, bytes: Vec<u8>, perms: Option<std::fs::Permissions>) -> Result<Arc<Document>> {
        let target = std::fs::canonicalize(&p.abs).unwrap_or_else(|_| p.abs.clone());
        write_atomic(&target, &bytes, perms).map_err(|e| Error::io("writing", p.display(), e))?;
        let meta = std::fs::metadata(&target).map_err(|e| Error::io("writing", p.display(), e))?;
        let mut doc = Document::decode(p.display(), &bytes)?;
        doc.stamp = Stamp::of(&meta);
        Ok(self.insert(p.abs.clone(), doc))
    }

    fn insert(&self, key: PathBuf, doc: Document) -> Arc<Document> {
        let doc = Arc::new(doc);
        let mut docs = self.docs.lock().unwrap();
        let cached: usize = docs.values().map(|d| d.text.len()).sum();
        if cached + doc.text.len() > CACHE_BUDGET_BYTES {
            docs.clear();
        }
        docs.insert(key, doc.clone());
        doc
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
fn write_atomic(target: &Path, bytes: &[u8], perms: Option<std::fs::Permissions>) -> std::io::Result<()> {
    let dir = target.parent().expect("a file path has a parent");
    let mut tmp = tempfile::Builder::new().prefix(".arborist-").suffix(".tmp").tempfile_in(dir)?;
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
