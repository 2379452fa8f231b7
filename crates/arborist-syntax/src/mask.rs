//! Parse masks: where the text a parser reads differs from the file. A language's `parse_masks`
//! (grammars.toml) blank macros that a preprocessor would expand to nothing and the grammar cannot parse
//! (`class GTEST_API_ Test {`); blanking keeps every byte offset and line, so trees, symbols and edits
//! still speak of the file's own text. A group `w` is overwritten with `_` instead: the parser reads one
//! plain word where it would fail on syntax it does not know (bash's extglob `@(a|b)` in a case pattern).

use crate::language::Language;
use crate::text::{Source, TextEdit};
use std::ops::Range;

/// A text as the parser reads it: the ranges the masks change, and the changed bytes.
pub struct Masked {
    pub ranges: Vec<Mask>,
    pub bytes: Vec<u8>,
}

/// One masked range and the byte that replaces each of its bytes but line breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mask {
    pub range: Range<usize>,
    pub fill: u8,
}

/// What a mask's groups are overwritten with: `m` blanked, `w` made a word.
const GROUPS: [(&str, u8); 2] = [("m", b' '), ("w", b'_')];

/// `text` as the parser reads it, when `lang`'s masks blank anything in it.
pub fn masked<S: Source + ?Sized>(lang: &Language, text: &S) -> Option<Masked> {
    if lang.parse_masks().is_empty() {
        return None;
    }
    let whole = text.slice(0..text.len());
    let ranges = ranges(lang, &whole);
    (!ranges.is_empty()).then(|| Masked { bytes: apply(whole.as_bytes(), &ranges), ranges })
}

/// The byte ranges that `lang`'s masks change in `text`, in order, not overlapping.
pub fn ranges_of<S: Source + ?Sized>(lang: &Language, text: &S) -> Vec<Mask> {
    if lang.parse_masks().is_empty() {
        return Vec::new();
    }
    ranges(lang, &text.slice(0..text.len()))
}

fn ranges(lang: &Language, text: &str) -> Vec<Mask> {
    let mut out: Vec<Mask> = Vec::new();
    for re in lang.parse_masks() {
        for caps in re.captures_iter(text) {
            let groups = GROUPS.iter().filter_map(|&(name, fill)| Some(Mask { range: caps.name(name)?.range(), fill }));
            out.extend(groups);
        }
    }
    out.sort_by_key(|m| (m.range.start, m.range.end));
    out.dedup_by(|b, a| {
        // merge overlapping ranges (b follows a); the first one's fill wins
        if b.range.start <= a.range.end {
            a.range.end = a.range.end.max(b.range.end);
            true
        } else {
            false
        }
    });
    out
}

/// `text` with `masks` applied: every byte but line breaks becomes the mask's fill (still valid UTF-8,
/// since whole characters are replaced by ASCII).
pub fn apply(text: &[u8], masks: &[Mask]) -> Vec<u8> {
    let mut out = text.to_vec();
    for m in masks {
        for b in &mut out[m.range.clone()] {
            if *b != b'\n' && *b != b'\r' {
                *b = m.fill;
            }
        }
    }
    out
}

/// Whether the masks outside one edit are the same before and after it (those before it unchanged,
/// those after it shifted by the edit's growth): only then may the old tree be reused, since the parser
/// re-reads only the edited bytes.
pub fn agree_outside(old: &[Mask], new: &[Mask], edit: &TextEdit) -> bool {
    let (start, old_end) = (edit.range.start, edit.range.end);
    let new_end = start + edit.new_text.len();
    let outside = |m: &&Mask, end: usize| m.range.end <= start || m.range.start >= end;
    let shifted = old.iter().filter(|m| outside(m, old_end)).map(|m| {
        let r = &m.range;
        let range =
            if r.start >= old_end { (r.start + new_end - old_end)..(r.end + new_end - old_end) } else { r.clone() };
        Mask { range, fill: m.fill }
    });
    shifted.eq(new.iter().filter(|m| outside(m, new_end)).cloned())
}

#[cfg(test)]
#[allow(clippy::single_range_in_vec_init)] // one range is one mask here
mod tests {
    use super::*;

    fn blank(range: Range<usize>) -> Mask {
        Mask { range, fill: b' ' }
    }

    #[test]
    fn blanking_keeps_offsets_and_line_breaks() {
        let text = "class A_B(x,\ny) T {}";
        let masked = apply(text.as_bytes(), &[blank(6..16)]);
        assert_eq!(std::str::from_utf8(&masked).unwrap(), "class       \n   T {}");
        let worded = apply("case $x in @(a|é)) ;;".as_bytes(), &[Mask { range: 11..18, fill: b'_' }]);
        assert_eq!(std::str::from_utf8(&worded).unwrap(), "case $x in _______) ;;");
    }

    #[test]
    fn an_edit_that_moves_a_mask_is_seen() {
        let edit = |range: Range<usize>, new: &str| TextEdit { range, new_text: new.to_string() };
        // text grows by 2 before the mask at 10..14: same mask shifted
        assert!(agree_outside(&[blank(10..14)], &[blank(12..16)], &edit(0..1, "abc")));
        // the edit made a new mask appear after it
        assert!(!agree_outside(&[], &[blank(12..16)], &edit(0..1, "abc")));
        // a mask inside the edited bytes does not matter
        assert!(agree_outside(&[blank(2..4)], &[], &edit(1..6, "x")));
        // the same range filled otherwise is another mask
        assert!(!agree_outside(&[blank(10..14)], &[Mask { range: 10..14, fill: b'_' }], &edit(0..1, "a")));
    }
}
