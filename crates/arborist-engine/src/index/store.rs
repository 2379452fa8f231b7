//! The persistent index file `.arborist/cache/symbols-v1.bin`: a versioned, checksummed binary dump of
//! per-file symbol tables and identifier sets, in chunks that load in parallel (each with the symbol
//! names of its files once, which the symbols refer to by place). Safe to delete; a file that fails any
//! check is ignored as a whole.

use super::FileEntry;
use arborist_syntax::identifiers::Identifiers;
use arborist_syntax::language;
use arborist_syntax::name::Name;
use arborist_syntax::query::SymbolKind;
use arborist_syntax::symbols::{FileSymbols, SymbolParts};
use arborist_syntax::text::ContentHash;
use std::io::{Read, Seek, Write};
use std::path::Path;
use std::sync::Arc;

const MAGIC: &[u8; 8] = b"ARBIDX\x00\x01";
/// Bump when the symbol model, the queries or this layout change meaning.
pub const FORMAT_VERSION: u32 = 13;

/// Entries per chunk at most: the unit a load decodes in parallel, and what a save holds encoded at once.
const CHUNK: usize = 256;
/// A chunk ends after the entry that takes its encoding past this size, so that a save holds little
/// at once even where large generated files come together (a chunk of 256 of them: tens of MB).
const CHUNK_BYTES: usize = 1 << 20;

/// Writes the dump of entries to `out`, part after part: each chunk of entries is encoded, written after
/// its length, number of entries and checksum, and dropped (no copy of the whole in memory). The
/// checksum after the magic covers everything after it but the chunks' bytes, which their own checksums
/// cover (a load checks each chunk where it decodes it, in parallel).
pub fn write_dump(out: &mut (impl Write + Seek), entries: &[&FileEntry]) -> std::io::Result<()> {
    out.write_all(MAGIC)?;
    out.write_all(&[0; 32])?;
    let mut sum = ContentHash::hasher();
    // (bytes, whether the checksum after the magic covers them)
    let mut put = |bytes: &[u8], summed: bool| {
        if summed {
            sum.update(bytes);
        }
        out.write_all(bytes)
    };
    let mut w = Writer(Vec::new());
    w.u32(FORMAT_VERSION);
    w.str(env!("CARGO_PKG_VERSION"));
    w.0.extend_from_slice(&language::fingerprint().0);
    w.u32(entries.len() as u32);
    w.u32(distinct_names(entries));
    put(&w.0, true)?;
    let (mut c, mut body) = (Writer(Vec::new()), Writer(Vec::new()));
    let mut chunk_names = ChunkNames::default();
    let mut rest = entries;
    while !rest.is_empty() {
        body.0.clear();
        chunk_names.clear();
        let mut count = 0;
        while count < rest.len().min(CHUNK) && (count == 0 || body.0.len() < CHUNK_BYTES) {
            write_entry(&mut body, &mut chunk_names, rest[count]);
            count += 1;
        }
        rest = &rest[count..];
        c.0.clear();
        c.u32(chunk_names.order.len() as u32);
        chunk_names.order.iter().for_each(|n| c.str(n));
        c.0.extend_from_slice(&body.0);
        put(&(c.0.len() as u64).to_le_bytes(), true)?;
        put(&(count as u32).to_le_bytes(), true)?;
        put(&chunk_sum(&c.0).to_le_bytes(), true)?;
        put(&c.0, false)?;
    }
    out.seek(std::io::SeekFrom::Start(MAGIC.len() as u64))?;
    out.write_all(&sum.finish().0)?;
    out.flush()
}

/// The checksum of a chunk's bytes: a fast 64-bit hash (a damaged cache only costs a rebuild; SHA-256 over
/// every chunk was a tenth of a warm load's CPU).
fn chunk_sum(bytes: &[u8]) -> u64 {
    use std::hash::BuildHasher;
    foldhash::fast::FixedState::with_seed(0xa4b0_c5e7).hash_one(bytes)
}

/// How many names the entries' symbols have, each counted once.
fn distinct_names(entries: &[&FileEntry]) -> u32 {
    let mut seen = Vec::<u64>::new();
    let mut count = 0;
    for entry in entries {
        for name in entry.symbols.names() {
            let (word, bit) = (name.index() / 64, 1 << (name.index() % 64));
            if word >= seen.len() {
                seen.resize(word + 1, 0);
            }
            count += u32::from(seen[word] & bit == 0);
            seen[word] |= bit;
        }
    }
    count
}

