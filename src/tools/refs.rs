//! Reference tools: find_referencing_symbols and rename_symbol. Without a language server they use the
//! tree-sitter heuristic (`refs.rs`) and say so in every answer.

use super::answer::{answer_limit, limit_answer, to_json};
use super::{Effect, ToolSpec, default_max, symbol_kinds};
use arborist_engine::engine::Engine;
use arborist_engine::error::Result;
use arborist_engine::query::SymbolKind;
use arborist_engine::refs::{Occurrence, context_around};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;

pub fn tools() -> Vec<ToolSpec> {
    use Effect::*;
    vec![
        ToolSpec::new("find_referencing_symbols", FIND_REFS, ReadOnly, find_referencing_symbols),
        ToolSpec::new("rename_symbol", RENAME, Edits, rename_symbol),
        ToolSpec::new("restart_language_server", RESTART, ReadOnly, restart_language_server).optional(),
    ]
}

const FIND_REFS: &str = "Finds the places that use a symbol, grouped by file and by the kind of the innermost \
function, method or class containing each use (file-level uses such as imports count as `File`), with the lines \
around it. The answer's first key, `backend`, says what answered: `precise (server)` from a language server, or \
`heuristic (...)` from tree-sitter (identifiers with the symbol's name in files of the same language, members only \
after `.`/`->`/`::`; where the language's scopes are known (Python), a use bound to a local, parameter or nested \
definition of the same name is left out, and a member use whose receiver's type the tree shows (`self`, a \
constructor call, an annotation) counts only for that class; a use the tree cannot tie to the symbol (a Python \
`x.Name` whose `x` is not imported as the symbol's module, `x.method` of an unknown `x`) says \
`\"uncertain\": true` and comes after the others in its file; a call that may reach the method through an \
interface or base class (Go: an interface its type implements, or a method implementing the interface method asked \
for; Java: a supertype whose method it overrides, also one outside the project such as `java.util.List`), or on a value that may be of several classes, the method's among \
them (a union type, a function returning several classes), says `\"through_interface\": true`). \
A precise answer is checked against the tree: uses \
the tree finds (or cannot rule out) on lines the server did not return come last with `\"unconfirmed\": true`. \
The other keys are files.";
const RENAME: &str = "Renames a symbol and its uses across the project, through a language server when one is \
configured and installed, else HEURISTIC: identifiers with the symbol's name (members only after `.`/`->`/`::`; in \
Python `x.Name` of a top-level Name only when `x` is imported as the symbol's module; `x.method` only when `x`'s type \
is the method's class or a subclass; locals of the same name never). Uses of the name the rename would leave \
unchanged (the heuristic's uncertain ones and calls through an interface, or uses the tree finds that the server's \
edits miss) refuse the rename, \
listed by file and 0-based line; pass allow_unchanged_uses=true to rename anyway and leave them as they are. Every \
changed file is re-parsed and nothing is written unless all of them still parse; the answer lists the changed \
places, those left unchanged, and where the old name is still a word in comments or strings.";

const RESTART: &str = "Stops the project's language servers; the next reference or rename request starts them again \
(use it after installing a server or when one misbehaves).";

#[derive(Deserialize, JsonSchema)]
struct NoParams {}

fn restart_language_server(engine: &Engine, _: NoParams) -> Result<String> {
    engine.shutdown_language_servers();
    Ok("OK".into())
}

#[derive(Deserialize, JsonSchema)]
struct FindRefsParams {
    /// Name path of the symbol, e.g. "Cart/add".
    name_path: String,
    /// File that defines it, relative to the project root.
    relative_path: String,
    /// Only uses inside symbols of these kinds (LSP numbers).
    #[serde(default)]
    include_kinds: Vec<i64>,
    /// Never uses inside symbols of these kinds (LSP numbers).
    #[serde(default)]
    exclude_kinds: Vec<i64>,
    /// Answer limit in characters; -1 uses the configured default.
    #[serde(default = "default_max")]
    max_answer_chars: i64,
    /// "auto" (language server when installed, else tree-sitter), "heuristic" or "lsp"; default: the project's setting.
    #[serde(default)]
    backend: Option<String>,
}

