//! Reference tools: find_referencing_symbols and rename_symbol. Without a language server they use the
//! tree-sitter heuristic (`refs.rs`) and say so in every answer.

use super::answer::{answer_limit, limit_answer, to_json};
use super::{Effect, ToolSpec, default_max, symbol_kinds};
use arborist_engine::commit::{Change, FileOp, Force};
use arborist_engine::engine::Engine;
use arborist_engine::error::{Error, Result};
use arborist_engine::query::SymbolKind;
use arborist_engine::refs::{self, Occurrence, Target, context_around};
use arborist_engine::resolve::Backend;
use arborist_engine::text::TextEdit;
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
around it. HEURISTIC (tree-sitter): identifiers with the symbol's name in files of the same language, members only \
after `.`/`->`/`::`; same-named unrelated symbols may appear; each item says `heuristic`.";
const RENAME: &str = "Renames a symbol and its uses across the project. HEURISTIC without a language server: \
identifiers with the symbol's name (members only after `.`/`->`/`::`); every changed file is re-parsed and nothing \
is written unless all of them still parse; the answer lists the changed places.";

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

/// The target symbol and the occurrences of its name (tree-sitter heuristic).
pub(super) fn target_occurrences(
    engine: &Engine,
    name_path: &str,
    rel: &str,
) -> Result<(arborist_engine::engine::SymbolRef, Vec<Occurrence>)> {
    let target = engine.resolve_symbol(name_path, rel)?;
    let occs = heuristic_occurrences(engine, &target)?;
    Ok((target, occs))
}

fn heuristic_occurrences(engine: &Engine, target: &arborist_engine::engine::SymbolRef) -> Result<Vec<Occurrence>> {
    let s = target.symbol();
    let member = s.parent.is_some_and(|p| target.entry.symbols.get(p).kind.is_type_like());
    let t = Target { name: &s.name, kind: s.kind, member, lang: target.entry.lang, def_rel: &target.entry.rel };
    refs::occurrences(engine, &t)
}

/// The target's name position as (line, UTF-16 column), with the file's text.
fn name_position(engine: &Engine, target: &arborist_engine::engine::SymbolRef) -> Result<(String, u32, u32)> {
    let path = engine.project().resolve_file(&target.entry.rel)?;
    let doc = engine.cache().read(&path)?;
    let text = doc.text().to_string();
    let starts = arborist_engine::text::line_starts(&text);
    let byte = target.symbol().name_range.start as usize;
    let line = arborist_engine::text::line_of(&starts, byte);
    let col = arborist_engine::text::byte_to_utf16_col(&text, &starts, byte);
    Ok((text, line as u32, col as u32))
}

/// Opens the files that mention the name, so the server looks at them even before it has analysed the
/// whole workspace.
fn open_candidates(
    engine: &Engine,
    target: &arborist_engine::engine::SymbolRef,
    entry: &arborist_engine::grammars::LanguageEntry,
) {
    let Ok(root) = engine.project().resolve("") else { return };
    let needle = format!(r"\b{}\b", regex::escape(&target.symbol().name));
    for (rel, abs) in arborist_engine::index::files_containing(engine.project(), &root, &needle).into_iter().take(200) {
        let same_language =
            arborist_engine::language::for_path(&rel).is_some_and(|l| l.name() == target.entry.lang.name());
        let p = arborist_engine::project::ProjectPath { rel: rel.clone(), abs };
        if let (true, Ok(doc)) = (same_language, engine.cache().load(&p)) {
            let _ = engine.lsp().open(entry, &rel, doc.text());
        }
    }
}

/// Uses reported by the language server, as occurrences.
fn precise_occurrences(
    engine: &Engine,
    target: &arborist_engine::engine::SymbolRef,
    entry: &arborist_engine::grammars::LanguageEntry,
) -> Result<Vec<Occurrence>> {
    let (text, line, col) = name_position(engine, target)?;
    open_candidates(engine, target, entry);
    let locations =
        engine.lsp().references(entry, &target.entry.rel, &text, line, col).map_err(Error::language_server)?;
    let mut out = Vec::new();
    for loc in locations {
        let Ok(path) = engine.project().resolve_file(&loc.rel) else { continue };
        let (Some(file), Ok(doc)) = (engine.index().file(&path), engine.cache().load(&path)) else { continue };
        let text: std::sync::Arc<str> = std::sync::Arc::from(doc.text());
        let starts = arborist_engine::text::line_starts(&text);
        let Some(start) =
            arborist_engine::text::utf16_to_byte(&text, &starts, loc.start.0 as usize, loc.start.1 as usize)
        else {
            continue;
        };
        let end = arborist_engine::text::utf16_to_byte(&text, &starts, loc.end.0 as usize, loc.end.1 as usize)
            .unwrap_or(start);
        let container = file.symbols.innermost_at(start);
        out.push(Occurrence {
            rel: loc.rel.clone(),
            bytes: start..end,
            line: loc.start.0 as usize,
            col: start - starts[loc.start.0 as usize],
            container,
            entry: file,
            text,
        });
    }
    out.sort_by(|a, b| a.rel.cmp(&b.rel).then(a.bytes.start.cmp(&b.bytes.start)));
    Ok(out)
}

