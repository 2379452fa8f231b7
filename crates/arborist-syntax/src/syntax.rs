//! Parsing: a thread-local parser per language under a size and time budget, and the census of syntax
//! problems (ERROR and MISSING nodes) in a tree. Broken code is data: a tree with errors still yields
//! symbols.

use crate::language::Language;
use crate::mask;
use crate::text::Source;
use std::cell::RefCell;
use std::collections::HashMap;
use std::ops::{ControlFlow, Range};
use std::time::{Duration, Instant};
use tree_sitter::{Node, ParseOptions, Parser, Tree};

thread_local! {
    static PARSERS: RefCell<HashMap<&'static str, Parser>> = RefCell::new(HashMap::new());
}

/// What one parse may cost: a text over `max_bytes` is not parsed, a parse running over `max_time` (for
/// each whole MB of the text: `time_for`) is abandoned (a minified one-liner, a generated table, a grammar
/// that loops).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParseBudget {
    pub max_bytes: u64,
    pub max_time: Duration,
    /// Whether minified files (`minified_line_bytes` in grammars.toml) are parsed.
    pub minified: bool,
}

impl Default for ParseBudget {
    fn default() -> Self {
        ParseBudget { max_bytes: 10_000_000, max_time: Duration::from_millis(3000), minified: false }
    }
}

/// Texts shorter than this are never taken for minified: a one-line module of a few statements is not.
const MINIFIED_MIN_BYTES: usize = 4096;

/// A byte count for people: `20.1 MB`, `4.0 kB`, `12 bytes`.
fn size(bytes: u64) -> String {
    match bytes {
        b if b >= 1_000_000 => format!("{:.1} MB", b as f64 / 1e6),
        b if b >= 1_000 => format!("{:.1} kB", b as f64 / 1e3),
        b => format!("{b} bytes"),
    }
}

/// A parse may take `max_time` for each whole one of these bytes of its text.
const TIME_PER_BYTES: usize = 1_000_000;

impl ParseBudget {
    /// How long a parse of `bytes` bytes may run: `max_time` for each whole MB, at least `max_time`. A
    /// parser reads several MB a second, so a large file (a 9 MB bundle takes 1.5-4 s by the machine) is
    /// not dropped in a slow spell, while a small text whose parse runs away is abandoned as early.
    pub fn time_for(&self, bytes: usize) -> Duration {
        let mbs = u32::try_from(bytes / TIME_PER_BYTES).unwrap_or(u32::MAX).max(1);
        self.max_time.saturating_mul(mbs)
    }

    /// Whether a text of `bytes` bytes may be parsed.
    pub fn check_size(&self, bytes: usize) -> Result<(), Unparsed> {
        let limit = self.max_bytes;
        if bytes as u64 > limit { Err(Unparsed::TooLarge { bytes: bytes as u64, limit }) } else { Ok(()) }
    }

    /// Whether a text of `lang` may be parsed, minified or not: a minified one is refused unless the budget
    /// takes them.
    pub fn check_minified<S: Source + ?Sized>(&self, lang: &Language, text: &S) -> Result<(), Unparsed> {
        let Some(limit) = lang.entry.minified_line_bytes else { return Ok(()) };
        if self.minified || text.len() < MINIFIED_MIN_BYTES {
            return Ok(());
        }
        let breaks: usize = text.chunks(0..text.len()).map(|c| memchr::memchr_iter(b'\n', c).count()).sum();
        let lines = breaks + usize::from(text.byte(text.len() - 1) != b'\n');
        let mean = text.len() / lines.max(1);
        if mean > limit { Err(Unparsed::Minified { mean_line: mean as u64, limit: limit as u64 }) } else { Ok(()) }
    }
}

/// Why a text has no tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Unparsed {
    #[error(
        "it is {}, over the parse budget of {} (parse_max_bytes in .arborist/project.toml)",
        size(*bytes), size(*limit)
    )]
    TooLarge { bytes: u64, limit: u64 },
    #[error(
        "parsing it took longer than its parse budget of {limit_ms} ms (parse_timeout_ms in .arborist/project.toml, \
         for each MB of a larger file)"
    )]
    TooSlow { limit_ms: u64 },
    #[error("its grammar could not be loaded")]
    NoGrammar,
    #[error(
        "it is minified (lines of {mean_line} bytes on average, over {limit}); parse_minified = true in \
         .arborist/project.toml parses such files"
    )]
    Minified { mean_line: u64, limit: u64 },
}

