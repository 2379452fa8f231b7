//! Regex search over the project with ripgrep's crates: the `ignore` parallel walker, `grep-regex`
//! and `grep-searcher`. Owns matching and context lines; formatting answers is the tools' job.

use crate::project::{Project, ProjectPath};
use arborist_syntax::error::{Error, Result};
use arborist_syntax::grammars::{Category, is_code_file};
use arborist_syntax::language;
use globset::{GlobBuilder, GlobMatcher};
use grep_matcher::Matcher;
use grep_regex::{RegexMatcher, RegexMatcherBuilder};
use grep_searcher::{BinaryDetection, Searcher, SearcherBuilder, Sink, SinkContext, SinkMatch};
use ignore::{WalkBuilder, WalkState};
use std::collections::BTreeMap;
use std::sync::Mutex;

/// What to search for and where.
#[derive(Debug, Clone, Default)]
pub struct SearchOptions {
    /// Regular expression (Rust `regex` syntax); `^`/`$` match at line boundaries.
    pub pattern: String,
    /// `.` also matches a line break, so one match may span lines.
    pub dot_all: bool,
    /// Letters match regardless of case.
    pub case_insensitive: bool,
    pub context_before: usize,
    pub context_after: usize,
    /// Glob over project-relative paths (`*`, `?`, `[..]`, `**`, `{a,b}`); empty = all files.
    pub include_glob: String,
    /// Glob of paths to leave out; wins over `include_glob`.
    pub exclude_glob: String,
    /// Only files of the supported languages.
    pub code_files_only: bool,
    /// Honour `.gitignore` and the project's ignore settings.
    pub skip_ignored: bool,
}

/// One line of a match block; `line` is 0-based.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockLine {
    pub line: usize,
    pub text: String,
    pub is_match: bool,
}

/// The matches of one file, one block per match (its lines plus context).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileHits {
    pub path: String,
    pub blocks: Vec<Vec<BlockLine>>,
}

/// Which files a walk visits, before the globs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kinds {
    All,
    /// Files of a programming language (`restrict_search_to_code_files`).
    Code,
    /// Files of any language arborist knows, documents included (the symbol index).
    Known,
}

/// Folders of tool state: arborist's settings and cache, the reference server's (and our) memories.
const TOOL_STATE_DIRS: [&str; 2] = [".arborist/", ".serena/"];

/// Filters project-relative paths by kind and by include/exclude globs.
pub struct PathFilter {
    include: Option<GlobMatcher>,
    exclude: Option<GlobMatcher>,
    kinds: Kinds,
}

impl PathFilter {
    pub fn new(include: &str, exclude: &str, kinds: Kinds) -> Result<PathFilter> {
        Ok(PathFilter { include: compile_glob(include)?, exclude: compile_glob(exclude)?, kinds })
    }

    /// Whether a walked file passes; `abs` is read (its first bytes) only for a file without an extension
    /// when the kind matters: it may be a script with a `#!` line.
    pub fn accepts(&self, rel: &str, abs: &std::path::Path) -> bool {
        let kind_ok = match self.kinds {
            Kinds::All => true,
            // the tools' own state (settings, memories) is text, never the project's code or documents
            _ if TOOL_STATE_DIRS.iter().any(|d| rel.starts_with(d)) => false,
            Kinds::Code => {
                is_code_file(rel) || language::for_file(rel, abs).is_some_and(|l| l.entry.category == Category::Code)
            }
            Kinds::Known => language::for_file(rel, abs).is_some(),
        };
        if !kind_ok {
            return false;
        }
        if self.exclude.as_ref().is_some_and(|g| g.is_match(rel)) {
            return false;
        }
        self.include.as_ref().is_none_or(|g| g.is_match(rel))
    }
}

