//! Editing tools: the reference server's symbol edits (replace body, insert before/after, safe delete)
//! and the agent-loop block tools (replace/insert by kind and name, validate, patch, write). All of them
//! run through `edit::edit_symbol`, so every edit is guarded, verified and atomic.

use super::answer::to_json;
use super::{Effect, ToolSpec};
use arborist_engine::commit::{Change, Force};
use arborist_engine::edit::{Pick, edit_symbol};
use arborist_engine::engine::{Engine, SymbolRef};
use arborist_engine::error::{Error, Result};
use arborist_engine::external::{self, Ran};
use arborist_engine::index::FileEntry;
use arborist_engine::plan::{Guard, Op, Outcome, Verify};
use arborist_engine::query::SymbolKind;
use arborist_engine::resolve::{ambiguous, resolve_in};
use arborist_engine::symbols::{FileSymbols, ImplBlock, NamePattern};
use arborist_engine::text::TextEdit;
use schemars::JsonSchema;
use serde::Deserialize;
use std::sync::Arc;
use std::time::Duration;
use tree_sitter::Tree;

pub fn tools() -> Vec<ToolSpec> {
    use Effect::*;
    vec![
        ToolSpec::new("replace_symbol_body", REPLACE_SYMBOL_BODY, Edits, replace_symbol_body),
        ToolSpec::new("insert_after_symbol", INSERT_AFTER_SYMBOL, Edits, insert_after_symbol),
        ToolSpec::new("insert_before_symbol", INSERT_BEFORE_SYMBOL, Edits, insert_before_symbol),
        ToolSpec::new("safe_delete_symbol", SAFE_DELETE, Edits, safe_delete_symbol),
        ToolSpec::new("replace_block", REPLACE_BLOCK, Edits, replace_block).optional(),
        ToolSpec::new("rust_replace_block", REPLACE_BLOCK, Edits, replace_block).optional(),
        ToolSpec::new("insert_after_block", INSERT_AFTER_BLOCK, Edits, insert_after_block).optional(),
        ToolSpec::new("rust_insert_after_block", INSERT_AFTER_BLOCK, Edits, insert_after_block).optional(),
        ToolSpec::new("insert_before_block", INSERT_BEFORE_BLOCK, Edits, insert_before_block).optional(),
        ToolSpec::new("validate_file", VALIDATE_FILE, ReadOnly, validate_file).optional(),
        ToolSpec::new("rust_validate_file", VALIDATE_FILE, ReadOnly, validate_file).optional(),
        ToolSpec::new("patch_file", PATCH_FILE, Edits, patch_file).optional(),
        ToolSpec::new("write_file", WRITE_FILE, Edits, write_file).optional(),
    ]
}

fn guards(hash: &Option<String>, old: &Option<String>) -> Vec<Guard> {
    let mut g = Vec::new();
    if let Some(h) = hash.as_ref().filter(|h| !h.trim().is_empty()) {
        g.push(Guard::Hash(h.clone()));
    }
    if let Some(o) = old.as_ref().filter(|o| !o.trim().is_empty()) {
        g.push(Guard::OldBlock(o.clone()));
    }
    g
}

/// Picks the single symbol a name path names in a file, or explains the ambiguity.
fn by_name_path(name_path: &str) -> Result<impl Fn(&Arc<FileEntry>, &Tree, &str) -> Result<Pick>> {
    let pattern = NamePattern::parse(name_path)?;
    let np = name_path.to_string();
    Ok(move |entry: &Arc<FileEntry>, _: &Tree, _: &str| resolve_in(entry, &pattern, &np).map(Pick::Symbol))
}

// ---------------------------------------------------------------- reference-server tools

