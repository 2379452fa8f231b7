//! Symbol tools: overview, find_symbol, diagnostics, declaration and implementation lookups, and the
//! agent-loop listing `list_symbols`. Answers follow the reference server's JSON shapes.

use super::answer::{answer_limit, limit_answer, to_json};
use super::{Effect, ToolSpec, default_max, symbol_kinds};
use arborist_engine::cache::Document;
use arborist_engine::engine::{Engine, FindOptions, SymbolRef};
use arborist_engine::error::{Error, Result};
use arborist_engine::index::FileEntry;
use arborist_engine::query::SymbolKind;
use arborist_engine::symbols::{NamePattern, outline};
use arborist_engine::syntax::SyntaxIssue;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;
use std::sync::Arc;

pub fn tools() -> Vec<ToolSpec> {
    use Effect::*;
    vec![
        ToolSpec::new("get_symbols_overview", OVERVIEW, ReadOnly, get_symbols_overview),
        ToolSpec::new("find_symbol", FIND_SYMBOL, ReadOnly, find_symbol),
        ToolSpec::new("get_diagnostics_for_file", DIAGNOSTICS, ReadOnly, get_diagnostics_for_file),
        ToolSpec::new("get_diagnostics_for_symbol", SYMBOL_DIAGNOSTICS, ReadOnly, get_diagnostics_for_symbol)
            .optional(),
        ToolSpec::new("find_declaration", FIND_DECLARATION, ReadOnly, find_declaration),
        ToolSpec::new("find_implementations", FIND_IMPLEMENTATIONS, ReadOnly, find_implementations),
        ToolSpec::new("list_symbols", LIST_SYMBOLS, ReadOnly, list_symbols).optional(),
        ToolSpec::new("rust_list_symbols", LIST_SYMBOLS, ReadOnly, list_symbols).optional(),
    ]
}

fn limit_of(engine: &Engine, max_answer_chars: i64) -> Result<usize> {
    answer_limit(max_answer_chars, engine.project().config().max_answer_chars)
}

fn body_location(entry: &FileEntry, i: u32) -> Value {
    let s = entry.symbols.get(i);
    json!({"start_line": s.start_line, "end_line": s.end_line})
}

/// Children grouped by kind, `depth` levels down; each child carries `name` and `body_location`.
fn children_json(entry: &FileEntry, i: u32, depth: usize) -> Map<String, Value> {
    let mut by_kind = Map::new();
    for &c in entry.symbols.children(i) {
        let s = entry.symbols.get(c);
        let mut child = json!({"name": s.name.as_str(), "body_location": body_location(entry, c)});
        if depth > 1 && s.has_children() {
            child["children"] = Value::Object(children_json(entry, c, depth - 1));
        }
        push_grouped(&mut by_kind, s.kind, child);
    }
    by_kind
}

fn push_grouped(map: &mut Map<String, Value>, kind: SymbolKind, item: Value) {
    let list = map.entry(kind.name()).or_insert_with(|| Value::Array(Vec::new()));
    list.as_array_mut().expect("grouped values are arrays").push(item);
}

// ---------------------------------------------------------------- get_symbols_overview

const OVERVIEW: &str = "Lists the top-level symbols of a code file grouped by kind, e.g. {\"Class\": [\"Cart\"], \
\"Function\": [\"main\"]}. With depth=1 a symbol with children becomes {\"Cart\": {\"Method\": [...]}}. Use it first to \
learn a file's structure; then find_symbol with include_body for the parts you need.";

#[derive(Deserialize, JsonSchema)]
struct OverviewParams {
    /// Code file path relative to the project root.
    relative_path: String,
    /// Levels of children to include (0 = top level only; -1 = the default, 0).
    #[serde(default = "default_max")]
    depth: i64,
    /// Answer limit in characters; -1 uses the configured default.
    #[serde(default = "default_max")]
    max_answer_chars: i64,
}

fn get_symbols_overview(engine: &Engine, p: OverviewParams) -> Result<String> {
    let limit = limit_of(engine, p.max_answer_chars)?;
    let path = engine.project().resolve_existing(&p.relative_path)?;
    let entry = engine.code_file(&path)?;
    let depth = p.depth.max(0) as usize;
    let answer = to_json(&overview(&entry, &entry.symbols.roots, depth));
    Ok(limit_answer(answer, limit, "Shortened result (top level only):", || {
        Some(to_json(&overview(&entry, &entry.symbols.roots, 0)))
    }))
}

