//! The names one file uses as identifiers (leaves of its language's `identifier_nodes` kinds, so not
//! words in strings or comments, and the names its doc comments link to), as one compact sorted set of
//! their hashes: what the identifier index keeps per file to find the files where a name occurs.

use crate::language::Language;
use crate::text::Source;
use std::borrow::Cow;
use std::ops::Range;
use tree_sitter::Tree;

/// A file's distinct identifier names, as their 32-bit hashes (`name_hash`), sorted: 4 bytes a name and
/// one allocation per file. Another name of the same hash makes a file a candidate it is not (a reference
/// query then reads the file and finds nothing); a name the file uses is never missed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Identifiers(Box<[u32]>);

impl Identifiers {
    /// The identifier names of a parsed file.
    pub fn collect<S: Source + ?Sized>(lang: &Language, tree: &Tree, text: &S) -> Identifiers {
        Self::collect_in(lang, tree, text, None)
    }

    /// The identifier names of a parsed file themselves, sorted, each once (what `collect` hashes).
    pub fn names<S: Source + ?Sized>(lang: &Language, tree: &Tree, text: &S) -> Vec<String> {
        let mut names = Collector::new(lang, text);
        names.texts = Some(Vec::new());
        names.read_tree(tree);
        names.sorted().into_iter().map(Cow::into_owned).collect()
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
        Identifiers::from_hashes(self.0.iter().chain(fresh.0.iter()).copied().collect())
    }

    /// The names of the identifiers that intersect `ranges` (all of them: None).
    fn collect_in<S: Source + ?Sized>(
        lang: &Language,
        tree: &Tree,
        text: &S,
        ranges: Option<&[Range<usize>]>,
    ) -> Identifiers {
        let mut names = Collector::new(lang, text);
        match ranges {
            None => names.read_tree(tree),
            Some(_) => walk_leaves(tree, ranges, |leaf| names.leaf(leaf.kind_id(), leaf.byte_range())),
        }
        names.finish()
    }

    fn from_hashes(mut hashes: Vec<u32>) -> Identifiers {
        hashes.sort_unstable();
        hashes.dedup();
        Identifiers(hashes.into_boxed_slice())
    }

    /// Whether the file uses `name` as an identifier (or another name of its hash).
    pub fn contains(&self, name: &str) -> bool {
        self.contains_hash(name_hash(name))
    }

    /// Whether the file uses a name of the hash `hash` (`name_hash`; one hash serves every file of a query).
    pub fn contains_hash(&self, hash: u32) -> bool {
        self.0.binary_search(&hash).is_ok()
    }

    /// The stored form (for the persistent index): the hashes, in order.
    pub fn as_stored(&self) -> &[u32] {
        &self.0
    }

    /// The set from its stored form; None when it is not one (damaged: not strictly increasing).
    pub fn from_stored(stored: Vec<u32>) -> Option<Identifiers> {
        stored.windows(2).all(|w| w[0] < w[1]).then(|| Identifiers(stored.into_boxed_slice()))
    }

    /// Bytes held.
    pub fn size(&self) -> usize {
        self.0.len() * size_of::<u32>()
    }
}

/// A name's 32-bit FNV-1a hash: the same in every process, so the persistent index keeps it.
pub fn name_hash(name: &str) -> u32 {
    name.bytes().fold(0x811c_9dc5, |h, b| (h ^ b as u32).wrapping_mul(0x0100_0193))
}

/// Calls `leaf` for every leaf of `tree` that intersects `ranges` (every leaf: None), in document order.
fn walk_leaves<'t>(tree: &'t Tree, ranges: Option<&[Range<usize>]>, mut leaf: impl FnMut(tree_sitter::Node<'t>)) {
    let wanted = |node: tree_sitter::Node| {
        ranges.is_none_or(|rs| rs.iter().any(|r| node.start_byte() <= r.end && r.start <= node.end_byte()))
    };
    let mut cursor = tree.walk();
    'walk: loop {
        let node = cursor.node();
        if !wanted(node) {
            // skipped with its subtree
        } else if cursor.goto_first_child() {
            continue;
        } else {
            leaf(node);
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                break 'walk;
            }
        }
    }
}

