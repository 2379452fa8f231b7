//! Edits by name: a symbol by name path (the reference server's symbol tools), a block by kind word and
//! name with optional scope and line (the agent-loop block tools, including Rust `impl` blocks), and the
//! language's formatter and check command afterwards. Each edit is one call that lands through the
//! commit path.

use crate::commit::{Change, Force};
use crate::edit::{Pick, edit_symbol};
use crate::engine::{Engine, SymbolRef};
use crate::external::{self, Ran};
use crate::index::FileEntry;
use crate::resolve::{ambiguous, resolve_in};
use arborist_syntax::error::{Error, Result};
use arborist_syntax::plan::{Guard, Op, Outcome, Verify};
use arborist_syntax::query::SymbolKind;
use arborist_syntax::symbols::{FileSymbols, ImplBlock, NamePattern};
use arborist_syntax::text::Source;
use arborist_syntax::text::TextEdit;
use ropey::Rope;
use std::sync::Arc;
use std::time::Duration;
use tree_sitter::Tree;

/// A block named the agent-loop way.
#[derive(Debug, Clone)]
pub struct BlockSpec {
    /// A kind word: function, method, class, struct, enum, trait, interface, impl, type, const, static,
    /// module, field, ...
    pub kind: String,
    pub name: String,
    /// The enclosing scope: "impl Agent", "impl Display for Agent", "class Cart", "Outer/Inner".
    pub module_path: Option<String>,
    /// A 0-based line inside or near the intended definition.
    pub line_hint: Option<usize>,
}

/// What running a formatter or check came to, for the answer.
pub enum ToolRun {
    /// None is configured for the file's language in grammars.toml.
    NotConfigured,
    /// The program ran (its argv), and how.
    Ran { argv: Vec<String>, outcome: Ran, changed: bool },
}

impl Engine {
    /// Runs `op` on the symbol `name_path` names in `rel` (exactly one, or an error listing them).
    pub fn edit_by_name_path(&self, rel: &str, name_path: &str, op: Op, guards: &[Guard]) -> Result<Outcome> {
        let pattern = NamePattern::parse(name_path)?;
        let pick = |entry: &Arc<FileEntry>, _: &dyn Fn() -> Result<Tree>, _: &Rope| {
            resolve_in(entry, &pattern, name_path).map(Pick::Symbol)
        };
        edit_symbol(self, rel, &pick, op, guards, &Verify::default())
    }

    /// Deletes a symbol unless its name is used elsewhere (a word search: conservative); the error lists
    /// the uses by file and line.
    pub fn safe_delete(&self, rel: &str, name_path: &str) -> Result<()> {
        let target = self.resolve_symbol(name_path, rel)?;
        let uses = self.name_uses(&target)?;
        if !uses.is_empty() {
            let mut by_file: std::collections::BTreeMap<String, Vec<usize>> = Default::default();
            for u in &uses {
                let lines = by_file.entry(u.rel.clone()).or_default();
                if !lines.contains(&u.line) {
                    lines.push(u.line);
                }
            }
            let uses = by_file.into_iter().collect();
            return Err(Error::StillReferenced { name: target.symbol().name.to_string(), uses });
        }
        self.edit_by_name_path(rel, name_path, Op::Delete, &[]).map(|_| ())
    }

    /// Runs `op` on the block `spec` names in `rel`. A replacement must still define a block of the kind
    /// (unless `force`).
    pub fn edit_block(&self, rel: &str, spec: &BlockSpec, op: Op, guards: &[Guard], force: bool) -> Result<Outcome> {
        let kinds = kinds_for(&spec.kind)?;
        let wanted = if matches!(op, Op::Replace(_)) { kinds.clone().unwrap_or_default() } else { Vec::new() };
        let verify = Verify { force: Force::offered(force), kinds: wanted };
        let pick = |entry: &Arc<FileEntry>, tree: &dyn Fn() -> Result<Tree>, text: &Rope| match &kinds {
            None => pick_impl(entry, &tree()?, text, spec),
            Some(kinds) => pick_block(entry, kinds, spec),
        };
        edit_symbol(self, rel, &pick, op, guards, &verify)
    }

    /// Formats a file with its language's formatter (stdin → stdout) and writes the result; the language's
    /// own formatter is the authority on its syntax, so no tree-sitter check runs.
    pub fn format_file(&self, rel: &str) -> Result<ToolRun> {
        let path = self.project().resolve_file(rel)?;
        let Some(argv) = formatter_of(rel) else { return Ok(ToolRun::NotConfigured) };
        let argv = with_path(argv, rel);
        let doc = self.cache().read(&path)?;
        let outcome = external::filter(&argv, doc.text(), self.project().root(), Duration::from_secs(30));
        let changed = matches!(&outcome, Ran::Ok(formatted) if formatted != doc.text());
        if let (true, Ran::Ok(formatted)) = (changed, &outcome) {
            let whole = TextEdit { range: 0..doc.text().len(), new_text: formatted.clone() };
            self.commit(Change::edit(path, doc.clone(), vec![whole], Force::Yes))?;
        }
        Ok(ToolRun::Ran { argv, outcome, changed })
    }

