//! File tools: read, create, list, find, replace (one file or many), line edits and pattern search.
//! Thin adapters: parse parameters, call `files`/`search`, format the reference server's answers.

use super::answer::{answer_limit, limit_answer, to_json};
use super::{Effect, Lock, ToolSpec, default_max};
use arborist_engine::engine::Engine;
use arborist_engine::error::{Error, Result};
use arborist_engine::files::{self, FilePlan, Mode, Replacer};
use arborist_engine::search::{self, FileHits, Kinds, PathFilter, SearchOptions};
use arborist_engine::writes::LineEdit;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolSpec> {
    use Effect::*;
    vec![
        ToolSpec::new("read_file", READ_FILE, ReadOnly, read_file),
        ToolSpec::new("create_text_file", CREATE_TEXT_FILE, Edits, create_text_file).locks(Lock::File),
        ToolSpec::new("list_dir", LIST_DIR, ReadOnly, list_dir),
        ToolSpec::new("find_file", FIND_FILE, ReadOnly, find_file),
        ToolSpec::new("replace_content", REPLACE_CONTENT, Edits, replace_content).locks(Lock::File),
        ToolSpec::new("replace_in_files", REPLACE_IN_FILES, Edits, replace_in_files),
        ToolSpec::new("delete_lines", DELETE_LINES, Edits, delete_lines).optional().locks(Lock::File),
        ToolSpec::new("replace_lines", REPLACE_LINES, Edits, replace_lines).optional().locks(Lock::File),
        ToolSpec::new("insert_at_line", INSERT_AT_LINE, Edits, insert_at_line).optional().locks(Lock::File),
        ToolSpec::new("search_for_pattern", SEARCH_FOR_PATTERN, ReadOnly, search_for_pattern),
    ]
}

fn yes() -> bool {
    true
}

fn limit_of(engine: &Engine, max_answer_chars: i64) -> Result<usize> {
    answer_limit(max_answer_chars, engine.project().config().max_answer_chars)
}

// ---------------------------------------------------------------- read_file

const READ_FILE: &str = "Reads a text file of the project, whole or lines start_line..=end_line (0-based, inclusive). \
Agent tool loops may pass path (for relative_path) and offset (0-based first line) with limit (line count) \
instead of start_line/end_line. Prefer the symbol tools when you know which symbol you need; read whole files \
only when necessary.";

#[derive(Deserialize, JsonSchema)]
struct ReadFileParams {
    /// File path relative to the project root (`path` is accepted too).
    #[serde(alias = "path")]
    relative_path: String,
    /// First line to return (0-based).
    #[serde(default)]
    #[schemars(with = "usize", extend("default" = 0))]
    start_line: Option<usize>,
    /// Last line to return (0-based, inclusive); omit or null to read to the end.
    #[serde(default)]
    end_line: Option<usize>,
    /// First line to return (0-based), with limit; not together with start_line/end_line.
    #[serde(default)]
    offset: Option<usize>,
    /// Number of lines to return from offset (default: to the end).
    #[serde(default)]
    limit: Option<usize>,
    /// Answer limit in characters; -1 uses the configured default.
    #[serde(default = "default_max")]
    max_answer_chars: i64,
}

fn read_file(engine: &Engine, p: ReadFileParams) -> Result<String> {
    let max_chars = limit_of(engine, p.max_answer_chars)?;
    let path = engine.project().resolve_file(&p.relative_path)?;
    let doc = engine.cache().read(&path)?;
    let text = match (p.offset.is_some() || p.limit.is_some(), p.start_line.is_some() || p.end_line.is_some()) {
        (true, true) => return Err(mixed_line_arguments()),
        (true, false) => files::read_window(&doc, p.offset.unwrap_or(0), p.limit)?,
        (false, _) => files::read_lines(&doc, p.start_line.unwrap_or(0), p.end_line)?,
    };
    Ok(limit_answer(text, max_chars, "", || None))
}

fn mixed_line_arguments() -> Error {
    let why = "pass either start_line/end_line (0-based, inclusive) or offset/limit (0-based first line, line count), \
               not both";
    Error::invalid("offset", why.to_string())
}