fn compile_glob(glob: &str) -> Result<Option<GlobMatcher>> {
    if glob.is_empty() {
        return Ok(None);
    }
    let built = GlobBuilder::new(glob).literal_separator(false).backslash_escape(true).build();
    built
        .map(|g| Some(g.compile_matcher()))
        .map_err(|e| Error::InvalidGlob { glob: glob.to_string(), why: e.kind().to_string() })
}

/// Compiles a search pattern; patterns that cannot match a line break get the fast line-oriented path.
pub fn compile_matcher(pattern: &str, dot_all: bool) -> Result<RegexMatcher> {
    build_matcher(pattern, dot_all, false)
}

/// Compiles a pattern that describes one line (a definition prefilter) so that it never matches a line
/// break: a class such as `[^=]` then stops at the end of the line, where `$` matches, and the searcher
/// looks for it in a whole file at once instead of line by line (line by line costs about half of a
/// search over a project). A pattern that names a line break is compiled as it is.
pub fn compile_line_matcher(pattern: &str) -> Result<RegexMatcher> {
    let mut b = RegexMatcherBuilder::new();
    b.multi_line(true).line_terminator(Some(b'\n'));
    b.build(pattern).or_else(|_| compile_matcher(pattern, false))
}

fn build_matcher(pattern: &str, dot_all: bool, case_insensitive: bool) -> Result<RegexMatcher> {
    if pattern.is_empty() {
        return Err(Error::invalid("substring_pattern", "the search pattern is empty; pass a regular expression"));
    }
    let mut b = RegexMatcherBuilder::new();
    b.multi_line(true).dot_matches_new_line(dot_all).case_insensitive(case_insensitive);
    let m = b.build(pattern).map_err(|e| Error::InvalidRegex(regex_hint(&e.to_string())))?;
    let single_line = m.non_matching_bytes().is_some_and(|s| s.contains(b'\n'));
    if single_line && let Ok(fast) = b.line_terminator(Some(b'\n')).build(pattern) {
        return Ok(fast);
    }
    Ok(m)
}

/// Adds a hint for the regex features Python supports and Rust's engine does not.
pub fn regex_hint(msg: &str) -> String {
    if msg.contains("look-around") || msg.contains("backreferences") {
        format!("{msg}\n(look-around and backreferences are not supported; match more text and use a group instead)")
    } else {
        msg.to_string()
    }
}