fn overview(entry: &FileEntry, of: &[u32], depth: usize) -> Map<String, Value> {
    let mut by_kind = Map::new();
    for &i in of {
        let s = entry.symbols.get(i);
        let item = if depth > 0 && s.has_children() {
            json!({ s.name: overview(entry, entry.symbols.children(i), depth - 1) })
        } else {
            Value::String(s.name.to_string())
        };
        push_grouped(&mut by_kind, s.kind, item);
    }
    by_kind
}

// ---------------------------------------------------------------- find_symbol

const FIND_SYMBOL: &str = "Finds symbols by name path: `name` (any depth), `Outer/name` (suffix), `/Outer/name` \
(from the top of the file), `name[1]` (second of same-named siblings), `\\/` for a slash inside a name \
(`exports/.\\/lib`); substring_matching applies to the last segment. Answers a list of {name_path, kind, \
relative_path, body_location (0-based lines)}; include_body adds the source (include_hash also its body_sha256 \
for an edit's expected_old_hash), include_info the signature and doc comment, depth>0 the children grouped by kind. Narrow with relative_path \
(file or directory) and include_kinds/exclude_kinds (LSP numbers: 5 Class, 6 Method, 12 Function, 13 Variable, \
23 Struct). Answered from tree-sitter; no language server needed.";

#[derive(Deserialize, JsonSchema)]
struct FindSymbolParams {
    /// Name path pattern, e.g. "Cart/add", "/Cart", "add[1]".
    name_path_pattern: String,
    /// Levels of children to include with each match.
    #[serde(default)]
    depth: usize,
    /// Restrict to this file or directory (relative to the project root); empty for the whole project.
    #[serde(default)]
    relative_path: String,
    /// Include each symbol's source text.
    #[serde(default)]
    include_body: bool,
    /// With include_body: also each body's SHA-256 (`body_sha256`), for an edit's expected_old_hash guard.
    #[serde(default)]
    include_hash: bool,
    /// Include each symbol's signature and doc comment.
    #[serde(default)]
    include_info: bool,
    /// Only these kinds (LSP SymbolKind numbers).
    #[serde(default)]
    include_kinds: Vec<i64>,
    /// Never these kinds (LSP SymbolKind numbers); wins over include_kinds.
    #[serde(default)]
    exclude_kinds: Vec<i64>,
    /// Match the last segment as a substring.
    #[serde(default)]
    substring_matching: bool,
    /// Fail (listing the matches) when more symbols match; -1 = no limit.
    #[serde(default = "default_max")]
    max_matches: i64,
    /// Answer limit in characters; -1 uses the configured default.
    #[serde(default = "default_max")]
    max_answer_chars: i64,
}

fn find_symbol(engine: &Engine, p: FindSymbolParams) -> Result<String> {
    let limit = limit_of(engine, p.max_answer_chars)?;
    let pattern = NamePattern::parse(&p.name_path_pattern)?;
    let opts = FindOptions {
        substring: p.substring_matching,
        include_kinds: symbol_kinds(&p.include_kinds)?,
        exclude_kinds: symbol_kinds(&p.exclude_kinds)?,
    };
    let found = engine.find_symbols(&pattern, &p.relative_path, &opts)?;
    if p.max_matches >= 0 && found.len() > p.max_matches as usize {
        let listing = to_json(&name_paths_by_file(&found));
        return Err(Error::TooManySymbols { count: found.len(), max: p.max_matches as usize, listing });
    }
    let texts = TextCache::default();
    let items: Vec<Value> = found
        .iter()
        .map(|r| symbol_json(engine, r, p.depth, body_of(p.include_body, p.include_hash), p.include_info, &texts))
        .collect::<Result<_>>()?;
    Ok(limit_answer(to_json(&items), limit, "Shortened result (name paths per file):", || {
        Some(to_json(&name_paths_by_file(&found)))
    }))
}

