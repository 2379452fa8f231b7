//! File-level operations behind the file tools: line ranges, listings, file search, literal/regex
//! replacement (one file or many, with occurrence ids) and line edits. Reads and writes go through
//! the file cache; every check runs before anything is written.

use crate::cache::{Document, FileCache};
use crate::project::{Project, ProjectPath};
use crate::search::{Kinds, PathFilter, for_each_file, regex_hint};
use arborist_syntax::error::{Error, Result};
use arborist_syntax::text::{TextEdit, line_count, line_of, line_starts, lines_range};
use globset::GlobBuilder;
use regex::Regex;
use std::ops::Range;
use std::sync::{Arc, Mutex};

/// Lines `start..=end` (0-based, `end` None = to the end) joined with `\n`; the whole text when unbounded.
pub fn read_lines(doc: &Document, start: usize, end: Option<usize>) -> Result<String> {
    let text = doc.text();
    if start == 0 && end.is_none() {
        return Ok(text.to_string());
    }
    let lines: Vec<&str> = text.lines().collect();
    if start >= lines.len() {
        return Err(Error::invalid(
            "start_line",
            format!("start_line {start} is past the end of the file ({} lines)", lines.len()),
        ));
    }
    let end = end.map_or(lines.len() - 1, |e| e.min(lines.len() - 1));
    if end < start {
        return Err(Error::invalid("end_line", format!("end_line {end} is before start_line {start}")));
    }
    Ok(lines[start..=end].join("\n"))
}

/// `limit` lines from line `offset` (0-based; `limit` None = to the end), as agent tool loops ask for them.
/// An empty file reads as "" from offset 0.
pub fn read_window(doc: &Document, offset: usize, limit: Option<usize>) -> Result<String> {
    if limit == Some(0) {
        return Err(Error::invalid(
            "limit",
            "limit must be at least 1 (a number of lines); omit it to read to the end",
        ));
    }
    let count = doc.text().lines().count();
    if offset == 0 && count == 0 {
        return Ok(String::new());
    }
    if offset >= count {
        let why =
            format!("offset {offset} is past the end of the file ({count} lines; the last is line {})", count - 1);
        return Err(Error::invalid("offset", why));
    }
    read_lines(doc, offset, limit.map(|n| offset.saturating_add(n - 1)))
}

/// Directories and files under a directory, as project-relative paths, sorted.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Listing {
    pub dirs: Vec<String>,
    pub files: Vec<String>,
}

/// Lists `dir` (one level, or everything below it when `recursive`).
pub fn list_dir(project: &Project, dir: &ProjectPath, recursive: bool, skip_ignored: bool) -> Result<Listing> {
    if !dir.abs.is_dir() {
        return Err(Error::NotADirectory(dir.display().to_string()));
    }
    let mut walker = project.walker(dir, skip_ignored);
    if !recursive {
        walker.max_depth(Some(1));
    }
    let mut out = Listing::default();
    for entry in walker.build().flatten().filter(|e| e.depth() > 0) {
        let rel = project.relative_of(entry.path());
        match entry.file_type() {
            Some(t) if t.is_dir() => out.dirs.push(rel),
            Some(_) => out.files.push(rel),
            None => {}
        }
    }
    out.dirs.sort_unstable();
    out.files.sort_unstable();
    Ok(out)
}

/// Files below `dir` whose name matches `mask` (`*`, `?`, `[...]`), sorted.
pub fn find_files(project: &Project, dir: &ProjectPath, mask: &str, skip_ignored: bool) -> Result<Vec<String>> {
    if mask.is_empty() {
        return Err(Error::invalid("file_mask", "file_mask is empty; pass a file name or a pattern such as `*.py`"));
    }
    let glob = GlobBuilder::new(mask)
        .literal_separator(true)
        .build()
        .map_err(|e| Error::InvalidGlob { glob: mask.to_string(), why: e.kind().to_string() })?
        .compile_matcher();
    let found = Mutex::new(Vec::new());
    let filter = PathFilter::new("", "", Kinds::All)?;
    for_each_file(project, project.walker(dir, skip_ignored), &filter, || {
        |rel: &str, abs: &std::path::Path| {
            if abs.file_name().is_some_and(|n| glob.is_match(n)) {
                found.lock().unwrap().push(rel.to_string());
            }
        }
    });
    let mut found = found.into_inner().unwrap();
    found.sort_unstable();
    Ok(found)
}

