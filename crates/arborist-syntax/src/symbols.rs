//! The symbol model: symbols of one file built from tags-query captures by nesting definition ranges
//! (Rust `impl` blocks and Go receivers attach methods to their type), and name-path matching with the
//! reference server's semantics (`a`, `A/b`, `/A/b`, `b[1]`, substring on the last segment).

use crate::error::{Error, Result};
use crate::grammars::LanguageEntry;
use crate::identifiers::{Collector, Identifiers};
use crate::language::Language;
pub use crate::name::Name;
use crate::query::{BlockRole, DefKind, ModuleScopes, RefKind, Role, SymbolKind};
use crate::syntax::Region;
use crate::text::{Source, TextEdit};
use std::collections::HashMap;
use std::ops::Range;
use streaming_iterator::StreamingIterator;
use tree_sitter::{Node, QueryCursor, Tree};

/// One symbol of a file, as `FileSymbols::get` gives it. Byte ranges index the file's `\n` text; lines
/// are 0-based. Its children, doc and detail are kept by its `FileSymbols` (`children`, `doc`, `detail`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symbol {
    /// Interned: 4 bytes, its text stored once for the process (`name`).
    pub name: Name,
    pub kind: SymbolKind,
    /// See `is_type_block`.
    type_block: bool,
    /// The definition, without decorators, attributes or doc comments.
    pub range: Range<u32>,
    pub start_line: u32,
    pub end_line: u32,
    pub name_range: Range<u32>,
    /// Where the signature ends (the body starts), for `info`.
    pub signature_end: u32,
    /// See `parent`: `NO_PARENT` for none.
    parent: u32,
    /// How many children it has (`FileSymbols::children`).
    children: u32,
    /// See `overload`: `NO_OVERLOAD` for none.
    overload: u16,
}

/// `Symbol::parent` of a top-level symbol.
const NO_PARENT: u32 = u32::MAX;
/// `Symbol::overload` when there is none.
const NO_OVERLOAD: u16 = u16::MAX;

/// A symbol as its file's table stores it: 32 bytes, a large project's index holds millions. Its end
/// line, name and signature end are 16-bit offsets from its start; a symbol where one does not fit
/// (none in 3 million of a large corpus's) is `WIDE`, with those in the table's `wide` list.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Packed {
    name: Name,
    kind: SymbolKind,
    /// `TYPE_BLOCK`, `WIDE`.
    flags: u8,
    overload: u16,
    start: u32,
    end: u32,
    start_line: u32,
    parent: u32,
    /// Lines after `start_line` to the end line.
    lines: u16,
    /// The name's start from `start`, and its length.
    name_at: u16,
    name_len: u16,
    /// The signature's end from `start`.
    signature_at: u16,
}

/// `Packed::flags`: see `Symbol::is_type_block`.
const TYPE_BLOCK: u8 = 1;
/// `Packed::flags`: the offsets are in the table's `wide` list.
const WIDE: u8 = 2;

/// A symbol's positions that do not fit its `Packed` offsets.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Wide {
    end_line: u32,
    name_range: Range<u32>,
    signature_end: u32,
}

impl Packed {
    /// The bytes a symbol holds for `innermost_at` (an empty one, its first), and its width.
    fn reach(&self) -> (Range<u32>, u32) {
        (self.start..self.end.max(self.start + 1), self.end - self.start)
    }

    /// The stored form of a symbol; the `Wide` positions when an offset does not fit 16 bits.
    fn of(s: &SymbolParts, type_block: bool) -> (Packed, Option<Wide>) {
        let offset = |to: u32, from: u32| to.checked_sub(from).and_then(|d| u16::try_from(d).ok());
        let offsets = (
            offset(s.end_line, s.start_line),
            offset(s.name_range.start, s.range.start),
            offset(s.name_range.end, s.name_range.start),
            offset(s.signature_end, s.range.start),
        );
        let ((lines, name_at, name_len, signature_at), wide) = match offsets {
            (Some(lines), Some(name_at), Some(name_len), Some(signature_at)) => {
                ((lines, name_at, name_len, signature_at), None)
            }
            _ => {
                let wide =
                    Wide { end_line: s.end_line, name_range: s.name_range.clone(), signature_end: s.signature_end };
                ((0, 0, 0, 0), Some(wide))
            }
        };
        let flags = if type_block { TYPE_BLOCK } else { 0 } | if wide.is_some() { WIDE } else { 0 };
        let packed = Packed {
            name: s.name,
            kind: s.kind,
            flags,
            overload: s.overload.unwrap_or(NO_OVERLOAD),
            start: s.range.start,
            end: s.range.end,
            start_line: s.start_line,
            parent: s.parent.unwrap_or(NO_PARENT),
            lines,
            name_at,
            name_len,
            signature_at,
        };
        (packed, wide)
    }
}

impl Symbol {
    /// Whether this symbol is a block of members for a type rather than a definition (a Rust `impl`,
    /// kept as a symbol or merged into its type's, or Go's methods of a type defined elsewhere): its name
    /// is a use of the type.
    pub fn is_type_block(&self) -> bool {
        self.type_block
    }

    pub fn has_children(&self) -> bool {
        self.children > 0
    }

    /// The symbol it is nested in, if any.
    pub fn parent(&self) -> Option<u32> {
        (self.parent != NO_PARENT).then_some(self.parent)
    }

    /// Its index among same-named siblings, when there are several (the first 65,535 of them).
    pub fn overload(&self) -> Option<u16> {
        (self.overload != NO_OVERLOAD).then_some(self.overload)
    }
}

/// Symbol `i`'s value in a per-file side list of (symbol, value) pairs, ordered by symbol.
fn side<T>(list: &[(u32, T)], i: u32) -> Option<&T> {
    list.binary_search_by_key(&i, |(j, _)| *j).ok().map(|at| &list[at].1)
}

/// What `detail` says of an `Object` symbol that stands for a type defined in another file, to hold
/// the methods this file gives it (Go's `func (t *T) M()` in a file without `type T`).
const ELSEWHERE: &str = "methods";

/// A symbol with its children, doc and detail of its own: as `build` puts a file together and the
/// persistent index keeps it (`FileSymbols::assemble` makes the symbols).
#[derive(Debug, Clone)]
pub struct SymbolParts {
    pub name: Name,
    pub kind: SymbolKind,
    pub range: Range<u32>,
    pub start_line: u32,
    pub end_line: u32,
    pub name_range: Range<u32>,
    pub signature_end: u32,
    pub doc: Option<Range<u32>>,
    pub detail: Option<Box<str>>,
    pub parent: Option<u32>,
    pub children: Vec<u32>,
    pub overload: Option<u16>,
}

impl SymbolParts {
    /// Whether this symbol only holds members of a type defined in another file (it defines nothing).
    fn stands_for_elsewhere(&self) -> bool {
        self.kind == SymbolKind::Object && self.detail.as_deref() == Some(ELSEWHERE)
    }

    /// Adds the symbol to `fs` as its symbol `i`: its children, doc and detail to the file's lists.
    fn place(self, i: u32, fs: &mut FileSymbols) {
        let impl_block = self.detail.as_deref().is_some_and(|d| d.starts_with("impl "));
        let type_block = (self.kind == SymbolKind::Object && impl_block) || self.stands_for_elsewhere();
        let (packed, wide) = Packed::of(&self, type_block);
        fs.packed.push(packed);
        fs.wide.extend(wide.map(|w| (i, w)));
        fs.child_list.extend(self.children);
        fs.child_starts.push(fs.child_list.len() as u32);
        fs.docs.extend(self.doc.map(|d| (i, d)));
        fs.details.extend(self.detail.map(|d| (i, d)));
    }
}

/// The bytes of a type that are its own (`FileSymbols::own_bytes`): its range less its nested types'.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnBytes {
    pub range: std::ops::Range<usize>,
    pub nested: Vec<std::ops::Range<usize>>,
}

impl OwnBytes {
    pub fn contains(&self, at: usize) -> bool {
        self.range.contains(&at) && !self.nested.iter().any(|n| n.contains(&at))
    }
}

/// The symbols of one file, as a forest stored flat.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FileSymbols {
    /// The symbols (`get`), in document order of their starts.
    packed: Vec<Packed>,
    /// (symbol, positions) of the `WIDE` symbols, by symbol.
    wide: Vec<(u32, Wide)>,
    pub roots: Vec<u32>,
    /// (type symbol, name of a base class / implemented interface or trait) pairs, ordered by type
    /// (`supertype_names`), each type's names in the order written.
    pub supertypes: Vec<(u32, String)>,
    /// Every symbol's children, each symbol's together in document order (`children`).
    child_list: Vec<u32>,
    /// Where symbol `i`'s children end in `child_list` at `i + 1` (and start at `i`); empty without symbols.
    child_starts: Vec<u32>,
    /// (symbol, extra description) by symbol, e.g. `impl Display for Point` for a method of a trait impl.
    details: Vec<(u32, Box<str>)>,
    /// (symbol, doc comment or docstring) by symbol.
    docs: Vec<(u32, Range<u32>)>,
}