const REPLACE_SYMBOL_BODY: &str = "Replaces a symbol's definition (signature and body, as find_symbol's include_body \
returns it; decorators and doc comments above it stay unless the new text starts with them). The edit is \
re-parsed before writing and refused if it breaks the syntax. Optional guards: expected_old_hash (sha256 from \
find_symbol's body_sha256) or expected_old_block. Answers OK.";
const INSERT_AFTER_SYMBOL: &str = "Inserts code after a symbol's definition (on new lines, indented like the \
symbol, separated by the file's usual blank lines), e.g. a new method after an existing one. Answers OK.";
const INSERT_BEFORE_SYMBOL: &str = "Inserts code before a symbol's definition and its decorators or doc comments \
(indented like the symbol, separated by the file's usual blank lines), e.g. an import before the first symbol. \
Answers OK.";
const SAFE_DELETE: &str = "Deletes a symbol (with its decorators and doc comment) unless its name is used elsewhere \
in the project; then it answers where (a word search: conservative, may list unrelated same-named uses).";

#[derive(Deserialize, JsonSchema)]
struct SymbolEditParams {
    /// Name path of the symbol, e.g. "Cart/add".
    name_path: String,
    /// File that contains it, relative to the project root.
    relative_path: String,
    /// The new definition or the code to insert.
    body: String,
    /// Refuse unless the symbol's current text has this SHA-256 (hex; 8+ leading characters suffice).
    #[serde(default)]
    expected_old_hash: Option<String>,
    /// Refuse unless the symbol's current text is this.
    #[serde(default)]
    expected_old_block: Option<String>,
}

fn symbol_edit(engine: &Engine, p: SymbolEditParams, op: impl FnOnce(String) -> Op) -> Result<String> {
    let pick = by_name_path(&p.name_path)?;
    let guards = guards(&p.expected_old_hash, &p.expected_old_block);
    edit_symbol(engine, &p.relative_path, &pick, op(p.body), &guards, &Verify::default())?;
    Ok("OK".into())
}

fn replace_symbol_body(engine: &Engine, p: SymbolEditParams) -> Result<String> {
    symbol_edit(engine, p, Op::Replace)
}

fn insert_after_symbol(engine: &Engine, p: SymbolEditParams) -> Result<String> {
    symbol_edit(engine, p, Op::InsertAfter)
}

fn insert_before_symbol(engine: &Engine, p: SymbolEditParams) -> Result<String> {
    symbol_edit(engine, p, Op::InsertBefore)
}

#[derive(Deserialize, JsonSchema)]
struct SafeDeleteParams {
    /// Name path of the symbol to delete.
    name_path_pattern: String,
    /// File that contains it, relative to the project root.
    relative_path: String,
}

fn safe_delete_symbol(engine: &Engine, p: SafeDeleteParams) -> Result<String> {
    let target = engine.resolve_symbol(&p.name_path_pattern, &p.relative_path)?;
    let uses = engine.name_uses(&target)?;
    if !uses.is_empty() {
        let mut by_file: std::collections::BTreeMap<String, Vec<usize>> = Default::default();
        for u in &uses {
            let lines = by_file.entry(u.rel.clone()).or_default();
            if !lines.contains(&u.line) {
                lines.push(u.line);
            }
        }
        return Err(Error::StillReferenced { name: target.symbol().name.clone(), places: to_json(&by_file) });
    }
    let pick = by_name_path(&p.name_path_pattern)?;
    edit_symbol(engine, &p.relative_path, &pick, Op::Delete, &[], &Verify::default())?;
    Ok("OK".into())
}

// ---------------------------------------------------------------- block tools

const REPLACE_BLOCK: &str = "Replaces a whole definition found by kind and name (kind: function, method, class, \
struct, enum, trait, interface, impl, type, const, static, module, field, ...). Disambiguate with module_path (e.g. \
\"impl Agent\", \"class Cart\", \"Outer/Inner\") or line_hint (0-based). Guards: expected_old_hash (sha256 of the \
current block), expected_old_block. The result is re-parsed and must still define a block of that kind (force=true \
skips the checks). run_formatter / run_check run the language's formatter and check command from grammars.toml. \
Answers where the new block is and its sha256 for the next guard.";
const INSERT_AFTER_BLOCK: &str = "Inserts a snippet after a definition found by kind and name (same disambiguation \
and guards as replace_block), indented like it and separated by the file's usual blank lines.";
const INSERT_BEFORE_BLOCK: &str = "Inserts a snippet before a definition found by kind and name (and before its \
attributes, decorators and doc comments), indented like it.";