/// Files below `dir` whose path relative to `dir` matches the glob `pattern` (`*` and `?` stay within one
/// directory, `**` crosses directories, `{a,b}` and `[...]` as usual), sorted. Ignored files are left out.
pub fn glob_files(project: &Project, dir: &ProjectPath, pattern: &str) -> Result<Vec<String>> {
    if !dir.abs.is_dir() {
        return Err(Error::NotADirectory(dir.display().to_string()));
    }
    let glob = path_glob(pattern)?;
    let prefix = if dir.rel.is_empty() { String::new() } else { format!("{}/", dir.rel) };
    let found = Mutex::new(Vec::new());
    let filter = PathFilter::new("", "", Kinds::All)?;
    for_each_file(project, project.walker(dir, true), &filter, || {
        |rel: &str, _: &std::path::Path| {
            if glob.is_match(rel.strip_prefix(prefix.as_str()).unwrap_or(rel)) {
                found.lock().unwrap().push(rel.to_string());
            }
        }
    });
    let mut found = found.into_inner().unwrap();
    found.sort_unstable();
    Ok(found)
}

/// A glob over relative paths; absolute patterns and `..` are refused, since a glob never leaves its directory.
fn path_glob(pattern: &str) -> Result<globset::GlobMatcher> {
    let refuse = |why: &str| Err(Error::invalid("pattern", format!("pattern `{pattern}` {why}")));
    let mut relative = pattern;
    while let Some(rest) = relative.strip_prefix("./") {
        relative = rest;
    }
    if relative.trim().is_empty() {
        return refuse("is empty; pass a glob such as `**/*.rs` or `src/*.toml`");
    }
    if relative.starts_with('/') || std::path::Path::new(relative).is_absolute() {
        return refuse("is absolute; patterns are relative to `path` (default: the project root)");
    }
    if relative.split(['/', '\\']).any(|segment| segment == "..") {
        return refuse("contains `..`; a glob stays below `path`, so pass the directory as `path` instead");
    }
    let glob = GlobBuilder::new(relative).literal_separator(true).backslash_escape(true).build();
    Ok(glob.map_err(|e| Error::InvalidGlob { glob: pattern.to_string(), why: e.kind().to_string() })?.compile_matcher())
}

/// How `needle` is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Literal,
    Regex,
}

/// A compiled needle/replacement pair with the reference server's semantics: DOTALL and MULTILINE,
/// `$!1`-style backreferences in regex mode, and the ambiguity check for multi-line matches.
pub struct Replacer {
    re: Regex,
    repl: String,
    mode: Mode,
}

/// One match and the text that replaces it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Occurrence {
    pub range: Range<usize>,
    pub replacement: String,
}

impl Replacer {
    pub fn new(needle: &str, repl: &str, mode: Mode) -> Result<Replacer> {
        if needle.is_empty() {
            return Err(Error::invalid("needle", "needle is empty; pass the text (or regex) to replace"));
        }
        let pattern = match mode {
            Mode::Literal => regex::escape(needle),
            Mode::Regex => needle.to_string(),
        };
        let re = Regex::new(&format!("(?ms){pattern}")).map_err(|e| Error::InvalidRegex(regex_hint(&e.to_string())))?;
        Ok(Replacer { re, repl: repl.to_string(), mode })
    }

    /// Whether the needle occurs at all (cheap pre-check for scans).
    pub fn is_match(&self, text: &str) -> bool {
        self.re.is_match(text)
    }

    /// Every match with its replacement; errors on an ambiguous multi-line match.
    pub fn occurrences(&self, text: &str) -> Result<Vec<Occurrence>> {
        let starts = line_starts(text);
        self.re
            .captures_iter(text)
            .map(|caps| {
                let m = caps.get(0).expect("group 0 always matches");
                self.check_unambiguous(text, m.range(), &starts)?;
                Ok(Occurrence { range: m.range(), replacement: self.expand(&caps)? })
            })
            .collect()
    }