    /// Runs the check command of `rel`'s language in the project root (at most 300 s).
    pub fn check_project(&self, rel: &str) -> ToolRun {
        let check = arborist_syntax::language::for_path(rel).map(|l| l.entry.check.clone()).filter(|c| !c.is_empty());
        match check {
            None => ToolRun::NotConfigured,
            Some(argv) => {
                let argv = with_path(argv, rel);
                let outcome = external::check(&argv, self.project().root(), Duration::from_secs(300));
                ToolRun::Ran { argv, outcome, changed: false }
            }
        }
    }
}

/// A command line from grammars.toml with `{path}` replaced by the edited file.
fn with_path(argv: Vec<String>, rel: &str) -> Vec<String> {
    argv.into_iter().map(|a| a.replace("{path}", rel)).collect()
}

fn formatter_of(rel: &str) -> Option<Vec<String>> {
    arborist_syntax::language::for_path(rel).map(|l| l.entry.formatter.clone()).filter(|f| !f.is_empty())
}

/// The symbol kinds a kind word stands for; None for `impl` (a container, not a symbol).
pub fn kinds_for(kind: &str) -> Result<Option<Vec<SymbolKind>>> {
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
        // Python's class attributes are variables (constants in upper case), as pyright reports them
        "field" | "property" => vec![Field, Property, Variable, Constant],
        "module" | "mod" | "namespace" | "package" => vec![Module, Namespace, Package],
        "enum_member" | "variant" => vec![EnumMember],
        "macro" | "macro_rules" => vec![Function],
        "key" | "entry" | "setting" => vec![Key, Object, Array, String, Number, Boolean, Null],
        "table" | "object" | "mapping" | "item" => vec![Object],
        "array" | "list" | "sequence" => vec![Array],
        "section" | "heading" => vec![String],
        "element" | "tag" => vec![Field],
        "rule" | "selector" | "ruleset" => vec![Class],
        "impl" => return Ok(None),
        other => {
            return Err(Error::invalid(
                "kind",
                format!(
                    "unknown kind `{other}`; use function, method, class, struct, enum, trait, interface, impl, type, \
                     const, static, module or field (in documents: key, table, array, section, element or rule)"
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

fn pick_block(entry: &Arc<FileEntry>, kinds: &[SymbolKind], spec: &BlockSpec) -> Result<Pick> {
    let fs = &entry.symbols;
    let mut hits: Vec<u32> =
        fs.preorder().into_iter().filter(|&i| fs.get(i).name == spec.name && kinds.contains(&fs.get(i).kind)).collect();
    if let Some(mp) = spec.module_path.as_deref().filter(|m| !m.trim().is_empty()) {
        let segs = scope_segments(mp);
        let detail_match = |i: &u32| fs.detail(*i).is_some_and(|d| d == mp.trim());
        let parent_match = |i: &u32| {
            let parts = fs.scope_names(*i);
            // `a.b` may also be the name of one scope (an Elixir module `Shop.Cart`).
            parts.ends_with(&segs.iter().map(String::as_str).collect::<Vec<_>>())
                || parts.last().is_some_and(|last| *last == mp.trim())
        };
        hits.retain(|i| detail_match(i) || parent_match(i));
    }
    if hits.len() > 1
        && let Some(line) = spec.line_hint
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
            what: spec.kind.clone(),
            name: spec.name.clone(),
            scope: match spec.module_path.as_deref().filter(|m| !m.trim().is_empty()) {
                Some(m) => format!("`{m}` in {}", entry.rel),
                None => entry.rel.clone(),
            },
            hint: "list the file's symbols with list_symbols",
        }),
        many => {
            let found: Vec<SymbolRef> = many.iter().map(|&index| SymbolRef { entry: entry.clone(), index }).collect();
            Err(ambiguous(
                &found,
                &spec.name,
                &entry.rel,
                "module_path (e.g. \"impl Foo\" or \"Outer/Inner\") or line_hint",
            ))
        }
    }
}

/// Rust `impl` blocks are containers, not symbols: found by their type (and trait) among the blocks the
/// tags query captures as `@definition.impl`.
fn pick_impl(entry: &FileEntry, tree: &Tree, text: &Rope, spec: &BlockSpec) -> Result<Pick> {
    let wanted_trait = spec
        .module_path
        .as_deref()
        .and_then(|m| m.trim().strip_prefix("impl "))
        .and_then(|m| m.split(" for ").nth(1).map(|_| m.split(" for ").next().unwrap_or("").trim().to_string()));
    let mut found: Vec<ImplBlock> = FileSymbols::impl_blocks(entry.lang, tree, text)
        .into_iter()
        .filter(|b| b.type_name == spec.name && wanted_trait.as_ref().is_none_or(|w| b.trait_name.as_ref() == Some(w)))
        .collect();
    let row = |b: &ImplBlock| text.line_of(b.range.start);
    if found.len() > 1
        && let Some(line) = spec.line_hint
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
            name: spec.name.clone(),
            scope: entry.rel.clone(),
            hint: "list the file's symbols with list_symbols",
        }),
        many => {
            let candidates = many.iter().map(|b| format!("{} at line {}", title(b), row(b))).collect();
            let hint = "module_path \"impl Trait for Type\" or line_hint";
            Err(Error::Ambiguous { name: format!("impl {}", spec.name), scope: entry.rel.clone(), candidates, hint })
        }
    }
}
