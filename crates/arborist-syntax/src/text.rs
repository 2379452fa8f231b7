//! Text primitives: content hashes, line endings, line/byte conversions and byte-range edits, and
//! `Source`: read access to a text whether it is one string or a rope's chunks. Positions are byte
//! offsets; lines are 0-based and break at `\n` only. Nothing here touches the file system.

use ropey::Rope;
use sha2::{Digest, Sha256};
use std::borrow::Cow;
use std::ops::Range;

/// Read access to a text, contiguous (`str`) or in chunks (a `Rope`): what parsing, queries, symbol
/// extraction and edit planning need, so an edited document is never copied into one string.
pub trait Source {
    /// Length in bytes.
    fn len(&self) -> usize;
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The text of a byte range (borrowed when it is contiguous).
    fn slice(&self, range: Range<usize>) -> Cow<'_, str>;
    /// The bytes of a range as chunks, in order (for query predicates).
    fn chunks(&self, range: Range<usize>) -> impl Iterator<Item = &[u8]>;
    /// The text from `byte` to the end of the chunk that holds it (empty at the end), for a parser.
    fn chunk_from(&self, byte: usize) -> &[u8];
    fn byte(&self, i: usize) -> u8;
    /// 0-based line of a byte offset.
    fn line_of(&self, byte: usize) -> usize;
    /// Where line `line` starts; the length for a line past the end.
    fn line_to_byte(&self, line: usize) -> usize;

    /// Row and byte column of a byte offset.
    fn point(&self, byte: usize) -> tree_sitter::Point {
        let row = self.line_of(byte);
        tree_sitter::Point { row, column: byte - self.line_to_byte(row) }
    }

    /// Where the line holding `byte` starts.
    fn line_start(&self, byte: usize) -> usize {
        self.line_to_byte(self.line_of(byte))
    }

    /// Where the line holding `byte` ends: its `\n`, or the end of the text.
    fn line_end(&self, byte: usize) -> usize {
        let next = self.line_to_byte(self.line_of(byte) + 1);
        if next > byte && next <= self.len() && next > 0 && self.byte(next - 1) == b'\n' {
            next - 1
        } else {
            self.len()
        }
    }
}

impl Source for str {
    fn len(&self) -> usize {
        str::len(self)
    }

    fn slice(&self, range: Range<usize>) -> Cow<'_, str> {
        Cow::Borrowed(&self[range])
    }

    fn chunks(&self, range: Range<usize>) -> impl Iterator<Item = &[u8]> {
        std::iter::once(&self.as_bytes()[range])
    }

    fn chunk_from(&self, byte: usize) -> &[u8] {
        self.as_bytes().get(byte..).unwrap_or_default()
    }

    fn byte(&self, i: usize) -> u8 {
        self.as_bytes()[i]
    }

    fn line_of(&self, byte: usize) -> usize {
        memchr_count(&self.as_bytes()[..byte], b'\n')
    }

    fn line_to_byte(&self, line: usize) -> usize {
        if line == 0 {
            return 0;
        }
        self.match_indices('\n').nth(line - 1).map_or(self.len(), |(i, _)| i + 1)
    }

    fn line_start(&self, byte: usize) -> usize {
        self[..byte].rfind('\n').map_or(0, |i| i + 1)
    }

    fn line_end(&self, byte: usize) -> usize {
        self[byte..].find('\n').map_or(self.len(), |i| byte + i)
    }
}

/// A `String` reads as its `str`.
impl Source for String {
    fn len(&self) -> usize {
        self.as_str().len()
    }

    fn slice(&self, range: Range<usize>) -> Cow<'_, str> {
        Source::slice(self.as_str(), range)
    }

    fn chunks(&self, range: Range<usize>) -> impl Iterator<Item = &[u8]> {
        Source::chunks(self.as_str(), range)
    }

    fn chunk_from(&self, byte: usize) -> &[u8] {
        self.as_str().chunk_from(byte)
    }

    fn byte(&self, i: usize) -> u8 {
        self.as_bytes()[i]
    }

    fn line_of(&self, byte: usize) -> usize {
        self.as_str().line_of(byte)
    }

    fn line_to_byte(&self, line: usize) -> usize {
        self.as_str().line_to_byte(line)
    }

    fn line_start(&self, byte: usize) -> usize {
        self.as_str().line_start(byte)
    }

    fn line_end(&self, byte: usize) -> usize {
        self.as_str().line_end(byte)
    }
}

impl Source for Rope {
    fn len(&self) -> usize {
        self.len_bytes()
    }