/// A container that is not a symbol: a Rust `impl` block of `type_name` (for `trait_name`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImplBlock {
    pub type_name: String,
    pub trait_name: Option<String>,
    pub range: Range<usize>,
}

/// A definition as captured, before nesting.
struct Def {
    kind: DefKind,
    range: Range<usize>,
    start_line: usize,
    end_line: usize,
    name: String,
    name_range: Range<usize>,
    signature_end: usize,
    doc: Option<Range<usize>>,
    receiver: Option<String>,
    trait_name: Option<String>,
}

impl FileSymbols {
    /// Extracts the symbols of a parsed file. Works on trees with syntax errors.
    pub fn extract<S: Source + ?Sized>(lang: &Language, tree: &Tree, text: &S) -> FileSymbols {
        Self::extract_in(lang, tree, text, None)
    }

    /// Like `extract`, limited to definitions intersecting `range` (for checking an edited region).
    pub fn extract_in<S: Source + ?Sized>(
        lang: &Language,
        tree: &Tree,
        text: &S,
        range: Option<Range<usize>>,
    ) -> FileSymbols {
        Self::extract_with(lang, tree, text, range, Scan::Walk)
    }

    /// `extract` with the tags query run over every node of the tree, as a reference for tests of the
    /// definition walk.
    #[doc(hidden)]
    pub fn extract_by_whole_query<S: Source + ?Sized>(lang: &Language, tree: &Tree, text: &S) -> FileSymbols {
        Self::extract_with(lang, tree, text, None, Scan::WholeTree)
    }

    /// `extract` and `Identifiers::collect` (what the index keeps of a parsed file), in one walk of the
    /// tree when the language has a definition walk.
    pub fn extract_with_identifiers<S: Source + ?Sized>(
        lang: &Language,
        tree: &Tree,
        text: &S,
    ) -> (FileSymbols, Identifiers) {
        let Some(tags) = lang.tags().filter(|tags| tags.walk.is_some()) else {
            return (Self::extract(lang, tree, text), Identifiers::collect(lang, tree, text));
        };
        let mut names = Collector::new(lang, text);
        let (defs, supers) = collect_defs(lang, tags, tree, text, None, Scan::Walk, Some(&mut names));
        (Self::built(lang, defs, supers), names.finish())
    }

    fn extract_with<S: Source + ?Sized>(
        lang: &Language,
        tree: &Tree,
        text: &S,
        range: Option<Range<usize>>,
        scan: Scan,
    ) -> FileSymbols {
        let Some(tags) = lang.tags() else { return FileSymbols::default() };
        let (defs, supers) = collect_defs(lang, tags, tree, text, range, scan, None);
        Self::built(lang, defs, supers)
    }

    fn built(lang: &Language, defs: Vec<Def>, supers: Vec<(usize, String)>) -> FileSymbols {
        let mut fs = build(defs, lang.entry);
        fs.add_supertypes(supers);
        fs
    }

    /// Adds supertype names, each found at a byte, to the innermost type there; the list stays ordered by
    /// type, each type's names in the order found (so an edit told in part lists them as a whole read does).
    fn add_supertypes(&mut self, supers: Vec<(usize, String)>) {
        if supers.is_empty() {
            return; // most files: no walk of their symbols
        }
        // one walk of the symbols for all the names (a walk each was quadratic: lib.dom.d.ts's thousands
        // of `extends` among its tens of thousands of symbols)
        let bytes: Vec<usize> = supers.iter().map(|(byte, _)| *byte).collect();
        let innermost = self.innermost_at_each(&bytes);
        for ((_, name), at) in supers.into_iter().zip(innermost) {
            if let Some(owner) = at.and_then(|i| self.type_around(i)) {
                self.supertypes.push((owner, name));
            }
        }
        self.supertypes.sort_by_key(|(owner, _)| *owner);
    }

    /// The symbols after one edit, without re-running the query over the whole file: symbols outside
    /// the edited top-level region are kept (shifted), those inside are extracted again. Languages whose
    /// members attach to types elsewhere in the file (Rust impl blocks, Go receivers) are extracted whole.
    pub fn after_edit<O: Source + ?Sized, N: Source + ?Sized>(
        &self,
        lang: &Language,
        tree: &Tree,
        old_text: &O,
        new_text: &N,
        edit: &TextEdit,
    ) -> FileSymbols {
        let fresh = |tags: &_, region| collect_defs(lang, tags, tree, new_text, Some(region), Scan::Walk, None);
        self.after_edit_by(lang, old_text, new_text, edit, fresh).unwrap_or_else(|| Self::extract(lang, tree, new_text))
    }

    /// `after_edit` when only the edited top-level region was re-parsed; None when the symbols cannot be
    /// told from it alone (the file then needs its whole tree).
    pub fn after_region_edit<O: Source + ?Sized, N: Source + ?Sized>(
        &self,
        lang: &Language,
        region: &Region,
        old_text: &O,
        new_text: &N,
        edit: &TextEdit,
    ) -> Option<FileSymbols> {
        let fresh = |tags: &_, _| {
            let (defs, supers) = collect_defs(lang, tags, &region.tree, region.text.as_str(), None, Scan::Walk, None);
            let defs = defs.into_iter().map(|d| d.moved(region.start, region.line)).collect();
            (defs, supers.into_iter().map(|(b, name)| (b + region.start, name)).collect())
        };
        self.after_edit_by(lang, old_text, new_text, edit, fresh)
    }

    /// The symbols after one edit, from `fresh`, the definitions of the re-extracted region (given the
    /// tags and that region in the new text); None when the whole file must be extracted again.
    fn after_edit_by<O: Source + ?Sized, N: Source + ?Sized>(
        &self,
        lang: &Language,
        old_text: &O,
        new_text: &N,
        edit: &TextEdit,
        fresh: impl FnOnce(&crate::query::TagsQuery, Range<usize>) -> (Vec<Def>, Vec<(usize, String)>),
    ) -> Option<FileSymbols> {
        let tags = lang.tags()?;
        // Members that attach to a type elsewhere in the file (Rust impl blocks, Go receivers, JavaScript's
        // `Foo.prototype.bar = …`) tie distant statements: only a file without them is told in parts.
        let elsewhere = lang.members_live_elsewhere();
        if elsewhere && !self.nested_by_range() {
            return None;
        }
        let (start, old_end, new_end) = (edit.range.start, edit.range.end, edit.range.start + edit.new_text.len());
        let (mut lo, mut hi) = (start, old_end);
        for &r in &self.roots {
            let s = &self.get(r).range;
            if (s.start as usize) <= old_end && start <= s.end as usize {
                lo = lo.min(s.start as usize);
                hi = hi.max(s.end as usize);
            }
        }
        if lang.entry.one_symbol_per_variable && self.may_hide_reassignment(lo..hi, old_text) {
            return None;
        }
        let delta = new_end as i64 - old_end as i64;
        let line_delta = (new_text.line_of(new_end) as i64 - new_text.line_of(start) as i64)
            - (old_text.line_of(old_end) as i64 - old_text.line_of(start) as i64);
        let region = lo..(hi as i64 + delta) as usize;
        // Outside the re-extracted region: a symbol that ends where it starts, or starts where it ends,
        // belongs to a neighbouring root and is kept.
        let outside = |s: &Symbol| (s.range.end as usize) <= lo || (s.range.start as usize) >= hi;
        let mut defs: Vec<Def> = (0..self.len() as u32)
            .filter(|&i| outside(&self.get(i)))
            .map(|i| shifted_def(self, i, old_end, delta, line_delta))
            .collect();
        let (fresh, supers) = fresh(tags, region.clone());
        if elsewhere && fresh.iter().any(|d| d.receiver.is_some() || d.kind == DefKind::Impl) {
            return None;
        }
        defs.extend(fresh.into_iter().filter(|d| d.range.start >= region.start && d.range.end <= region.end));
        sort_defs(&mut defs);
        let mut fs = build(defs, lang.entry);
        let kept_supers = self
            .supertypes
            .iter()
            .filter(|(o, _)| outside(&self.get(*o)))
            .map(|(o, n)| (shift(self.get(*o).range.start as usize, old_end, delta), n.clone()));
        let new_supers = supers.into_iter().filter(|(b, _)| region.contains(b));
        fs.add_supertypes(kept_supers.chain(new_supers).collect::<Vec<_>>());
        Some(fs)
    }

    /// Whether every symbol lies within its parent and stands for a definition of its own: no member was
    /// attached to a type defined apart from it, and no block holds members of a type defined elsewhere.
    fn nested_by_range(&self) -> bool {
        self.iter().all(|s| {
            let inside = s.parent().is_none_or(|p| {
                let outer = &self.get(p).range;
                outer.start <= s.range.start && s.range.end <= outer.end
            });
            inside && !s.is_type_block()
        })
    }