fn name_paths_by_file(found: &[SymbolRef]) -> Map<String, Value> {
    let mut map = Map::new();
    for r in found {
        let list = map.entry(r.entry.rel.clone()).or_insert_with(|| Value::Array(Vec::new()));
        list.as_array_mut().expect("arrays").push(Value::String(r.name_path()));
    }
    map
}

/// Texts read for bodies and infos during one answer.
#[derive(Default)]
struct TextCache(std::cell::RefCell<std::collections::HashMap<String, Arc<Document>>>);

impl TextCache {
    fn get(&self, engine: &Engine, entry: &FileEntry) -> Result<Arc<Document>> {
        if let Some(d) = self.0.borrow().get(&entry.rel) {
            return Ok(d.clone());
        }
        let path = engine.project().resolve_file(&entry.rel)?;
        let doc = engine.cache().read(&path)?;
        if doc.hash != entry.hash {
            return Err(Error::ChangedWhileAnswering(entry.rel.clone()));
        }
        self.0.borrow_mut().insert(entry.rel.clone(), doc.clone());
        Ok(doc)
    }
}

/// Whether an answer carries a symbol's source, and its hash for an edit's `expected_old_hash`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Body {
    No,
    Text,
    TextAndHash,
}

fn body_of(include_body: bool, include_hash: bool) -> Body {
    match (include_body, include_hash) {
        (false, _) => Body::No,
        (true, false) => Body::Text,
        (true, true) => Body::TextAndHash,
    }
}

fn symbol_json(
    engine: &Engine,
    r: &SymbolRef,
    depth: usize,
    body: Body,
    info: bool,
    texts: &TextCache,
) -> Result<Value> {
    let s = r.symbol();
    let mut v = json!({
        "name_path": r.name_path(),
        "kind": s.kind.name(),
        "relative_path": r.entry.rel,
        "body_location": body_location(&r.entry, r.index),
    });
    if body != Body::No || info {
        let doc = texts.get(engine, &r.entry)?;
        let text = doc.text();
        if body != Body::No {
            let block = &text[s.range.start as usize..s.range.end as usize];
            v["body"] = Value::String(block.to_string());
            if body == Body::TextAndHash {
                v["body_sha256"] = Value::String(arborist_engine::text::ContentHash::of(block.as_bytes()).hex());
            }
        }
        if info {
            v["info"] = Value::String(symbol_info(r, text));
        }
    }
    if depth > 0 && s.has_children() {
        v["children"] = Value::Object(children_json(&r.entry, r.index, depth));
    }
    Ok(v)
}

/// Signature in a code fence, then the doc comment as plain text.
fn symbol_info(r: &SymbolRef, text: &str) -> String {
    let s = r.symbol();
    let sig_end = (s.signature_end as usize).clamp(s.range.start as usize, s.range.end as usize);
    let sig: Vec<&str> = text[s.range.start as usize..sig_end].trim_end().lines().take(12).collect();
    let mut out = format!("```{}\n{}\n```", r.entry.lang.name(), sig.join("\n"));
    if let Some(detail) = r.entry.symbols.detail(r.index).filter(|d| d.starts_with("impl ")) {
        out.push_str(&format!("\n(in `{detail}`)"));
    }
    if let Some(doc) = r.entry.symbols.doc(r.index) {
        let cleaned = clean_doc(&text[doc.start as usize..doc.end as usize]);
        if !cleaned.is_empty() {
            out.push_str("\n\n");
            out.push_str(&cleaned);
        }
    }
    out
}

/// A doc comment or docstring without its comment markers and quotes, for any of our languages.
pub fn clean_doc(raw: &str) -> String {
    let mut raw = raw.trim();
    for attribute in ["@moduledoc", "@typedoc", "@doc"] {
        raw = raw.strip_prefix(attribute).map_or(raw, str::trim_start);
    }
    raw = raw.strip_prefix("~S").or_else(|| raw.strip_prefix("~s")).unwrap_or(raw);
    let unquoted = ["\"\"\"", "'''", "\"", "'"]
        .iter()
        .find_map(|q| raw.strip_prefix(q).and_then(|r| r.strip_suffix(q)))
        .unwrap_or(raw);
    let unwrapped = BLOCK_DELIMITERS
        .iter()
        .find_map(|(open, close)| unquoted.strip_prefix(open).map(|r| r.strip_suffix(close).unwrap_or(r)))
        .unwrap_or(unquoted);
    let lines: Vec<&str> = unwrapped
        .lines()
        .map(|l| {
            let l = l.trim();
            LINE_MARKERS.iter().find_map(|m| l.strip_prefix(m)).unwrap_or(l).trim()
        })
        .collect();
    lines.join("\n").trim().to_string()
}

