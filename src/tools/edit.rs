//! Editing tools: the reference server's symbol edits (replace body, insert before/after, safe delete)
//! and the agent-loop block tools (replace/insert by kind and name, validate, patch, write). Each is one
//! engine call that lands through the commit path, so every edit is guarded, verified and atomic.

use super::{Effect, Lock, ToolSpec};
use arborist_engine::blocks::{BlockSpec, ToolRun};
use arborist_engine::engine::Engine;
use arborist_engine::error::{Error, Result};
use arborist_engine::external::Ran;
use arborist_engine::plan::{Guard, Op, Outcome};
use schemars::JsonSchema;
use serde::Deserialize;

pub fn tools() -> Vec<ToolSpec> {
    use Effect::*;
    vec![
        ToolSpec::new("replace_symbol_body", REPLACE_SYMBOL_BODY, Edits, replace_symbol_body).locks(Lock::File),
        ToolSpec::new("insert_after_symbol", INSERT_AFTER_SYMBOL, Edits, insert_after_symbol).locks(Lock::File),
        ToolSpec::new("insert_before_symbol", INSERT_BEFORE_SYMBOL, Edits, insert_before_symbol).locks(Lock::File),
        ToolSpec::new("safe_delete_symbol", SAFE_DELETE, Edits, safe_delete_symbol).locks(Lock::File),
        ToolSpec::new("replace_block", REPLACE_BLOCK, Edits, replace_block).optional().locks(Lock::File),
        ToolSpec::new("rust_replace_block", REPLACE_BLOCK, Edits, replace_block).optional().locks(Lock::File),
        ToolSpec::new("insert_after_block", INSERT_AFTER_BLOCK, Edits, insert_after_block).optional().locks(Lock::File),
        ToolSpec::new("rust_insert_after_block", INSERT_AFTER_BLOCK, Edits, insert_after_block)
            .optional()
            .locks(Lock::File),
        ToolSpec::new("insert_before_block", INSERT_BEFORE_BLOCK, Edits, insert_before_block)
            .optional()
            .locks(Lock::File),
        ToolSpec::new("validate_file", VALIDATE_FILE, ReadOnly, validate_file).optional(),
        ToolSpec::new("rust_validate_file", VALIDATE_FILE, ReadOnly, validate_file).optional(),
        ToolSpec::new("patch_file", PATCH_FILE, Edits, patch_file).optional().locks(Lock::File),
        ToolSpec::new("write_file", WRITE_FILE, Edits, write_file).optional().locks(Lock::File),
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

// ---------------------------------------------------------------- reference-server tools

const REPLACE_SYMBOL_BODY: &str = "Replaces a symbol's definition (signature and body, as find_symbol's include_body \
returns it; decorators and doc comments above it stay unless the new text starts with them). The edit is \
re-parsed before writing and refused if it breaks the syntax. Optional guards: expected_old_hash (sha256 from \
find_symbol's body_sha256 with include_hash) or expected_old_block. Answers OK.";
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
    let guards = guards(&p.expected_old_hash, &p.expected_old_block);
    engine.edit_by_name_path(&p.relative_path, &p.name_path, op(p.body), &guards)?;
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
    engine.safe_delete(&p.relative_path, &p.name_path_pattern)?;
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

impl BlockParams {
    fn spec(&self) -> BlockSpec {
        BlockSpec {
            kind: self.kind.clone(),
            name: self.name.clone(),
            module_path: self.module_path.clone(),
            line_hint: self.line_hint,
        }
    }
}

fn replace_block(engine: &Engine, p: BlockParams) -> Result<String> {
    let new = p
        .new_block
        .clone()
        .ok_or_else(|| Error::invalid("new_block", "new_block is required: the complete new definition"))?;
    let guards = guards(&p.expected_old_hash, &p.expected_old_block);
    let out = engine.edit_block(&p.path, &p.spec(), Op::Replace(new), &guards, p.force)?;
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
    let guards = guards(&p.expected_old_hash, &p.expected_old_block);
    let out = engine.edit_block(&p.path, &p.spec(), op(snippet), &guards, p.force)?;
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

/// The formatter's outcome as a line of the answer.
fn run_formatter(engine: &Engine, rel: &str) -> String {
    match engine.format_file(rel) {
        Err(e) => format!("Formatter: {e}"),
        Ok(ToolRun::NotConfigured) => format!("Formatter: none configured for {rel} in grammars.toml; skipped."),
        Ok(ToolRun::Ran { argv, outcome, changed }) => match outcome {
            Ran::Ok(_) if changed => format!("Formatter {}: file reformatted.", argv[0]),
            Ran::Ok(_) => format!("Formatter {}: no changes.", argv[0]),
            Ran::Failed(out) => format!("Formatter {} failed; the file is left as edited:\n{}", argv[0], tail(&out)),
            Ran::Missing(prog) => format!("Formatter {prog} is not installed; skipped."),
            Ran::TimedOut => format!("Formatter {} timed out; skipped.", argv[0]),
        },
    }
}

/// The check command's outcome as lines of the answer.
fn run_check(engine: &Engine, rel: &str) -> String {
    let ToolRun::Ran { argv, outcome, .. } = engine.check_project(rel) else {
        return format!("Check: none configured for {rel} in grammars.toml; skipped.");
    };
    match outcome {
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
    engine.patch(&p.path, &p.old_text, &p.new_text, p.force)?;
    Ok(format!("Patched {}.", engine.project().resolve(&p.path)?.rel))
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
    let len = p.content.len();
    let written = engine.write_file(&p.path, p.content, p.force)?;
    Ok(format!("{} {} ({len} bytes).", if written.existed { "Overwrote" } else { "Created" }, written.rel))
}