#[derive(Deserialize, JsonSchema)]
struct BlockParams {
    /// File path relative to the project root.
    #[serde(alias = "relative_path")]
    path: String,
    /// Kind of definition: function, method, class, struct, enum, trait, interface, impl, type, const, static, module, field.
    kind: String,
    /// Name of the definition.
    name: String,
    /// The complete new definition (replace_block).
    #[serde(default, alias = "body")]
    new_block: Option<String>,
    /// The code to insert (insert_*_block).
    #[serde(default)]
    snippet: Option<String>,
    /// Enclosing scope: "impl Agent", "impl Display for Agent", "class Cart", "Outer/Inner".
    #[serde(default)]
    module_path: Option<String>,
    /// A 0-based line inside or near the intended definition.
    #[serde(default)]
    line_hint: Option<usize>,
    /// Refuse unless the block's current text has this SHA-256.
    #[serde(default)]
    expected_old_hash: Option<String>,
    /// Refuse unless the block's current text is this.
    #[serde(default)]
    expected_old_block: Option<String>,
    /// Run the language's formatter (grammars.toml) on the file afterwards.
    #[serde(default, alias = "run_rustfmt")]
    run_formatter: bool,
    /// Run the language's check command (e.g. cargo check) afterwards and include its output.
    #[serde(default, alias = "run_cargo_check")]
    run_check: bool,
    /// Skip the syntax and kind verification.
    #[serde(default)]
    force: bool,
}

fn kinds_for(kind: &str) -> Result<Option<Vec<SymbolKind>>> {
    use SymbolKind::*;
    let k = match kind.to_ascii_lowercase().as_str() {
        "function" | "fn" | "func" | "method" | "constructor" => vec![Function, Method, Constructor],
        "class" => vec![Class],
        "struct" | "union" | "record" => vec![Struct, Class],
        "enum" => vec![Enum],
        "trait" | "interface" | "protocol" => vec![Interface],
        "type" | "type_alias" | "typedef" => vec![TypeParameter],
        "const" | "constant" => vec![Constant],
        "static" | "variable" | "var" | "let" => vec![Variable, Constant],
        "field" | "property" => vec![Field, Property],
        "module" | "mod" | "namespace" | "package" => vec![Module, Namespace, Package],
        "enum_member" | "variant" => vec![EnumMember],
        "macro" | "macro_rules" => vec![Function],
        "impl" => return Ok(None),
        other => {
            return Err(Error::invalid(
                "kind",
                format!(
                    "unknown kind `{other}`; use function, method, class, struct, enum, trait, interface, impl, type, \
                     const, static, module or field"
                ),
            ));
        }
    };
    Ok(Some(k))
}

