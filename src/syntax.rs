//! Parsing: a thread-local parser per language, and the census of syntax problems (ERROR and MISSING
//! nodes) in a tree. Broken code is data: a tree with errors still yields symbols.

use crate::language::Language;
use std::cell::RefCell;
use std::collections::HashMap;
use std::ops::Range;
use tree_sitter::{Node, Parser, Tree};

thread_local! {
    static PARSERS: RefCell<HashMap<&'static str, Parser>> = RefCell::new(HashMap::new());
}

/// Parses `text`; None only if the grammar could not be loaded (ABI mismatch).
pub fn parse(lang: &'static Language, text: &str) -> Option<Tree> {
    with_parser(lang, |parser| parser.parse(text, None))
}

/// Runs `f` with this thread's parser for `lang` (created on first use).
fn with_parser<T>(lang: &'static Language, f: impl FnOnce(&mut Parser) -> Option<T>) -> Option<T> {
    PARSERS.with(|parsers| {
        let mut parsers = parsers.borrow_mut();
        let parser = match parsers.entry(lang.name()) {
            std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
            std::collections::hash_map::Entry::Vacant(e) => {
                let mut p = Parser::new();
                p.set_language(&lang.grammar).ok()?;
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

/// Every ERROR and MISSING node, outermost first, in document order.
pub fn syntax_issues(tree: &Tree, text: &str) -> Vec<SyntaxIssue> {
    let mut out = Vec::new();
    collect(tree.root_node(), text, &mut out);
    out
}

fn collect(node: Node, text: &str, out: &mut Vec<SyntaxIssue>) {
    if node.is_missing() {
        out.push(issue(node, format!("Syntax error: missing `{}`", node.kind())));
        return;
    }
    if node.is_error() {
        out.push(issue(node, format!("Syntax error: unexpected `{}`", snippet(&text[node.byte_range()]))));
        return;
    }
    if !node.has_error() {
        return;
    }
    let mut cursor = node.walk();
    for child in node.children(&mut cursor) {
        collect(child, text, out);
    }
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

/// Re-parses after one byte-range replacement, reusing the old tree (incremental parsing).
pub fn reparse(
    lang: &'static Language,
    old: &Tree,
    old_text: &str,
    new_text: &str,
    edit: &crate::text::TextEdit,
) -> Option<Tree> {
    let new_end = edit.range.start + edit.new_text.len();
    let input = tree_sitter::InputEdit {
        start_byte: edit.range.start,
        old_end_byte: edit.range.end,
        new_end_byte: new_end,
        start_position: point_at(old_text, edit.range.start),
        old_end_position: point_at(old_text, edit.range.end),
        new_end_position: point_at(new_text, new_end),
    };
    let mut tree = old.clone();
    tree.edit(&input);
    with_parser(lang, |parser| parser.parse(new_text, Some(&tree)))
}

/// Row and byte column of a byte offset.
pub fn point_at(text: &str, byte: usize) -> tree_sitter::Point {
    let before = &text.as_bytes()[..byte];
    let row = before.iter().filter(|&&b| b == b'\n').count();
    let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    tree_sitter::Point { row, column: byte - line_start }
}

/// Issues whose bytes intersect `range`.
pub fn issues_in(issues: &[SyntaxIssue], range: &Range<usize>) -> usize {
    issues.iter().filter(|i| i.bytes.start <= range.end && range.start <= i.bytes.end).count()
}
