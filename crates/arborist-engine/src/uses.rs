//! What a file's tree says of the uses of one name, whichever symbol is asked about: where its identifiers
//! are, which are definitions, member uses (`x.name`), keyword-argument labels or names bound locally, and
//! what each member use's receiver is. Worked out on the first reference query of the name that needs the
//! file (one parse, the file's scopes around those identifiers) and kept by content hash, so a repeated
//! query reads and parses nothing. Together with the identifiers in each index entry (which files use a
//! name) this is the identifier index; `refs` decides from it what is a use of a given target.

use crate::engine::Engine;
use crate::imports::{FileImports, Written};
use crate::index::FileEntry;
use crate::members::{self, ReceiverType};
use crate::project::ProjectPath;
use arborist_syntax::identifiers::LeafKind;
use arborist_syntax::language::Language;
use arborist_syntax::locals::{BindingKind, Locals};
use arborist_syntax::syntax::{list_items, parse_within};
use arborist_syntax::text::ContentHash;
use std::collections::HashMap;
use std::ops::Range;
use std::sync::{Arc, Mutex};
use tree_sitter::Node;

/// Kept facts beyond about this many bytes (texts and uses) empty the cache.
const MAX_BYTES: usize = 64 << 20;

/// One identifier of the name in one file.
#[derive(Debug, Clone)]
pub struct Use {
    pub bytes: Range<usize>,
    /// 0-based line and byte column.
    pub line: usize,
    pub col: usize,
    /// The name of a symbol the file defines here.
    pub definition: bool,
    /// `x.name`, `x->name`, `X::name`, or a node only member names have.
    pub member: bool,
    /// A keyword argument's name (`f(name=1)`), not a use of a variable.
    pub label: bool,
    /// Where the use's scopes bind the name, when that is a local, parameter or nested definition (not
    /// the module level, not an import).
    pub local_def: Option<Range<usize>>,
    /// How the use is written (bare, `x.name` with its receiver `x` as written, `name!`), for the file's
    /// imports.
    pub written: Written,
    /// A member use's receiver's type as the tree shows it (only worked out for member targets).
    pub receiver: ReceiverType,
    /// Written right before a namespace separator (`rank` in `crate::rank::TABLE`): a module or a type.
    pub namespace: bool,
    /// How many arguments a call of the name passes (`x.name(a, b)`: 2), when the use is called.
    pub arguments: Option<u8>,
}

/// The uses of one name in one file at one version.
pub struct NameUses {
    pub text: Arc<str>,
    pub imports: Option<Arc<FileImports>>,
    /// Whether the language has scopes (a locals query); without, every use counts.
    pub scoped: bool,
    pub uses: Arc<Vec<Use>>,
}

/// One file's facts at one version.
struct FileFacts {
    hash: ContentHash,
    text: Arc<str>,
    imports: Option<Arc<FileImports>>,
    /// (name, worked out for a member target) → uses.
    names: HashMap<(String, bool), Arc<Vec<Use>>>,
}

/// The facts of the files queried so far, by path.
#[derive(Default)]
pub struct UsesCache {
    files: Mutex<(HashMap<String, FileFacts>, usize)>,
    /// The imports of other files asked about while resolving (barrels, re-exports), by path, with the
    /// content hash they were read from.
    imports: Mutex<HashMap<String, (ContentHash, Arc<FileImports>)>>,
}

/// Other files' imports kept beyond this many empty that cache.
const MAX_IMPORTS: usize = 16_384;

