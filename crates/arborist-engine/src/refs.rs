//! References by tree-sitter (heuristic): identifier occurrences of a symbol's name across the project,
//! found by a word search first, then confirmed as identifier nodes in the parse tree, narrowed by
//! syntax (member names after `.`/`->`/`::`), minus definitions, each attributed to its innermost symbol.
//! Where the language has a `locals.scm`, a bare use that resolves to a local of the same name is left out,
//! and a member use is typed by its receiver (`members`): another class's member is left out, an unknown
//! receiver's use is uncertain.

use crate::engine::Engine;
use crate::imports::{FileImports, Verdict};
use crate::index::{FileEntry, files_containing};
use crate::members::{Hierarchy, Typing};
use crate::module_files::Resolver;
use crate::project::ProjectPath;
use arborist_syntax::error::Result;
use arborist_syntax::grammars::MemberCalls;
use arborist_syntax::language::{self, Language};
use arborist_syntax::locals::{BindingKind, Locals};
use arborist_syntax::query::SymbolKind;
use arborist_syntax::syntax::parse_within;
use std::cell::OnceCell;
use std::ops::Range;
use std::path::Path;
use std::sync::Arc;
use tree_sitter::{Node, Tree};

/// One occurrence of the name.
#[derive(Clone)]
pub struct Occurrence {
    pub rel: String,
    pub bytes: Range<usize>,
    /// 0-based line and byte column.
    pub line: usize,
    pub col: usize,
    /// The innermost symbol containing it (None: file level, e.g. an import).
    pub container: Option<u32>,
    pub entry: Arc<FileEntry>,
    /// The file's text (for context lines and edits).
    pub text: Arc<str>,
    /// A use the tree could not tie to the target: `x.Name` of a top-level `Name` where `x` is not bound
    /// to the target's module (another module, an object), or `x.member` where `x`'s type is not known.
    /// Listed after the others, never renamed.
    pub uncertain: bool,
}

/// What the target is, for narrowing.
pub struct Target<'a> {
    pub name: &'a str,
    pub kind: SymbolKind,
    /// Whether it is a member of a type (method, field): then only `.name`-style uses count, and, where the
    /// language has implicit receivers, bare uses inside a type of the owner's name.
    pub member: bool,
    /// The name of the type that owns a member, and its index among the symbols of `def_rel`.
    pub owner: Option<&'a str>,
    pub owner_index: Option<u32>,
    pub lang: &'static Language,
    /// The file that defines the target: other files that define their own top-level symbol of that name
    /// use their own, so they are left out.
    pub def_rel: &'a str,
    /// The target's own name in `def_rel` (a use bound to it is the target even in a nested scope).
    pub name_range: Range<usize>,
}

/// Every occurrence of the target's name in code files of its language family: the certain ones first,
/// each group in path order.
pub fn occurrences(engine: &Engine, target: &Target) -> Result<Vec<Occurrence>> {
    let root = engine.project().resolve("")?;
    let files = files_containing(engine.project(), &root, &crate::index::word_pattern(target.name));
    let family = target.lang.entry.family();
    let hierarchy = match (target.member, target.owner_index) {
        (true, Some(index)) => Some(Hierarchy::new(engine, target.def_rel, index, target.name)),
        _ => None,
    };
    let progress = crate::progress::current();
    if let Some(p) = &progress {
        p.stage("files with the name checked", Some(files.len() as u64));
    }
    use rayon::prelude::*;
    let mut out: Vec<Occurrence> = files
        .par_iter()
        .flat_map_iter(|(rel, abs)| {
            let same_family = language::for_file(rel, abs).is_some_and(|l| l.entry.family() == family);
            let found = if same_family { in_file(engine, target, hierarchy.as_ref(), rel, abs) } else { Vec::new() };
            if let Some(p) = &progress {
                p.advance(1);
            }
            found
        })
        .collect();
    out.sort_by(|a, b| a.uncertain.cmp(&b.uncertain).then(a.rel.cmp(&b.rel)).then(a.bytes.start.cmp(&b.bytes.start)));
    Ok(out)
}

