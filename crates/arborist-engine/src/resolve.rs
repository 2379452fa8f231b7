//! Resolving what a tool call names: the one symbol a name path names (one resolver, one set of
//! messages, for every tool), and which backend answers references, rename, declarations and
//! implementations (one rule for all four).

use crate::engine::{Engine, FindOptions, SymbolRef};
use crate::index::FileEntry;
use arborist_lsp::Availability;
use arborist_syntax::error::{Error, Result};
use arborist_syntax::grammars::LanguageEntry;
use arborist_syntax::language::Language;
use arborist_syntax::symbols::NamePattern;
use std::sync::Arc;

/// How to disambiguate a name path.
const NAME_PATH_HINT: &str = "an overload index like `name[1]` or a longer name path";

impl Engine {
    /// The one symbol `name_path` names under `rel` (a file, or a directory), or an error that says there is
    /// none or lists the candidates.
    pub fn resolve_symbol(&self, name_path: &str, rel: &str) -> Result<SymbolRef> {
        let pattern = NamePattern::parse(name_path)?;
        let found = self.find_symbols(&pattern, rel, &FindOptions::default())?;
        exactly_one(found, name_path, rel, NAME_PATH_HINT)
    }

    /// Which backend answers for a language: `requested` ("auto", "heuristic" or "lsp"), else the project's
    /// `references_backend`. "auto" takes a language server when one is configured and installed.
    pub fn backend(&self, lang: &Language, requested: Option<&str>) -> Result<Backend> {
        let mode = requested.unwrap_or(self.project().config().references_backend.as_str());
        if !matches!(mode, "auto" | "heuristic" | "lsp") {
            let why = format!("backend must be \"auto\", \"heuristic\" or \"lsp\", got `{mode}`");
            return Err(Error::invalid("backend", why));
        }
        if mode == "heuristic" {
            return Ok(Backend::Heuristic(None));
        }
        let entry = self.language_server_entry(lang);
        match (self.lsp().availability(&entry, None), mode) {
            (Availability::Ready, _) => Ok(Backend::Precise(Box::new(entry))),
            (Availability::Missing { command }, "lsp") => {
                Err(Error::NoLanguageServer(format!("references_backend is \"lsp\" but `{command}` is not installed")))
            }
            (Availability::Missing { command }, _) => {
                Ok(Backend::Heuristic(Some(format!("{command} is configured but not installed"))))
            }
            (Availability::NotConfigured, "lsp") => {
                Err(Error::NoLanguageServer(format!("no language server is configured for {}", lang.name())))
            }
            (Availability::NotConfigured, _) => Ok(Backend::Heuristic(None)),
        }
    }
}

/// Who answers a reference-like question.
pub enum Backend {
    /// A language server (its command line in `language_server`).
    Precise(Box<LanguageEntry>),
    /// Tree-sitter, with a note on why no server answers (None: none was asked for or configured).
    Heuristic(Option<String>),
}

/// The one symbol of `entry` that `pattern` names (edits resolve in the very version they change).
pub fn resolve_in(entry: &Arc<FileEntry>, pattern: &NamePattern, name_path: &str) -> Result<u32> {
    let found = entry
        .symbols
        .preorder()
        .into_iter()
        .filter(|&i| pattern.matches(&entry.symbols, i, false))
        .map(|index| SymbolRef { entry: entry.clone(), index })
        .collect();
    exactly_one(found, name_path, &entry.rel, NAME_PATH_HINT).map(|r| r.index)
}

/// The only element of `found`, or NoSymbol / Ambiguous naming `name` in `scope`.
pub fn exactly_one(mut found: Vec<SymbolRef>, name: &str, scope: &str, hint: &'static str) -> Result<SymbolRef> {
    match found.len() {
        1 => Ok(found.remove(0)),
        0 => Err(Error::NoSymbol {
            what: "symbol".into(),
            name: name.to_string(),
            scope: display_scope(scope),
            hint: "list the file's symbols with get_symbols_overview",
        }),
        _ => Err(ambiguous(&found, name, scope, hint)),
    }
}

/// Several symbols where one is needed, each listed with its lines (and file, for a directory scope).
pub fn ambiguous(found: &[SymbolRef], name: &str, scope: &str, hint: &'static str) -> Error {
    let candidates = found.iter().map(|r| candidate(r, scope)).collect();
    Error::Ambiguous { name: name.to_string(), scope: display_scope(scope), candidates, hint }
}

/// `Outer/name[1] [12-30] (impl Trait for Outer)`, with ` in path` when it is not the scope itself.
fn candidate(r: &SymbolRef, scope: &str) -> String {
    let s = r.symbol();
    let detail = r.entry.symbols.detail(r.index).map(|d| format!(" ({d})")).unwrap_or_default();
    let file = if r.entry.rel == scope { String::new() } else { format!(" in {}", r.entry.rel) };
    format!("{} [{}-{}]{detail}{file}", r.name_path(), s.start_line, s.end_line)
}

fn display_scope(scope: &str) -> String {
    if scope.is_empty() { "the project".into() } else { scope.to_string() }
}
