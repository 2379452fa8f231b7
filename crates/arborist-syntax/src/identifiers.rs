//! The names one file uses as identifiers (leaves of its language's `identifier_nodes` kinds, so not
//! words in strings or comments, and the names its doc comments link to), as one compact sorted set:
//! what the identifier index keeps per file to find the files where a name occurs.

use crate::language::Language;
use crate::text::Source;
use std::borrow::Cow;
use std::ops::Range;
use tree_sitter::Tree;

/// A file's distinct identifier names: `\n`, then each name followed by `\n`, sorted (empty: none). One
/// allocation per file; a lookup is a substring search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Identifiers(Box<str>);

impl Identifiers {
    /// The identifier names of a parsed file.
    pub fn collect<S: Source + ?Sized>(lang: &Language, tree: &Tree, text: &S) -> Identifiers {
        Self::collect_in(lang, tree, text, None)
    }

    /// The file's set after an edit: these names and those of the new tree's identifiers in `changed`
    /// (its byte ranges that may differ from the old tree). A name the edit removed stays: the set may
    /// hold a few names the file no longer uses, never miss one it does (a reference query then reads
    /// the file and finds nothing).
    pub fn after_edit<S: Source + ?Sized>(
        &self,
        lang: &Language,
        tree: &Tree,
        text: &S,
        changed: Option<&[Range<usize>]>,
    ) -> Identifiers {
        let fresh = Self::collect_in(lang, tree, text, changed);
        let mut names: Vec<&str> = self.iter().chain(fresh.iter()).collect();
        names.sort_unstable();
        names.dedup();
        Identifiers::from_sorted(names.into_iter())
    }

    /// The names of the identifiers that intersect `ranges` (all of them: None).
    fn collect_in<S: Source + ?Sized>(
        lang: &Language,
        tree: &Tree,
        text: &S,
        ranges: Option<&[Range<usize>]>,
    ) -> Identifiers {
        let wanted = |node: tree_sitter::Node| {
            ranges.is_none_or(|rs| rs.iter().any(|r| node.start_byte() <= r.end && r.start <= node.end_byte()))
        };
        let mut names = Collector::new(lang, text);
        let mut cursor = tree.walk();
        'walk: loop {
            let node = cursor.node();
            if !wanted(node) {
                // skipped with its subtree
            } else if cursor.goto_first_child() {
                continue;
            } else {
                names.leaf(node);
            }
            while !cursor.goto_next_sibling() {
                if !cursor.goto_parent() {
                    break 'walk;
                }
            }
        }
        names.finish()
    }

    fn from_sorted<'a>(names: impl Iterator<Item = &'a str>) -> Identifiers {
        let mut out = String::new();
        for name in names {
            if out.is_empty() {
                out.push('\n');
            }
            out.push_str(name);
            out.push('\n');
        }
        Identifiers(out.into_boxed_str())
    }

    /// Whether the file uses `name` as an identifier.
    pub fn contains(&self, name: &str) -> bool {
        self.finder_contains(&memchr::memmem::Finder::new(&Self::needle(name)))
    }

    /// `\nname\n`: what `finder_contains` looks for (one finder serves every file of a query).
    pub fn needle(name: &str) -> Vec<u8> {
        [b"\n", name.as_bytes(), b"\n"].concat()
    }

    /// Whether the file uses the name that `finder` was built from (with `needle`).
    pub fn finder_contains(&self, finder: &memchr::memmem::Finder) -> bool {
        finder.find(self.0.as_bytes()).is_some()
    }

    /// The stored form (for the persistent index).
    pub fn as_stored(&self) -> &str {
        &self.0
    }

    /// The set from its stored form; None when it is not one (damaged).
    pub fn from_stored(stored: &str) -> Option<Identifiers> {
        let well_formed = stored.is_empty() || (stored.starts_with('\n') && stored.ends_with('\n'));
        let names: Vec<&str> = stored.split('\n').filter(|n| !n.is_empty()).collect();
        let sorted = names.windows(2).all(|w| w[0] < w[1]);
        (well_formed && sorted && !stored.contains("\n\n")).then(|| Identifiers(stored.into()))
    }

    /// Bytes held.
    pub fn size(&self) -> usize {
        self.0.len()
    }

    /// The names, in order.
    pub fn iter(&self) -> impl Iterator<Item = &str> {
        self.0.split('\n').filter(|n| !n.is_empty())
    }
}