impl UsesCache {
    /// The uses of `name` in `entry`'s file at `entry`'s version, from the cache or worked out now (None:
    /// the file changed since `entry` was read, or it is over the parse budget). `member` asks for
    /// receivers' types too (a member target).
    pub fn get(&self, engine: &Engine, entry: &Arc<FileEntry>, name: &str, member: bool) -> Option<NameUses> {
        let scoped = entry.lang.locals().is_some();
        let key = (name.to_string(), member);
        let known = {
            let guard = self.lock();
            let facts = guard.0.get(&entry.rel).filter(|f| f.hash == entry.hash);
            if let Some(f) = facts
                && let Some(uses) = f.names.get(&key)
            {
                return Some(NameUses { text: f.text.clone(), imports: f.imports.clone(), scoped, uses: uses.clone() });
            }
            facts.map(|f| f.text.clone())
        };
        let text = match known {
            Some(text) => text,
            None => {
                let p = ProjectPath { rel: entry.rel.clone(), abs: engine.project().root().join(&entry.rel) };
                let doc = engine.cache().load(&p).ok().filter(|d| d.hash == entry.hash)?;
                Arc::from(doc.text())
            }
        };
        let (imports, uses) = work_out(engine, entry, &text, name, member)?;
        let (imports, uses) = (imports.map(Arc::new), Arc::new(uses));
        let mut guard = self.lock();
        let (files, bytes) = &mut *guard;
        if *bytes > MAX_BYTES {
            files.clear();
            *bytes = 0;
        }
        let fresh =
            || FileFacts { hash: entry.hash, text: text.clone(), imports: imports.clone(), names: HashMap::new() };
        let facts = files.entry(entry.rel.clone()).or_insert_with(fresh);
        if facts.hash != entry.hash {
            *facts = fresh();
        }
        if facts.names.is_empty() {
            *bytes += text.len();
        }
        *bytes += uses.len() * std::mem::size_of::<Use>() + name.len();
        facts.names.insert(key, uses.clone());
        Some(NameUses { text, imports, scoped, uses })
    }