// ---------------------------------------------------------------- create_text_file

const CREATE_TEXT_FILE: &str = "Writes a text file (creating parent directories), replacing it if it exists. \
An existing file keeps its line endings, BOM and permissions. Use the symbol or replace tools for partial edits.";

#[derive(Deserialize, JsonSchema)]
struct CreateTextFileParams {
    /// File path relative to the project root.
    relative_path: String,
    /// The complete new content of the file.
    content: String,
    /// Write even if the result has new syntax errors (code files are checked by tree-sitter).
    #[serde(default)]
    force: bool,
}

fn create_text_file(engine: &Engine, p: CreateTextFileParams) -> Result<String> {
    let path = engine.project().resolve(&p.relative_path)?;
    if path.abs.exists() && engine.project().is_ignored(&path.rel, false) {
        return Err(Error::Ignored(path.display().to_string()));
    }
    let written = engine.write_file(&p.relative_path, p.content, p.force)?;
    let mut msg = format!("File created: {}.", written.rel);
    if written.existed {
        msg.push_str(" Overwrote existing file.");
    }
    Ok(msg)
}

// ---------------------------------------------------------------- list_dir

const LIST_DIR: &str = "Lists the directories and files in a directory (\".\" for the project root), optionally \
recursively. Answers {\"dirs\": [...], \"files\": [...]} with project-relative paths. .git/ is never listed.";

#[derive(Deserialize, JsonSchema)]
struct ListDirParams {
    /// Directory relative to the project root; "." for the root.
    relative_path: String,
    /// List everything below the directory, not just its direct children.
    recursive: bool,
    /// Leave out paths excluded by .gitignore and the project's ignore settings.
    #[serde(default)]
    skip_ignored_files: bool,
    /// Answer limit in characters; -1 uses the configured default.
    #[serde(default = "default_max")]
    max_answer_chars: i64,
}

fn list_dir(engine: &Engine, p: ListDirParams) -> Result<String> {
    let limit = limit_of(engine, p.max_answer_chars)?;
    let dir = match engine.project().resolve_existing(&p.relative_path) {
        Ok(dir) => dir,
        Err(Error::NotFound(rel)) => {
            let msg = format!("Directory not found: {rel} (check if the path is correct relative to the project root)");
            return Ok(to_json(&json!({ "error": msg })));
        }
        Err(e) => return Err(e),
    };
    let listing = files::list_dir(engine.project(), &dir, p.recursive, p.skip_ignored_files)?;
    let answer = to_json(&json!({ "dirs": listing.dirs, "files": listing.files }));
    Ok(limit_answer(answer, limit, "Shortened result (directories only):", || {
        Some(to_json(&json!({ "dirs": listing.dirs })))
    }))
}

// ---------------------------------------------------------------- find_file

const FIND_FILE: &str = "Finds files below a directory whose file name matches a mask (wildcards * and ?, \
e.g. \"*.py\" or \"test_*\"). Answers {\"files\": [...]} with project-relative paths.";

#[derive(Deserialize, JsonSchema)]
struct FindFileParams {
    /// File name mask with wildcards * and ? (matched against the file name, not the path).
    file_mask: String,
    /// Directory to search in, relative to the project root; "." for the whole project.
    relative_path: String,
    /// Leave out paths excluded by .gitignore and the project's ignore settings.
    #[serde(default)]
    skip_ignored_files: bool,
}

fn find_file(engine: &Engine, p: FindFileParams) -> Result<String> {
    let dir = engine.project().resolve_existing(&p.relative_path)?;
    if !dir.abs.is_dir() {
        return Err(Error::NotADirectory(dir.display().to_string()));
    }
    let found = files::find_files(engine.project(), &dir, &p.file_mask, p.skip_ignored_files)?;
    let limit = limit_of(engine, -1)?;
    let count = found.len();
    Ok(limit_answer(to_json(&json!({ "files": found })), limit, "Number of files found:", || Some(count.to_string())))
}

// ---------------------------------------------------------------- replace_content