fn in_file(engine: &Engine, target: &Target, hierarchy: Option<&Hierarchy>, rel: &str, abs: &Path) -> Vec<Occurrence> {
    let p = ProjectPath { rel: rel.to_string(), abs: abs.to_path_buf() };
    let (Some(entry), Ok(doc)) = (engine.index().file(&p), engine.cache().load(&p)) else { return Vec::new() };
    if doc.hash != entry.hash {
        return Vec::new();
    }
    let shadows =
        rel != target.def_rel && entry.symbols.roots.iter().any(|&r| entry.symbols.get(r).name == target.name);
    if shadows {
        return Vec::new();
    }
    let text: Arc<str> = Arc::from(doc.text());
    let Ok(tree) = parse_within(entry.lang, &text, &engine.parse_budget()) else { return Vec::new() };
    let imports = FileImports::of(entry.lang, &tree, &text, rel);
    let resolver = Resolver::new(engine);
    if !target.member && imports.as_ref().is_some_and(|i| i.imports_other(target.name, target.def_rel, &resolver)) {
        return Vec::new();
    }
    let definitions: Vec<Range<usize>> =
        entry.symbols.symbols.iter().map(|s| s.name_range.start as usize..s.name_range.end as usize).collect();
    let lang = entry.lang;
    let named = identifiers(lang, tree.root_node(), &text, target.name);
    let found: Vec<Node> = named
        .iter()
        .copied()
        .filter(|n| !definitions.contains(&n.byte_range()))
        .filter(|n| !target.member || is_member_use(lang, n, &text) || inside_owner(lang, &entry, n, target.owner))
        .collect();
    // `x.Name` of a top-level Name: the target's only when `x` is bound to the target's module
    let qualified = |n: &Node| !target.member && imports.is_some() && is_member_use(lang, n, &text);
    // where scopes matter: a member's receivers are bound anywhere in the statements that use it; a bare
    // name resolves through the scopes above its identifiers and the bindings among them
    let regions = match target.member {
        true => top_level_statements(tree.root_node(), &found),
        false => named.iter().map(|n| n.byte_range()).collect(),
    };
    let scoped =
        Scoped { target, rel, text: &text, tree: &tree, regions, locals: OnceCell::new(), hierarchy, entry: &entry };
    // a top-level name's use: what the file's imports and the language's scoping say of it
    let verdict = |n: &Node| match (&imports, target.member) {
        (Some(i), false) => i.use_of(*n, &text, target.name, target.def_rel, &resolver),
        _ => Verdict::Unknown,
    };
    found
        .into_iter()
        .filter_map(|n| scoped.typing(n).map(|t| (n, t, verdict(&n))))
        .filter(|(_, _, verdict)| *verdict != Verdict::Other)
        .map(|(n, typing, verdict)| Occurrence {
            rel: rel.to_string(),
            bytes: n.byte_range(),
            line: n.start_position().row,
            col: n.start_position().column,
            container: entry.symbols.innermost_at(n.start_byte()),
            entry: entry.clone(),
            text: text.clone(),
            uncertain: typing == Typing::Unknown || qualified(&n) && verdict != Verdict::Target,
        })
        .collect()
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

/// What the file's scopes and the receivers' types say of the uses of the name in one file.
struct Scoped<'a> {
    target: &'a Target<'a>,
    rel: &'a str,
    text: &'a str,
    tree: &'a Tree,
    /// Where scopes matter (`Locals::within`).
    regions: Vec<Range<usize>>,
    /// Computed on the first use that needs it.
    locals: OnceCell<Option<Locals>>,
    hierarchy: Option<&'a Hierarchy<'a>>,
    entry: &'a Arc<FileEntry>,
}

