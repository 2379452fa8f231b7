//! Reference tools: find_referencing_symbols and rename_symbol. Without a language server they use the
//! tree-sitter heuristic (`refs.rs`) and say so in every answer.

use super::answer::{answer_limit, limit_answer, to_json};
use super::{Effect, ToolSpec, default_max, symbol_kinds};
use crate::engine::{Engine, FindOptions};
use crate::error::{Error, Result};
use crate::query::SymbolKind;
use crate::refs::{self, Occurrence, Target, context_around};
use crate::symbols::NamePattern;
use crate::syntax::{parse, syntax_issues};
use crate::text::{TextEdit, apply_edits};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;

pub fn tools() -> Vec<ToolSpec> {
    use Effect::*;
    vec![
        ToolSpec::new("find_referencing_symbols", FIND_REFS, ReadOnly, find_referencing_symbols),
        ToolSpec::new("rename_symbol", RENAME, Edits, rename_symbol),
    ]
}

const FIND_REFS: &str = "Finds the places that use a symbol, grouped by file and by the kind of the innermost \
function, method or class containing each use (file-level uses such as imports count as `File`), with the lines \
around it. HEURISTIC (tree-sitter): identifiers with the symbol's name in files of the same language, members only \
after `.`/`->`/`::`; same-named unrelated symbols may appear; each item says `heuristic`.";
const RENAME: &str = "Renames a symbol and its uses across the project. HEURISTIC without a language server: \
identifiers with the symbol's name (members only after `.`/`->`/`::`); every changed file is re-parsed and nothing \
is written unless all of them still parse; the answer lists the changed places.";

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
}

/// The target symbol and the occurrences of its name.
pub(super) fn target_occurrences(
    engine: &Engine,
    name_path: &str,
    rel: &str,
) -> Result<(crate::engine::SymbolRef, Vec<Occurrence>)> {
    let mut found = engine.find_symbols(&NamePattern::parse(name_path)?, rel, &FindOptions::default())?;
    let target = match found.len() {
        1 => found.remove(0),
        0 => {
            return Err(Error::rejected(format!(
                "no symbol `{name_path}` in {rel}; list them with get_symbols_overview"
            )));
        }
        n => {
            let paths: Vec<String> = found.iter().map(|r| r.name_path()).collect();
            return Err(Error::rejected(format!(
                "`{name_path}` matches {n} symbols in {rel}: {}; use a longer name path or an overload index",
                paths.join(", ")
            )));
        }
    };
    let s = target.symbol();
    let member = s.parent.is_some_and(|p| target.entry.symbols.get(p).kind.is_type_like());
    let t = Target { name: &s.name, kind: s.kind, member, lang: target.entry.lang };
    let occs = refs::occurrences(engine, &t)?;
    Ok((target.clone(), occs))
}

fn find_referencing_symbols(engine: &Engine, p: FindRefsParams) -> Result<String> {
    let limit = answer_limit(p.max_answer_chars, engine.project().config().max_answer_chars)?;
    let (include, exclude) = (symbol_kinds(&p.include_kinds)?, symbol_kinds(&p.exclude_kinds)?);
    let (_, occs) = target_occurrences(engine, &p.name_path, &p.relative_path)?;
    let mut by_file: BTreeMap<String, Map<String, Value>> = BTreeMap::new();
    let mut seen = std::collections::HashSet::new();
    for o in &occs {
        if !seen.insert((o.rel.clone(), o.line)) {
            continue;
        }
        let (kind, item) = reference_item(o);
        if exclude.contains(&kind) || (!include.is_empty() && !include.contains(&kind)) {
            continue;
        }
        let kinds = by_file.entry(o.rel.clone()).or_default();
        let list = kinds.entry(kind.name()).or_insert_with(|| Value::Array(Vec::new()));
        list.as_array_mut().expect("arrays").push(item);
    }
    let answer = to_json(&by_file);
    Ok(limit_answer(answer, limit, "Shortened result (uses per file):", || {
        let counts: BTreeMap<&String, usize> =
            by_file.iter().map(|(f, k)| (f, k.values().filter_map(Value::as_array).map(Vec::len).sum())).collect();
        Some(to_json(&counts))
    }))
}