/// Gathers a file's identifier names from its leaf nodes, as a walk meets them.
pub(crate) struct Collector<'s, S: Source + ?Sized> {
    lang: &'s Language,
    leaves: &'s [LeafKind],
    text: &'s S,
    names: Vec<Cow<'s, str>>,
}

impl<'s, S: Source + ?Sized> Collector<'s, S> {
    pub(crate) fn new(lang: &'s Language, text: &'s S) -> Self {
        Collector { lang, leaves: lang.leaf_kinds(), text, names: Vec::new() }
    }

    /// Reads one leaf node of the file.
    pub(crate) fn leaf(&mut self, node: tree_sitter::Node) {
        if node.end_byte() > self.text.len() {
            return;
        }
        match self.leaves.get(node.kind_id() as usize) {
            Some(LeafKind::Identifier) => {
                let name = self.text.slice(node.byte_range());
                if !name.is_empty() && !name.contains('\n') {
                    self.names.push(name);
                }
            }
            Some(LeafKind::LinkingComment) => {
                let comment = self.text.slice(node.byte_range());
                let links = self.lang.doc_link_names(&comment).into_iter();
                self.names.extend(links.map(|(_, n, _)| Cow::Owned(n.to_string())));
            }
            _ => {}
        }
    }

    pub(crate) fn finish(mut self) -> Identifiers {
        self.names.sort_unstable();
        self.names.dedup();
        Identifiers::from_sorted(self.names.iter().map(|n| n.as_ref()))
    }
}

/// What the identifier index reads of a leaf node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeafKind {
    Other,
    /// Its text is a name.
    Identifier,
    /// A comment of a language with `doc_links`: the names those link to.
    LinkingComment,
}

/// Per node kind id of the language, what its leaves give the identifier index.
pub(crate) fn leaf_kinds(lang: &Language) -> Vec<LeafKind> {
    let mut table = vec![LeafKind::Other; lang.grammar.node_kind_count()];
    if !lang.doc_links().is_empty() {
        for (id, kind) in table.iter_mut().enumerate() {
            if lang.grammar.node_kind_for_id(id as u16).is_some_and(|k| k.contains("comment")) {
                *kind = LeafKind::LinkingComment;
            }
        }
    }
    for id in identifier_kinds(lang) {
        table[id as usize] = LeafKind::Identifier;
    }
    table
}

/// The node kind ids of the language's identifier kinds (named and anonymous alike): what both the index's
/// sets and a search for one name's identifiers count as an identifier (through `leaf_kinds`).
fn identifier_kinds(lang: &Language) -> Vec<u16> {
    // every id of a kind name (an alias gives one name several ids)
    let names = &lang.entry.identifier_nodes;
    (1..lang.grammar.node_kind_count() as u16)
        .filter(|&id| lang.grammar.node_kind_for_id(id).is_some_and(|k| names.iter().any(|n| n == k)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collects_identifiers_not_strings_or_comments() {
        let lang = crate::language::by_name("python").unwrap();
        let text = "import os\n# Foo in a comment\ndef run(x):\n    s = 'Bar'\n    return os.path.join(x, s)\n";
        let tree = crate::syntax::parse(lang, text).unwrap();
        let ids = Identifiers::collect(lang, &tree, text);
        assert_eq!(ids.iter().collect::<Vec<_>>(), ["join", "os", "path", "run", "s", "x"]);
        assert!(ids.contains("os") && ids.contains("join") && !ids.contains("Foo") && !ids.contains("Bar"));
        assert!(!ids.contains("o") && !ids.contains("jo"), "whole names only");
        assert_eq!(Identifiers::from_stored(ids.as_stored()), Some(ids.clone()));
        assert_eq!(Identifiers::from_stored("\nb\na\n"), None, "unsorted is damaged");
        assert_eq!(Identifiers::from_stored("a\n"), None);
        assert_eq!(Identifiers::from_stored(""), Some(Identifiers::default()));
    }
}