impl Scoped<'_> {
    /// A use's typing: None when the use is another symbol's (a local, another class's member), Unknown
    /// when it may be the target's, Target when the tree ties it to the target (or cannot tell at all:
    /// a language without a locals query).
    fn typing(&self, n: Node) -> Option<Typing> {
        let lang = self.entry.lang;
        if lang.locals().is_none() {
            return Some(Typing::Target);
        }
        let member = is_member_use(lang, &n, self.text);
        if self.target.member && member && !crate::members::receiver_may_be_typed(n) {
            return Some(Typing::Unknown);
        }
        let locals = self.locals.get_or_init(|| Locals::within(lang, self.tree, self.text, &self.regions));
        let Some(locals) = locals.as_ref() else { return Some(Typing::Target) };
        match (self.target.member, member, self.hierarchy) {
            // a bare name: a top-level symbol, or a member with an implicit receiver (Java's `count`)
            (_, false, _) => (!locals.is_label(n) && !self.bound_locally(locals, n)).then_some(Typing::Target),
            (true, true, Some(h)) => Some(h.typing(locals, self.entry, n, self.text)).filter(|t| *t != Typing::Other),
            _ => Some(Typing::Target),
        }
    }

    /// Whether a bare use of the name resolves to a local, parameter or nested definition of that name
    /// (not the target itself, not an import of it).
    fn bound_locally(&self, locals: &Locals, n: Node) -> bool {
        locals.resolve(n, self.target.name).is_some_and(|b| {
            let target_itself = self.rel == self.target.def_rel && b.def == self.target.name_range;
            b.scope.is_some() && b.kind != BindingKind::Import && !target_itself
        })
    }
}

/// Leaf identifier nodes (the language's `identifier_nodes`) whose text is `name`, in document order;
/// subtrees shorter than the name are skipped.
fn identifiers<'t>(lang: &Language, root: Node<'t>, text: &str, name: &str) -> Vec<Node<'t>> {
    let kinds = &lang.entry.identifier_nodes;
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        if node.child_count() == 0 {
            if kinds.iter().any(|k| k == node.kind()) && &text[node.byte_range()] == name {
                out.push(node);
            }
            continue;
        }
        let mut cursor = node.walk();
        let children: Vec<Node<'t>> =
            node.children(&mut cursor).filter(|c| c.end_byte() - c.start_byte() >= name.len()).collect();
        stack.extend(children.into_iter().rev());
    }
    out
}

/// A member use: `x.name`, `x->name`, `X::name`, or a node the language only uses for member names.
fn is_member_use(lang: &Language, node: &Node, text: &str) -> bool {
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
    let before = text[..node.start_byte()].trim_end();
    lang.entry.member_access.iter().any(|a| before.ends_with(a.as_str()))
}

/// A bare member name inside (a type named like) the member's owner, in a language with implicit
/// receivers.
fn inside_owner(lang: &Language, entry: &FileEntry, node: &Node, owner: Option<&str>) -> bool {
    let Some(owner) = owner.filter(|_| lang.entry.member_calls == MemberCalls::Implicit) else { return false };
    let mut at = entry.symbols.innermost_at(node.start_byte());
    while let Some(i) = at {
        let s = entry.symbols.get(i);
        if s.kind.is_type_like() && s.name == owner {
            return true;
        }
        at = s.parent;
    }
    false
}

/// `... 587:text` / `  > 588:text` / `... 589:text` around a line.
pub fn context_around(text: &str, line: usize) -> String {
    let lines: Vec<&str> = text.split('\n').collect();
    let mut out = Vec::new();
    let first = line.saturating_sub(1);
    for (l, content) in lines.iter().enumerate().skip(first).take(line + 2 - first) {
        let prefix = if l == line { "  >" } else { "..." };
        out.push(format!("{prefix}{l:>4}:{content}"));
    }
    out.join("\n")
}