/// Block comment delimiters, longest first.
const BLOCK_DELIMITERS: &[(&str, &str)] = &[
    ("/**", "*/"),
    ("/*", "*/"),
    ("(**", "*)"),
    ("(*", "*)"),
    ("{-|", "-}"),
    ("{-", "-}"),
    ("<!--", "-->"),
    ("--[[", "]]"),
];

/// Line comment markers, longest first (Haddock's `-- |`, roxygen's `#'`, Lua's `---`).
const LINE_MARKERS: &[&str] =
    &["///", "//!", "//", "-- |", "-- ^", "---", "--", "#'", "##", "#", ";;", ";", "%%", "%", "*"];

// ---------------------------------------------------------------- diagnostics

const DIAGNOSTICS: &str = "Reports the syntax errors of a code file (tree-sitter ERROR and MISSING nodes), grouped \
by severity and by the name path of the innermost enclosing symbol (\"<file>\" at top level). Answers {} when the \
file parses cleanly. Semantic errors (types, names) need a compiler or language server.";

#[derive(Deserialize, JsonSchema)]
struct DiagnosticsParams {
    /// Code file path relative to the project root.
    relative_path: String,
    /// Only problems on or after this line (0-based).
    #[serde(default)]
    start_line: usize,
    /// Only problems on or before this line (0-based); -1 = to the end.
    #[serde(default = "default_max")]
    end_line: i64,
    /// Least severe level to report: 1 Error, 2 Warning, 3 Information, 4 Hint.
    #[serde(default = "four")]
    min_severity: i64,
    /// Answer limit in characters; -1 uses the configured default.
    #[serde(default = "default_max")]
    max_answer_chars: i64,
}

fn four() -> i64 {
    4
}

fn get_diagnostics_for_file(engine: &Engine, p: DiagnosticsParams) -> Result<String> {
    let limit = limit_of(engine, p.max_answer_chars)?;
    check_severity(p.min_severity)?;
    let (entry, doc, issues) = engine.syntax_problems(&p.relative_path)?;
    let end = if p.end_line < 0 { usize::MAX } else { p.end_line as usize };
    let mut by_symbol = Map::new();
    for issue in issues.iter().filter(|i| i.start.0 >= p.start_line && i.start.0 <= end) {
        let owner =
            entry.symbols.innermost_at(issue.bytes.start).map_or("<file>".to_string(), |i| entry.symbols.name_path(i));
        let list = by_symbol.entry(owner).or_insert_with(|| Value::Array(Vec::new()));
        list.as_array_mut().expect("arrays").push(diagnostic_json(doc.text(), issue));
    }
    if by_symbol.is_empty() {
        return Ok("{}".into());
    }
    let answer = to_json(&json!({ entry.rel.clone(): { "Error": by_symbol } }));
    Ok(limit_answer(answer, limit, "", || None))
}

/// Every syntax problem is an error (1), so any valid `min_severity` keeps them; others are refused.
fn check_severity(min_severity: i64) -> Result<()> {
    if (1..=4).contains(&min_severity) {
        return Ok(());
    }
    let why = format!("min_severity must be 1..=4 (1 Error ... 4 Hint), got {min_severity}");
    Err(Error::invalid("min_severity", why))
}

/// One syntax problem as an LSP-style diagnostic.
fn diagnostic_json(text: &str, issue: &SyntaxIssue) -> Value {
    json!({
        "message": issue.message,
        "range": {"start": position(text, issue.start), "end": position(text, issue.end)},
        "code": "syntax",
        "source": "arborist (tree-sitter)",
    })
}