/// Parses `text` within the default budget.
pub fn parse(lang: &'static Language, text: &str) -> Result<Tree, Unparsed> {
    parse_within(lang, text, &ParseBudget::default())
}

/// Parses `text` within `budget`.
pub fn parse_within(lang: &'static Language, text: &str, budget: &ParseBudget) -> Result<Tree, Unparsed> {
    parse_source(lang, text, None, budget)
}

/// Parses only `ranges` of `text` (sorted, disjoint, each starting a line), as if the rest were not
/// there: nodes keep their offsets in `text`. For a lookup that needs a few definitions of a long file.
pub fn parse_ranges(
    lang: &'static Language,
    text: &str,
    ranges: &[Range<usize>],
    budget: &ParseBudget,
) -> Result<Tree, Unparsed> {
    budget.check_size(text.len())?;
    let b = text.as_bytes();
    let (mut row, mut at) = (0, 0);
    let mut point = |byte: usize| {
        row += memchr::memchr_iter(b'\n', &b[at..byte]).count();
        at = byte;
        let column = byte - memchr::memrchr(b'\n', &b[..byte]).map_or(0, |i| i + 1);
        tree_sitter::Point { row, column }
    };
    let mut included = Vec::with_capacity(ranges.len());
    for r in ranges {
        let (start_point, end_point) = (point(r.start), point(r.end));
        included.push(tree_sitter::Range { start_byte: r.start, end_byte: r.end, start_point, end_point });
    }
    let limit = budget.time_for(ranges.iter().map(|r| r.len()).sum());
    budgeted_in(lang, |byte, _| text.as_bytes().get(byte..).unwrap_or_default(), &included, limit)
}

/// Parses a text read from its chunks (a rope) within `budget`, reusing `old` (already edited) when
/// given.
pub fn parse_source<S: Source + ?Sized>(
    lang: &'static Language,
    text: &S,
    old: Option<&Tree>,
    budget: &ParseBudget,
) -> Result<Tree, Unparsed> {
    budget.check_size(text.len())?;
    budget.check_minified(lang, text)?;
    parse_masked(lang, text, mask::masked(lang, text).as_ref(), old, budget)
}

/// Parses a text that passed the size budget, read from `masked` when the language's masks blank
/// anything in it.
fn parse_masked<S: Source + ?Sized>(
    lang: &'static Language,
    text: &S,
    masked: Option<&mask::Masked>,
    old: Option<&Tree>,
    budget: &ParseBudget,
) -> Result<Tree, Unparsed> {
    let limit = budget.time_for(text.len());
    match masked {
        Some(m) => budgeted(lang, |i, _| m.bytes.get(i..).unwrap_or_default(), old, limit),
        None => budgeted(lang, |byte, _| text.chunk_from(byte), old, limit),
    }
}

/// Runs one parse of the `included` ranges only (all of the text when empty) within `limit`.
fn budgeted_in<T: AsRef<[u8]>>(
    lang: &'static Language,
    read: impl FnMut(usize, tree_sitter::Point) -> T,
    included: &[tree_sitter::Range],
    limit: Duration,
) -> Result<Tree, Unparsed> {
    with_parser(lang, |parser| parser.set_included_ranges(included).map_err(|_| Unparsed::NoGrammar))?;
    let tree = budgeted(lang, read, None, limit);
    with_parser(lang, |parser| parser.set_included_ranges(&[]).map_err(|_| Unparsed::NoGrammar))?;
    tree
}