/// Every match under `scope`, sorted by path.
pub fn search(project: &Project, scope: &ProjectPath, opts: &SearchOptions) -> Result<Vec<FileHits>> {
    let matcher = build_matcher(&opts.pattern, opts.dot_all, opts.case_insensitive)?;
    let kinds = if opts.code_files_only { Kinds::Code } else { Kinds::All };
    let filter = PathFilter::new(&opts.include_glob, &opts.exclude_glob, kinds)?;
    let mut builder = SearcherBuilder::new();
    builder
        .line_number(true)
        .multi_line(true)
        .before_context(opts.context_before)
        .after_context(opts.context_after)
        .binary_detection(BinaryDetection::quit(0));
    let results = Mutex::new(Vec::new());
    let walker = project.walker(scope, opts.skip_ignored);
    for_each_file(project, walker, &filter, || {
        let mut searcher = builder.build();
        let (matcher, results) = (&matcher, &results);
        move |rel: &str, path: &std::path::Path| {
            let mut sink = HitSink::default();
            let ok = searcher.search_path(matcher, path, &mut sink).is_ok();
            if ok && !sink.binary && !sink.spans.is_empty() {
                let hits = sink.into_hits(rel, opts.context_before, opts.context_after);
                results.lock().unwrap().push(hits);
            }
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_unstable_by(|a, b| a.path.cmp(&b.path));
    Ok(results)
}

/// Runs a visitor `(relative_path, absolute_path)` on every accepted file, in parallel; `make_visitor`
/// builds one visitor per walker thread (so each can own a searcher or buffers).
pub fn for_each_file<M, V>(project: &Project, mut walker: WalkBuilder, filter: &PathFilter, make_visitor: M)
where
    M: Fn() -> V + Sync,
    V: FnMut(&str, &std::path::Path) + Send,
{
    walker.threads(std::thread::available_parallelism().map_or(2, |n| n.get()).min(8));
    let progress = crate::progress::current();
    if let Some(p) = &progress {
        p.stage("files searched", None);
    }
    walker.build_parallel().run(|| {
        let mut visit = make_visitor();
        let progress = progress.clone();
        Box::new(move |entry| {
            let Ok(entry) = entry else {
                return WalkState::Continue;
            };
            if entry.file_type().is_some_and(|t| t.is_file()) {
                if crate::cache::is_temp_file(entry.file_name()) {
                    // ours, left by a write that was killed: never searched or indexed; removed once surely stale
                    if !project.config().read_only {
                        crate::cache::remove_if_stale_temp(entry.path());
                    }
                    return WalkState::Continue;
                }
                let rel = project.relative_of(entry.path());
                if filter.accepts(&rel, entry.path()) {
                    visit(&rel, entry.path());
                    if let Some(p) = &progress {
                        p.advance(1);
                    }
                }
            }
            WalkState::Continue
        })
    });
}

/// Collects matched and context lines of one file, then cuts them into one block per match.
#[derive(Default)]
struct HitSink {
    binary: bool,
    lines: BTreeMap<usize, (String, bool)>,
    spans: Vec<(usize, usize)>,
}

impl HitSink {
    fn record(&mut self, first_line: u64, bytes: &[u8], is_match: bool) -> (usize, usize) {
        let first = first_line.saturating_sub(1) as usize;
        let mut last = first;
        for (i, line) in bytes.split_inclusive(|&b| b == b'\n').enumerate() {
            let text = String::from_utf8_lossy(line);
            let text = text.trim_end_matches(['\n', '\r']).to_string();
            last = first + i;
            let slot = self.lines.entry(last).or_insert((text, false));
            slot.1 |= is_match;
        }
        (first, last)
    }

    /// One block per match; each line's text moves into the last block that shows it and is cloned
    /// only for earlier blocks whose context overlaps.
    fn into_hits(self, rel: &str, before: usize, after: usize) -> FileHits {
        let mut lines: Vec<(usize, (String, bool))> = self.lines.into_iter().collect();
        let ranges: Vec<(usize, usize, usize, usize)> = self
            .spans
            .iter()
            .map(|&(first, last)| {
                let a = lines.partition_point(|(l, _)| *l < first.saturating_sub(before));
                let b = lines.partition_point(|(l, _)| *l <= last.saturating_add(after));
                (a, b, first, last)
            })
            .collect();
        let mut blocks = Vec::with_capacity(ranges.len());
        for (k, &(a, b, first, last)) in ranges.iter().enumerate() {
            let shared_from = ranges.get(k + 1).map_or(usize::MAX, |r| r.0);
            let block = (a..b)
                .map(|j| {
                    let (line, (text, m)) = &mut lines[j];
                    let text = if j < shared_from { std::mem::take(text) } else { text.clone() };
                    BlockLine { line: *line, text, is_match: *m && *line >= first && *line <= last }
                })
                .collect();
            blocks.push(block);
        }
        FileHits { path: rel.to_string(), blocks }
    }
}

impl Sink for HitSink {
    type Error = std::io::Error;

    fn matched(&mut self, _: &Searcher, m: &SinkMatch<'_>) -> Result<bool, Self::Error> {
        let span = self.record(m.line_number().unwrap_or(1), m.bytes(), true);
        self.spans.push(span);
        Ok(true)
    }

    fn binary_data(&mut self, _: &Searcher, _: u64) -> Result<bool, Self::Error> {
        self.binary = true;
        Ok(false)
    }

    fn context(&mut self, _: &Searcher, c: &SinkContext<'_>) -> Result<bool, Self::Error> {
        self.record(c.line_number().unwrap_or(1), c.bytes(), false);
        Ok(true)
    }
}