    /// Whether an edit of `region` (whole top-level symbols) may uncover a reassignment outside it that is
    /// not a symbol today: a top-level variable in the region whose name occurs outside it.
    fn may_hide_reassignment<S: Source + ?Sized>(&self, region: Range<usize>, text: &S) -> bool {
        let mut names = self.roots.iter().map(|&r| self.get(r)).filter(|s| {
            s.kind.is_variable_like() && region.start <= s.range.start as usize && (s.range.end as usize) <= region.end
        });
        let Some(first) = names.next() else { return false };
        let (before, after) = (text.slice(0..region.start), text.slice(region.end..text.len()));
        std::iter::once(first).chain(names).any(|s| before.contains(s.name.as_str()) || after.contains(s.name.as_str()))
    }

    /// The containers of a parsed file that are not symbols (Rust `impl` blocks), as the tags query
    /// captures them with `@definition.impl`, in document order.
    pub fn impl_blocks<S: Source + ?Sized>(lang: &Language, tree: &Tree, text: &S) -> Vec<ImplBlock> {
        let Some(tags) = lang.tags() else { return Vec::new() };
        let (defs, _) = collect_defs(lang, tags, tree, text, None, Scan::Walk, None);
        defs.into_iter()
            .filter(|d| d.kind == DefKind::Impl)
            .map(|d| ImplBlock { type_name: d.name, trait_name: d.trait_name, range: d.range })
            .collect()
    }

    /// Symbol `i`.
    pub fn get(&self, i: u32) -> Symbol {
        let p = &self.packed[i as usize];
        let wide = if p.flags & WIDE != 0 { side(&self.wide, i) } else { None };
        let (end_line, name_range, signature_end) = match wide {
            Some(w) => (w.end_line, w.name_range.clone(), w.signature_end),
            None => {
                let name_start = p.start + u32::from(p.name_at);
                let name_range = name_start..name_start + u32::from(p.name_len);
                (p.start_line + u32::from(p.lines), name_range, p.start + u32::from(p.signature_at))
            }
        };
        Symbol {
            name: p.name,
            kind: p.kind,
            type_block: p.flags & TYPE_BLOCK != 0,
            range: p.start..p.end,
            start_line: p.start_line,
            end_line,
            name_range,
            signature_end,
            parent: p.parent,
            children: self.children(i).len() as u32,
            overload: p.overload,
        }
    }

    /// The number of symbols.
    pub fn len(&self) -> usize {
        self.packed.len()
    }

    pub fn is_empty(&self) -> bool {
        self.packed.is_empty()
    }

    /// Every symbol, in order.
    pub fn iter(&self) -> impl Iterator<Item = Symbol> + '_ {
        (0..self.len() as u32).map(|i| self.get(i))
    }

    /// Symbol `i`'s name and kind (without the rest `get` puts together).
    pub fn name_and_kind(&self, i: u32) -> (Name, SymbolKind) {
        let p = &self.packed[i as usize];
        (p.name, p.kind)
    }

    /// Every symbol's name, in symbol order.
    pub fn names(&self) -> impl Iterator<Item = Name> + '_ {
        self.packed.iter().map(|p| p.name)
    }

    /// The children of symbol `i`, in document order.
    pub fn children(&self, i: u32) -> &[u32] {
        let i = i as usize;
        &self.child_list[self.child_starts[i] as usize..self.child_starts[i + 1] as usize]
    }

    /// The extra description of symbol `i`, e.g. `impl Display for Point` for a method of a trait impl.
    pub fn detail(&self, i: u32) -> Option<&str> {
        side(&self.details, i).map(|d| &**d)
    }

    /// The doc comment or docstring of symbol `i`.
    pub fn doc(&self, i: u32) -> Option<Range<u32>> {
        side(&self.docs, i).cloned()
    }

    /// Heap bytes the table holds (capacities; allocator overhead and the names' texts, which every
    /// file shares, left out: `name::store_bytes`).
    pub fn heap_bytes(&self) -> usize {
        let supertypes: usize = self.supertypes.iter().map(|(_, s)| size_of::<(u32, String)>() + s.capacity()).sum();
        let details: usize = self.details.iter().map(|(_, d)| size_of::<(u32, Box<str>)>() + d.len()).sum();
        let docs = self.docs.capacity() * size_of::<(u32, Range<u32>)>();
        self.packed.capacity() * size_of::<Packed>()
            + self.wide.capacity() * size_of::<(u32, Wide)>()
            + supertypes
            + details
            + docs
            + (self.roots.capacity() + self.child_list.capacity() + self.child_starts.capacity()) * size_of::<u32>()
    }

    /// The table of these symbols (in order, each with its detail and children), roots and supertypes
    /// (put in order by type, each type's names kept in their order).
    pub fn assemble(parts: Vec<SymbolParts>, roots: Vec<u32>, mut supertypes: Vec<(u32, String)>) -> FileSymbols {
        supertypes.sort_by_key(|(owner, _)| *owner);
        let mut fs = FileSymbols { roots, supertypes, ..FileSymbols::default() };
        fs.packed.reserve_exact(parts.len());
        fs.child_list.reserve_exact(parts.iter().map(|p| p.children.len()).sum());
        if !parts.is_empty() {
            fs.child_starts.reserve_exact(parts.len() + 1);
            fs.child_starts.push(0);
        }
        for (i, p) in parts.into_iter().enumerate() {
            p.place(i as u32, &mut fs);
        }
        fs.docs.shrink_to_fit();
        fs.details.shrink_to_fit();
        fs.wide.shrink_to_fit();
        fs
    }

    /// Every symbol index in document order (parents before children).
    pub fn preorder(&self) -> Vec<u32> {
        let mut out = Vec::with_capacity(self.len());
        out.extend(self.walk_preorder());
        out
    }

    /// The symbols in the order of `preorder`, one at a time (only the walk's stack is allocated).
    pub fn walk_preorder(&self) -> impl Iterator<Item = u32> + '_ {
        let mut stack: Vec<u32> = self.roots.iter().rev().copied().collect();
        std::iter::from_fn(move || {
            let i = stack.pop()?;
            stack.extend(self.children(i).iter().rev());
            Some(i)
        })
    }

    /// `Outer/inner[1]`: names from the top, with overload indices where siblings share a name; a list
    /// item follows its list without a slash (`steps[2]`); a slash inside a name is escaped (`operator\/`,
    /// a Markdown heading `@scope\/pkg`, a JSON key `.\/lib`).
    pub fn name_path(&self, i: u32) -> String {
        let mut parts = Vec::new();
        let mut at = Some(i);
        while let Some(j) = at {
            let s = self.get(j);
            let name = escape_name(&s.name);
            parts.push(match s.overload() {
                Some(k) => format!("{name}[{k}]"),
                None => name.into_owned(),
            });
            at = s.parent();
        }
        parts.reverse();
        let mut out = String::new();
        for (k, p) in parts.iter().enumerate() {
            if k > 0 && !is_item_name(p) {
                out.push('/');
            }
            out.push_str(p);
        }
        out
    }

    /// The names of the symbols enclosing symbol `i`, from the top, list items left out (the scopes a
    /// name path names before `i`'s own name, without overload indices).
    pub fn scope_names(&self, i: u32) -> Vec<&str> {
        let mut names = Vec::new();
        let mut at = self.get(i).parent();
        while let Some(j) = at {
            let s = self.get(j);
            if !is_item_name(&s.name) {
                names.push(s.name.as_str());
            }
            at = s.parent();
        }
        names.reverse();
        names
    }

    /// Whether the file defines a top-level symbol `name` (a block of members, `impl Name {`, defines
    /// nothing: it uses the type).
    pub fn defines_top_level(&self, name: &str) -> bool {
        self.roots.iter().map(|&r| self.get(r)).any(|s| s.name == name && !s.is_type_block())
    }

    /// The names of symbol `i`'s supertypes, as written, in order.
    pub fn supertype_names(&self, i: u32) -> impl Iterator<Item = &str> {
        let first = self.supertypes.partition_point(|(owner, _)| *owner < i);
        self.supertypes[first..].iter().take_while(move |(owner, _)| *owner == i).map(|(_, name)| name.as_str())
    }

    /// Whether symbol `i` is an enum with a variant `name` (an enum member among its children).
    pub fn has_variant(&self, i: u32, name: &str) -> bool {
        self.children(i).iter().map(|&c| self.get(c)).any(|s| s.kind == SymbolKind::EnumMember && s.name == name)
    }

    /// The type (class, struct, interface, ...) whose member symbol `i` is: its parent, when that can own
    /// members.
    pub fn owning_type(&self, i: u32) -> Option<u32> {
        self.get(i).parent().filter(|&p| self.get(p).kind.can_own_members())
    }

    /// The bytes that are type symbol `i`'s own: its range, less those of the types nested in it (an inner
    /// class's fields are not the outer class's).
    pub fn own_bytes(&self, i: u32) -> OwnBytes {
        let range = |s: u32| {
            let r = self.get(s).range;
            r.start as usize..r.end as usize
        };
        let mut nested = Vec::new();
        let mut stack: Vec<u32> = self.children(i).to_vec();
        while let Some(c) = stack.pop() {
            match self.get(c).kind.can_own_members() {
                true => nested.push(range(c)),
                false => stack.extend_from_slice(self.children(c)),
            }
        }
        OwnBytes { range: range(i), nested }
    }

    /// The innermost type-like symbol (class, struct, interface, ...) whose range contains `byte`.
    pub fn innermost_type_at(&self, byte: usize) -> Option<u32> {
        self.type_around(self.innermost_at(byte)?)
    }

    /// Symbol `i` when it is type-like, else the nearest type-like symbol above it.
    fn type_around(&self, i: u32) -> Option<u32> {
        if self.get(i).kind.can_own_members() { Some(i) } else { self.enclosing_type(i) }
    }

    /// The nearest type-like symbol above symbol `i` (the class around a method, or around a class).
    pub fn enclosing_type(&self, i: u32) -> Option<u32> {
        let mut at = self.get(i).parent();
        while let Some(p) = at {
            if self.get(p).kind.can_own_members() {
                return Some(p);
            }
            at = self.get(p).parent();
        }
        None
    }

    /// The innermost symbol whose range contains `byte`: the narrowest, the last in preorder among equals
    /// (a member may lie outside its parent's range, so every symbol is looked at, by its range alone).
    pub fn innermost_at(&self, byte: usize) -> Option<u32> {
        let byte = byte as u32;
        let mut best = None;
        for i in self.walk_preorder() {
            let (reach, width) = self.packed[i as usize].reach();
            if reach.contains(&byte) {
                keep_innermost(&mut best, i, width);
            }
        }
        best.map(|(i, _)| i)
    }

    /// `innermost_at` of each of `bytes`, in one walk of the symbols: each looks only at the bytes in its
    /// range (the uses of a name in a file, many of them in a file of many symbols).
    pub fn innermost_at_each(&self, bytes: &[usize]) -> Vec<Option<u32>> {
        let mut order: Vec<usize> = (0..bytes.len()).collect();
        order.sort_by_key(|&k| bytes[k]);
        let sorted: Vec<u32> = order.iter().map(|&k| bytes[k] as u32).collect();
        let mut best = vec![None; bytes.len()];
        for i in self.walk_preorder() {
            let (reach, width) = self.packed[i as usize].reach();
            let first = sorted.partition_point(|&b| b < reach.start);
            let inside = sorted[first..].iter().take_while(|&&b| b < reach.end).count();
            for &k in &order[first..first + inside] {
                keep_innermost(&mut best[k], i, width);
            }
        }
        best.into_iter().map(|b| b.map(|(i, _)| i)).collect()
    }
}

