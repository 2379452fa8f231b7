//! Lookups before the index is ready, from skeletons: in a language read by outline (Python:
//! `outline_lookup` in grammars.toml), a file that may define a name is parsed only in the headers of
//! the blocks around each line that the definition prefilter matches and the statements there, whole (a
//! fraction of a long file), when that parse is clean. The entry it gives holds those definitions, their
//! ancestors and their children only: it answers the lookup and is never stored.

use super::{FileEntry, PerLanguage, Stamp, definition_regex};
use arborist_syntax::identifiers::Identifiers;
use arborist_syntax::language::{self, Language};
use arborist_syntax::outline::{Outline, merge};
use arborist_syntax::symbols::FileSymbols;
use arborist_syntax::syntax::{ParseBudget, parse_ranges};
use std::path::Path;
use std::sync::Arc;

/// A skeleton is parsed only when it is at most this share of the file; a larger one costs nearly a
/// whole parse, and the whole parse gives an entry the index keeps.
const MAX_SHARE: f64 = 0.5;

/// The definition prefilter of each language for one name, as a multi-line regex (compiled on first
/// use).
pub(super) struct DefinitionLines<'n> {
    name: &'n str,
    regexes: PerLanguage<regex::Regex>,
}

impl<'n> DefinitionLines<'n> {
    pub(super) fn new(name: &'n str) -> Self {
        DefinitionLines { name, regexes: PerLanguage::new() }
    }

    fn regex(&self, lang: &'static Language) -> Option<&regex::Regex> {
        let compile = || regex::Regex::new(&format!("(?m){}", definition_regex(lang, self.name)?)).ok();
        self.regexes.get_or_init(lang, compile)
    }
}

/// The entry of `rel` parsed from the skeletons of the lines where it may define the name; None when its
/// language is not read by outline, the file is unreadable or over the budget, its outline is not
/// understood, the skeletons are most of the file or their parse has an error (the caller then reads
/// the file whole).
pub(super) fn entry(rel: &str, abs: &Path, lines: &DefinitionLines, budget: &ParseBudget) -> Option<Arc<FileEntry>> {
    let lang = language::for_path(rel).filter(|l| l.entry.outline_lookup)?;
    let stamp = Stamp::read(abs)?;
    budget.check_size(stamp.len as usize).ok()?;
    let bytes = std::fs::read(abs).ok()?;
    let doc = crate::cache::Document::decode(rel, bytes).ok()?;
    let text = doc.text();
    let ranges = skeletons(text, lines.regex(lang)?)?;
    let tree = parse_ranges(lang, text, &ranges, budget).ok()?;
    if tree.root_node().has_error() {
        return None;
    }
    let symbols = FileSymbols::extract(lang, &tree, text);
    let entry = FileEntry::new(rel.to_string(), lang, stamp, doc.hash, (symbols, Identifiers::default()));
    Some(Arc::new(entry))
}

/// The merged skeletons of every line of `text` that `definition` matches; None when one of them has no
/// skeleton that stands alone or they cover more than `MAX_SHARE` of the text.
fn skeletons(text: &str, definition: &regex::Regex) -> Option<Vec<std::ops::Range<usize>>> {
    let outline = Outline::read(text)?;
    let mut ranges = Vec::new();
    let mut matched = false;
    for m in definition.find_iter(text) {
        matched = true;
        match outline.skeleton(text, m.start()) {
            Some(r) => ranges.extend(r),
            None if outline.holds_statement(m.start()) => return None,
            None => {} // a comment or blank line
        }
    }
    if !matched {
        return None; // the search's line matcher saw what this regex does not: read the file whole
    }
    let ranges = merge(ranges);
    let covered: usize = ranges.iter().map(|r| r.len()).sum();
    (covered as f64 <= MAX_SHARE * text.len() as f64).then_some(ranges)
}