const REPLACE_CONTENT: &str = "Replaces text in one file. mode \"literal\" matches the needle exactly; mode \"regex\" \
takes a regular expression (Rust syntax, DOTALL and MULTILINE on; no look-around) and backreferences $!1, $!2 in \
repl. A needle matching more than once is an error unless allow_multiple_occurrences is true. For large edits, \
match the start and end with a non-greedy regex such as `start.*?end` instead of quoting the whole text.";

/// How the needle is read: "literal" or "regex".
#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
#[schemars(inline)]
pub(crate) enum ModeArg {
    Literal,
    Regex,
}

impl From<ModeArg> for Mode {
    fn from(m: ModeArg) -> Mode {
        match m {
            ModeArg::Literal => Mode::Literal,
            ModeArg::Regex => Mode::Regex,
        }
    }
}

#[derive(Deserialize, JsonSchema)]
struct ReplaceContentParams {
    /// File path relative to the project root.
    relative_path: String,
    /// The text or regular expression to find.
    needle: String,
    /// The replacement; in regex mode $!1, $!2, ... insert capture groups.
    repl: String,
    /// "literal" or "regex".
    mode: ModeArg,
    /// Replace every occurrence instead of failing when there are several.
    #[serde(default)]
    allow_multiple_occurrences: bool,
    /// Write even if the result has new syntax errors (code files are checked by tree-sitter).
    #[serde(default)]
    force: bool,
}

fn replace_content(engine: &Engine, p: ReplaceContentParams) -> Result<String> {
    let replacer = Replacer::new(&p.needle, &p.repl, p.mode.into())?;
    engine.replace_content(&p.relative_path, &replacer, p.allow_multiple_occurrences, p.force)?;
    Ok("OK".into())
}

// ---------------------------------------------------------------- replace_in_files

const REPLACE_IN_FILES: &str = "Replaces a literal text or regex (same rules as replace_content) in many files at once. \
Run with dry_run=true first: the answer lists every occurrence with an id; then apply all of them, or only those \
named in occurrence_ids. expected_count guards the total: when it differs, nothing is applied. Ignored files are skipped.";

#[derive(Deserialize, JsonSchema)]
struct ReplaceInFilesParams {
    /// The text or regular expression to find.
    needle: String,
    /// The replacement; in regex mode $!1, $!2, ... insert capture groups.
    repl: String,
    /// "literal" or "regex".
    mode: ModeArg,
    /// Restrict to this file or directory (relative to the project root); empty for the whole project.
    #[serde(default)]
    relative_path: String,
    /// Only paths matching this glob (e.g. "*.py", "src/**/*.{ts,tsx}").
    #[serde(default)]
    paths_include_glob: String,
    /// Leave out paths matching this glob; wins over paths_include_glob.
    #[serde(default)]
    paths_exclude_glob: String,
    /// List the occurrences with their ids and change nothing.
    #[serde(default)]
    dry_run: bool,
    /// Apply only these occurrences (ids from a dry run).
    #[serde(default)]
    occurrence_ids: Option<Vec<String>>,
    /// Apply only if exactly this many occurrences are selected; -1 = no check.
    #[serde(default = "default_max")]
    expected_count: i64,
    /// Answer limit in characters; -1 uses the configured default.
    #[serde(default = "default_max")]
    max_answer_chars: i64,
    /// Write even if the result has new syntax errors (code files are checked by tree-sitter).
    #[serde(default)]
    force: bool,
}

fn replace_in_files(engine: &Engine, p: ReplaceInFilesParams) -> Result<String> {
    let limit = limit_of(engine, p.max_answer_chars)?;
    let replacer = Replacer::new(&p.needle, &p.repl, p.mode.into())?;
    let filter = PathFilter::new(&p.paths_include_glob, &p.paths_exclude_glob, Kinds::All)?;
    let plans = engine.plan_replacements(&p.relative_path, &filter, &replacer, p.occurrence_ids.as_deref())?;
    let total: usize = plans.iter().map(|f| f.occurrences.len()).sum();
    if p.dry_run {
        return Ok(limit_answer(dry_run_report(&plans, total), limit, "", || None));
    }
    if total == 0 {
        return Err(Error::NoMatch);
    }
    if p.expected_count >= 0 && p.expected_count as usize != total {
        let listing = occurrence_listing(&plans);
        return Err(Error::CountMismatch { expected: p.expected_count as usize, found: total, listing });
    }
    engine.apply_replacements(&plans, p.force)?;
    let mut out = format!("Replaced {total} occurrence(s) in {} file(s):", plans.len());
    for plan in &plans {
        out.push_str(&format!("\n  {}: {}", plan.path.rel, plan.occurrences.len()));
    }
    Ok(limit_answer(out, limit, "", || None))
}