/// Keeps symbol `i` (of `width`, met in preorder) as the innermost found so far (symbol, width) when it is
/// as narrow or narrower: the last in preorder wins among equals.
fn keep_innermost(best: &mut Option<(u32, u32)>, i: u32, width: u32) {
    if best.is_none_or(|(_, w)| width <= w) {
        *best = Some((i, width));
    }
}

/// How the tags query visits a tree.
#[derive(Clone, Copy, PartialEq)]
enum Scan {
    /// Only at nodes where a pattern can start, skipping subtrees that cannot hold one (when the
    /// language has a definition walk).
    Walk,
    /// At every node.
    WholeTree,
}

/// Definitions, plus the names of supertypes (base classes, implemented interfaces) with their position.
fn collect_defs<S: Source + ?Sized>(
    lang: &Language,
    tags: &crate::query::TagsQuery,
    tree: &Tree,
    text: &S,
    range: Option<Range<usize>>,
    scan: Scan,
    names: Option<&mut Collector<'_, S>>,
) -> (Vec<Def>, Vec<(usize, String)>) {
    let scopes = ModuleScopes::default();
    let mut found = Found { by_node: HashMap::new(), supers: Vec::new(), scopes: &scopes };
    let mut cursor = QueryCursor::new();
    if let Some(r) = &range {
        cursor.set_byte_range(r.clone());
    }
    match tags.walk.as_ref().filter(|_| scan == Scan::Walk) {
        Some(walk) => {
            cursor.set_max_start_depth(Some(0));
            let visit = |node, near: crate::walk::Near<'_, '_>| {
                let mut children = StartChildren { start: node, lists: Vec::new() };
                let mut matches = cursor.matches(&tags.query, node, |n: Node| text.chunks(n.byte_range()));
                while let Some(m) = matches.next() {
                    found.add(lang, tags, m, text, Some(near), Some(&mut children));
                }
            };
            match names {
                Some(names) if range.is_none() => {
                    let wanted = names.wanted();
                    let leaf = |kind, at| names.leaf(kind, at);
                    walk.for_each_start_and_leaf(tree.root_node(), &scopes, visit, wanted, leaf);
                }
                _ => walk.for_each_start(tree.root_node(), range.as_ref(), &scopes, visit),
            }
        }
        None => {
            // the module scopes first: a match inside one may come before the match that captures it
            if tags.roles.contains(&Role::ModuleScope) {
                let mut matches = cursor.matches(&tags.query, tree.root_node(), |n: Node| text.chunks(n.byte_range()));
                while let Some(m) = matches.next() {
                    tags.checks_pass(m, None, &scopes);
                }
            }
            let mut matches = cursor.matches(&tags.query, tree.root_node(), |n: Node| text.chunks(n.byte_range()));
            while let Some(m) = matches.next() {
                found.add(lang, tags, m, text, None, None);
            }
        }
    }
    let mut defs: Vec<Def> = found.by_node.into_values().map(|(_, d)| d).collect();
    sort_defs(&mut defs);
    (defs, found.supers)
}

/// The children of the node a walk started the query at, and of the nodes inside it that hold a
/// definition (Go's grouped `const (...)` specs, Rust's methods in an impl's body, a class body's methods,
/// a struct's fields), each list read once: a definition's neighbours then come from these lists, not
/// from the tree (`Node::prev_sibling` reads the parent's children up to the node each time, quadratic
/// over a group of thousands; `Node::parent` searches down from the root, along every item of a module
/// of thousands).
struct StartChildren<'t> {
    start: Node<'t>,
    /// (parent, its children), the latest read last.
    lists: Vec<(Node<'t>, Vec<Node<'t>>)>,
}

impl<'t> StartChildren<'t> {
    /// `node`'s neighbours, when it lies inside the start node.
    fn near(&mut self, node: Node<'t>) -> Option<crate::walk::Near<'_, 't>> {
        let known =
            self.lists.iter().enumerate().rev().find_map(|(l, (_, children))| Some((l, index_of(children, node)?)));
        let (list, index) = match known {
            Some(found) => found,
            None => {
                let parent = self.parent_of(node)?;
                let children: Vec<Node<'t>> = parent.children(&mut parent.walk()).collect();
                let index = index_of(&children, node)?;
                self.lists.push((parent, children));
                (self.lists.len() - 1, index)
            }
        };
        let (parent, children) = &self.lists[list];
        Some(crate::walk::Near { node, earlier: &children[..index], parent: Some(*parent) })
    }

    /// The parent of a node inside the start node, looked for down from the start node.
    fn parent_of(&self, node: Node<'t>) -> Option<Node<'t>> {
        let mut parent = self.start;
        loop {
            let child = parent.child_with_descendant(node)?;
            if child.id() == node.id() {
                return Some(parent);
            }
            parent = child;
        }
    }
}

/// Where `node` is in `children` (in document order), if it is one of them.
fn index_of(children: &[Node], node: Node) -> Option<usize> {
    let at = children.partition_point(|c| c.start_byte() < node.start_byte());
    // children that take no room share a start: look along those
    let same_start = children[at..].iter().take_while(|c| c.start_byte() == node.start_byte());
    let index = at + same_start.take_while(|c| c.id() != node.id()).count();
    children.get(index).is_some_and(|c| c.id() == node.id()).then_some(index)
}

/// What the matches of a tags query found so far.
struct Found<'s> {
    /// Keyed by (definition node, name node): one node may define several names (`a, b = 1, 2`); the
    /// earliest pattern wins.
    by_node: HashMap<(usize, usize), (usize, Def)>,
    supers: Vec<(usize, String)>,
    /// The module scopes met so far.
    scopes: &'s ModuleScopes,
}