    fn slice(&self, range: Range<usize>) -> Cow<'_, str> {
        self.byte_slice(range).into()
    }

    fn chunks(&self, range: Range<usize>) -> impl Iterator<Item = &[u8]> {
        self.byte_slice(range).chunks().map(str::as_bytes)
    }

    fn chunk_from(&self, byte: usize) -> &[u8] {
        if byte >= self.len_bytes() {
            return &[];
        }
        let (chunk, start, _, _) = self.chunk_at_byte(byte);
        &chunk.as_bytes()[byte - start..]
    }

    fn byte(&self, i: usize) -> u8 {
        Rope::byte(self, i)
    }

    fn line_of(&self, byte: usize) -> usize {
        self.byte_to_line(byte)
    }

    fn line_to_byte(&self, line: usize) -> usize {
        if line >= self.len_lines() { self.len_bytes() } else { Rope::line_to_byte(self, line) }
    }
}

/// SHA-256 of a file's or block's bytes; agents pass its hex form back to guard their next edit.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ContentHash(pub [u8; 32]);

/// `ContentHash::of` bytes given in parts.
pub struct ContentHasher(Sha256);

impl ContentHasher {
    pub fn update(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }

    pub fn finish(self) -> ContentHash {
        ContentHash(self.0.finalize().into())
    }
}

impl ContentHash {
    pub fn of(bytes: &[u8]) -> Self {
        ContentHash(Sha256::digest(bytes).into())
    }

    /// A hash of bytes given in parts (`ContentHash::of` their concatenation).
    pub fn hasher() -> ContentHasher {
        ContentHasher(Sha256::new())
    }

    /// Full lowercase hex (64 characters).
    pub fn hex(&self) -> String {
        hex(&self.0)
    }

    /// First 16 hex characters: enough to detect a stale id in an answer.
    pub fn short(&self) -> String {
        hex(&self.0[..8])
    }
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(DIGITS[(b >> 4) as usize] as char);
        s.push(DIGITS[(b & 15) as usize] as char);
    }
    s
}

/// How a file ends its lines. Mixed files are kept byte-for-byte (treated as `Lf`, `\r` stays in the text).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LineEnding {
    Lf,
    Crlf,
}

impl LineEnding {
    /// `Crlf` only when every `\n` is preceded by `\r` (and there is at least one).
    pub fn detect(text: &str) -> Self {
        // most files have no `\r` at all: one scan for it settles them
        if memchr::memchr(b'\r', text.as_bytes()).is_none() {
            return LineEnding::Lf;
        }
        let lf = memchr_count(text.as_bytes(), b'\n');
        let crlf = text.matches("\r\n").count();
        if lf > 0 && lf == crlf { LineEnding::Crlf } else { LineEnding::Lf }
    }

    /// Text as the tools see it: `\n` line breaks.
    pub fn to_lf<'a>(self, text: &'a str) -> Cow<'a, str> {
        match self {
            LineEnding::Lf => Cow::Borrowed(text),
            LineEnding::Crlf => Cow::Owned(text.replace("\r\n", "\n")),
        }
    }

    /// Text as it goes back to disk.
    pub fn from_lf<'a>(self, text: &'a str) -> Cow<'a, str> {
        match self {
            LineEnding::Lf => Cow::Borrowed(text),
            LineEnding::Crlf => Cow::Owned(text.replace("\r\n", "\n").replace('\n', "\r\n")),
        }
    }
}

fn memchr_count(bytes: &[u8], needle: u8) -> usize {
    bytes.iter().filter(|&&b| b == needle).count()
}

/// Byte offset where each line starts; a trailing newline does not open an extra line.
pub fn line_starts(text: &str) -> Vec<usize> {
    let mut starts = vec![0];
    starts.extend(text.match_indices('\n').map(|(i, _)| i + 1).filter(|&i| i < text.len()));
    starts
}

/// Number of lines as an editor counts them (an empty file has 0, "a\n" has 1, "a\nb" has 2).
pub fn line_count(text: &str) -> usize {
    if text.is_empty() { 0 } else { line_starts(text).len() }
}

/// 0-based line of a byte offset, given `line_starts`.
pub fn line_of(starts: &[usize], byte: usize) -> usize {
    starts.partition_point(|&s| s <= byte).saturating_sub(1)
}

/// Byte range of lines `first..=last` including the final line break (if any).
pub fn lines_range(text: &str, starts: &[usize], first: usize, last: usize) -> Range<usize> {
    let start = starts[first];
    let end = starts.get(last + 1).copied().unwrap_or(text.len());
    start..end
}