/// Gathers a file's identifier names from its leaf nodes, as a walk meets them.
pub(crate) struct Collector<'s, S: Source + ?Sized> {
    lang: &'s Language,
    leaves: &'s [LeafKind],
    text: &'s S,
    /// The hashes of the names met so far, repeats dropped whenever the list is full: 4 bytes a name,
    /// not a string for each of the hundred thousand identifiers of a large file.
    hashes: Vec<u32>,
    /// The names themselves, when asked for (`Identifiers::names`).
    texts: Option<Vec<Cow<'s, str>>>,
    /// Hashes already in `hashes`, each in the slot of its low bits (0: none): a name used again soon
    /// after (`self`, `err`, a loop variable) is not added again, so the list has fewer to sort.
    recent: [u32; RECENT],
}

const RECENT: usize = 256;

impl<'s, S: Source + ?Sized> Collector<'s, S> {
    pub(crate) fn new(lang: &'s Language, text: &'s S) -> Self {
        Collector { lang, leaves: lang.leaf_kinds(), text, hashes: Vec::new(), texts: None, recent: [0; RECENT] }
    }

    /// Adds a name met; `text` gives it to keep only when the names themselves are asked for.
    fn add(&mut self, name: &str, text: impl FnOnce() -> Cow<'s, str>) {
        let hash = name_hash(name);
        let slot = &mut self.recent[hash as usize % RECENT];
        // (when the names themselves are kept, another name of the same hash must still be added)
        if *slot == hash && hash != 0 && self.texts.is_none() {
            return;
        }
        *slot = hash;
        if self.hashes.len() == self.hashes.capacity() && self.hashes.len() >= 1024 {
            self.hashes.sort_unstable();
            self.hashes.dedup();
            // room for as many more as there are distinct names, so that each sort is paid for by as many
            // names added (a file of few distinct names in many uses sorted its list every few names)
            self.hashes.reserve(self.hashes.len());
        }
        self.hashes.push(hash);
        if let Some(texts) = &mut self.texts {
            texts.push(text());
        }
    }

    /// Reads every leaf of the tree.
    fn read_tree(&mut self, tree: &Tree) {
        let wanted = self.wanted();
        crate::subtrees::each_leaf(tree.root_node(), wanted, |kind, range| self.leaf(kind, range));
    }

    /// The kinds of leaves read, as a walk of the tree takes them: per kind id, nonzero when wanted.
    pub(crate) fn wanted(&self) -> &'s [u8] {
        let leaves = self.leaves;
        // SAFETY: `LeafKind` is `repr(u8)`, so the table is also one byte per kind id, `Other` zero.
        unsafe { std::slice::from_raw_parts(leaves.as_ptr() as *const u8, leaves.len()) }
    }

    /// Reads one leaf node of the file, of kind id `kind`, at `range`.
    pub(crate) fn leaf(&mut self, kind: u16, range: Range<usize>) {
        if range.end > self.text.len() {
            return;
        }
        match self.leaves.get(kind as usize) {
            Some(LeafKind::Identifier) => {
                let name = self.text.slice(range);
                if !name.is_empty() && !name.contains('\n') {
                    self.add(&name, || name.clone());
                }
            }
            Some(LeafKind::LinkingComment) => {
                let comment = self.text.slice(range);
                for (_, name, _) in self.lang.doc_link_names(&comment) {
                    self.add(name, || Cow::Owned(name.to_string()));
                }
            }
            _ => {}
        }
    }

    pub(crate) fn finish(self) -> Identifiers {
        Identifiers::from_hashes(self.hashes)
    }

    fn sorted(self) -> Vec<Cow<'s, str>> {
        let mut names = self.texts.unwrap_or_default();
        names.sort_unstable();
        names.dedup();
        names
    }
}

/// What the identifier index reads of a leaf node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum LeafKind {
    Other = 0,
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
        assert_eq!(Identifiers::names(lang, &tree, text), ["join", "os", "path", "run", "s", "x"]);
        let ids = Identifiers::collect(lang, &tree, text);
        assert_eq!(ids.size(), 6 * 4);
        assert!(ids.contains("os") && ids.contains("join") && !ids.contains("Foo") && !ids.contains("Bar"));
        assert!(!ids.contains("o") && !ids.contains("jo"), "whole names only");
        assert_eq!(Identifiers::from_stored(ids.as_stored().to_vec()), Some(ids.clone()));
        assert_eq!(Identifiers::from_stored(vec![2, 1]), None, "unsorted is damaged");
        assert_eq!(Identifiers::from_stored(vec![1, 1]), None, "a repeat is damaged");
        assert_eq!(Identifiers::from_stored(Vec::new()), Some(Identifiers::default()));
    }
}