impl Found<'_> {
    fn add<'t, S: Source + ?Sized>(
        &mut self,
        lang: &Language,
        tags: &crate::query::TagsQuery,
        m: &tree_sitter::QueryMatch<'_, 't>,
        text: &S,
        near: Option<crate::walk::Near<'_, 't>>,
        children: Option<&mut StartChildren<'t>>,
    ) {
        if !tags.checks_pass(m, near.and_then(|n| Some((n.node, n.parent?))), self.scopes) {
            return;
        }
        let (by_node, supers) = (&mut self.by_node, &mut self.supers);
        let mut def_node = None;
        let (mut name, mut receiver, mut trait_name, mut doc) = (None, None, None, None::<Range<usize>>);
        // Several @name captures name the definition together, first to last (`operator bool`).
        let mut name_end = 0;
        let mut trailer = None;
        let mut implements = false;
        for c in m.captures() {
            match tags.roles[c.index as usize] {
                Role::Definition(kind) => def_node = Some((kind, c.node)),
                Role::Name => {
                    name_end = name_end.max(c.node.end_byte());
                    if name.is_none_or(|n: Node| c.node.start_byte() < n.start_byte()) {
                        name = Some(c.node);
                    }
                }
                Role::Doc => doc = Some(extend(doc, c.node.byte_range())),
                Role::Receiver => receiver = Some(node_text(c.node, text)),
                Role::Trait => trait_name = Some(node_text(c.node, text)),
                Role::Trailer => trailer = Some(c.node),
                Role::Reference(RefKind::Implementation) => implements = true,
                Role::Reference(_) | Role::ModuleScope | Role::Ignored => {}
            }
        }
        if implements && def_node.is_none() {
            if let Some(n) = name {
                supers.push((n.start_byte(), node_text(n, text)));
            }
            return;
        }
        let Some((kind, node)) = def_node else { return };
        // An item is named by its position later; it stands in for its own name.
        let Some(name) = name.or((kind == DefKind::Item).then_some(node)) else { return };
        // A name the parser had to invent (a MISSING identifier) names nothing.
        if kind != DefKind::Item && (name.is_missing() || name.start_byte() == name.end_byte()) {
            return;
        }
        let key = (node.id(), name.id());
        let keep = by_node.get(&key).is_none_or(|(pattern, _)| m.pattern_index < *pattern);
        if keep {
            let near = match near.filter(|n| n.node.id() == node.id()) {
                Some(near) => Some(near),
                None => children.and_then(|c| c.near(node)),
            };
            let doc = doc
                .or_else(|| lang.body_docstring(node).map(|s| s.byte_range()))
                .or_else(|| preceding_doc(lang, node, near, text));
            let (name, name_range) = match kind {
                DefKind::Item => (String::new(), node.start_byte()..node.start_byte()),
                _ if name_end > name.end_byte() => {
                    let range = name.start_byte()..name_end;
                    (spanned_name(range.clone(), text), range)
                }
                _ => (node_text(name, text), name.byte_range()),
            };
            let last = last_content(trailer.filter(|t| t.end_byte() > node.end_byte()).unwrap_or(node), text);
            let def = Def {
                kind,
                range: node.start_byte()..last.end_byte().max(node.start_byte()),
                start_line: node.start_position().row,
                end_line: end_line(node.start_position().row, last),
                name,
                name_range,
                signature_end: signature_end(node, text),
                doc,
                receiver,
                trait_name,
            };
            by_node.insert(key, (m.pattern_index, def));
        }
    }
}

/// A name spanning several nodes, its whitespace runs made single spaces (`operator  Action<F>`).
fn spanned_name<S: Source + ?Sized>(range: Range<usize>, text: &S) -> String {
    text.slice(range).split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Document order; an enclosing definition before what it encloses; same node by name position.
fn sort_defs(defs: &mut [Def]) {
    defs.sort_by(|a, b| {
        a.range
            .start
            .cmp(&b.range.start)
            .then(b.range.end.cmp(&a.range.end))
            .then(a.name_range.start.cmp(&b.name_range.start))
    });
}

fn shift(byte: usize, old_end: usize, delta: i64) -> usize {
    if byte >= old_end { (byte as i64 + delta) as usize } else { byte }
}

impl Def {
    /// The definition found in a text that starts `bytes` bytes and `lines` lines into the file.
    fn moved(self, bytes: usize, lines: usize) -> Def {
        let r = |r: Range<usize>| r.start + bytes..r.end + bytes;
        Def {
            range: r(self.range),
            start_line: self.start_line + lines,
            end_line: self.end_line + lines,
            name_range: r(self.name_range),
            signature_end: self.signature_end + bytes,
            doc: self.doc.map(r),
            ..self
        }
    }
}

/// Symbol `i` of `fs` as a definition again, moved by an edit that ended at `old_end`.
fn shifted_def(fs: &FileSymbols, i: u32, old_end: usize, delta: i64, line_delta: i64) -> Def {
    let s = fs.get(i);
    let b = |x: u32| shift(x as usize, old_end, delta);
    let after = (s.range.start as usize) >= old_end;
    let line = |l: u32| if after { (l as i64 + line_delta) as usize } else { l as usize };
    Def {
        kind: DefKind::Symbol(s.kind),
        range: b(s.range.start)..b(s.range.end),
        start_line: line(s.start_line),
        end_line: line(s.end_line),
        name: s.name.to_string(),
        name_range: b(s.name_range.start)..b(s.name_range.end),
        signature_end: b(s.signature_end),
        doc: fs.doc(i).map(|d| b(d.start)..b(d.end)),
        receiver: None,
        trait_name: None,
    }
}

fn extend(acc: Option<Range<usize>>, r: Range<usize>) -> Range<usize> {
    match acc {
        Some(a) => a.start.min(r.start)..a.end.max(r.end),
        None => r,
    }
}

/// A node's text as a name: without surrounding whitespace, and on one line (a CSS selector list may
/// span several).
fn node_text<S: Source + ?Sized>(node: Node, text: &S) -> String {
    let t = text.slice(node.byte_range());
    if t.contains('\n') {
        return t.split_whitespace().collect::<Vec<_>>().join(" ");
    }
    match t.trim() {
        trimmed if trimmed.len() == t.len() => t.into_owned(),
        trimmed => trimmed.to_string(),
    }
}

/// The last line a node covers (a node ending at column 0 ends on the previous line).
/// The last line of a definition that starts on `start_row` and ends with `last` (a node ending at column 0
/// ends on the previous line).
fn end_line(start_row: usize, last: Node) -> usize {
    let end = last.end_position();
    if end.column == 0 && end.row > start_row { end.row - 1 } else { end.row }
}

/// The node whose end is the end of a definition's content: comments and other extras on the lines after
/// it, blank lines, and empty tokens (an indentation grammar's dedent) belong to what follows, not to the
/// definition. Syntax errors stay in (an edit of the definition must cover them), and so does text of the
/// node that no child covers (a YAML block scalar's lines).
fn last_content<'t, S: Source + ?Sized>(node: Node<'t>, text: &S) -> Node<'t> {
    // most definitions end with their content: their last leaf ends them (read without a cursor, which
    // scans every child of each level down to find the last)
    if crate::subtrees::ends_with_content(node) {
        return node;
    }
    last_content_below(node, text)
}

/// `last_content`, found down the node's last children.
fn last_content_below<'t, S: Source + ?Sized>(node: Node<'t>, text: &S) -> Node<'t> {
    let trailing = |c: &Node| (c.is_extra() && !c.has_error()) || c.end_byte() == c.start_byte();
    let mut cursor = node.walk();
    let mut after = Vec::new();
    loop {
        let node = cursor.node();
        // Back from the last child past the trailing extras to the last child that is content (a cursor
        // steps back over a few children where a pass over all of them would read a class body whole).
        if !cursor.goto_last_child() {
            return node;
        }
        after.clear();
        while trailing(&cursor.node()) {
            after.push(cursor.node());
            if !cursor.goto_previous_sibling() {
                return node;
            }
        }
        after.reverse();
        let mut last = cursor.node();
        // A comment on the line where the content ends is the content's (`return x  # why`).
        let mut content = 0;
        for (i, c) in after.iter().enumerate() {
            if c.start_position().row == last.end_position().row && c.end_byte() > c.start_byte() {
                (last, content) = (*c, i + 1);
            }
        }
        // Only trailing extras and whitespace may lie between the last child and the node's end.
        let mut at = last.end_byte();
        for extra in &after[content..] {
            if (at..extra.start_byte()).any(|i| !text.byte(i).is_ascii_whitespace()) {
                return node;
            }
            at = at.max(extra.end_byte());
        }
        if (at..node.end_byte()).any(|i| !text.byte(i).is_ascii_whitespace()) {
            return node;
        }
        (0..content).for_each(|_| _ = cursor.goto_next_sibling());
    }
}

/// Where the signature of a definition ends: at its body, else at the end of its first line.
fn signature_end<S: Source + ?Sized>(node: Node, text: &S) -> usize {
    if let Some(body) = node.child_by_field_name("body") {
        return body.start_byte();
    }
    let start = node.start_byte();
    text.line_end(start).min(node.end_byte())
}

/// Doc comments directly above a definition (or its wrapper), looking past its other preambles
/// (attributes, annotations, decorators), as the language's textobjects.scm marks them; `near`, the
/// definition's neighbours as the walk met them, spares the tree lookups when given.
fn preceding_doc<S: Source + ?Sized>(
    lang: &Language,
    node: Node,
    near: Option<crate::walk::Near>,
    text: &S,
) -> Option<Range<usize>> {
    let mut doc: Option<Range<usize>> = None;
    let above = match near {
        Some(near) if !is_wrapped(lang, node, near.parent, text) => {
            let before = near.earlier.last().copied().or_else(|| near.parent.and_then(|p| first_child_before(node, p)));
            preamble_after(lang, node, before, near.earlier, text)
        }
        _ => preamble(lang, outermost_wrapper(lang, node, text), text),
    };
    for (s, role) in above {
        if role == BlockRole::Doc {
            doc = Some(extend(doc, s.byte_range()));
        }
    }
    doc
}