const SYMBOL_DIAGNOSTICS: &str = "Reports the syntax errors (tree-sitter ERROR and MISSING nodes) inside one symbol's \
definition, found by name path in the project or in reference_file (a file or directory that narrows the search). \
With check_symbol_references=true, also those inside the functions, methods and classes that use it (HEURISTIC \
references without a language server). Answers {path: {\"Error\": {name_path: [diagnostics]}}} like \
get_diagnostics_for_file; {} when clean.";

#[derive(Deserialize, JsonSchema)]
struct SymbolDiagnosticsParams {
    /// Name path of the symbol, e.g. "Cart/add".
    name_path: String,
    /// File or directory to look for the symbol in (relative to the project root); empty for the whole project.
    #[serde(default)]
    reference_file: String,
    /// Also report the syntax errors inside the symbols that use it.
    #[serde(default)]
    check_symbol_references: bool,
    /// Least severe level to report: 1 Error, 2 Warning, 3 Information, 4 Hint.
    #[serde(default = "four")]
    min_severity: i64,
    /// Answer limit in characters; -1 uses the configured default.
    #[serde(default = "default_max")]
    max_answer_chars: i64,
}

fn get_diagnostics_for_symbol(engine: &Engine, p: SymbolDiagnosticsParams) -> Result<String> {
    let limit = limit_of(engine, p.max_answer_chars)?;
    check_severity(p.min_severity)?;
    let target = engine.resolve_symbol(&p.name_path, &p.reference_file)?;
    let mut owners: BTreeMap<String, Vec<SymbolRef>> = BTreeMap::new();
    owners.entry(target.entry.rel.clone()).or_default().push(target.clone());
    if p.check_symbol_references {
        for o in engine.references(&target, None)?.occurrences {
            if let Some(index) = o.container {
                owners.entry(o.rel.clone()).or_default().push(SymbolRef { entry: o.entry.clone(), index });
            }
        }
    }
    let mut by_file = Map::new();
    for (rel, symbols) in owners {
        let by_symbol = problems_inside(engine, &rel, &symbols)?;
        if !by_symbol.is_empty() {
            by_file.insert(rel, json!({ "Error": by_symbol }));
        }
    }
    Ok(limit_answer(to_json(&by_file), limit, "", || None))
}

/// The syntax problems of `rel` inside each of `symbols` (all of that file), by name path.
fn problems_inside(engine: &Engine, rel: &str, symbols: &[SymbolRef]) -> Result<Map<String, Value>> {
    let (entry, doc, issues) = engine.syntax_problems(rel)?;
    let mut by_symbol = Map::new();
    for s in symbols {
        if s.entry.hash != entry.hash {
            return Err(Error::ChangedWhileAnswering(rel.to_string()));
        }
        let range = &s.symbol().range;
        let inside: Vec<Value> = issues
            .iter()
            .filter(|i| (range.start as usize..range.end as usize).contains(&i.bytes.start))
            .map(|i| diagnostic_json(doc.text(), i))
            .collect();
        if !inside.is_empty() {
            by_symbol.insert(s.name_path(), Value::Array(inside));
        }
    }
    Ok(by_symbol)
}

/// An LSP position: 0-based line and UTF-16 column.
fn position(text: &str, (line, byte_col): (usize, usize)) -> Value {
    let line_text = text.split('\n').nth(line).unwrap_or("");
    let col = line_text.get(..byte_col.min(line_text.len())).map_or(byte_col, |s| s.encode_utf16().count());
    json!({"line": line, "character": col})
}

// ---------------------------------------------------------------- find_declaration

const FIND_DECLARATION: &str = "Finds where the identifier at a regex match is declared. `regex` must contain exactly \
one group; the first match in the file (inside containing_symbol_name_path, if given) selects the identifier at the \
group. HEURISTIC (tree-sitter): resolves by name, preferring enclosing scopes, then the same file, then the project; \
the answer says so and lists other candidates.";

#[derive(Deserialize, JsonSchema)]
struct DeclarationParams {
    /// File containing the usage, relative to the project root.
    relative_path: String,
    /// Regex with exactly one capture group around the identifier, e.g. `cart\.(add)\(`.
    regex: String,
    /// Search for the usage only inside this symbol.
    #[serde(default)]
    containing_symbol_name_path: Option<String>,
    /// Include the declaration's source text.
    #[serde(default)]
    include_body: bool,
    /// Include its signature and doc comment.
    #[serde(default)]
    include_info: bool,
}