fn dry_run_report(plans: &[FilePlan], total: usize) -> String {
    format!(
        "Found {total} occurrence(s) in {} file(s). DRY RUN - no changes were applied.\n\
         Re-issue with dry_run=False to replace all of them, or additionally pass occurrence_ids with the ids of \
         the occurrences to replace.\n\n{}",
        plans.len(),
        occurrence_listing(plans)
    )
}

fn occurrence_listing(plans: &[FilePlan]) -> String {
    let mut out = String::new();
    for plan in plans {
        out.push_str(&format!("{} ({} occurrence(s)):\n", plan.path.rel, plan.occurrences.len()));
        let starts = crate::text::line_starts(plan.doc.text());
        for (i, occ) in plan.occurrences.iter().enumerate() {
            let (line, old, new) = files::occurrence_preview(plan.doc.text(), &starts, occ);
            out.push_str(&format!("  [{}] line {line}\n", plan.occurrence_id(i)));
            old.lines().for_each(|l| out.push_str(&format!("    - {l}\n")));
            new.lines().for_each(|l| out.push_str(&format!("    + {l}\n")));
        }
        out.push('\n');
    }
    out.trim_end().to_string()
}

// ---------------------------------------------------------------- line tools (optional)

const DELETE_LINES: &str = "Deletes lines start_line..=end_line (0-based, inclusive) of a file. \
Read the range first to be sure of what goes.";
const REPLACE_LINES: &str = "Replaces lines start_line..=end_line (0-based, inclusive) of a file with content \
(a final newline is added when missing). Read the range first.";
const INSERT_AT_LINE: &str = "Inserts content before line `line` (0-based; the line count appends at the end); \
existing lines move down. A final newline is added when missing.";

#[derive(Deserialize, JsonSchema)]
struct DeleteLinesParams {
    /// File path relative to the project root.
    relative_path: String,
    /// First line to delete (0-based).
    start_line: usize,
    /// Last line to delete (0-based, inclusive).
    end_line: usize,
    /// Write even if the result has new syntax errors (code files are checked by tree-sitter).
    #[serde(default)]
    force: bool,
}

#[derive(Deserialize, JsonSchema)]
struct ReplaceLinesParams {
    /// File path relative to the project root.
    relative_path: String,
    /// First line to replace (0-based).
    start_line: usize,
    /// Last line to replace (0-based, inclusive).
    end_line: usize,
    /// The new lines.
    content: String,
    /// Write even if the result has new syntax errors (code files are checked by tree-sitter).
    #[serde(default)]
    force: bool,
}

#[derive(Deserialize, JsonSchema)]
struct InsertAtLineParams {
    /// File path relative to the project root.
    relative_path: String,
    /// Line (0-based) before which the content goes.
    line: usize,
    /// The lines to insert.
    content: String,
    /// Write even if the result has new syntax errors (code files are checked by tree-sitter).
    #[serde(default)]
    force: bool,
}

fn delete_lines(engine: &Engine, p: DeleteLinesParams) -> Result<String> {
    engine.edit_lines(&p.relative_path, &LineEdit::Delete { start: p.start_line, end: p.end_line }, p.force)?;
    Ok("OK".into())
}

fn replace_lines(engine: &Engine, p: ReplaceLinesParams) -> Result<String> {
    let edit = LineEdit::Replace { start: p.start_line, end: p.end_line, content: p.content };
    engine.edit_lines(&p.relative_path, &edit, p.force)?;
    Ok("OK".into())
}

