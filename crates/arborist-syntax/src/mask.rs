//! Parse masks: where the text a parser reads differs from the file. A language's `parse_masks`
//! (grammars.toml) blank macros that a preprocessor would expand to nothing and the grammar cannot parse
//! (`class GTEST_API_ Test {`); blanking keeps every byte offset and line, so trees, symbols and edits
//! still speak of the file's own text.

use crate::language::Language;
use crate::text::{Source, TextEdit};
use std::ops::Range;

/// A text as the parser reads it: the ranges the masks blank, and the blanked bytes.
pub struct Masked {
    pub ranges: Vec<Range<usize>>,
    pub bytes: Vec<u8>,
}

/// `text` as the parser reads it, when `lang`'s masks blank anything in it.
pub fn masked<S: Source + ?Sized>(lang: &Language, text: &S) -> Option<Masked> {
    if lang.parse_masks().is_empty() {
        return None;
    }
    let whole = text.slice(0..text.len());
    let ranges = ranges(lang, &whole);
    (!ranges.is_empty()).then(|| Masked { bytes: apply(whole.as_bytes(), &ranges), ranges })
}

/// The byte ranges that `lang`'s masks blank in `text`, in order, not overlapping.
pub fn ranges_of<S: Source + ?Sized>(lang: &Language, text: &S) -> Vec<Range<usize>> {
    if lang.parse_masks().is_empty() {
        return Vec::new();
    }
    ranges(lang, &text.slice(0..text.len()))
}

fn ranges(lang: &Language, text: &str) -> Vec<Range<usize>> {
    let mut out: Vec<Range<usize>> = Vec::new();
    for re in lang.parse_masks() {
        for caps in re.captures_iter(text) {
            if let Some(m) = caps.name("m") {
                out.push(m.range());
            }
        }
    }
    out.sort_by_key(|r| (r.start, r.end));
    out.dedup_by(|b, a| {
        // merge overlapping ranges (b follows a)
        if b.start <= a.end {
            a.end = a.end.max(b.end);
            true
        } else {
            false
        }
    });
    out
}

/// `text` with `ranges` blanked: every byte but line breaks becomes a space (still valid UTF-8, since
/// whole characters are replaced).
pub fn apply(text: &[u8], ranges: &[Range<usize>]) -> Vec<u8> {
    let mut out = text.to_vec();
    for r in ranges {
        for b in &mut out[r.clone()] {
            if *b != b'\n' && *b != b'\r' {
                *b = b' ';
            }
        }
    }
    out
}

/// Whether the masks outside one edit are the same before and after it (those before it unchanged,
/// those after it shifted by the edit's growth): only then may the old tree be reused, since the parser
/// re-reads only the edited bytes.
pub fn agree_outside(old: &[Range<usize>], new: &[Range<usize>], edit: &TextEdit) -> bool {
    let (start, old_end) = (edit.range.start, edit.range.end);
    let new_end = start + edit.new_text.len();
    let outside = |r: &&Range<usize>, end: usize| r.end <= start || r.start >= end;
    let shifted = old.iter().filter(|r| outside(r, old_end)).map(|r| {
        if r.start >= old_end { (r.start + new_end - old_end)..(r.end + new_end - old_end) } else { r.clone() }
    });
    shifted.eq(new.iter().filter(|r| outside(r, new_end)).cloned())
}

#[cfg(test)]
#[allow(clippy::single_range_in_vec_init)] // one range is one mask here
mod tests {
    use super::*;

    #[test]
    fn blanking_keeps_offsets_and_line_breaks() {
        let text = "class A_B(x,\ny) T {}";
        let masked = apply(text.as_bytes(), &[6..16]);
        assert_eq!(std::str::from_utf8(&masked).unwrap(), "class       \n   T {}");
    }

    #[test]
    fn an_edit_that_moves_a_mask_is_seen() {
        let edit = |range: Range<usize>, new: &str| TextEdit { range, new_text: new.to_string() };
        // text grows by 2 before the mask at 10..14: same mask shifted
        assert!(agree_outside(&[10..14], &[12..16], &edit(0..1, "abc")));
        // the edit made a new mask appear after it
        assert!(!agree_outside(&[], &[12..16], &edit(0..1, "abc")));
        // a mask inside the edited bytes does not matter
        assert!(agree_outside(&[2..4], &[], &edit(1..6, "x")));
    }
}