/// Runs one parse, abandoned past `limit`.
fn budgeted<T: AsRef<[u8]>>(
    lang: &'static Language,
    mut read: impl FnMut(usize, tree_sitter::Point) -> T,
    old: Option<&Tree>,
    limit: Duration,
) -> Result<Tree, Unparsed> {
    let limit_ms = limit.as_millis() as u64;
    let deadline = Instant::now() + limit;
    let mut over_time = |_: &tree_sitter::ParseState| {
        if Instant::now() > deadline { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    };
    with_parser(lang, |parser| {
        let options = ParseOptions::new().progress_callback(&mut over_time);
        let tree = parser.parse_with_options(&mut read, old, Some(options));
        if tree.is_none() {
            // An abandoned parse would otherwise resume on the next call.
            parser.reset();
        }
        tree.ok_or(Unparsed::TooSlow { limit_ms })
    })
}

/// Runs `f` with this thread's parser for `lang` (created on first use).
fn with_parser<T>(lang: &'static Language, f: impl FnOnce(&mut Parser) -> Result<T, Unparsed>) -> Result<T, Unparsed> {
    PARSERS.with(|parsers| {
        let mut parsers = parsers.borrow_mut();
        let parser = match parsers.entry(lang.name()) {
            std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
            std::collections::hash_map::Entry::Vacant(e) => {
                let mut p = Parser::new();
                p.set_language(&lang.grammar).map_err(|_| Unparsed::NoGrammar)?;
                e.insert(p)
            }
        };
        f(parser)
    })
}

/// A syntax problem found in a tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxIssue {
    pub bytes: Range<usize>,
    /// 0-based (line, byte column) of start and end.
    pub start: (usize, usize),
    pub end: (usize, usize),
    pub message: String,
}

/// Every ERROR and MISSING node, outermost first, in document order, each narrowed to the smallest
/// broken place: an ERROR that holds an unclosed bracket is reported at the bracket (a Python `foo(1,`
/// swallows the rest of the file into one ERROR), and one over several lines that holds smaller errors
/// is reported as those. The walk is a cursor, not a recursion: a syntax error 100,000 levels deep is
/// just as well found.
pub fn syntax_issues<S: Source + ?Sized>(tree: &Tree, text: &S) -> Vec<SyntaxIssue> {
    let mut out = Vec::new();
    let mut cursor = tree.walk();
    loop {
        let node = cursor.node();
        let descend = if node.is_missing() {
            out.push(issue(node, format!("Syntax error: missing `{}`", node.kind())));
            false
        } else if node.is_error() {
            let brackets = unbalanced_brackets(node, text);
            if !brackets.is_empty() {
                out.extend(brackets);
                false
            } else if node.start_position().row != node.end_position().row && holds_errors(node) {
                true
            } else {
                let found = snippet(&text.slice(node.byte_range()));
                out.push(issue(node, format!("Syntax error: unexpected `{found}`")));
                false
            }
        } else {
            node.has_error()
        };
        if descend && cursor.goto_first_child() {
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                return out;
            }
        }
    }
}

/// Whether an ERROR node holds smaller ERROR or MISSING nodes.
fn holds_errors(node: Node) -> bool {
    let mut cursor = node.walk();
    node.children(&mut cursor).any(|c| c.is_error() || c.is_missing() || c.has_error())
}

/// The brackets inside an ERROR node that are never closed, or close nothing: each reported from the
/// bracket to the end of the statement it starts (the last line before one indented no deeper than the
/// bracket's line), where the parser first went wrong.
fn unbalanced_brackets<S: Source + ?Sized>(node: Node, text: &S) -> Vec<SyntaxIssue> {
    let mut open: Vec<Node> = Vec::new();
    let mut stray: Vec<Node> = Vec::new();
    let mut cursor = node.walk();
    'walk: loop {
        let n = cursor.node();
        if n.child_count() > 0 && cursor.goto_first_child() {
            continue;
        }
        if !n.is_missing() {
            match n.kind() {
                "(" | "[" | "{" => open.push(n),
                ")" | "]" | "}" => match open.last() {
                    Some(o) if closes(o.kind(), n.kind()) => {
                        open.pop();
                    }
                    _ => stray.push(n),
                },
                _ => {}
            }
        }
        while cursor.node() != node {
            if cursor.goto_next_sibling() {
                continue 'walk;
            }
            if !cursor.goto_parent() {
                break;
            }
        }
        return bracket_issues(&open, &stray, text);
    }
}

fn closes(open: &str, close: &str) -> bool {
    matches!((open, close), ("(", ")") | ("[", "]") | ("{", "}"))
}