fn insert_at_line(engine: &Engine, p: InsertAtLineParams) -> Result<String> {
    engine.edit_lines(&p.relative_path, &LineEdit::Insert { line: p.line, content: p.content }, p.force)?;
    Ok("OK".into())
}

// ---------------------------------------------------------------- search_for_pattern

const SEARCH_FOR_PATTERN: &str = "Searches the project's files for a regular expression (Rust syntax; with \
multiline=true, the default, `.` also matches line breaks, so prefer `.*?` or `[^\\n]*`). Answers \
{path: [match blocks]}, each block the matched lines as \"  > N:text\" with context lines \"... N:text\" (0-based \
line numbers). Narrow with relative_path, paths_include_glob / paths_exclude_glob (*, **, {a,b}) or \
restrict_search_to_code_files. Use it to find code you cannot name; use find_symbol when you can.";

#[derive(Deserialize, JsonSchema)]
struct SearchParams {
    /// The regular expression to search for.
    substring_pattern: String,
    /// Lines of context before each match.
    #[serde(default)]
    context_lines_before: usize,
    /// Lines of context after each match.
    #[serde(default)]
    context_lines_after: usize,
    /// Only paths matching this glob (e.g. "*.py", "src/**/*.{ts,tsx}").
    #[serde(default)]
    paths_include_glob: String,
    /// Leave out paths matching this glob; wins over paths_include_glob.
    #[serde(default)]
    paths_exclude_glob: String,
    /// Restrict to this file or directory (relative to the project root); empty for the whole project.
    #[serde(default)]
    relative_path: String,
    /// Only search files of the supported programming languages.
    #[serde(default)]
    restrict_search_to_code_files: bool,
    /// Leave out paths excluded by .gitignore and the project's ignore settings.
    #[serde(default = "yes")]
    skip_ignored_files: bool,
    /// `.` matches line breaks too, so a match may span lines (DOTALL).
    #[serde(default = "yes")]
    multiline: bool,
    /// Answer limit in characters; -1 uses the configured default.
    #[serde(default = "default_max")]
    max_answer_chars: i64,
}

fn search_for_pattern(engine: &Engine, p: SearchParams) -> Result<String> {
    let limit = limit_of(engine, p.max_answer_chars)?;
    let scope = engine.project().resolve_existing(&p.relative_path)?;
    let opts = SearchOptions {
        pattern: p.substring_pattern,
        dot_all: p.multiline,
        case_insensitive: false,
        context_before: p.context_lines_before,
        context_after: p.context_lines_after,
        include_glob: p.paths_include_glob,
        exclude_glob: p.paths_exclude_glob,
        code_files_only: p.restrict_search_to_code_files,
        skip_ignored: p.skip_ignored_files,
    };
    let hits = search::search(engine.project(), &scope, &opts)?;
    Ok(limit_answer(format_hits(&hits), limit, "Match counts per file:", || Some(match_counts(&hits))))
}

fn format_hits(hits: &[FileHits]) -> String {
    to_json(&HitsJson(hits))
}

/// `{path: [block, ...]}` serialised straight from the hits: no intermediate `Value` tree.
struct HitsJson<'a>(&'a [FileHits]);
struct BlocksJson<'a>(&'a [Vec<search::BlockLine>]);
struct BlockText<'a>(&'a [search::BlockLine]);

impl serde::Serialize for HitsJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for f in self.0 {
            map.serialize_entry(&f.path, &BlocksJson(&f.blocks))?;
        }
        map.end()
    }
}

impl serde::Serialize for BlocksJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(|b| BlockText(b)))
    }
}

impl serde::Serialize for BlockText<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// One match block in the reference server's layout: `  > 672:text` / `... 671:text`.
impl std::fmt::Display for BlockText<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, l) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            let prefix = if l.is_match { "  >" } else { "..." };
            write!(f, "{prefix}{:>4}:{}", l.line, l.text)?;
        }
        Ok(())
    }
}

fn match_counts(hits: &[FileHits]) -> String {
    let map: Map<String, Value> = hits.iter().map(|f| (f.path.clone(), Value::from(f.blocks.len()))).collect();
    to_json(&map)
}