/// Parses a dump of `len` bytes as it is read; None if it is from another version or damaged in any way.
/// One chunk at a time is read when a thread is free to check and decode it, so no more than a few
/// chunks' bytes are held at once, never the whole dump.
fn decode_from(input: impl Read + Send, len: u64) -> Option<Vec<Arc<FileEntry>>> {
    let mut input = Checksummed { input, sum: ContentHash::hasher() };
    let (magic, sum) = (input.raw::<8>()?, input.raw::<32>()?);
    if &magic != MAGIC
        || input.u32()? != FORMAT_VERSION
        || input.bytes()? != env!("CARGO_PKG_VERSION").as_bytes()
        || input.take(32)? != language::fingerprint().0
    {
        return None;
    }
    let n = input.u32()? as usize;
    // room for the names at once, not table growth after growth; a damaged count is not believed past
    // one name for each 32 bytes of the dump (a name takes its text's length and a symbol's record)
    arborist_syntax::name::Name::reserve((input.u32()? as usize).min(usize::try_from(len / 32).ok()?));
    // each chunk: its length, its number of entries, its checksum, then its names and entries
    let (mut listed, mut chunks) = (0usize, 0usize);
    let read = std::iter::from_fn(|| {
        if listed == n {
            return None;
        }
        let len = usize::try_from(input.u64()?).ok()?;
        let count = input.u32()? as usize;
        if count == 0 || count > n - listed {
            return None;
        }
        let sum = input.u64()?;
        listed += count;
        chunks += 1;
        Some((chunks - 1, count, sum, input.take_unsummed(len)?))
    });
    use rayon::prelude::*;
    let check_and_read = |count, sum, bytes: Vec<u8>| (chunk_sum(&bytes) == sum).then(|| read_chunk(&bytes, count))?;
    let mut decoded: Vec<(usize, Option<Vec<Arc<FileEntry>>>)> =
        read.par_bridge().map(|(i, count, sum, bytes)| (i, check_and_read(count, sum, bytes))).collect();
    if listed != n || decoded.len() != chunks {
        return None;
    }
    decoded.sort_unstable_by_key(|(i, _)| *i);
    let mut entries = Vec::with_capacity(n);
    for (_, chunk) in decoded {
        entries.extend(chunk?);
    }
    input.at_end()?;
    (input.sum.finish().0 == sum).then_some(entries)
}

/// The entries of one chunk, which holds exactly `size` of them after the names its symbols have.
fn read_chunk(chunk: &[u8], size: usize) -> Option<Vec<Arc<FileEntry>>> {
    let mut r = Reader(chunk);
    let count = r.u32()? as usize;
    let names = r.list(count, |r| r.str().map(Name::new))?;
    let entries = r.list(size, |r| read_entry(r, &names).map(Arc::new))?;
    r.0.is_empty().then_some(entries)
}

/// The symbol names of one chunk, each once, by their place in it: a chunk's files share many names
/// (`new`, `__init__`, `String`), so each is written, and interned at load, once a chunk.
#[derive(Default)]
struct ChunkNames {
    places: foldhash::HashMap<Name, u32>,
    order: Vec<Name>,
}

impl ChunkNames {
    fn clear(&mut self) {
        self.places.clear();
        self.order.clear();
    }

    /// The name's place in the chunk, given it on its first use.
    fn place(&mut self, name: Name) -> u32 {
        *self.places.entry(name).or_insert_with(|| {
            self.order.push(name);
            (self.order.len() - 1) as u32
        })
    }
}

/// A dump being read, with the checksum of what was read after the magic and the sum itself.
struct Checksummed<R> {
    input: R,
    sum: arborist_syntax::text::ContentHasher,
}

