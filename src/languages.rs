//! The `arborist languages` report: every language compiled in, read from the registry the tools use
//! (`grammars.toml` and each language's tags query), with whether its language server is installed.

use crate::grammars::{Category, LanguageEntry};
use crate::language::{self, Language};
use crate::lsp;
use serde_json::{Value, json};

/// One language, as the report shows it.
pub struct Row {
    pub name: &'static str,
    pub category: &'static str,
    /// `.rs`, `Makefile`, `#!sh`: how a file is recognised.
    pub files: Vec<String>,
    pub kinds: Vec<&'static str>,
    pub edits: bool,
    /// `heuristic`, or `none` for documents.
    pub references: &'static str,
    /// The language server's command line; empty when none is configured.
    pub server: String,
    pub installed: bool,
}

/// Every language, in registry order.
pub fn rows() -> Vec<Row> {
    language::all().iter().map(row).collect()
}

fn row(lang: &'static Language) -> Row {
    let entry: &'static LanguageEntry = lang.entry;
    let code = entry.category == Category::Code;
    let kinds: Vec<&'static str> = lang.symbol_kinds().into_iter().map(|k| k.name()).collect();
    let server = if code { command_line(&entry.language_server) } else { String::new() };
    Row {
        name: &entry.name,
        category: if code { "code" } else { "document" },
        files: recognised_by(entry),
        edits: !kinds.is_empty(),
        kinds,
        references: if code { "heuristic" } else { "none" },
        installed: code && entry.language_server.first().is_some_and(|p| lsp::which(p).is_some()),
        server,
    }
}

/// The command as a shell would take it: arguments with spaces or shell syntax single-quoted.
fn command_line(argv: &[String]) -> String {
    let quote = |a: &String| {
        if a.chars().any(|c| c.is_whitespace() || ";()$&|<>'\"*?".contains(c)) {
            format!("'{}'", a.replace('\'', r"'\''"))
        } else {
            a.clone()
        }
    };
    argv.iter().map(quote).collect::<Vec<_>>().join(" ")
}

fn recognised_by(entry: &LanguageEntry) -> Vec<String> {
    let extensions = entry.extensions.iter().map(|e| format!(".{e}"));
    let names = entry.file_names.iter().cloned();
    let shebangs = entry.shebangs.iter().map(|s| format!("#!{s}"));
    extensions.chain(names).chain(shebangs).collect()
}

/// The server column: its command and whether it is on PATH.
fn server_cell(r: &Row) -> String {
    match (r.server.is_empty(), r.installed) {
        (true, _) => "—".to_string(),
        (false, true) => format!("{} (installed)", r.server),
        (false, false) => format!("{} (not found)", r.server),
    }
}

fn references_cell(r: &Row) -> String {
    match (r.references, r.installed) {
        ("heuristic", true) => "precise (server installed); heuristic without it".to_string(),
        (refs, _) => refs.to_string(),
    }
}

/// A plain table for a terminal.
pub fn text(rows: &[Row]) -> String {
    let mut out = String::new();
    for r in rows {
        out.push_str(&format!(
            "{}  [{}]\n  files:      {}\n  symbols:    {}\n  edits:      {}\n  references: {}\n  server:     {}\n",
            r.name,
            r.category,
            r.files.join(" "),
            r.kinds.join(", "),
            if r.edits { "yes" } else { "no" },
            references_cell(r),
            server_cell(r),
        ));
    }
    out
}

/// A Markdown table (the README's language table). Installation state is left out: it differs per machine.
pub fn markdown(rows: &[Row]) -> String {
    let mut out = String::from(
        "| Language | Files | Symbol kinds | Edits | References | Language server (precise references) |\n\
         |---|---|---|---|---|---|\n",
    );
    for r in rows {
        let files: Vec<String> = r.files.iter().map(|f| format!("`{f}`")).collect();
        let server = if r.server.is_empty() { "—".to_string() } else { format!("`{}`", r.server) };
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} |\n",
            r.name,
            files.join(" "),
            r.kinds.join(", "),
            if r.edits { "yes" } else { "no" },
            r.references,
            server
        ));
    }
    out
}

pub fn json(rows: &[Row]) -> Value {
    Value::Array(
        rows.iter()
            .map(|r| {
                json!({"name": r.name, "category": r.category, "files": r.files, "symbol_kinds": r.kinds,
                    "edits": r.edits, "references": r.references,
                    "language_server": if r.server.is_empty() { Value::Null } else { json!(r.server) },
                    "installed": r.installed})
            })
            .collect(),
    )
}