/// Byte offset of (0-based line, UTF-16 column), clamped to the line.
pub fn utf16_to_byte(text: &str, starts: &[usize], line: usize, col16: usize) -> Option<usize> {
    let start = *starts.get(line)?;
    let line_text = text[start..].split('\n').next().unwrap_or("");
    let mut units = 0;
    for (i, c) in line_text.char_indices() {
        if units >= col16 {
            return Some(start + i);
        }
        units += c.len_utf16();
    }
    Some(start + line_text.len())
}

/// UTF-16 column of a byte offset on its line.
pub fn byte_to_utf16_col(text: &str, starts: &[usize], byte: usize) -> usize {
    let line_start = starts[line_of(starts, byte)];
    text[line_start..byte].encode_utf16().count()
}

/// One replacement of a byte range. A set of edits is sorted and disjoint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextEdit {
    pub range: Range<usize>,
    pub new_text: String,
}

/// Applies sorted, disjoint edits; returns None if they overlap or run past the end.
pub fn apply_edits(text: &str, edits: &[TextEdit]) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for e in edits {
        if e.range.start < at || e.range.end > text.len() || e.range.start > e.range.end {
            return None;
        }
        out.push_str(&text[at..e.range.start]);
        out.push_str(&e.new_text);
        at = e.range.end;
    }
    out.push_str(&text[at..]);
    Some(out)
}

/// Applies sorted, disjoint edits to a rope in place (last first, so earlier offsets stay valid); false,
/// changing nothing, if they overlap or run past the end.
pub fn apply_edits_to_rope(rope: &mut Rope, edits: &[TextEdit]) -> bool {
    let sorted = edits.windows(2).all(|w| w[0].range.end <= w[1].range.start);
    if !sorted || edits.iter().any(|e| e.range.start > e.range.end || e.range.end > rope.len_bytes()) {
        return false;
    }
    for e in edits.iter().rev() {
        let (start, end) = (rope.byte_to_char(e.range.start), rope.byte_to_char(e.range.end));
        rope.remove(start..end);
        rope.insert(start, &e.new_text);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rope_and_a_string_answer_alike() {
        let text = "fn a() {}\n\n  let ü = 1;\nlast";
        let rope = Rope::from_str(text);
        for byte in [0, 3, 10, 11, 14, text.len()] {
            assert_eq!(Source::point(text, byte), Source::point(&rope, byte), "{byte}");
            assert_eq!(Source::line_start(text, byte), Source::line_start(&rope, byte), "{byte}");
            assert_eq!(Source::line_end(text, byte), Source::line_end(&rope, byte), "{byte}");
        }
        assert_eq!(Source::slice(&rope, 11..24), Source::slice(text, 11..24));
        let mut edited = rope.clone();
        let e = |a, b, s: &str| TextEdit { range: a..b, new_text: s.into() };
        assert!(apply_edits_to_rope(&mut edited, &[e(3, 4, "bc"), e(17, 19, "ö")]));
        assert_eq!(edited.to_string(), apply_edits(text, &[e(3, 4, "bc"), e(17, 19, "ö")]).unwrap());
        assert!(!apply_edits_to_rope(&mut edited, &[e(3, 5, ""), e(4, 6, "")]));
    }

    #[test]
    fn line_endings_round_trip() {
        assert_eq!(LineEnding::detect("a\r\nb\r\n"), LineEnding::Crlf);
        assert_eq!(LineEnding::detect("a\r\nb\n"), LineEnding::Lf);
        assert_eq!(LineEnding::detect("ab"), LineEnding::Lf);
        let le = LineEnding::Crlf;
        assert_eq!(le.from_lf(&le.to_lf("x\r\ny\r\n")), "x\r\ny\r\n");
    }

    #[test]
    fn lines_and_offsets() {
        let t = "a\nbb\nccc";
        let s = line_starts(t);
        assert_eq!(s, vec![0, 2, 5]);
        assert_eq!(line_of(&s, 3), 1);
        assert_eq!(&t[lines_range(t, &s, 1, 1)], "bb\n");
        assert_eq!(line_count("a\n"), 1);
        assert_eq!(line_count(""), 0);
    }

    #[test]
    fn edits_apply_in_order_and_reject_overlap() {
        let e = |a, b, s: &str| TextEdit { range: a..b, new_text: s.into() };
        assert_eq!(apply_edits("hello world", &[e(0, 5, "bye"), e(6, 11, "all")]).unwrap(), "bye all");
        assert!(apply_edits("hello", &[e(0, 3, ""), e(2, 4, "")]).is_none());
    }

    #[test]
    fn hashes_are_hex() {
        let h = ContentHash::of(b"abc");
        assert_eq!(h.hex(), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assert_eq!(h.short(), "ba7816bf8f01cfea");
    }
}