fn find_declaration(engine: &Engine, p: DeclarationParams) -> Result<String> {
    let d = engine.declaration(&p.relative_path, &p.regex, p.containing_symbol_name_path.as_deref())?;
    let body = body_of(p.include_body, false);
    let mut v = symbol_json(engine, &d.found, 0, body, p.include_info, &TextCache::default())?;
    v["resolution"] = json!(d.resolution);
    if !d.others.is_empty() {
        let others: Vec<Value> = d
            .others
            .iter()
            .take(10)
            .map(|r| {
                json!({"name_path": r.name_path(), "relative_path": r.entry.rel, "body_location": body_location(&r.entry, r.index)})
            })
            .collect();
        v["other_candidates"] = Value::Array(others);
    }
    Ok(to_json(&v))
}

// ---------------------------------------------------------------- find_implementations

const FIND_IMPLEMENTATIONS: &str = "Finds implementations of a class, interface or trait (subclasses, `implements`, \
`impl Trait for`), or the overriding methods of a method in those. HEURISTIC (tree-sitter): matches declared \
supertypes by name across the project (Go's implicit interfaces are not detected); each item says so.";

#[derive(Deserialize, JsonSchema)]
struct ImplementationsParams {
    /// Name path of the type or method, e.g. "Shape" or "Shape/area".
    name_path: String,
    /// File that defines it, relative to the project root.
    relative_path: String,
    /// Include each implementation's signature and doc comment.
    #[serde(default)]
    include_info: bool,
    /// Only these kinds (LSP SymbolKind numbers).
    #[serde(default)]
    include_kinds: Vec<i64>,
    /// Never these kinds (LSP SymbolKind numbers).
    #[serde(default)]
    exclude_kinds: Vec<i64>,
    /// Answer limit in characters; -1 uses the configured default.
    #[serde(default = "default_max")]
    max_answer_chars: i64,
}

fn find_implementations(engine: &Engine, p: ImplementationsParams) -> Result<String> {
    let limit = limit_of(engine, p.max_answer_chars)?;
    let opts = FindOptions {
        substring: false,
        include_kinds: symbol_kinds(&p.include_kinds)?,
        exclude_kinds: symbol_kinds(&p.exclude_kinds)?,
    };
    let target = engine.resolve_symbol(&p.name_path, &p.relative_path)?;
    let found = engine.implementations(&target, &opts)?;
    let mut out = Vec::new();
    for r in &found.symbols {
        let mut v = symbol_json(engine, r, 0, Body::No, p.include_info, &TextCache::default())?;
        v["resolution"] = json!(found.resolution);
        out.push(v);
    }
    Ok(limit_answer(to_json(&out), limit, "", || None))
}

// ---------------------------------------------------------------- list_symbols

const LIST_SYMBOLS: &str = "Lists every symbol of a code file, one per line: `Kind name [start_line-end_line]` \
(0-based, inclusive), indented two spaces per nesting level. Any supported language. With hashes=true each line \
ends with `sha256=<16 hex>` of the symbol's text, usable as expected_old_hash.";

#[derive(Deserialize, JsonSchema)]
struct ListSymbolsParams {
    /// Code file path relative to the project root.
    #[serde(alias = "relative_path")]
    path: String,
    /// Append each symbol's sha256 (16 hex) for use as expected_old_hash.
    #[serde(default)]
    hashes: bool,
}

fn list_symbols(engine: &Engine, p: ListSymbolsParams) -> Result<String> {
    if !p.hashes {
        let path = engine.project().resolve_existing(&p.path)?;
        let entry = engine.code_file(&path)?;
        return Ok(outline(&entry.symbols).trim_end().to_string());
    }
    let (entry, doc) = engine.symbols_with_text(&p.path)?;
    let lines: Vec<String> = outline(&entry.symbols)
        .lines()
        .zip(entry.symbols.preorder())
        .map(|(line, i)| {
            let r = &entry.symbols.get(i).range;
            let hash = arborist_engine::text::ContentHash::of(&doc.text().as_bytes()[r.start as usize..r.end as usize]);
            format!("{line} sha256={}", hash.short())
        })
        .collect();
    Ok(lines.join("\n"))
}