/// The containing symbol's kind and the answer item for one use.
fn reference_item(o: &Occurrence) -> (SymbolKind, Value) {
    let (kind, name_path, location) = match o.container {
        Some(c) => {
            let s = o.entry.symbols.get(c);
            (s.kind, o.entry.symbols.name_path(c), json!({"start_line": s.start_line, "end_line": s.end_line}))
        }
        None => {
            let stem = o.rel.rsplit('/').next().unwrap_or(&o.rel);
            let stem = stem.split('.').next().unwrap_or(stem).to_string();
            (SymbolKind::File, stem, json!({"start_line": o.line, "end_line": o.line}))
        }
    };
    let item = json!({
        "name_path": name_path,
        "body_location": location,
        "content_around_reference": context_around(&o.text, o.line),
        "backend": "heuristic",
    });
    (kind, item)
}

#[derive(Deserialize, JsonSchema)]
struct RenameParams {
    /// Name path of the symbol, e.g. "Cart/add".
    name_path: String,
    /// File that defines it, relative to the project root.
    relative_path: String,
    /// The new name.
    new_name: String,
}

fn rename_symbol(engine: &Engine, p: RenameParams) -> Result<String> {
    let valid = p.new_name.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_' || c == '$')
        && p.new_name.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '$');
    if !valid {
        return Err(Error::invalid(format!("`{}` is not a valid identifier", p.new_name)));
    }
    let (target, occs) = target_occurrences(engine, &p.name_path, &p.relative_path)?;
    let old = target.symbol().name.clone();
    let mut per_file: BTreeMap<String, Vec<std::ops::Range<usize>>> = BTreeMap::new();
    let name_range = target.symbol().name_range.start as usize..target.symbol().name_range.end as usize;
    per_file.entry(target.entry.rel.clone()).or_default().push(name_range);
    for o in &occs {
        per_file.entry(o.rel.clone()).or_default().push(o.bytes.clone());
    }
    let mut planned = Vec::new();
    for (rel, mut ranges) in per_file {
        ranges.sort_by_key(|r| r.start);
        ranges.dedup();
        let path = engine.project().resolve_file(&rel)?;
        engine.project().check_writable(&path)?;
        let doc = engine.cache().read(&path)?;
        let edits: Vec<TextEdit> =
            ranges.iter().map(|r| TextEdit { range: r.clone(), new_text: p.new_name.clone() }).collect();
        if edits.iter().any(|e| doc.text().get(e.range.clone()) != Some(old.as_str())) {
            return Err(Error::rejected(format!(
                "{rel} changed while planning the rename; nothing was written, try again"
            )));
        }
        let new_text = apply_edits(doc.text(), &edits).expect("occurrences are disjoint");
        check_parses(&rel, doc.text(), &new_text)?;
        let mut lines: Vec<usize> = ranges.iter().map(|r| crate::syntax::point_at(doc.text(), r.start).row).collect();
        lines.dedup();
        planned.push((path, doc, new_text, lines));
    }
    let mut places = Vec::new();
    for (path, doc, new_text, lines) in &planned {
        engine.cache().write(path, doc, new_text)?;
        engine.index().invalidate(&path.rel);
        places.push(format!("{}:{}", path.rel, lines.iter().map(|l| l.to_string()).collect::<Vec<_>>().join(",")));
    }
    Ok(format!(
        "Successfully renamed '{old}' to '{}' ({} changes applied)\nBackend: heuristic (tree-sitter name matching; review the places). Changed (file:0-based lines): {}",
        p.new_name,
        planned.len(),
        places.join("; ")
    ))
}

fn check_parses(rel: &str, old: &str, new: &str) -> Result<()> {
    let Some(lang) = crate::language::for_path(rel) else { return Ok(()) };
    let count = |t: &str| parse(lang, t).map(|tree| syntax_issues(&tree, t).len()).unwrap_or(0);
    if count(new) > count(old) {
        return Err(Error::rejected(format!("renaming would break the syntax of {rel}; nothing was written")));
    }
    Ok(())
}