impl<R: Read> Checksummed<R> {
    /// The next `N` bytes, not summed (the magic and the sum).
    fn raw<const N: usize>(&mut self) -> Option<[u8; N]> {
        let mut bytes = [0; N];
        self.input.read_exact(&mut bytes).ok()?;
        Some(bytes)
    }
    /// The next `n` bytes, summed.
    fn take(&mut self, n: usize) -> Option<Vec<u8>> {
        let bytes = self.take_unsummed(n)?;
        self.sum.update(&bytes);
        Some(bytes)
    }
    /// The next `n` bytes, not summed (a chunk's, which its own checksum covers); None when the dump
    /// ends first (a length read from a damaged dump may be huge: the bytes are read as they come, never
    /// allocated up front).
    fn take_unsummed(&mut self, n: usize) -> Option<Vec<u8>> {
        let mut bytes = Vec::with_capacity(n.min(1 << 20));
        (&mut self.input).take(n as u64).read_to_end(&mut bytes).ok()?;
        (bytes.len() == n).then_some(bytes)
    }
    /// The next `N` bytes, summed.
    fn array<const N: usize>(&mut self) -> Option<[u8; N]> {
        let bytes = self.raw::<N>()?;
        self.sum.update(&bytes);
        Some(bytes)
    }
    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.array()?))
    }
    fn u64(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.array()?))
    }
    /// A string's bytes, after their length.
    fn bytes(&mut self) -> Option<Vec<u8>> {
        let n = self.u32()? as usize;
        self.take(n)
    }
    /// Some when nothing follows.
    fn at_end(&mut self) -> Option<()> {
        let mut byte = [0];
        matches!(self.input.read(&mut byte), Ok(0)).then_some(())
    }
}

/// Writes the dump atomically under `dir` (created with a `.gitignore` so it is never committed).
pub fn save(dir: &Path, entries: &[&FileEntry]) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let ignore = dir.join(".gitignore");
    if !ignore.exists() {
        std::fs::write(ignore, "*\n")?;
    }
    let tmp = tempfile::NamedTempFile::new_in(dir)?;
    let mut out = std::io::BufWriter::new(tmp);
    write_dump(&mut out, entries)?;
    out.into_inner().map_err(|e| e.into_error())?.persist(dir.join(FILE_NAME)).map_err(|e| e.error)?;
    Ok(())
}

pub const FILE_NAME: &str = "symbols-v1.bin";

/// Whether the dump could be written under `dir`: a temp file is created (and removed) in `dir`, or in
/// its nearest existing ancestor when `dir` is not there yet, without creating `dir`.
pub fn check_writable(dir: &Path) -> std::io::Result<()> {
    let existing = dir.ancestors().find(|d| d.is_dir()).unwrap_or(dir);
    tempfile::Builder::new().prefix(".arborist-probe").tempfile_in(existing).map(drop)
}

/// The saved index; None when there is no usable dump (a damaged one or one from another version is
/// said in the log, and rebuilt by the caller).
pub(super) fn load(dir: &Path) -> Option<Vec<Arc<FileEntry>>> {
    let (file, meta) = arborist_syntax::fsio::open_regular(&dir.join(FILE_NAME)).ok()??;
    let entries = decode_from(std::io::BufReader::with_capacity(1 << 20, file), meta.len());
    if entries.is_none() {
        tracing::info!("{FILE_NAME} is damaged or from another version; the index is rebuilt");
    }
    entries
}

fn write_entry(w: &mut Writer, names: &mut ChunkNames, e: &FileEntry) {
    w.str(&e.rel);
    w.str(e.lang.name());
    w.u64(e.stamp.mtime_ns);
    w.u64(e.stamp.len);
    w.0.extend_from_slice(&e.hash.0);
    w.u32(e.symbols.roots.len() as u32);
    e.symbols.roots.iter().for_each(|&r| w.u32(r));
    w.u32(e.symbols.len() as u32);
    for i in 0..e.symbols.len() as u32 {
        write_symbol(w, names, &e.symbols, i);
    }
    w.u32(e.symbols.supertypes.len() as u32);
    for (i, name) in &e.symbols.supertypes {
        w.u32(*i);
        w.str(name);
    }
    let identifiers = e.identifiers.as_stored();
    w.u32(identifiers.len() as u32);
    identifiers.iter().for_each(|&h| w.u32(h));
}