/// Occurrences from the chosen backend, and the label every answer item carries.
fn occurrences_with_backend(
    engine: &Engine,
    target: &arborist_engine::engine::SymbolRef,
    requested: Option<&str>,
) -> Result<(Vec<Occurrence>, String)> {
    match engine.backend(target.entry.lang, requested)? {
        Backend::Precise(entry) => match precise_occurrences(engine, target, &entry) {
            Ok(occs) => Ok((occs, format!("precise ({})", entry.language_server[0]))),
            Err(e) => Ok((heuristic_occurrences(engine, target)?, format!("heuristic (language server failed: {e})"))),
        },
        Backend::Heuristic(None) => Ok((heuristic_occurrences(engine, target)?, "heuristic".into())),
        Backend::Heuristic(Some(note)) => Ok((heuristic_occurrences(engine, target)?, format!("heuristic ({note})"))),
    }
}

fn find_referencing_symbols(engine: &Engine, p: FindRefsParams) -> Result<String> {
    let limit = answer_limit(p.max_answer_chars, engine.project().config().max_answer_chars)?;
    let (include, exclude) = (symbol_kinds(&p.include_kinds)?, symbol_kinds(&p.exclude_kinds)?);
    let target = engine.resolve_symbol(&p.name_path, &p.relative_path)?;
    let (occs, label) = occurrences_with_backend(engine, &target, p.backend.as_deref())?;
    let mut by_file: BTreeMap<String, Map<String, Value>> = BTreeMap::new();
    let mut seen = std::collections::HashSet::new();
    for o in &occs {
        if !seen.insert((o.rel.clone(), o.line)) {
            continue;
        }
        let (kind, item) = reference_item(o, &label);
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
fn reference_item(o: &Occurrence, backend: &str) -> (SymbolKind, Value) {
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
        "backend": backend,
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
    /// "auto" (language server when installed, else tree-sitter), "heuristic" or "lsp"; default: the project's setting.
    #[serde(default)]
    backend: Option<String>,
}

fn rename_symbol(engine: &Engine, p: RenameParams) -> Result<String> {
    let valid = p.new_name.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_' || c == '$')
        && p.new_name.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '$');
    if !valid {
        return Err(Error::invalid("new_name", format!("`{}` is not a valid identifier", p.new_name)));
    }
    let target = engine.resolve_symbol(&p.name_path, &p.relative_path)?;
    let old = target.symbol().name.clone();
    let (per_file, label) = rename_plan(engine, &target, &p.new_name, p.backend.as_deref())?;
    let mut change = Change::new(Force::No);
    let mut places = Vec::new();
    for (rel, mut edits) in per_file {
        edits.sort_by_key(|e| e.range.start);
        edits.dedup();
        let path = engine.project().resolve_file(&rel)?;
        let doc = engine.cache().read(&path)?;
        let mut lines: Vec<usize> =
            edits.iter().map(|e| arborist_engine::syntax::point_at(doc.text(), e.range.start).row).collect();
        lines.dedup();
        places.push(format!("{rel}:{}", lines.iter().map(|l| l.to_string()).collect::<Vec<_>>().join(",")));
        change.push(path, FileOp::Edit { base: doc, edits, check: None });
    }
    let changed = engine.commit(change)?.len();
    Ok(format!(
        "Successfully renamed '{old}' to '{}' ({changed} changes applied)\nBackend: {label}. Changed (file:0-based lines): {}",
        p.new_name,
        places.join("; ")
    ))
}

/// The byte edits of a rename per file, from the language server or the heuristic, and the backend label.
fn rename_plan(
    engine: &Engine,
    target: &arborist_engine::engine::SymbolRef,
    new_name: &str,
    requested: Option<&str>,
) -> Result<(BTreeMap<String, Vec<TextEdit>>, String)> {
    if let Backend::Precise(entry) = engine.backend(target.entry.lang, requested)? {
        let (text, line, col) = name_position(engine, target)?;
        open_candidates(engine, target, &entry);
        match engine.lsp().rename(&entry, &target.entry.rel, &text, line, col, new_name) {
            Ok(files) if !files.is_empty() => {
                let mut per_file = BTreeMap::new();
                for f in files {
                    let path = engine.project().resolve_file(&f.rel)?;
                    let doc = engine.cache().read(&path)?;
                    let starts = arborist_engine::text::line_starts(doc.text());
                    let to_byte = |(l, c): (u32, u32)| {
                        arborist_engine::text::utf16_to_byte(doc.text(), &starts, l as usize, c as usize)
                    };
                    let edits: Option<Vec<TextEdit>> = f
                        .edits
                        .iter()
                        .map(|(loc, new)| {
                            Some(TextEdit { range: to_byte(loc.start)?..to_byte(loc.end)?, new_text: new.clone() })
                        })
                        .collect();
                    per_file.insert(
                        f.rel.clone(),
                        edits.ok_or_else(|| {
                            Error::LanguageServer("its rename edits do not fit the files; nothing was written".into())
                        })?,
                    );
                }
                return Ok((per_file, format!("precise ({})", entry.language_server[0])));
            }
            Ok(_) => {}
            Err(e) => tracing::warn!("rename through the language server failed ({e}); using the heuristic"),
        }
    }
    let occs = heuristic_occurrences(engine, target)?;
    let mut per_file: BTreeMap<String, Vec<TextEdit>> = BTreeMap::new();
    let s = target.symbol();
    let edit = |r: std::ops::Range<usize>| TextEdit { range: r, new_text: new_name.to_string() };
    per_file
        .entry(target.entry.rel.clone())
        .or_default()
        .push(edit(s.name_range.start as usize..s.name_range.end as usize));
    for o in &occs {
        per_file.entry(o.rel.clone()).or_default().push(edit(o.bytes.clone()));
    }
    Ok((per_file, "heuristic (tree-sitter name matching; review the places)".into()))
}