fn bracket_issues<S: Source + ?Sized>(open: &[Node], stray: &[Node], text: &S) -> Vec<SyntaxIssue> {
    let mut out: Vec<SyntaxIssue> = open
        .iter()
        .map(|b| {
            let end = statement_end(text, b.start_byte());
            let last = text.line_of(end) + 1;
            let msg = format!("Syntax error: `{}` is never closed (its statement ends at line {})", b.kind(), last - 1);
            span(text, b.start_byte(), end, msg)
        })
        .collect();
    out.extend(stray.iter().map(|b| issue(*b, format!("Syntax error: `{}` closes nothing", b.kind()))));
    out.sort_by_key(|i| i.bytes.start);
    out
}

/// The end of the statement that starts on the line of `byte`: the end of the last non-blank line before
/// the next line indented no deeper than that one.
fn statement_end<S: Source + ?Sized>(text: &S, byte: usize) -> usize {
    let first = text.line_of(byte);
    let depth = indent(text, first);
    let mut end = text.line_end(byte);
    let mut line = first + 1;
    while text.line_to_byte(line) < text.len() {
        let start = text.line_to_byte(line);
        let line_end = text.line_end(start);
        if !text.slice(start..line_end).trim().is_empty() {
            if indent(text, line) <= depth {
                break;
            }
            end = line_end;
        }
        line += 1;
    }
    end
}

fn indent<S: Source + ?Sized>(text: &S, line: usize) -> usize {
    let start = text.line_to_byte(line);
    let mut i = start;
    while i < text.len() && matches!(text.byte(i), b' ' | b'\t') {
        i += 1;
    }
    i - start
}

fn span<S: Source + ?Sized>(text: &S, start: usize, end: usize, message: String) -> SyntaxIssue {
    let (s, e) = (text.point(start), text.point(end));
    SyntaxIssue { bytes: start..end, start: (s.row, s.column), end: (e.row, e.column), message }
}

fn issue(node: Node, message: String) -> SyntaxIssue {
    let (s, e) = (node.start_position(), node.end_position());
    SyntaxIssue { bytes: node.byte_range(), start: (s.row, s.column), end: (e.row, e.column), message }
}

/// The first line of a text, cut to 40 characters.
fn snippet(text: &str) -> String {
    let line = text.lines().next().unwrap_or("").trim();
    let mut s: String = line.chars().take(40).collect();
    if line.chars().count() > 40 || text.trim_end().contains('\n') {
        s.push('…');
    }
    s
}

/// A new text's whole tree after one edit. `changed`: the byte ranges of the new text where it may differ
/// from the old tree (the edit and what the parser re-read differently), when the old tree was reused;
/// None when the text was parsed afresh.
pub struct Reparsed {
    pub tree: Tree,
    pub changed: Option<Vec<Range<usize>>>,
}

/// Whole top-level statements of a new text, parsed on their own: the old text had no syntax errors, and
/// neither do they, so the rest of the file keeps its old tree (shifted).
pub struct Region {
    /// The region's tree, in offsets from its start.
    pub tree: Tree,
    pub text: String,
    /// Its first byte and line in the new text.
    pub start: usize,
    pub line: usize,
    /// The end of the bytes it replaced in the old text.
    pub old_end: usize,
}

impl Region {
    /// Byte ranges of the new text, in the region's own offsets (clipped to it).
    pub fn local(&self, ranges: &[Range<usize>]) -> Vec<Range<usize>> {
        let clip = |b: usize| b.saturating_sub(self.start).min(self.text.len());
        ranges.iter().map(|r| clip(r.start)..clip(r.end)).collect()
    }
}

/// The top-level statements of a text without syntax errors, as byte ranges: what a region re-parse needs
/// of the old tree, and all it can tell of the new text's tree before a whole re-parse has built it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TopLevel {
    nodes: Vec<TopNode>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct TopNode {
    start: usize,
    end: usize,
    /// A comment (tree-sitter's "extra").
    extra: bool,
}

impl TopLevel {
    /// The root's children of a tree; None when it has syntax errors.
    pub fn of(tree: &Tree) -> Option<TopLevel> {
        let root = tree.root_node();
        if root.has_error() {
            return None;
        }
        let mut cursor = root.walk();
        let nodes = root.children(&mut cursor).map(|c| TopNode {
            start: c.start_byte(),
            end: c.end_byte(),
            extra: c.is_extra(),
        });
        Some(TopLevel { nodes: nodes.collect() })
    }

