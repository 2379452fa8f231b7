//! Text primitives: content hashes, line endings, line/byte conversions and byte-range edits.
//! Positions are byte offsets; lines are 0-based. Nothing here touches the file system.

use sha2::{Digest, Sha256};
use std::borrow::Cow;
use std::ops::Range;

/// SHA-256 of a file's or block's bytes; agents pass its hex form back to guard their next edit.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ContentHash(pub [u8; 32]);

impl ContentHash {
    pub fn of(bytes: &[u8]) -> Self {
        ContentHash(Sha256::digest(bytes).into())
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

#[cfg(test)]
mod tests {
    use super::*;

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