/// A scope path ("impl Agent", "class Cart", "a::b", "Outer.Inner") as name-path segments.
fn scope_segments(module_path: &str) -> Vec<String> {
    let trimmed = module_path.trim();
    let without_keyword =
        ["impl ", "class ", "struct ", "mod ", "module ", "trait ", "interface ", "enum ", "namespace "]
            .iter()
            .find_map(|k| trimmed.strip_prefix(k))
            .unwrap_or(trimmed);
    let last_type = without_keyword.rsplit(" for ").next().unwrap_or(without_keyword);
    last_type
        .replace("::", "/")
        .replace('.', "/")
        .split('/')
        .map(|s| s.split('<').next().unwrap_or(s).trim().to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

fn block_pick(p: &BlockParams) -> Result<impl Fn(&Arc<FileEntry>, &Tree, &str) -> Result<Pick> + '_> {
    let kinds = kinds_for(&p.kind)?;
    Ok(move |entry: &Arc<FileEntry>, tree: &Tree, text: &str| match &kinds {
        None => pick_impl(entry, tree, text, p),
        Some(kinds) => pick_block(entry, kinds, p),
    })
}

fn pick_block(entry: &Arc<FileEntry>, kinds: &[SymbolKind], p: &BlockParams) -> Result<Pick> {
    let fs = &entry.symbols;
    let mut hits: Vec<u32> =
        fs.preorder().into_iter().filter(|&i| fs.get(i).name == p.name && kinds.contains(&fs.get(i).kind)).collect();
    if let Some(mp) = p.module_path.as_deref().filter(|m| !m.trim().is_empty()) {
        let segs = scope_segments(mp);
        let detail_match = |i: &u32| fs.get(*i).detail.as_deref().is_some_and(|d| d == mp.trim());
        let parent_match = |i: &u32| {
            let parent_path = fs.get(*i).parent.map(|pp| fs.name_path(pp)).unwrap_or_default();
            let parts: Vec<&str> = parent_path.split('/').map(|s| s.split('[').next().unwrap_or(s)).collect();
            parts.ends_with(&segs.iter().map(String::as_str).collect::<Vec<_>>())
        };
        hits.retain(|i| detail_match(i) || parent_match(i));
    }
    if hits.len() > 1
        && let Some(line) = p.line_hint
    {
        let distance = |i: &u32| {
            let s = fs.get(*i);
            if (s.start_line as usize..=s.end_line as usize).contains(&line) {
                0
            } else {
                (s.start_line as i64 - line as i64).unsigned_abs() as usize + 1
            }
        };
        let best = hits.iter().map(distance).min().unwrap_or(0);
        hits.retain(|i| distance(i) == best);
    }
    match hits.as_slice() {
        [one] => Ok(Pick::Symbol(*one)),
        [] => Err(Error::NoSymbol {
            what: p.kind.clone(),
            name: p.name.clone(),
            scope: match p.module_path.as_deref().filter(|m| !m.trim().is_empty()) {
                Some(m) => format!("`{m}` in {}", entry.rel),
                None => entry.rel.clone(),
            },
            hint: "list the file's symbols with list_symbols",
        }),
        many => {
            let found: Vec<SymbolRef> = many.iter().map(|&index| SymbolRef { entry: entry.clone(), index }).collect();
            Err(ambiguous(
                &found,
                &p.name,
                &entry.rel,
                "module_path (e.g. \"impl Foo\" or \"Outer/Inner\") or line_hint",
            ))
        }
    }
}

/// Rust `impl` blocks are containers, not symbols: found by their type (and trait) among the blocks the
/// tags query captures as `@definition.impl`.
fn pick_impl(entry: &FileEntry, tree: &Tree, text: &str, p: &BlockParams) -> Result<Pick> {
    let wanted_trait = p
        .module_path
        .as_deref()
        .and_then(|m| m.trim().strip_prefix("impl "))
        .and_then(|m| m.split(" for ").nth(1).map(|_| m.split(" for ").next().unwrap_or("").trim().to_string()));
    let mut found: Vec<ImplBlock> = FileSymbols::impl_blocks(entry.lang, tree, text)
        .into_iter()
        .filter(|b| b.type_name == p.name && wanted_trait.as_ref().is_none_or(|w| b.trait_name.as_ref() == Some(w)))
        .collect();
    let row = |b: &ImplBlock| arborist_engine::syntax::point_at(text, b.range.start).row;
    if found.len() > 1
        && let Some(line) = p.line_hint
    {
        found.sort_by_key(|b| (row(b) as i64 - line as i64).unsigned_abs());
        found.truncate(1);
    }
    let title = |b: &ImplBlock| match &b.trait_name {
        Some(t) => format!("impl {t} for {}", b.type_name),
        None => format!("impl {}", b.type_name),
    };
    match found.as_slice() {
        [b] => Ok(Pick::Node { range: b.range.clone(), name: title(b) }),
        [] => Err(Error::NoSymbol {
            what: "impl block for".into(),
            name: p.name.clone(),
            scope: entry.rel.clone(),
            hint: "list the file's symbols with list_symbols",
        }),
        many => {
            let candidates = many.iter().map(|b| format!("{} at line {}", title(b), row(b))).collect();
            let hint = "module_path \"impl Trait for Type\" or line_hint";
            Err(Error::Ambiguous { name: format!("impl {}", p.name), scope: entry.rel.clone(), candidates, hint })
        }
    }
}

fn block_verify(p: &BlockParams) -> Result<Verify> {
    Ok(Verify { force: Force::offered(p.force), kinds: kinds_for(&p.kind)?.unwrap_or_default() })
}

fn replace_block(engine: &Engine, p: BlockParams) -> Result<String> {
    let new = p
        .new_block
        .clone()
        .ok_or_else(|| Error::invalid("new_block", "new_block is required: the complete new definition"))?;
    let pick = block_pick(&p)?;
    let out = edit_symbol(
        engine,
        &p.path,
        &pick,
        Op::Replace(new),
        &guards(&p.expected_old_hash, &p.expected_old_block),
        &block_verify(&p)?,
    )?;
    Ok(block_answer(engine, &p, "Replaced", &out))
}

fn insert_after_block(engine: &Engine, p: BlockParams) -> Result<String> {
    insert_block(engine, p, Op::InsertAfter, "Inserted after")
}

fn insert_before_block(engine: &Engine, p: BlockParams) -> Result<String> {
    insert_block(engine, p, Op::InsertBefore, "Inserted before")
}

fn insert_block(engine: &Engine, p: BlockParams, op: fn(String) -> Op, verb: &str) -> Result<String> {
    let snippet = p
        .snippet
        .clone()
        .or(p.new_block.clone())
        .ok_or_else(|| Error::invalid("snippet", "snippet is required: the code to insert"))?;
    let pick = block_pick(&p)?;
    let verify = Verify { force: Force::offered(p.force), kinds: Vec::new() };
    let guards = guards(&p.expected_old_hash, &p.expected_old_block);
    let out = edit_symbol(engine, &p.path, &pick, op(snippet), &guards, &verify)?;
    Ok(block_answer(engine, &p, verb, &out))
}

fn block_answer(engine: &Engine, p: &BlockParams, verb: &str, out: &Outcome) -> String {
    let mut msg = format!(
        "{verb} {} `{}` in {}: the new text is at lines {}-{} (0-based), sha256 {}.",
        p.kind, p.name, out.rel, out.lines.0, out.lines.1, out.hash
    );
    if p.run_formatter {
        msg.push_str(&format!("\n{}", run_formatter(engine, &out.rel)));
    }
    if p.run_check {
        msg.push_str(&format!("\n{}", run_check(engine, &out.rel)));
    }
    msg
}

fn language_entry(rel: &str) -> Option<&'static arborist_engine::grammars::LanguageEntry> {
    arborist_engine::language::for_path(rel).map(|l| l.entry)
}