    /// The new text's top-level statements after `region` replaced the old ones it spans: those before it,
    /// the region's own, and those after it, shifted.
    pub fn after_region(&self, region: &Region) -> TopLevel {
        let delta = (region.start + region.text.len()) as isize - region.old_end as isize;
        let before = self.nodes.iter().take_while(|n| n.start < region.start).copied();
        let root = region.tree.root_node();
        let mut cursor = root.walk();
        let at = |b: usize| b + region.start;
        let inside = root.children(&mut cursor).map(|c| TopNode {
            start: at(c.start_byte()),
            end: at(c.end_byte()),
            extra: c.is_extra(),
        });
        let shift = |b: usize| b.saturating_add_signed(delta);
        let after = self.nodes.iter().filter(|n| n.start >= region.old_end);
        let after = after.map(|n| TopNode { start: shift(n.start), end: shift(n.end), extra: n.extra });
        TopLevel { nodes: before.chain(inside).chain(after).collect() }
    }

    /// Whether a region (`tree` of `text`) that replaces the old statements ending at `old_end` may join the
    /// statement before it or the one after it: its first statement, or the next one, starts with one of the
    /// language's `statement_continuers`.
    fn may_join<O: Source + ?Sized>(
        &self,
        lang: &Language,
        tree: &Tree,
        text: &str,
        old_end: usize,
        old_text: &O,
    ) -> bool {
        let continuers = lang.entry.statement_continuers.as_bytes();
        if continuers.is_empty() {
            return false;
        }
        let root = tree.root_node();
        let mut cursor = root.walk();
        let first =
            root.children(&mut cursor).find(|c| !c.is_extra()).and_then(|c| text.as_bytes().get(c.start_byte()));
        let next = self.nodes.iter().find(|n| n.start >= old_end && !n.extra).filter(|n| n.start < old_text.len());
        let (first, next) = (first.copied(), next.map(|n| old_text.byte(n.start)));
        first.into_iter().chain(next).any(|b| continuers.contains(&b))
    }

    /// The byte range of the top-level statements that bytes `range` touch, with the comments right above
    /// the first (they may document its first definition); None when they touch none.
    pub fn around(&self, range: &Range<usize>) -> Option<Range<usize>> {
        let first = self.nodes.iter().position(|n| n.end >= range.start && n.start <= range.end)?;
        let touched = self.nodes[first..].iter().take_while(|n| n.start <= range.end);
        let hi = touched.map(|n| n.end).fold(range.end, usize::max);
        let above = self.nodes[..first].iter().rev().take_while(|n| n.extra).count();
        Some(self.nodes[first - above].start..hi)
    }
}

/// The region of whole top-level statements that `edit` touches, re-parsed on its own, in languages that
/// ask for it (`region_reparse`), from the old text's top-level statements (`TopLevel::of` its tree, which
/// has no errors); None when the region does not span whole lines or is most of the file (a whole re-parse
/// costs no more), its new text has errors alone, or the parse masks read in it alone differ from the
/// whole text's there.
pub fn reparse_region<O: Source + ?Sized, N: Source + ?Sized>(
    lang: &'static Language,
    old: &TopLevel,
    old_text: &O,
    new_text: &N,
    edit: &crate::text::TextEdit,
    budget: &ParseBudget,
) -> Option<Region> {
    if !lang.entry.region_reparse {
        return None;
    }
    budget.check_size(new_text.len()).ok()?;
    let Range { start: lo, end: hi } = old.around(&edit.range)?;
    (lo <= edit.range.start).then_some(())?;
    let ends_line = hi == old_text.len() || matches!(old_text.byte(hi), b'\n' | b'\r');
    if old_text.point(lo).column != 0 || !ends_line {
        return None;
    }
    let end = hi + edit.new_text.len() - edit.range.len();
    if (end - lo) * 2 > new_text.len() {
        return None;
    }
    let text = new_text.slice(lo..end).into_owned();
    // the region's masks, read once: checked against the whole text's, then parsed with
    let masked = mask::masked(lang, text.as_str());
    if !masks_hold_in(lang, new_text, masked.as_ref().map_or(&[][..], |m| &m.ranges), lo..end) {
        return None;
    }
    // (the region is within the whole text's size budget, checked above)
    budget.check_minified(lang, text.as_str()).ok()?;
    let tree = parse_masked(lang, text.as_str(), masked.as_ref(), None, budget).ok()?;
    if tree.root_node().has_error() || old.may_join(lang, &tree, &text, hi, old_text) {
        return None;
    }
    Some(Region { tree, text, start: lo, line: new_text.line_of(lo), old_end: hi })
}