fn write_symbol(w: &mut Writer, names: &mut ChunkNames, fs: &FileSymbols, i: u32) {
    let s = fs.get(i);
    w.u32(names.place(s.name));
    w.0.push(s.kind.number());
    for v in
        [s.range.start, s.range.end, s.start_line, s.end_line, s.name_range.start, s.name_range.end, s.signature_end]
    {
        w.u32(v);
    }
    let (doc, children) = (fs.doc(i), fs.children(i));
    w.opt_u32(doc.as_ref().map(|d| d.start));
    w.opt_u32(doc.map(|d| d.end));
    w.opt_str(fs.detail(i));
    w.opt_u32(s.parent());
    w.u32(children.len() as u32);
    children.iter().for_each(|&c| w.u32(c));
    w.opt_u32(s.overload().map(u32::from));
}

fn read_entry(r: &mut Reader, names: &[Name]) -> Option<FileEntry> {
    let rel = r.str()?.to_string();
    let lang = language::by_name(r.str()?)?;
    let stamp = super::Stamp { mtime_ns: r.u64()?, len: r.u64()? };
    let hash = ContentHash(r.take(32)?.try_into().ok()?);
    let count = r.u32()? as usize;
    let roots = r.list(count, Reader::u32)?;
    let n = r.u32()? as usize;
    let symbols = r.list(n, |r| read_symbol(r, names))?;
    let count = r.u32()? as usize;
    let supertypes = r.list(count, |r| Some((r.u32()?, r.str()?.to_string())))?;
    let count = r.u32()? as usize;
    let identifiers = Identifiers::from_stored(r.list(count, Reader::u32)?)?;
    let valid = |i: &u32| (*i as usize) < n;
    let links_ok = symbols.iter().all(|s| s.children.iter().all(valid) && s.parent.is_none_or(|p| valid(&p)));
    if !roots.iter().all(valid) || !links_ok || !supertypes.iter().all(|(i, _)| valid(i)) {
        return None;
    }
    let symbols = FileSymbols::assemble(symbols, roots, supertypes);
    Some(FileEntry::new(rel, lang, stamp, hash, (symbols, identifiers)))
}

fn read_symbol(r: &mut Reader, names: &[Name]) -> Option<SymbolParts> {
    let name = *names.get(r.u32()? as usize)?;
    let kind = SymbolKind::from_number(r.take(1)?[0] as i64)?;
    let mut v = [0u32; 7];
    for slot in &mut v {
        *slot = r.u32()?;
    }
    let (doc_start, doc_end) = (r.opt_u32()?, r.opt_u32()?);
    let detail = r.opt_str()?;
    let parent = r.opt_u32()?;
    let count = r.u32()? as usize;
    let children = r.list(count, Reader::u32)?;
    let overload = r.opt_u32()?.map(u16::try_from).transpose().ok()?;
    Some(SymbolParts {
        name,
        kind,
        range: v[0]..v[1],
        start_line: v[2],
        end_line: v[3],
        name_range: v[4]..v[5],
        signature_end: v[6],
        doc: doc_start.zip(doc_end).map(|(a, b)| a..b),
        detail,
        parent,
        children,
        overload,
    })
}

struct Writer(Vec<u8>);