    /// A file's imports at its current content (None: not a code file with an imports query, unreadable,
    /// or over the parse budget), parsed once per content hash.
    pub fn imports_of(&self, engine: &Engine, p: &ProjectPath) -> Option<Arc<FileImports>> {
        let lang = arborist_syntax::language::for_file(&p.rel, &p.abs)?;
        // the current content's hash as the index knows it (a stat of the file), not read and hashed again
        let current = engine.index().file(p)?.hash;
        let known = |hash: &ContentHash| *hash == current;
        if let Some(f) = self.lock().0.get(&p.rel).filter(|f| known(&f.hash)) {
            return f.imports.clone();
        }
        let mut imports = self.imports.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, found)) = imports.get(&p.rel).filter(|(hash, _)| known(hash)) {
            return Some(found.clone());
        }
        drop(imports);
        let doc = engine.cache().load(p).ok().filter(|doc| known(&doc.hash))?;
        let tree = parse_within(lang, doc.text(), &engine.parse_budget()).ok()?;
        let found = Arc::new(FileImports::of(lang, &tree, doc.text(), &p.rel)?);
        imports = self.imports.lock().unwrap_or_else(|e| e.into_inner());
        if imports.len() >= MAX_IMPORTS {
            imports.clear();
        }
        imports.insert(p.rel.clone(), (doc.hash, found.clone()));
        Some(found)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, (HashMap<String, FileFacts>, usize)> {
        self.files.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Parses `text` and reads the uses of `name` in it.
fn work_out(
    engine: &Engine,
    entry: &Arc<FileEntry>,
    text: &str,
    name: &str,
    member: bool,
) -> Option<(Option<FileImports>, Vec<Use>)> {
    let lang = entry.lang;
    let tree = parse_within(lang, text, &engine.parse_budget()).ok()?;
    let imports = FileImports::of(lang, &tree, text, &entry.rel);
    let (named, comments) = identifiers(lang, tree.root_node(), text, name);
    let is_member: Vec<bool> = named.iter().map(|n| is_member_use(lang, n, text)).collect();
    // a bare name resolves through the scopes above its identifiers and the bindings among them; a
    // typed member's receiver is bound anywhere in the statements that use it
    let typed = |i: usize| member && is_member[i] && members::receiver_may_be_typed(lang, named[i], text);
    let receivers: Vec<Node> = (0..named.len()).filter(|&i| typed(i)).map(|i| named[i]).collect();
    let mut regions = top_level_statements(tree.root_node(), &receivers);
    regions.extend(named.iter().map(|n| n.byte_range()));
    let locals = match regions.is_empty() {
        true => None,
        false => Locals::within(lang, &tree, text, &regions),
    };
    // the name of a block of members (`impl Foo {`) is a use of the type, not a definition
    let definitions: Vec<Range<usize>> = entry
        .symbols
        .iter()
        .filter(|s| !s.is_type_block())
        .map(|s| s.name_range.start as usize..s.name_range.end as usize)
        .collect();
    let mut uses: Vec<Use> = named
        .iter()
        .zip(is_member)
        .map(|(&n, is_member)| {
            let local_def = locals.as_ref().and_then(|l| l.resolve(n, name)).and_then(|b| {
                (b.scope.is_some() && b.kind != BindingKind::Import && !is_member).then(|| b.def.clone())
            });
            let receiver = match (&locals, member && is_member) {
                (Some(l), true) => members::receiver_type(l, entry, n, text),
                _ => ReceiverType::Unknown,
            };
            Use {
                bytes: n.byte_range(),
                line: n.start_position().row,
                col: n.start_position().column,
                definition: definitions.contains(&n.byte_range()),
                member: is_member,
                // a destructured name is a label, unless it is the name an import brings (`const { Name }
                // = require('./m')`)
                label: locals.as_ref().is_some_and(|l| l.is_label(n))
                    && !imports.as_ref().is_some_and(|i| i.is_imported_name(&n.byte_range())),
                local_def,
                written: Written::of(n, text),
                receiver,
                namespace: before_namespace_separator(lang, n),
                arguments: arguments_passed(n),
            }
        })
        .chain(comments.iter().flat_map(|&c| doc_link_uses(lang, c, text, name, member)))
        .collect();
    uses.sort_by_key(|u| u.bytes.start);
    Some((imports, uses))
}

/// Whether `node` ends a path that a namespace separator of the language follows (`rank` in
/// `crate::rank::TABLE`, where `crate::rank` ends at `rank`).
fn before_namespace_separator(lang: &Language, node: Node) -> bool {
    let separators = &lang.entry.namespace_separators;
    if separators.is_empty() {
        return false;
    }
    let mut n = node;
    loop {
        if let Some(next) = n.next_sibling() {
            return separators.iter().any(|s| s == next.kind());
        }
        match n.parent() {
            Some(p) if p.end_byte() == n.end_byte() => n = p,
            _ => return false,
        }
    }
}

/// The uses of `name` that doc comment `comment` links to (`{@link name}`, `{@link Owner.name}`): bare
/// names or members of the name path before them, never local (a comment is in no scope).
fn doc_link_uses(lang: &Language, comment: Node, text: &str, name: &str, member_target: bool) -> Vec<Use> {
    let (start, at) = (comment.start_byte(), comment.start_position());
    let body = &text[comment.byte_range()];
    let links = lang.doc_link_names(body).into_iter().filter(|(_, n, _)| *n == name);
    links
        .map(|(range, _, before)| {
            let above = &body[..range.start];
            let line = at.row + above.matches('\n').count();
            let col = above.rfind('\n').map_or(at.column + range.start, |nl| range.start - nl - 1);
            let receiver = match (member_target, before) {
                (true, owner) if !owner.is_empty() && !owner.contains(['.', '#']) => ReceiverType::Named(owner.into()),
                _ => ReceiverType::Unknown,
            };
            Use {
                bytes: start + range.start..start + range.end,
                line,
                col,
                definition: false,
                member: !before.is_empty(),
                label: false,
                local_def: None,
                written: if before.is_empty() { Written::Bare } else { Written::Qualified(before.into()) },
                receiver,
                namespace: false,
                arguments: None,
            }
        })
        .collect()
}

/// The number of arguments a call of `name` passes: Java's `x.name(a, b)` (the call's `name`), `x.name(a)`
/// and `name(a)` elsewhere (its `function`, or the member expression that is); None when not called.
fn arguments_passed(name: Node) -> Option<u8> {
    let mut callee = name;
    for call in [name.parent(), name.parent().and_then(|p| p.parent())].into_iter().flatten() {
        let called = |field| call.child_by_field_name(field).is_some_and(|c| c.id() == callee.id());
        if let Some(list) = call.child_by_field_name("arguments").filter(|_| called("name") || called("function")) {
            return u8::try_from(list_items(list).len()).ok();
        }
        callee = call;
    }
    None
}

/// The byte ranges of the children of `root` that hold one of `nodes` (in order, each once).
fn top_level_statements(root: Node, nodes: &[Node]) -> Vec<Range<usize>> {
    let mut out: Vec<Range<usize>> = Vec::new();
    for n in nodes {
        let mut at = *n;
        while let Some(p) = at.parent().filter(|p| p.id() != root.id()) {
            at = p;
        }
        if out.last() != Some(&at.byte_range()) {
            out.push(at.byte_range());
        }
    }
    out
}

/// Leaf identifier nodes (the language's `identifier_nodes`) whose text is `name`, and strings that name it
/// in an export list, in document order; and the comments that mention it, in languages whose doc comments
/// link to names. Subtrees shorter than the name are skipped.
fn identifiers<'t>(lang: &Language, root: Node<'t>, text: &str, name: &str) -> (Vec<Node<'t>>, Vec<Node<'t>>) {
    let leaves = lang.leaf_kinds();
    let leaf = |n: &Node| leaves.get(n.kind_id() as usize).copied();
    let (mut out, mut comments) = (Vec::new(), Vec::new());
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        if node.child_count() == 0 {
            let named = |n: &Node| leaf(n) == Some(LeafKind::Identifier) || in_export_list(*n, text);
            let here = &text[node.byte_range()];
            if here == name && named(&node) {
                out.push(node);
            } else if leaf(&node) == Some(LeafKind::LinkingComment) && here.contains(name) {
                comments.push(node);
            }
            continue;
        }
        let mut cursor = node.walk();
        let children: Vec<Node<'t>> =
            node.children(&mut cursor).filter(|c| c.end_byte() - c.start_byte() >= name.len()).collect();
        stack.extend(children.into_iter().rev());
    }
    (out, comments)
}

