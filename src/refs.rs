//! References by tree-sitter (heuristic): identifier occurrences of a symbol's name across the project,
//! found by a word search first, then confirmed as identifier nodes in the parse tree, narrowed by
//! syntax (member names after `.`/`->`/`::`), minus definitions, each attributed to its innermost symbol.

use crate::engine::Engine;
use crate::error::Result;
use crate::index::{FileEntry, files_containing};
use crate::language::{self, Language};
use crate::project::ProjectPath;
use crate::query::SymbolKind;
use crate::syntax::parse;
use std::ops::Range;
use std::path::Path;
use std::sync::Arc;
use tree_sitter::Node;

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
}

/// What the target is, for narrowing.
pub struct Target<'a> {
    pub name: &'a str,
    pub kind: SymbolKind,
    /// Whether it is a member of a type (method, field): then only `.name`-style uses count.
    pub member: bool,
    pub lang: &'static Language,
    /// The file that defines the target: other files that define their own top-level symbol of that name
    /// use their own, so they are left out.
    pub def_rel: &'a str,
}

/// Languages whose files can refer to each other's symbols.
fn family(lang: &Language) -> &'static str {
    match lang.name() {
        "typescript" | "tsx" | "javascript" => "js",
        other => match other {
            "rust" => "rust",
            "python" => "python",
            "java" => "java",
            "go" => "go",
            _ => "other",
        },
    }
}

/// Every occurrence of the target's name in code files of its language family, in path order.
pub fn occurrences(engine: &Engine, target: &Target) -> Result<Vec<Occurrence>> {
    let root = engine.project().resolve("")?;
    let files = files_containing(engine.project(), &root, &format!(r"\b{}\b", regex::escape(target.name)));
    let fam = family(target.lang);
    use rayon::prelude::*;
    let mut out: Vec<Occurrence> = files
        .par_iter()
        .filter(|(rel, _)| language::for_path(rel).is_some_and(|l| family(l) == fam))
        .flat_map_iter(|(rel, abs)| in_file(engine, target, rel, abs))
        .collect();
    out.sort_by(|a, b| a.rel.cmp(&b.rel).then(a.bytes.start.cmp(&b.bytes.start)));
    Ok(out)
}

fn in_file(engine: &Engine, target: &Target, rel: &str, abs: &Path) -> Vec<Occurrence> {
    let p = ProjectPath { rel: rel.to_string(), abs: abs.to_path_buf() };
    let (Some(entry), Ok(doc)) = (engine.index().file(&p), engine.cache().load(&p)) else { return Vec::new() };
    if doc.hash != entry.hash {
        return Vec::new();
    }
    let shadows =
        rel != target.def_rel && entry.symbols.roots.iter().any(|&r| entry.symbols.get(r).name == target.name);
    if shadows || (target.lang.name() == "python" && imports_other(doc.text(), target.name, rel, target.def_rel)) {
        return Vec::new();
    }
    let text: Arc<str> = Arc::from(doc.text());
    let Some(tree) = parse(entry.lang, &text) else { return Vec::new() };
    let definitions: Vec<Range<usize>> =
        entry.symbols.symbols.iter().map(|s| s.name_range.start as usize..s.name_range.end as usize).collect();
    let mut found = Vec::new();
    collect_identifiers(tree.root_node(), &text, target.name, &mut found);
    found
        .into_iter()
        .filter(|n| !definitions.contains(&n.byte_range()))
        .filter(|n| !target.member || is_member_use(n, &text))
        .map(|n| Occurrence {
            rel: rel.to_string(),
            bytes: n.byte_range(),
            line: n.start_position().row,
            col: n.start_position().column,
            container: entry.symbols.innermost_at(n.start_byte()),
            entry: entry.clone(),
            text: text.clone(),
        })
        .collect()
}

/// Python: whether the file binds `name` with `from M import ... name ...` where M is not the module
/// that defines the target (then its uses are someone else's `name`).
fn imports_other(text: &str, name: &str, rel: &str, def_rel: &str) -> bool {
    let target_module = module_of(def_rel);
    text.lines().filter_map(|l| l.trim_start().strip_prefix("from ")).any(|rest| {
        let Some((module, names)) = rest.split_once(" import ") else { return false };
        let imported =
            names.split(',').any(|n| n.trim().trim_matches(['(', ')', ' ']).split(" as ").next() == Some(name));
        imported
            && resolve_module(module.trim(), rel)
                .is_some_and(|m| m != target_module && !target_module.starts_with(&format!("{m}.")))
    })
}

/// `a/b/c.py` → `a.b.c`; `a/b/__init__.py` → `a.b`.
fn module_of(rel: &str) -> String {
    let no_ext = rel.trim_end_matches(".py").trim_end_matches(".pyi");
    no_ext.trim_end_matches("/__init__").replace('/', ".")
}

/// The absolute dotted module of an import in file `rel` (`.x` and `..x` relative to its package).
fn resolve_module(module: &str, rel: &str) -> Option<String> {
    let dots = module.chars().take_while(|c| *c == '.').count();
    if dots == 0 {
        return Some(module.to_string());
    }
    let mut package: Vec<&str> = rel.split('/').collect();
    package.pop();
    for _ in 1..dots {
        package.pop()?;
    }
    let rest = &module[dots..];
    let mut parts: Vec<&str> = package;
    if !rest.is_empty() {
        parts.push(rest);
    }
    Some(parts.join("."))
}

/// Leaf identifier-like nodes whose text is `name`.
fn collect_identifiers<'t>(node: Node<'t>, text: &str, name: &str, out: &mut Vec<Node<'t>>) {
    if node.child_count() == 0 {
        let kind = node.kind();
        let identifier = kind.ends_with("identifier") || kind == "constant" || kind == "name";
        if identifier && &text[node.byte_range()] == name {
            out.push(node);
        }
        return;
    }
    let mut cursor = node.walk();
    for child in node.children(&mut cursor) {
        if child.end_byte() - child.start_byte() >= name.len() {
            collect_identifiers(child, text, name, out);
        }
    }
}

/// A member use: `x.name`, `x->name`, `X::name`, or a field/property identifier node.
fn is_member_use(node: &Node, text: &str) -> bool {
    if matches!(node.kind(), "field_identifier" | "property_identifier" | "shorthand_property_identifier") {
        return true;
    }
    let before = text[..node.start_byte()].trim_end();
    before.ends_with('.') || before.ends_with("->") || before.ends_with("::")
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