fn find_referencing_symbols(engine: &Engine, p: FindRefsParams) -> Result<String> {
    let limit = answer_limit(p.max_answer_chars, engine.project().config().max_answer_chars)?;
    let (include, exclude) = (symbol_kinds(&p.include_kinds)?, symbol_kinds(&p.exclude_kinds)?);
    let target = engine.resolve_symbol(&p.name_path, &p.relative_path)?;
    let found = engine.references(&target, p.backend.as_deref())?;
    let label = found.backend;
    let occs = found.occurrences.iter().map(|o| (o, false)).chain(found.unconfirmed.iter().map(|o| (o, true)));
    // one item a line, the first use there; wanted kinds only
    let mut seen = std::collections::HashSet::new();
    let wanted = |kind: &SymbolKind| !exclude.contains(kind) && (include.is_empty() || include.contains(kind));
    let picked: Vec<(&Occurrence, bool, SymbolKind)> = occs
        .filter(|(o, _)| seen.insert((o.rel.as_str(), o.line)))
        .map(|(o, unconfirmed)| (o, unconfirmed, container_kind(o)))
        .filter(|(_, _, kind)| wanted(kind))
        .collect();
    // the items (each with its lines of context), written as JSON in parallel, in order
    use rayon::prelude::*;
    let items: Vec<String> =
        picked.par_iter().map(|&(o, unconfirmed, _)| to_json(&reference_item(o, unconfirmed))).collect();
    let mut by_file: BTreeMap<&str, FileItems> = BTreeMap::new();
    for ((o, _, kind), item) in picked.iter().zip(items) {
        let kinds = by_file.entry(o.rel.as_str()).or_default();
        match kinds.iter_mut().find(|(k, _)| k == kind) {
            Some((_, list)) => list.push(item),
            None => kinds.push((*kind, vec![item])),
        }
    }
    Ok(limit_answer(references_json(&label, &by_file), limit, "Shortened result (uses per file):", || {
        let mut short = Map::new();
        short.insert("backend".into(), Value::String(label.clone()));
        let counts =
            by_file.iter().map(|(f, kinds)| (f.to_string(), kinds.iter().map(|(_, l)| l.len()).sum::<usize>()));
        short.extend(counts.map(|(f, n)| (f, json!(n))));
        Some(to_json(&short))
    }))
}

/// A file's answer items (as JSON) by the kind of symbol that holds them, kinds in order of first use.
type FileItems = Vec<(SymbolKind, Vec<String>)>;

/// `{"backend": label, file: {kind: [item, ...], ...}, ...}`, written as `to_json` writes a map of maps
/// (which backend answered first, once; the rest of the keys are files, in path order).
fn references_json(label: &str, by_file: &BTreeMap<&str, FileItems>) -> String {
    let size: usize = by_file.values().flatten().flat_map(|(_, l)| l).map(|i| i.len() + 2).sum();
    let mut out = String::with_capacity(size + 64 * by_file.len() + 32);
    out.push_str("{\"backend\": ");
    out.push_str(&to_json(label));
    for (file, kinds) in by_file {
        let kinds: Vec<String> =
            kinds.iter().map(|(kind, list)| format!("{}: [{}]", to_json(kind.name()), list.join(", "))).collect();
        out.push_str(&format!(", {}: {{{}}}", to_json(file), kinds.join(", ")));
    }
    out.push('}');
    out
}

/// The kind of the symbol that holds a use (a file's top level: `File`).
fn container_kind(o: &Occurrence) -> SymbolKind {
    o.container.map_or(SymbolKind::File, |c| o.entry.symbols.get(c).kind)
}

/// The answer item for one use (`unconfirmed`: the tree's, not the language server's).
fn reference_item(o: &Occurrence, unconfirmed: bool) -> Value {
    let (name_path, location) = match o.container {
        Some(c) => {
            let s = o.entry.symbols.get(c);
            (o.entry.symbols.name_path(c), json!({"start_line": s.start_line, "end_line": s.end_line}))
        }
        None => {
            let stem = o.rel.rsplit('/').next().unwrap_or(&o.rel);
            let stem = stem.split('.').next().unwrap_or(stem).to_string();
            (stem, json!({"start_line": o.line, "end_line": o.line}))
        }
    };
    let mut item = json!({
        "name_path": name_path,
        "body_location": location,
        "content_around_reference": context_around(&o.text, o.bytes.start, o.line),
    });
    if o.uncertain {
        item["uncertain"] = Value::Bool(true);
    }
    if o.through_interface {
        item["through_interface"] = Value::Bool(true);
    }
    if unconfirmed {
        item["unconfirmed"] = Value::Bool(true);
    }
    item
}