/// Whether `region_masks`, the parse masks of the bytes `region` of `whole` read alone, are those of
/// `whole` there: a mask's pattern may look at text around the region.
fn masks_hold_in<N: Source + ?Sized>(
    lang: &Language,
    whole: &N,
    region_masks: &[mask::Mask],
    region: Range<usize>,
) -> bool {
    if lang.parse_masks().is_empty() {
        return true;
    }
    let at = region.start;
    let there = mask::ranges_of(lang, whole).into_iter().filter(|m| m.range.start < region.end && m.range.end > at);
    let shifted: Option<Vec<mask::Mask>> = there
        .map(|m| Some(mask::Mask { range: m.range.start.checked_sub(at)?..m.range.end - at, fill: m.fill }))
        .collect();
    shifted.is_some_and(|shifted| shifted == region_masks)
}

/// Re-parses the whole text after one byte-range replacement, reusing the old tree (incremental
/// parsing); the new text is read from its chunks.
pub fn reparse<O: Source + ?Sized, N: Source + ?Sized>(
    lang: &'static Language,
    old: &Tree,
    old_text: &O,
    new_text: &N,
    edit: &crate::text::TextEdit,
    budget: &ParseBudget,
) -> Result<Reparsed, Unparsed> {
    budget.check_size(new_text.len())?;
    let new_end = edit.range.start + edit.new_text.len();
    let input = tree_sitter::InputEdit {
        start_byte: edit.range.start,
        old_end_byte: edit.range.end,
        new_end_byte: new_end,
        start_position: old_text.point(edit.range.start),
        old_end_position: old_text.point(edit.range.end),
        new_end_position: new_text.point(new_end),
    };
    let masked = mask::masked(lang, new_text);
    // The parser re-reads only the edited bytes: the old tree holds only if the masks around them stayed.
    let new_masks = masked.as_ref().map_or(&[][..], |m| &m.ranges);
    if !mask::agree_outside(&mask::ranges_of(lang, old_text), new_masks, edit) {
        let tree = parse_masked(lang, new_text, masked.as_ref(), None, budget)?;
        return Ok(Reparsed { tree, changed: None });
    }
    let mut edited = old.clone();
    edited.edit(&input);
    let tree = parse_masked(lang, new_text, masked.as_ref(), Some(&edited), budget)?;
    let mut changed: Vec<Range<usize>> = edited.changed_ranges(&tree).map(|r| r.start_byte..r.end_byte).collect();
    changed.push(edit.range.start..new_end);
    Ok(Reparsed { tree, changed: Some(changed) })
}

/// Row and byte column of a byte offset.
pub fn point_at(text: &str, byte: usize) -> tree_sitter::Point {
    Source::point(text, byte)
}

/// Issues whose bytes intersect `range`.
pub fn issues_in(issues: &[SyntaxIssue], range: &Range<usize>) -> usize {
    issues.iter().filter(|i| i.bytes.start <= range.end && range.start <= i.bytes.end).count()
}

/// The one syntax check every write passes (unless a tool's `force` skips it): the new text may not have
/// more ERROR/MISSING nodes inside the changed regions, nor more in all, nor more empty nodes of kinds the
/// language requires to hold something (`nonempty_nodes` in grammars.toml, e.g. a Python `block`, which
/// tree-sitter accepts empty) near the changed regions, than the old text had. Broken code stays writable
/// as long as an edit does not make it worse. `old` is None for a new file. On refusal, returns the issues
/// of the new text that the old one did not have (at most five).
pub fn check_change<O: Source + ?Sized, N: Source + ?Sized>(
    lang: &Language,
    old: Option<(&Tree, &O)>,
    old_regions: &[Range<usize>],
    new_tree: &Tree,
    new_text: &N,
    new_regions: &[Range<usize>],
) -> Result<(), Vec<SyntaxIssue>> {
    let before = old.map(|(tree, text)| syntax_issues(tree, text)).unwrap_or_default();
    let after = syntax_issues(new_tree, new_text);
    let in_regions = |issues: &[SyntaxIssue], regions: &[Range<usize>]| -> usize {
        regions.iter().map(|r| issues_in(issues, r)).sum()
    };
    let kinds = &lang.entry.nonempty_nodes;
    let empty_before = old.map_or(0, |(tree, text)| empty_nodes_near(tree, text, kinds, old_regions).len());
    let empty_after = empty_nodes_near(new_tree, new_text, kinds, new_regions);
    let worse = in_regions(&after, new_regions) > in_regions(&before, old_regions) || after.len() > before.len();
    if !worse && empty_after.len() <= empty_before {
        return Ok(());
    }
    let is_new = |i: &&SyntaxIssue| !before.iter().any(|b| b.message == i.message && b.start == i.start);
    let new: Vec<SyntaxIssue> = after.iter().filter(is_new).chain(&empty_after).take(5).cloned().collect();
    Err(if new.is_empty() { after.into_iter().take(5).collect() } else { new })
}