/// Formats a file through the configured formatter (stdin → stdout) and writes it atomically.
fn run_formatter(engine: &Engine, rel: &str) -> String {
    let Some(argv) = language_entry(rel).map(|l| &l.formatter).filter(|f| !f.is_empty()) else {
        return format!("Formatter: none configured for {rel} in grammars.toml; skipped.");
    };
    let result = (|| -> Result<String> {
        let path = engine.project().resolve_file(rel)?;
        let doc = engine.cache().read(&path)?;
        match external::filter(argv, doc.text(), engine.project().root(), Duration::from_secs(30)) {
            Ran::Ok(formatted) if formatted == doc.text() => Ok(format!("Formatter {}: no changes.", argv[0])),
            Ran::Ok(formatted) => {
                // The language's own formatter is the authority on its syntax: no tree-sitter check.
                let whole = TextEdit { range: 0..doc.text().len(), new_text: formatted };
                engine.commit(Change::edit(path, doc, vec![whole], Force::Yes))?;
                Ok(format!("Formatter {}: file reformatted.", argv[0]))
            }
            Ran::Failed(out) => {
                Ok(format!("Formatter {} failed; the file is left as edited:\n{}", argv[0], tail(&out)))
            }
            Ran::Missing(prog) => Ok(format!("Formatter {prog} is not installed; skipped.")),
            Ran::TimedOut => Ok(format!("Formatter {} timed out; skipped.", argv[0])),
        }
    })();
    result.unwrap_or_else(|e| format!("Formatter: {e}"))
}