impl Writer {
    fn u32(&mut self, v: u32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn u64(&mut self, v: u64) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn str(&mut self, s: &str) {
        self.u32(s.len() as u32);
        self.0.extend_from_slice(s.as_bytes());
    }
    fn opt_u32(&mut self, v: Option<u32>) {
        self.u32(v.map_or(u32::MAX, |v| v));
    }
    fn opt_str(&mut self, s: Option<&str>) {
        match s {
            Some(s) => {
                self.0.push(1);
                self.str(s);
            }
            None => self.0.push(0),
        }
    }
}

struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let (head, tail) = self.0.split_at_checked(n)?;
        self.0 = tail;
        Some(head)
    }
    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }
    fn u64(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.take(8)?.try_into().ok()?))
    }
    fn str(&mut self) -> Option<&'a str> {
        let n = self.u32()? as usize;
        std::str::from_utf8(self.take(n)?).ok()
    }
    /// `n` items read by `item`, in a vector of exactly their number (each item takes 4 bytes or more: a
    /// count from a damaged dump cannot allocate more than the bytes left).
    fn list<T>(&mut self, n: usize, mut item: impl FnMut(&mut Self) -> Option<T>) -> Option<Vec<T>> {
        let mut items = Vec::with_capacity(n.min(self.0.len() / 4));
        for _ in 0..n {
            items.push(item(self)?);
        }
        Some(items)
    }
    fn opt_u32(&mut self) -> Option<Option<u32>> {
        let v = self.u32()?;
        Some((v != u32::MAX).then_some(v))
    }
    fn opt_str(&mut self) -> Option<Option<Box<str>>> {
        match self.take(1)?[0] {
            0 => Some(None),
            1 => Some(Some(self.str()?.into())),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(i: usize) -> FileEntry {
        entry_of(i, 1)
    }

    /// Entry `i`, a file of `defs` functions.
    fn entry_of(i: usize, defs: usize) -> FileEntry {
        let lang = language::by_name("python").unwrap();
        let text: String = (0..defs).map(|j| format!("def f{i}_{j}():\n    pass\n")).collect();
        let tree = arborist_syntax::syntax::parse(lang, &text).unwrap();
        FileEntry::new(
            format!("m{i}.py"),
            lang,
            super::super::Stamp { mtime_ns: i as u64, len: text.len() as u64 },
            ContentHash::of(text.as_bytes()),
            (FileSymbols::extract(lang, &tree, text.as_str()), Identifiers::collect(lang, &tree, text.as_str())),
        )
    }

    fn encode(entries: &[&FileEntry]) -> Vec<u8> {
        let mut out = std::io::Cursor::new(Vec::new());
        write_dump(&mut out, entries).unwrap();
        out.into_inner()
    }

    #[test]
    fn a_dump_of_several_chunks_loads_whole_and_a_damaged_one_not_at_all() {
        let entries: Vec<FileEntry> = (0..2500).map(entry).collect();
        let refs: Vec<&FileEntry> = entries.iter().collect();
        let bytes = encode(&refs);
        let saved = decode_from(&bytes[..], bytes.len() as u64).expect("a whole dump loads");
        assert_eq!(saved.len(), 2500);
        let same = |(a, b): (&FileEntry, &FileEntry)| {
            a.rel == b.rel && a.stamp == b.stamp && a.symbols.get(0).name == b.symbols.get(0).name
        };
        assert!(saved.iter().map(|e| e.as_ref()).zip(&entries).all(same));
        // a flipped bit in the header, in the first chunk's length, count and checksum, in its names, in
        // the middle and at the end
        let header = MAGIC.len() + 32 + 4 + 4 + env!("CARGO_PKG_VERSION").len() + 32 + 4 + 4;
        for at in [MAGIC.len() + 33, header + 1, header + 9, header + 13, header + 25, bytes.len() / 2, bytes.len() - 1]
        {
            let mut damaged = bytes.clone();
            damaged[at] ^= 1;
            assert!(decode_from(&damaged[..], damaged.len() as u64).is_none(), "a flipped bit at {at}");
        }
        assert!(decode_from(&bytes[..bytes.len() - 1], bytes.len() as u64 - 1).is_none(), "a cut dump");
    }

    #[test]
    fn large_entries_end_their_chunk_early_and_load_whole() {
        // two files whose symbols alone take more than a chunk's bytes, among small ones
        let entries: Vec<FileEntry> = (0..6).map(|i| entry_of(i, if i % 3 == 1 { 25_000 } else { 2 })).collect();
        let refs: Vec<&FileEntry> = entries.iter().collect();
        let bytes = encode(&refs);
        assert!(bytes.len() > 2 * CHUNK_BYTES);
        let saved = decode_from(&bytes[..], bytes.len() as u64).expect("a whole dump loads");
        let symbols = |e: &FileEntry| e.symbols.names().collect::<Vec<_>>();
        assert_eq!(
            saved.iter().map(|e| symbols(e)).collect::<Vec<_>>(),
            entries.iter().map(symbols).collect::<Vec<_>>()
        );
        assert_eq!(chunk_counts(&bytes), [2, 3, 1], "a chunk ends after each large file");
    }

    /// The number of entries of each chunk of a dump.
    fn chunk_counts(bytes: &[u8]) -> Vec<u32> {
        let mut r = Reader(&bytes[MAGIC.len() + 32..]);
        r.u32().unwrap();
        r.str().unwrap();
        r.take(32).unwrap();
        r.u32().unwrap(); // entries
        r.u32().unwrap(); // names
        let mut counts = Vec::new();
        while let Some(len) = r.u64() {
            counts.push(r.u32().unwrap());
            r.u64().unwrap(); // checksum
            r.take(len as usize).unwrap();
        }
        counts
    }
}