    fn check_unambiguous(&self, text: &str, range: Range<usize>, starts: &[usize]) -> Result<()> {
        let matched = &text[range.clone()];
        let Some(first) = matched.chars().next() else {
            return Ok(());
        };
        if !matched.contains('\n') || !self.re.is_match(&matched[first.len_utf8()..]) {
            return Ok(());
        }
        Err(Error::AmbiguousMatch { line: line_of(starts, range.start) })
    }

    fn expand(&self, caps: &regex::Captures<'_>) -> Result<String> {
        if self.mode == Mode::Literal {
            return Ok(self.repl.clone());
        }
        expand_backrefs(&self.repl, caps)
    }
}

/// Expands `$!N` with capture group N (an unmatched group gives "").
fn expand_backrefs(repl: &str, caps: &regex::Captures<'_>) -> Result<String> {
    static BACKREF: std::sync::OnceLock<Regex> = std::sync::OnceLock::new();
    let backref = BACKREF.get_or_init(|| Regex::new(r"\$!(\d+)").expect("valid backreference pattern"));
    let mut out = String::with_capacity(repl.len());
    let mut at = 0;
    for m in backref.captures_iter(repl) {
        let whole = m.get(0).unwrap();
        let bad = |why: String| Error::invalid("repl", why);
        let n: usize = m[1].parse().map_err(|_| bad(format!("bad group number in `{}`", whole.as_str())))?;
        if n >= caps.len() {
            return Err(bad(format!(
                "the replacement refers to group {} but the pattern has only {} group(s)",
                whole.as_str(),
                caps.len() - 1
            )));
        }
        out.push_str(&repl[at..whole.start()]);
        out.push_str(caps.get(n).map_or("", |g| g.as_str()));
        at = whole.end();
    }
    out.push_str(&repl[at..]);
    Ok(out)
}

/// `replace_content`: the edits that replace one (or, when allowed, every) occurrence in a text.
pub fn content_edits(text: &str, replacer: &Replacer, allow_multiple: bool) -> Result<Vec<TextEdit>> {
    let occs = replacer.occurrences(text)?;
    match occs.len() {
        0 => return Err(Error::NoMatch),
        1 => {}
        n if !allow_multiple => return Err(Error::TooManyMatches(n)),
        _ => {}
    }
    Ok(to_edits(&occs))
}

/// Occurrences as text edits.
pub fn to_edits(occs: &[Occurrence]) -> Vec<TextEdit> {
    occs.iter().map(|o| TextEdit { range: o.range.clone(), new_text: o.replacement.clone() }).collect()
}

/// The matches of one file in a multi-file replacement.
pub struct FilePlan {
    pub path: ProjectPath,
    pub doc: Arc<Document>,
    pub occurrences: Vec<Occurrence>,
}

impl FilePlan {
    /// Stable id of occurrence `i`: `path:i@<first 16 hex of the file's hash>`.
    pub fn occurrence_id(&self, i: usize) -> String {
        format!("{}:{i}@{}", self.path.rel, self.doc.hash.short())
    }
}

/// Finds every occurrence under `scope` (ignored files skipped), sorted by path.
pub fn plan_replacements(
    project: &Project,
    cache: &FileCache,
    scope: &ProjectPath,
    filter: &PathFilter,
    replacer: &Replacer,
) -> Result<Vec<FilePlan>> {
    let plans = Mutex::new(Vec::new());
    let first_error = Mutex::new(None);
    for_each_file(project, project.walker(scope, true), filter, || {
        |rel: &str, abs: &std::path::Path| {
            let path = ProjectPath { rel: rel.to_string(), abs: abs.to_path_buf() };
            let Ok(doc) = cache.load(&path) else { return };
            if !replacer.is_match(doc.text()) {
                return;
            }
            match replacer.occurrences(doc.text()) {
                Ok(occurrences) => plans.lock().unwrap().push(FilePlan { path, doc: Arc::new(doc), occurrences }),
                Err(e) => *first_error.lock().unwrap() = Some(e),
            }
        }
    });
    if let Some(e) = first_error.into_inner().unwrap() {
        return Err(e);
    }
    let mut plans = plans.into_inner().unwrap();
    plans.sort_unstable_by(|a, b| a.path.rel.cmp(&b.path.rel));
    Ok(plans)
}