/// A string in a list of a module's public names (Python's `__all__ = ["name", ...]`, which
/// `from module import *` exports): a use of the name, renamed with it.
fn in_export_list(node: Node, text: &str) -> bool {
    if node.kind() != "string_content" {
        return false;
    }
    let mut at = node.parent();
    for _ in 0..3 {
        let Some(n) = at else { return false };
        if matches!(n.kind(), "assignment" | "augmented_assignment") {
            return n.child_by_field_name("left").is_some_and(|l| &text[l.byte_range()] == "__all__");
        }
        at = n.parent();
    }
    false
}

/// A member use: `x.name`, `x->name`, `X::name`, or a node the language only uses for member names.
pub(crate) fn is_member_use(lang: &Language, node: &Node, text: &str) -> bool {
    if lang.entry.member_nodes.iter().any(|k| k == node.kind()) {
        return true;
    }
    if let Some(parent) = node.parent().filter(|_| !lang.entry.member_fields.is_empty()) {
        let mut cursor = parent.walk();
        let under = |field: &String| parent.children_by_field_name(field, &mut cursor).any(|c| c.id() == node.id());
        if lang.entry.member_fields.iter().any(under) {
            return true;
        }
    }
    let Some(before) = previous_token(*node) else { return false };
    let before = &text[before.byte_range()];
    // `x.name`, and the optional forms `x?.name` and `x&.name`; not a spread `...name`
    let accessor = |a: &String| before.strip_suffix(a.as_str()).is_some_and(|p| matches!(p, "" | "?" | "&"));
    lang.entry.member_access.iter().any(accessor)
}

/// The leaf just before `node` in the tree, comments skipped.
fn previous_token(node: Node) -> Option<Node> {
    let mut at = node;
    loop {
        match at.prev_sibling() {
            Some(p) if p.is_extra() => at = p,
            Some(mut leaf) => {
                while let Some(last) = leaf.child_count().checked_sub(1).and_then(|i| leaf.child(i)) {
                    leaf = last;
                }
                return Some(leaf);
            }
            None => at = at.parent()?,
        }
    }
}