/// The preambles and doc comments directly above a definition node (nearest first), as the language's
/// textobjects.scm marks them; each on the line before the next.
pub fn preamble<'t, S: Source + ?Sized>(lang: &Language, node: Node<'t>, text: &S) -> Vec<(Node<'t>, BlockRole)> {
    preamble_after(lang, node, node_before(node), &[], text)
}

/// `preamble`, given the node that ends right before `node` (`node_before`) and, when known, the siblings
/// before `node` in document order (so going back along them asks the tree nothing).
fn preamble_after<'t, S: Source + ?Sized>(
    lang: &Language,
    node: Node<'t>,
    before: Option<Node<'t>>,
    earlier: &[Node<'t>],
    text: &S,
) -> Vec<(Node<'t>, BlockRole)> {
    let mut out = Vec::new();
    let mut row = node.start_position().row;
    let mut candidate = before;
    // earlier[..left] are the siblings not yet looked at when the candidate is earlier[left - 1]
    let mut left = earlier.len();
    while let Some(c) = candidate {
        // Some grammars attach a comment to the end of the definition before the one it documents (a
        // TOML table, a YAML mapping): then it is that definition's last leaf.
        let (c, role) = match lang.edge_role(c, text) {
            Some(role) => (c, Some(role)),
            None => {
                let leaf = last_leaf(c);
                (leaf, if leaf.id() == c.id() { None } else { lang.edge_role(leaf, text) })
            }
        };
        match role.filter(|_| c.end_position().row + 1 >= row) {
            Some(role @ (BlockRole::Doc | BlockRole::Preamble)) => out.push((c, role)),
            _ => break,
        }
        row = c.start_position().row;
        candidate = match left.checked_sub(1).map(|i| earlier[i]) {
            Some(sibling) if sibling.id() == c.id() && left > 1 => {
                left -= 1;
                Some(earlier[left - 1])
            }
            _ => node_before(c),
        };
    }
    out
}

/// The node that ends right before `node` starts: its previous sibling, or for a first child its
/// parent's (when the parent starts with it).
fn node_before(node: Node) -> Option<Node> {
    let mut n = node;
    loop {
        if let Some(p) = n.prev_sibling() {
            return Some(p);
        }
        let parent = n.parent()?;
        if parent.start_byte() != n.start_byte() {
            return None;
        }
        n = parent;
    }
}

/// `node_before` of a first child `node` of `parent`: the parent's, when the parent starts with it.
fn first_child_before<'t>(node: Node<'t>, parent: Node<'t>) -> Option<Node<'t>> {
    (parent.start_byte() == node.start_byte()).then(|| node_before(parent)).flatten()
}

/// Whether `outermost_wrapper` would go above `node`, its parent known.
fn is_wrapped<S: Source + ?Sized>(lang: &Language, node: Node, parent: Option<Node>, text: &S) -> bool {
    match parent {
        Some(p) => wraps(lang, p, node, text),
        // the walk's root: ask the tree
        None => outermost_wrapper(lang, node, text).id() != node.id(),
    }
}

fn last_leaf(mut node: Node) -> Node {
    while let Some(last) = node.child_count().checked_sub(1).and_then(|i| node.child(i)) {
        node = last;
    }
    node
}

/// The definition widened over the wrappers that end with it (`export`, a decorated definition).
pub fn outermost_wrapper<'t, S: Source + ?Sized>(lang: &Language, mut node: Node<'t>, text: &S) -> Node<'t> {
    while let Some(parent) = node.parent().filter(|p| wraps(lang, *p, node, text)) {
        node = parent;
    }
    node
}

/// Whether `parent` is a wrapper of `node` (it ends with it, and textobjects.scm says so).
fn wraps<S: Source + ?Sized>(lang: &Language, parent: Node, node: Node, text: &S) -> bool {
    parent.end_byte() == node.end_byte() && lang.edge_role(parent, text) == Some(BlockRole::Wrapper)
}

/// Nests definitions by range, attaches impl/receiver members to their types, fixes kinds, numbers overloads.
fn build(defs: Vec<Def>, lang: &LanguageEntry) -> FileSymbols {
    let mut fs = Building::default();
    let mut impls: Vec<(u32, Option<String>)> = Vec::new();
    // Open definitions; one with the very same range as the next is a sibling (`a, b = 1, 2`), not a parent.
    let mut stack: Vec<(u32, Range<usize>)> = Vec::new();
    for def in defs {
        while stack.last().is_some_and(|(_, r)| r.end <= def.range.start || *r == def.range) {
            stack.pop();
        }
        let parent = stack.last().map(|(i, _)| *i);
        let mut def = def;
        if let DefKind::Symbol(k) = def.kind
            && k.is_variable_like()
            && lang.upper_case_constants
            && is_upper_case(&def.name)
        {
            def.kind = DefKind::Symbol(SymbolKind::Constant);
        }
        // interned once, for the reassignment check and the symbol
        let name = Name::new(&def.name);
        if lang.one_symbol_per_variable && is_reassignment(&fs, parent, &def, name) {
            continue;
        }
        let i = fs.symbols.len() as u32;
        if def.kind == DefKind::Impl {
            impls.push((i, def.trait_name.clone()));
        }
        stack.push((i, def.range.clone()));
        fs.symbols.push(to_parts(&def, name, parent));
        if let Some(receiver) = def.receiver {
            fs.symbols[i as usize].detail = Some(format!("receiver {receiver}").into());
        }
        link(&mut fs, i, parent);
    }
    attach_receivers(&mut fs, lang.receivers_may_be_values);
    attach_impls(&mut fs, &impls);
    fix_kinds(&mut fs);
    name_items(&mut fs);
    number_overloads(&mut fs);
    FileSymbols::assemble(fs.symbols, fs.roots, fs.supertypes)
}

/// A file's symbols as `build` puts them together.
#[derive(Default)]
struct Building {
    symbols: Vec<SymbolParts>,
    roots: Vec<u32>,
    supertypes: Vec<(u32, String)>,
}

impl Building {
    fn get(&self, i: u32) -> &SymbolParts {
        &self.symbols[i as usize]
    }
}

/// `MAX_SIZE`, `_LIMIT`, `V2`: letters all upper case, at least one of them.
fn is_upper_case(name: &str) -> bool {
    name.bytes().any(|b| b.is_ascii_uppercase())
        && name.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
}

/// A variable-like definition (named `name`) whose name a sibling already defines as a variable-like
/// symbol (names compare as interned names: a module may hold thousands of assignments).
fn is_reassignment(fs: &Building, parent: Option<u32>, def: &Def, name: Name) -> bool {
    let DefKind::Symbol(kind) = def.kind else { return false };
    if !kind.is_variable_like() {
        return false;
    }
    let siblings = match parent {
        Some(p) => &fs.symbols[p as usize].children,
        None => &fs.roots,
    };
    siblings.iter().map(|&s| &fs.symbols[s as usize]).any(|s| s.name == name && s.kind.is_variable_like())
}

/// Each list of siblings (the roots, then each symbol's children) in turn, lent out so that `f` may change
/// the symbols: lists of fewer than `at_least` are skipped.
fn for_each_group(fs: &mut Building, at_least: usize, mut f: impl FnMut(&mut Building, &[u32])) {
    for owner in std::iter::once(None).chain((0..fs.symbols.len()).map(Some)) {
        let list = match owner {
            Some(i) => &mut fs.symbols[i].children,
            None => &mut fs.roots,
        };
        if list.len() < at_least {
            continue;
        }
        let group = std::mem::take(list);
        f(fs, &group);
        match owner {
            Some(i) => fs.symbols[i].children = group,
            None => fs.roots = group,
        }
    }
}

/// List items are named `[i]` by their position among their parent's items.
fn name_items(fs: &mut Building) {
    let empty = Name::default();
    if !fs.symbols.iter().any(|s| s.name == empty) {
        return;
    }
    for_each_group(fs, 1, |fs, group| {
        let mut k = 0;
        for &c in group {
            if fs.symbols[c as usize].name == empty {
                fs.symbols[c as usize].name = Name::new(&format!("[{k}]"));
                k += 1;
            }
        }
    });
}

fn to_parts(def: &Def, name: Name, parent: Option<u32>) -> SymbolParts {
    let kind = match def.kind {
        DefKind::Symbol(k) => k,
        DefKind::Impl | DefKind::Item => SymbolKind::Object,
    };
    let r = |r: &Range<usize>| r.start as u32..r.end as u32;
    SymbolParts {
        name,
        kind,
        range: r(&def.range),
        start_line: def.start_line as u32,
        end_line: def.end_line as u32,
        name_range: r(&def.name_range),
        signature_end: def.signature_end as u32,
        doc: def.doc.as_ref().map(r),
        detail: None,
        parent,
        children: Vec::new(),
        overload: None,
    }
}

