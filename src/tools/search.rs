//! The agent-loop search tools: `glob` (files by a path pattern) and `grep` (lines by a regex). Thin
//! adapters over `files::glob_files` and the engine's search (`search::search`); optional, on in agent-loop.

use super::answer::{answer_limit, limit_answer_summarised, to_json};
use super::{Effect, ToolSpec, default_max};
use arborist_engine::engine::Engine;
use arborist_engine::error::Result;
use arborist_engine::files;
use arborist_engine::search::{self, FileHits, SearchOptions};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::json;
use std::collections::BTreeMap;

pub fn tools() -> Vec<ToolSpec> {
    use Effect::*;
    vec![ToolSpec::new("glob", GLOB, ReadOnly, glob).optional(), ToolSpec::new("grep", GREP, ReadOnly, grep).optional()]
}

fn dot() -> String {
    ".".into()
}

fn limit_of(engine: &Engine, max_answer_chars: i64) -> Result<usize> {
    answer_limit(max_answer_chars, engine.project().config().max_answer_chars)
}

// ---------------------------------------------------------------- glob

const GLOB: &str = "Finds files by a glob over their paths relative to `path` (default: the project root): `*` and \
`?` stay within one directory (`*.toml` is the top level only), `**` crosses directories (`src/**/*.rs`, \
`**/test_*.py`), `{a,b}` gives alternatives. Answers {\"files\": [...]} with project-relative paths, sorted, like \
find_file. Files ignored by .gitignore or the project's settings are left out; .git/ never appears.";

#[derive(Deserialize, JsonSchema)]
struct GlobParams {
    /// Glob over paths relative to `path`, e.g. "src/**/*.rs" or "*.toml"; no `..`, not absolute.
    pattern: String,
    /// Directory to search in, relative to the project root; "." for the whole project.
    #[serde(default = "dot", alias = "relative_path")]
    path: String,
    /// Answer limit in characters; -1 uses the configured default.
    #[serde(default = "default_max")]
    max_answer_chars: i64,
}

fn glob(engine: &Engine, p: GlobParams) -> Result<String> {
    let limit = limit_of(engine, p.max_answer_chars)?;
    let dir = engine.project().resolve_existing(&p.path)?;
    let found = files::glob_files(engine.project(), &dir, &p.pattern)?;
    let summary = format!(
        "{} files match `{}`; narrow the pattern or pass a deeper path. Files per directory:",
        found.len(),
        p.pattern
    );
    let answer = to_json(&json!({ "files": found }));
    Ok(limit_answer_summarised(answer, limit, &summary, || to_json(&files_per_directory(&found))))
}

fn files_per_directory(found: &[String]) -> BTreeMap<&str, usize> {
    let mut counts = BTreeMap::new();
    for rel in found {
        *counts.entry(rel.rsplit_once('/').map_or(".", |(dir, _)| dir)).or_default() += 1;
    }
    counts
}

// ---------------------------------------------------------------- grep

const GREP: &str = "Searches file contents for a regular expression (Rust syntax, line by line). Answers one \
`path:line: text` per matching line, with 0-based line numbers (like every arborist tool), grouped by file in \
path order; lines longer than 300 characters are cut around the match. Narrow with include (a glob over \
project-relative paths: `*.rs` matches Rust files in every directory, `src/**/*.py`) and path (a file or \
directory). Binary and ignored files are skipped.";

#[derive(Deserialize, JsonSchema)]
struct GrepParams {
    /// Regular expression (Rust syntax), e.g. "fn main" or "TODO|FIXME".
    pattern: String,
    /// Only files whose project-relative path matches this glob, e.g. "*.rs" or "src/**/*.{ts,tsx}".
    #[serde(default)]
    include: Option<String>,
    /// File or directory to search, relative to the project root; "." for the whole project.
    #[serde(default = "dot", alias = "relative_path")]
    path: String,
    /// Match letters regardless of case.
    #[serde(default, alias = "-i", alias = "ignore_case")]
    case_insensitive: bool,
    /// Answer limit in characters; -1 uses the configured default.
    #[serde(default = "default_max")]
    max_answer_chars: i64,
}

/// Longest line shown whole, in characters.
const MAX_LINE_CHARS: usize = 300;

fn grep(engine: &Engine, p: GrepParams) -> Result<String> {
    let limit = limit_of(engine, p.max_answer_chars)?;
    let scope = engine.project().resolve_existing(&p.path)?;
    let opts = SearchOptions {
        pattern: p.pattern.clone(),
        case_insensitive: p.case_insensitive,
        include_glob: p.include.clone().unwrap_or_default(),
        skip_ignored: true,
        ..SearchOptions::default()
    };
    let hits = search::search(engine.project(), &scope, &opts)?;
    if hits.is_empty() {
        return Ok(format!("No lines match `{}` in {}.", p.pattern, scope.display()));
    }
    let per_file: Vec<(&str, Vec<(usize, &str)>)> = hits.iter().map(|f| (f.path.as_str(), matched_lines(f))).collect();
    let clipper = Clipper::new(&p.pattern, p.case_insensitive);
    let mut answer = String::new();
    for (path, lines) in &per_file {
        for (line, text) in lines {
            answer.push_str(&format!("{path}:{line}: {}\n", clipper.clip(text)));
        }
    }
    let total: usize = per_file.iter().map(|(_, l)| l.len()).sum();
    let summary = format!(
        "{total} matching lines in {} files; narrow with include, path or a more specific pattern. Lines per file:",
        per_file.len()
    );
    Ok(limit_answer_summarised(answer.trim_end().to_string(), limit, &summary, || {
        per_file.iter().map(|(path, lines)| format!("{path}: {}", lines.len())).collect::<Vec<_>>().join("\n")
    }))
}

/// The matched lines of one file, each once, in order.
fn matched_lines(f: &FileHits) -> Vec<(usize, &str)> {
    let lines: BTreeMap<usize, &str> =
        f.blocks.iter().flatten().filter(|l| l.is_match).map(|l| (l.line, l.text.as_str())).collect();
    lines.into_iter().collect()
}

/// Cuts long lines to a window around the first match (the regex is compiled only if a line is long).
struct Clipper<'a> {
    pattern: &'a str,
    case_insensitive: bool,
    regex: std::cell::OnceCell<Option<regex::Regex>>,
}

impl<'a> Clipper<'a> {
    fn new(pattern: &'a str, case_insensitive: bool) -> Self {
        Clipper { pattern, case_insensitive, regex: Default::default() }
    }

    fn clip(&self, text: &str) -> String {
        if text.chars().count() <= MAX_LINE_CHARS {
            return text.to_string();
        }
        let at = self.match_start(text).map_or(0, |byte| text[..byte].chars().count());
        let start = at.saturating_sub(MAX_LINE_CHARS / 3);
        let window: String = text.chars().skip(start).take(MAX_LINE_CHARS).collect();
        let before = if start > 0 { "…" } else { "" };
        let after = if start + MAX_LINE_CHARS < text.chars().count() { "…" } else { "" };
        format!("{before}{window}{after}")
    }

    fn match_start(&self, text: &str) -> Option<usize> {
        let regex = self.regex.get_or_init(|| {
            regex::RegexBuilder::new(self.pattern).case_insensitive(self.case_insensitive).multi_line(true).build().ok()
        });
        regex.as_ref()?.find(text).map(|m| m.start())
    }
}