/// Every node the language requires to hold something (`nonempty_nodes`) that holds nothing but comments:
/// syntax errors tree-sitter does not report (an empty Python block). One inside an ERROR is left out:
/// it is the parser's recovery from that error (a `foo(1,` that swallowed the body), not a second one.
pub fn empty_nodes<S: Source + ?Sized>(lang: &Language, tree: &Tree, text: &S) -> Vec<SyntaxIssue> {
    let whole = 0..text.len();
    let found = empty_nodes_in(tree, text, &lang.entry.nonempty_nodes, std::slice::from_ref(&whole));
    found.into_iter().filter(|n| !recovers_from_error(*n)).map(empty_issue).collect()
}

/// An empty node right after an ERROR, or inside one, is how the parser recovered from that error.
fn recovers_from_error(node: Node) -> bool {
    if node.prev_sibling().is_some_and(|s| s.is_error()) {
        return true;
    }
    let mut up = node.parent();
    while let Some(n) = up {
        if n.is_error() {
            return true;
        }
        up = n.parent();
    }
    false
}

fn empty_issue(node: Node) -> SyntaxIssue {
    issue(node, format!("Syntax error: empty `{}` (it needs at least one statement)", node.kind()))
}

/// Nodes of `kinds` with nothing but comments inside, that touch one of `regions` widened over the
/// whitespace around it (an emptied block sits next to where its statements were).
fn empty_nodes_near<S: Source + ?Sized>(
    tree: &Tree,
    text: &S,
    kinds: &[String],
    regions: &[Range<usize>],
) -> Vec<SyntaxIssue> {
    empty_nodes_in(tree, text, kinds, regions).into_iter().map(empty_issue).collect()
}

fn empty_nodes_in<'t, S: Source + ?Sized>(
    tree: &'t Tree,
    text: &S,
    kinds: &[String],
    regions: &[Range<usize>],
) -> Vec<Node<'t>> {
    if kinds.is_empty() {
        return Vec::new();
    }
    let mut out: Vec<Node> = Vec::new();
    let mut seen = Vec::new();
    for r in regions {
        let (lo, hi) = widen_over_whitespace(text, r);
        let mut stack = vec![tree.root_node()];
        while let Some(node) = stack.pop() {
            if node.end_byte() < lo || node.start_byte() > hi {
                continue;
            }
            if kinds.iter().any(|k| k == node.kind()) && is_empty(node) && !seen.contains(&node.id()) {
                seen.push(node.id());
                out.push(node);
            }
            let mut cursor = node.walk();
            stack.extend(node.children(&mut cursor));
        }
    }
    out
}

fn is_empty(node: Node) -> bool {
    list_items(node).is_empty()
}

/// The items of a list node (arguments, parameters, elements): its named children, comments left out.
pub fn list_items(list: Node) -> Vec<Node> {
    let mut cursor = list.walk();
    list.named_children(&mut cursor).filter(|c| !c.kind().contains("comment")).collect()
}

fn widen_over_whitespace<S: Source + ?Sized>(text: &S, r: &Range<usize>) -> (usize, usize) {
    let len = text.len();
    let mut lo = r.start.min(len);
    while lo > 0 && text.byte(lo - 1).is_ascii_whitespace() {
        lo -= 1;
    }
    let mut hi = r.end.min(len);
    while hi < len && text.byte(hi).is_ascii_whitespace() {
        hi += 1;
    }
    (lo, hi)
}