#[derive(Deserialize, JsonSchema)]
struct RenameParams {
    /// Name path of the symbol, e.g. "Cart/add".
    name_path: String,
    /// File that defines it, relative to the project root.
    relative_path: String,
    /// The new name.
    new_name: String,
    /// "auto" (language server when installed, else tree-sitter), "heuristic" or "lsp"; default: the project's setting.
    #[serde(default)]
    backend: Option<String>,
    /// Rename even when uses of the name would be left unchanged (they are listed); default false: refuse.
    #[serde(default)]
    allow_unchanged_uses: bool,
}

fn rename_symbol(engine: &Engine, p: RenameParams) -> Result<String> {
    let target = engine.resolve_symbol(&p.name_path, &p.relative_path)?;
    let r = engine.rename(&target, &p.new_name, p.backend.as_deref(), p.allow_unchanged_uses)?;
    let places: Vec<String> = r
        .places
        .iter()
        .map(|(rel, lines)| format!("{rel}:{}", lines.iter().map(|l| l.to_string()).collect::<Vec<_>>().join(",")))
        .collect();
    let mut answer = format!(
        "Successfully renamed '{}' to '{}' ({} changes applied)\nBackend: {}. Changed (file:0-based lines): {}",
        r.old_name,
        p.new_name,
        r.files,
        r.backend,
        places.join("; ")
    );
    if !r.mentions.is_empty() {
        let shown: Vec<String> = r.mentions.iter().take(50).map(|(rel, line)| format!("{rel}:{line}")).collect();
        let more = r.mentions.len().saturating_sub(shown.len());
        answer.push_str(&format!(
            "\nThe old name is still a word in comments or strings (check them): {}{}",
            shown.join("; "),
            if more > 0 { format!("; and {more} more") } else { String::new() }
        ));
    }
    let why =
        format!("uses of `{}` the tree cannot rule out as this symbol's; rename them yourself if they are", r.old_name);
    answer.push_str(&left_unchanged(&r.unchanged, &why));
    let why = "calls that may reach another method too (an interface's, a base's, another class's of a union): \
               rename the methods together";
    answer.push_str(&left_unchanged(&r.interface_calls, why));
    Ok(answer)
}

/// `\nLeft unchanged (allow_unchanged_uses; why): file:line; ...` for the first 200 places, empty for none.
fn left_unchanged(places: &[(String, usize)], why: &str) -> String {
    if places.is_empty() {
        return String::new();
    }
    let left: Vec<String> = places.iter().take(200).map(|(rel, line)| format!("{rel}:{line}")).collect();
    let more = places.len() - left.len();
    let more = if more > 0 { format!("; and {more} more") } else { String::new() };
    format!("\nLeft unchanged (allow_unchanged_uses; {why}): {}{more}", left.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The answer written piece by piece is what `to_json` writes for the same map of maps.
    #[test]
    fn references_json_is_to_json_of_the_map() {
        let item = |line: usize, text: &str| {
            json!({"name_path": "A/b", "body_location": {"start_line": line, "end_line": line + 1},
                   "content_around_reference": text})
        };
        let (a, b, c) = (item(1, "x = \"q\"\n\ty"), item(2, "é ✓ \\ /"), item(3, ""));
        let mut by_file: BTreeMap<&str, FileItems> = BTreeMap::new();
        by_file.insert("z/\"odd\".py", vec![(SymbolKind::Method, vec![to_json(&a), to_json(&b)])]);
        by_file.insert("a.py", vec![(SymbolKind::Function, vec![to_json(&c)]), (SymbolKind::Class, vec![to_json(&a)])]);
        let mut map = Map::new();
        map.insert("backend".into(), json!("heuristic"));
        map.insert("a.py".into(), json!({"Function": [c], "Class": [a.clone()]}));
        map.insert("z/\"odd\".py".into(), json!({"Method": [a, b]}));
        assert_eq!(references_json("heuristic", &by_file), to_json(&map));
        assert_eq!(references_json("lsp", &BTreeMap::new()), to_json(&json!({"backend": "lsp"})));
    }
}