/// Keeps only the occurrences named by `ids`; an unknown or stale id fails the whole call. Linear in
/// the occurrences and ids.
pub fn select_occurrences(plans: Vec<FilePlan>, ids: &[String]) -> Result<Vec<FilePlan>> {
    let every: std::collections::HashMap<String, (usize, usize)> = plans
        .iter()
        .enumerate()
        .flat_map(|(f, p)| (0..p.occurrences.len()).map(move |i| (p.occurrence_id(i), (f, i))))
        .collect();
    let mut keep: Vec<Vec<bool>> = plans.iter().map(|p| vec![false; p.occurrences.len()]).collect();
    for id in ids {
        let &(f, i) = every.get(id).ok_or_else(|| Error::StaleOccurrence(id.clone()))?;
        keep[f][i] = true;
    }
    Ok(plans
        .into_iter()
        .zip(keep)
        .filter_map(|(mut p, keep)| {
            let mut k = keep.iter();
            p.occurrences.retain(|_| *k.next().unwrap_or(&false));
            (!p.occurrences.is_empty()).then_some(p)
        })
        .collect())
}

/// The full lines an occurrence touches, before and after replacement; `starts` are the text's
/// `line_starts` (computed once per file, not per occurrence).
pub fn occurrence_preview(text: &str, starts: &[usize], occ: &Occurrence) -> (usize, String, String) {
    let first = line_of(starts, occ.range.start);
    let last = line_of(starts, occ.range.end.saturating_sub(1).max(occ.range.start));
    let span = lines_range(text, starts, first, last);
    let old = text[span.clone()].trim_end_matches('\n').to_string();
    let mut new = String::new();
    new.push_str(&text[span.start..occ.range.start]);
    new.push_str(&occ.replacement);
    new.push_str(&text[occ.range.end..span.end.max(occ.range.end)]);
    (first, old, new.trim_end_matches('\n').to_string())
}

/// The edit that deletes lines `start..=end` (0-based).
pub fn delete_lines(text: &str, start: usize, end: usize) -> Result<TextEdit> {
    line_edit(text, start, Some(end), None)
}

/// The edit that replaces lines `start..=end` with `content` (a final newline is added when missing).
pub fn replace_lines(text: &str, start: usize, end: usize, content: &str) -> Result<TextEdit> {
    line_edit(text, start, Some(end), Some(content))
}

/// The edit that inserts `content` before line `line` (the line count appends at the end).
pub fn insert_at_line(text: &str, line: usize, content: &str) -> Result<TextEdit> {
    line_edit(text, line, None, Some(content))
}

fn line_edit(text: &str, start: usize, end: Option<usize>, content: Option<&str>) -> Result<TextEdit> {
    let starts = line_starts(text);
    let n = line_count(text);
    let range = match end {
        Some(end) => {
            if start > end || end >= n {
                return Err(Error::invalid(
                    "end_line",
                    format!(
                        "line range {start}..={end} is not inside the file ({n} lines, 0-based: 0..={})",
                        n.saturating_sub(1)
                    ),
                ));
            }
            lines_range(text, &starts, start, end)
        }
        None if start < n => starts[start]..starts[start],
        None if start == n => text.len()..text.len(),
        None => {
            return Err(Error::invalid("line", format!("line {start} is past the end of the file ({n} lines)")));
        }
    };
    let mut new_text = content.unwrap_or("").to_string();
    if content.is_some() && !new_text.ends_with('\n') {
        new_text.push('\n');
    }
    if range.start == text.len() && !text.is_empty() && !text.ends_with('\n') {
        new_text.insert(0, '\n');
    }
    Ok(TextEdit { range, new_text })
}