fn link(fs: &mut Building, i: u32, parent: Option<u32>) {
    fs.symbols[i as usize].parent = parent;
    match parent {
        Some(p) => fs.symbols[p as usize].children.push(i),
        None => fs.roots.push(i),
    }
}

fn unlink(fs: &mut Building, i: u32) {
    match fs.symbols[i as usize].parent {
        Some(p) => fs.symbols[p as usize].children.retain(|&c| c != i),
        None => fs.roots.retain(|&c| c != i),
    }
}

/// The type symbol named `name` among `siblings`, other than the containers in `except`, sorted (impl
/// blocks are not types: members never move from one impl block into another). Names compare as
/// interned names (by number, not by reading their texts: a file may hold thousands of impls).
fn find_type(fs: &Building, siblings: &[u32], name: Name, except: &[u32]) -> Option<u32> {
    siblings.iter().copied().find(|&s| {
        let sym = fs.get(s);
        sym.name == name && sym.kind.can_own_members() && except.binary_search(&s).is_err()
    })
}

/// A function or variable named `name` among `siblings` (a constructor function, a namespace object).
fn find_value(fs: &Building, siblings: &[u32], name: Name) -> Option<u32> {
    siblings.iter().copied().find(|&s| {
        let sym = fs.get(s);
        sym.name == name && matches!(sym.kind, SymbolKind::Function | SymbolKind::Variable | SymbolKind::Constant)
    })
}

/// Rust impl blocks (and extensions): members move to the type symbol of the same scope; without one,
/// each block stays an `Object` symbol named after the type (same-named siblings: `Foo[0]`, `Foo[1]`).
fn attach_impls(fs: &mut Building, impls: &[(u32, Option<String>)]) {
    let mut impl_indices: Vec<u32> = impls.iter().map(|(i, _)| *i).collect();
    impl_indices.sort_unstable();
    for &(imp, ref trait_name) in impls {
        let name = fs.get(imp).name;
        let detail = match trait_name {
            Some(t) => format!("impl {t} for {name}"),
            None => format!("impl {name}"),
        };
        let siblings = siblings_of(fs, imp);
        let target = find_type(fs, &siblings, name, &impl_indices);
        let members = std::mem::take(&mut fs.symbols[imp as usize].children);
        for &m in &members {
            fs.symbols[m as usize].detail = Some(detail.as_str().into());
        }
        fs.symbols[imp as usize].detail = Some(detail.into());
        let owner = match target {
            Some(t) => {
                unlink(fs, imp);
                move_children(fs, &members, t);
                t
            }
            None => {
                move_children(fs, &members, imp);
                imp
            }
        };
        if let Some(t) = trait_name {
            fs.supertypes.push((owner, t.clone()));
        }
    }
}

/// Go methods: attached to their receiver's type symbol (or, where receivers may be values, to a function
/// or variable of that name), else to an `Object` symbol standing for it.
fn attach_receivers(fs: &mut Building, may_be_values: bool) {
    let methods: Vec<u32> = (0..fs.symbols.len() as u32)
        .filter(|&i| fs.get(i).detail.as_deref().is_some_and(|d| d.starts_with("receiver ")))
        .collect();
    for m in methods {
        let receiver = fs.get(m).detail.as_deref().unwrap()["receiver ".len()..].to_string();
        let siblings = siblings_of(fs, m);
        // a name no symbol was ever given is no sibling's
        let named = Name::existing(&receiver);
        let value = |fs: &Building| named.filter(|_| may_be_values).and_then(|n| find_value(fs, &siblings, n));
        let target = named
            .and_then(|n| find_type(fs, &siblings, n, &[m]))
            .or_else(|| value(fs))
            .unwrap_or_else(|| synthetic_type(fs, &receiver, m));
        fs.symbols[m as usize].detail = None;
        unlink(fs, m);
        move_children(fs, &[m], target);
    }
}

/// An `Object` symbol for a type defined elsewhere, placed at the first member's position.
fn synthetic_type(fs: &mut Building, name: &str, first_member: u32) -> u32 {
    let siblings = siblings_of(fs, first_member);
    if let Some(existing) = siblings.iter().copied().find(|&s| {
        let sym = fs.get(s);
        sym.name == name && sym.stands_for_elsewhere()
    }) {
        return existing;
    }
    let m = fs.get(first_member).clone();
    let i = fs.symbols.len() as u32;
    fs.symbols.push(SymbolParts {
        name: Name::new(name),
        kind: SymbolKind::Object,
        detail: Some(ELSEWHERE.into()),
        children: Vec::new(),
        overload: None,
        doc: None,
        name_range: m.name_range.clone(),
        ..m
    });
    link(fs, i, m.parent);
    sort_children(fs, m.parent);
    i
}

fn siblings_of(fs: &Building, i: u32) -> Vec<u32> {
    match fs.get(i).parent {
        Some(p) => fs.get(p).children.clone(),
        None => fs.roots.clone(),
    }
}

fn move_children(fs: &mut Building, members: &[u32], to: u32) {
    for &m in members {
        fs.symbols[m as usize].parent = Some(to);
        fs.symbols[to as usize].children.push(m);
    }
    sort_children(fs, Some(to));
}

fn sort_children(fs: &mut Building, of: Option<u32>) {
    let mut list = match of {
        Some(p) => std::mem::take(&mut fs.symbols[p as usize].children),
        None => std::mem::take(&mut fs.roots),
    };
    list.sort_by_key(|&c| fs.symbols[c as usize].range.start);
    list.dedup();
    match of {
        Some(p) => fs.symbols[p as usize].children = list,
        None => fs.roots = list,
    }
}

/// A function directly inside a type is a method.
fn fix_kinds(fs: &mut Building) {
    for i in 0..fs.symbols.len() {
        let parent_kind = fs.symbols[i].parent.map(|p| fs.symbols[p as usize].kind);
        if fs.symbols[i].kind == SymbolKind::Function && parent_kind.is_some_and(SymbolKind::is_type_like) {
            fs.symbols[i].kind = SymbolKind::Method;
        }
    }
}

/// Same-named siblings get indices 0, 1, ... in document order (names compare as interned names).
fn number_overloads(fs: &mut Building) {
    // per name of the group: how many siblings have it, then how many of those were numbered
    let mut count: HashMap<Name, (u32, u32)> = HashMap::new();
    for_each_group(fs, 2, |fs, group| {
        count.clear();
        for &c in group {
            count.entry(fs.symbols[c as usize].name).or_default().0 += 1;
        }
        if count.len() == group.len() {
            return;
        }
        for &c in group {
            let (same, numbered) = count.get_mut(&fs.symbols[c as usize].name).expect("counted");
            if *same > 1 {
                fs.symbols[c as usize].overload = u16::try_from(*numbered).ok().filter(|&k| k != NO_OVERLOAD);
                *numbered += 1;
            }
        }
    });
}

// ---------------------------------------------------------------- name paths

/// A name as a name-path segment: `/` escaped as `\/`.
pub fn escape_name(name: &str) -> std::borrow::Cow<'_, str> {
    if name.contains('/') { name.replace('/', "\\/").into() } else { name.into() }
}

/// Whether a name is a list item's (`[2]`), which follows its list without a slash.
fn is_item_name(name: &str) -> bool {
    name.strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
        .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
}

/// Splits a name path at the slashes that are not escaped (`\/`), unescaping the segments.
fn split_name_path(path: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut chars = path.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'/') => {
                chars.next();
                out.last_mut().expect("one segment at least").push('/');
            }
            '/' => out.push(String::new()),
            c => out.last_mut().expect("one segment at least").push(c),
        }
    }
    out
}

/// A parsed name-path pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamePattern {
    pub absolute: bool,
    pub segments: Vec<Segment>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Segment {
    pub name: String,
    pub index: Option<u32>,
}

impl Segment {
    /// Whether a symbol called `name` has this segment's name (contains it, with `substring`).
    fn names(&self, name: &str, substring: bool) -> bool {
        if substring { name.contains(self.name.as_str()) } else { name == self.name }
    }
}

impl NamePattern {
    /// Parses `name`, `A/b`, `/A/b`, `b[1]`; `\/` is a slash inside a name (`operator\/`).
    pub fn parse(pattern: &str) -> Result<NamePattern> {
        let trimmed = pattern.trim();
        let absolute = trimmed.starts_with('/');
        let mut body = trimmed.trim_start_matches('/');
        while body.ends_with('/') && !body.ends_with("\\/") {
            body = &body[..body.len() - 1];
        }
        if body.is_empty() {
            return Err(Error::InvalidNamePath {
                pattern: pattern.to_string(),
                why: "the name path pattern is empty; pass a symbol name such as `MyClass/my_method`".into(),
            });
        }
        let bad = |why: String| Error::InvalidNamePath { pattern: pattern.to_string(), why };
        let segments =
            split_name_path(body).iter().map(|s| parse_segment(s).map_err(bad)).collect::<Result<Vec<_>>>()?;
        Ok(NamePattern { absolute, segments })
    }