fn run_check(engine: &Engine, rel: &str) -> String {
    let Some(argv) = language_entry(rel).map(|l| &l.check).filter(|c| !c.is_empty()) else {
        return format!("Check: none configured for {rel} in grammars.toml; skipped.");
    };
    match external::check(argv, engine.project().root(), Duration::from_secs(300)) {
        Ran::Ok(out) => format!(
            "Check `{}` passed.{}",
            argv.join(" "),
            if out.trim().is_empty() { String::new() } else { format!("\n{}", tail(&out)) }
        ),
        Ran::Failed(out) => format!("Check `{}` failed:\n{}", argv.join(" "), tail(&out)),
        Ran::Missing(prog) => format!("Check command {prog} is not installed; skipped."),
        Ran::TimedOut => format!("Check `{}` timed out after 300 s.", argv.join(" ")),
    }
}

/// The last 60 lines of a command's output.
fn tail(out: &str) -> String {
    let lines: Vec<&str> = out.trim_end().lines().collect();
    lines[lines.len().saturating_sub(60)..].join("\n")
}

// ---------------------------------------------------------------- validate, patch, write

const VALIDATE_FILE: &str = "Checks a code file's syntax with tree-sitter (not a compiler): answers `OK: no syntax \
errors in PATH` or one line per error with its 0-based line and column.";
const PATCH_FILE: &str = "Replaces an exact text (old_text, whitespace-sensitive) that occurs exactly once in a file \
with new_text. In code files the result must not add syntax errors (force=true skips that check).";
const WRITE_FILE: &str = "Writes a whole file (creating directories); an existing file keeps its line endings, BOM and \
permissions. Prefer replace_block or patch_file for changes to existing code.";

#[derive(Deserialize, JsonSchema)]
struct PathParams {
    /// File path relative to the project root.
    #[serde(alias = "relative_path")]
    path: String,
}

fn validate_file(engine: &Engine, p: PathParams) -> Result<String> {
    let (_, _, issues) = engine.syntax_problems(&p.path)?;
    if issues.is_empty() {
        return Ok(format!("OK: no syntax errors in {}", p.path));
    }
    let lines: Vec<String> =
        issues.iter().map(|i| format!("line {}, column {}: {}", i.start.0, i.start.1, i.message)).collect();
    Ok(format!("{} syntax error(s) in {}:\n{}", issues.len(), p.path, lines.join("\n")))
}

#[derive(Deserialize, JsonSchema)]
struct PatchParams {
    /// File path relative to the project root.
    #[serde(alias = "relative_path")]
    path: String,
    /// The exact text to replace; must occur exactly once.
    old_text: String,
    /// The replacement.
    new_text: String,
    /// Write even if the result has new syntax errors.
    #[serde(default)]
    force: bool,
}

fn patch_file(engine: &Engine, p: PatchParams) -> Result<String> {
    let path = engine.project().resolve_file(&p.path)?;
    if p.old_text.is_empty() {
        return Err(Error::invalid("old_text", "old_text is empty; pass the exact text to replace"));
    }
    let doc = engine.cache().read(&path)?;
    let text = doc.text();
    let old = p.old_text.replace("\r\n", "\n");
    let mut found = text.match_indices(&old).map(|(i, _)| i);
    let at = match (found.next(), found.count()) {
        (Some(at), 0) => at,
        (None, _) => return Err(Error::TextNotFound(path.rel)),
        (Some(_), more) => return Err(Error::TextNotUnique { path: path.rel, count: more + 1 }),
    };
    let edit = TextEdit { range: at..at + old.len(), new_text: p.new_text.replace("\r\n", "\n") };
    let rel = path.rel.clone();
    engine.commit(Change::edit(path, doc, vec![edit], Force::offered(p.force)))?;
    Ok(format!("Patched {rel}."))
}

#[derive(Deserialize, JsonSchema)]
struct WriteParams {
    /// File path relative to the project root.
    #[serde(alias = "relative_path")]
    path: String,
    /// The complete content.
    content: String,
    /// Write even if the result has new syntax errors (code files are checked by tree-sitter).
    #[serde(default)]
    force: bool,
}

fn write_file(engine: &Engine, p: WriteParams) -> Result<String> {
    let path = engine.project().resolve(&p.path)?;
    let (rel, len) = (path.rel.clone(), p.content.len());
    let written = engine.commit(Change::write(path, p.content, Force::offered(p.force)))?;
    Ok(format!("{} {rel} ({len} bytes).", if written[0].existed { "Overwrote" } else { "Created" }))
}