    /// The last segment's name: what a candidate search looks for.
    pub fn last_name(&self) -> &str {
        &self.segments.last().expect("a pattern has a segment").name
    }

    /// The name a match must have whole (its last segment's, when that is a plain name matched whole):
    /// symbols of other names need not be tried.
    pub fn whole_last_name(&self, substring: bool) -> Option<&str> {
        let last = self.segments.last().filter(|s| s.index.is_none() && !substring)?;
        Some(last.name.as_str())
    }

    /// Whether symbol `i` of `fs` matches.
    pub fn matches(&self, fs: &FileSymbols, i: u32, substring: bool) -> bool {
        // most symbols fail on their own name: say so before walking up their parents
        if let Some(last) = self.segments.last().filter(|s| s.index.is_none())
            && !last.names(&fs.get(i).name, substring)
        {
            return false;
        }
        let mut chain = Vec::new();
        let mut at = Some(i);
        while let Some(j) = at {
            chain.push(j);
            at = fs.get(j).parent();
        }
        let mut c = 0; // how much of the chain the segments matched so far
        for (k, seg) in self.segments.iter().rev().enumerate() {
            let Some(&sym) = chain.get(c) else { return false };
            let s = fs.get(sym);
            let name_ok = |name: &str| seg.names(name, k == 0 && substring);
            if let Some(want) = seg.index.filter(|want| s.name.strip_prefix('[') == Some(&format!("{want}]"))) {
                // `list[i]`: item `[i]` of the list `list` (a bare `[i]` names the item alone).
                let _ = want;
                if seg.name.is_empty() {
                    c += 1;
                    continue;
                }
                match chain.get(c + 1) {
                    Some(&list) if name_ok(&fs.get(list).name) => c += 2,
                    _ => return false,
                }
                continue;
            }
            if !name_ok(&s.name) || seg.index.is_some_and(|want| u32::from(s.overload().unwrap_or(0)) != want) {
                return false;
            }
            c += 1;
        }
        !self.absolute || c == chain.len()
    }
}

fn parse_segment(seg: &str) -> std::result::Result<Segment, String> {
    let seg = seg.trim();
    if seg.is_empty() {
        return Err("the name path pattern has an empty segment (`//`)".into());
    }
    // `name[1]` is an overload index; `[]` (a Ruby operator method) is a name
    if let Some(open) = seg.rfind('[').filter(|&o| seg.ends_with(']') && o + 2 < seg.len()) {
        let digits = &seg[open + 1..seg.len() - 1];
        let index =
            digits.parse().map_err(|_| format!("bad overload index in `{seg}`; use a number like `name[1]`"))?;
        return Ok(Segment { name: seg[..open].to_string(), index: Some(index) });
    }
    Ok(Segment { name: seg.to_string(), index: None })
}

/// The outline as compact text: `Kind name [start-end]`, two spaces per level (for tests and `list_symbols`).
pub fn outline(fs: &FileSymbols) -> String {
    let mut out = String::new();
    let mut stack: Vec<(u32, usize)> = fs.roots.iter().rev().map(|&r| (r, 0)).collect();
    while let Some((i, depth)) = stack.pop() {
        let s = fs.get(i);
        out.push_str(&format!(
            "{}{} {} [{}-{}]\n",
            "  ".repeat(depth),
            s.kind.name(),
            s.name,
            s.start_line,
            s.end_line
        ));
        stack.extend(fs.children(i).iter().rev().map(|&c| (c, depth + 1)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The innermost symbols of many bytes at once are those `innermost_at` finds one by one, in every
    /// fixture (bytes given out of order and repeated, past the end too).
    #[test]
    fn innermost_at_each_is_innermost_at_for_each_in_every_fixture() {
        let (mut languages, mut inside) = (std::collections::BTreeSet::new(), 0);
        for (name, lang, text) in crate::subtrees::tests::fixtures() {
            let Ok(tree) = crate::syntax::parse(lang, &text) else { continue };
            let fs = FileSymbols::extract(lang, &tree, text.as_str());
            let mut bytes: Vec<usize> = (0..=text.len() + 1).rev().step_by(5).collect();
            bytes.extend((0..text.len()).step_by(13));
            let one_by_one: Vec<Option<u32>> = bytes.iter().map(|&b| fs.innermost_at(b)).collect();
            assert_eq!(fs.innermost_at_each(&bytes), one_by_one, "{name}");
            inside += one_by_one.iter().flatten().count();
            languages.insert(lang.name());
        }
        assert!(languages.len() >= 30 && inside > 10_000, "{} languages, {inside} bytes in a symbol", languages.len());
    }

    /// Where a node's last leaf ends it with content, the content found down its last children ends at
    /// the node's end, in every node of every fixture; nodes that end with a comment are met.
    #[test]
    fn a_node_that_ends_with_content_ends_where_its_content_does() {
        let (mut fast, mut slow) = (0, 0);
        for (name, lang, text) in crate::subtrees::tests::fixtures() {
            let Ok(tree) = crate::syntax::parse(lang, &text) else { continue };
            crate::subtrees::tests::each_node(tree.root_node(), |node| {
                let below = last_content_below(node, text.as_str());
                if crate::subtrees::ends_with_content(node) {
                    assert_eq!(
                        (below.end_byte(), below.end_position()),
                        (node.end_byte(), node.end_position()),
                        "{name}: {node:?}"
                    );
                    fast += 1;
                } else if below.end_byte() < node.end_byte() {
                    slow += 1;
                }
            });
        }
        assert!(fast > 20_000 && slow > 100, "{fast} nodes ending with content, {slow} ending with more");
    }

    /// The preamble role a node's kind gives it without the query is the query's, on every node of
    /// every fixture; the kind decides hundreds of them.
    #[test]
    fn roles_known_from_the_kind_are_the_query_s() {
        let mut known = 0;
        for (name, lang, text) in crate::subtrees::tests::fixtures() {
            let (Ok(tree), Some(blocks)) = (crate::syntax::parse(lang, &text), lang.textobjects()) else { continue };
            crate::subtrees::tests::each_node(tree.root_node(), |node| {
                let by_query = Language::edge_role_by_query(blocks, node, text.as_str());
                assert_eq!(lang.edge_role(node, text.as_str()), by_query, "{name}: {node:?}");
                known += usize::from(blocks.role_of_kind(node.kind_id()).is_some());
            });
        }
        assert!(known > 200, "{known} roles known from the kind");
    }

    #[test]
    fn a_stored_symbol_takes_32_bytes() {
        // the index of a large project holds millions: a field that makes this grow costs tens of MB
        assert_eq!(size_of::<Packed>(), 32);
    }

    fn part(range: Range<u32>, lines: Range<u32>, name_range: Range<u32>, signature_end: u32) -> SymbolParts {
        SymbolParts {
            name: Name::new("f"),
            kind: SymbolKind::Function,
            range,
            start_line: lines.start,
            end_line: lines.end,
            name_range,
            signature_end,
            doc: None,
            detail: None,
            parent: None,
            children: Vec::new(),
            overload: None,
        }
    }

    #[test]
    fn positions_beyond_16_bit_offsets_are_kept_whole() {
        let parts = vec![
            part(10..90, 1..5, 14..15, 20),
            part(100..200_000, 6..80_006, 104..105, 110),
            part(200_000..300_000, 80_007..80_008, 200_004..270_005, 270_010),
            part(300_000..400_000, 80_009..80_010, 300_000..300_001, 380_000),
            part(400_000..400_010, 80_011..80_011, 400_004..400_005, 400_005),
        ];
        let expected: Vec<_> = parts
            .iter()
            .map(|p| (p.range.clone(), p.start_line, p.end_line, p.name_range.clone(), p.signature_end))
            .collect();
        let fs = FileSymbols::assemble(parts, (0..5).collect(), Vec::new());
        let got: Vec<_> =
            fs.iter().map(|s| (s.range, s.start_line, s.end_line, s.name_range, s.signature_end)).collect();
        assert_eq!(got, expected);
        assert_eq!(fs.wide.len(), 3, "only the symbols whose offsets do not fit are wide");
    }

    fn names(pattern: &str) -> Vec<(String, Option<u32>)> {
        NamePattern::parse(pattern).unwrap().segments.into_iter().map(|s| (s.name, s.index)).collect()
    }

    #[test]
    fn name_path_patterns_split_at_unescaped_slashes() {
        assert_eq!(names("A/b[1]"), [("A".into(), None), ("b".into(), Some(1))]);
        assert_eq!(names("V/operator\\/"), [("V".into(), None), ("operator/".into(), None)]);
        assert_eq!(names("Vec/[]"), [("Vec".into(), None), ("[]".into(), None)], "Ruby's [] is a name");
        assert_eq!(names("/@scope\\/pkg/"), [("@scope/pkg".into(), None)]);
        assert!(NamePattern::parse("a/b[x]").is_err());
    }
}
