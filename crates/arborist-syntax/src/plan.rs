//! Edit planning, pure: where a symbol edit goes (the definition with its wrappers and preambles, its
//! indentation and blank-line habit), the guards, the text edit (re-indented, blank lines in the file's
//! style) and the check that the result still defines the expected kind. No file is read or written here:
//! the engine resolves the target and commits the edit.

use crate::error::{Error, Result};
use crate::language::Language;
use crate::query::SymbolKind;
use crate::symbols::{FileSymbols, outermost_wrapper};
use crate::text::{ContentHash, Source, TextEdit};
use std::ops::Range;
use tree_sitter::Tree;

/// Whether the syntax check of a change runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Force {
    /// It runs; the tool has no way to skip it.
    #[default]
    No,
    /// It runs; the tool offers `force=true` to skip it (the refusal says so).
    Offered,
    /// It is skipped (`force=true`).
    Yes,
}

impl Force {
    /// The setting of a tool that offers `force`.
    pub fn offered(force: bool) -> Force {
        if force { Force::Yes } else { Force::Offered }
    }
}

/// What to do with the target.
#[derive(Debug, Clone)]
pub enum Op {
    /// Replace the definition (signature and body; decorators and doc comments too when the new text
    /// starts with them).
    Replace(String),
    InsertBefore(String),
    InsertAfter(String),
    Delete,
}

/// What the caller believes the target currently is.
#[derive(Debug, Clone)]
pub enum Guard {
    /// SHA-256 (hex, full or at least 8 leading characters) of the block as read.
    Hash(String),
    /// The block's text as read.
    OldBlock(String),
}

/// Checks on the result.
#[derive(Debug, Clone, Default)]
pub struct Verify {
    /// Whether the syntax and kind checks may be skipped (only where a tool offers `force`).
    pub force: Force,
    /// Kinds the edited or inserted block must define (empty: the target's own kind for replacements).
    pub kinds: Vec<SymbolKind>,
}

/// Where the edited block ended up.
#[derive(Debug, Clone)]
pub struct Outcome {
    pub rel: String,
    /// 0-based first and last line of the new or inserted text (for deletions, where it was).
    pub lines: (usize, usize),
    /// SHA-256 of the new block text, for guarding the next edit.
    pub hash: String,
}

/// The resolved target inside the current text.
pub struct Target {
    /// The definition itself.
    pub range: Range<usize>,
    /// With decorators, attributes and doc comments above it.
    pub around: Range<usize>,
    pub indent: String,
    pub kind: SymbolKind,
    pub name: String,
    /// Blank lines that separate it from its neighbours.
    pub blank_lines: usize,
}

pub fn outcome<S: Source + ?Sized>(
    rel: &str,
    new_text: &S,
    op: &Op,
    edit: &TextEdit,
    changed: &Range<usize>,
) -> Outcome {
    let region = new_text.slice(changed.clone());
    let block = region.trim_matches('\n');
    let start = changed.start + region.len() - region.trim_start_matches('\n').len();
    let first = new_text.line_of(start.min(new_text.len()));
    let last = first + block.matches('\n').count();
    let lines = if matches!(op, Op::Delete) {
        let at = new_text.line_of(edit.range.start);
        (at, at)
    } else {
        (first, last)
    };
    Outcome { rel: rel.to_string(), lines, hash: ContentHash::of(block.as_bytes()).hex() }
}

// ---------------------------------------------------------------- target

impl Target {
    /// A node that is not a symbol (a Rust `impl` block), named for messages.
    pub fn of_node<S: Source + ?Sized>(
        lang: &Language,
        tree: &Tree,
        range: Range<usize>,
        name: String,
        text: &S,
    ) -> Target {
        let around = around_range(lang, tree, &range, text);
        Target { indent: indent_at(text, range.start), blank_lines: 1, kind: SymbolKind::Object, name, around, range }
    }

    /// Symbol `index` of `symbols`, the symbols of `text`.
    pub fn of_symbol<S: Source + ?Sized>(
        lang: &Language,
        symbols: &FileSymbols,
        index: u32,
        tree: &Tree,
        text: &S,
    ) -> Target {
        let s = symbols.get(index);
        let range = s.range.start as usize..s.range.end as usize;
        let around = around_range(lang, tree, &range, text);
        Target {
            indent: indent_at(text, range.start),
            blank_lines: blank_lines_near(symbols, index, text, lang.entry.top_level_blank_lines),
            kind: s.kind,
            name: symbols.name_path(index),
            around,
            range,
        }
    }
}

/// The definition widened over the wrappers that end with it (an `export`, a decorated definition) and
/// over the preambles directly above it (attributes, decorators, doc comments), as the language's
/// textobjects.scm marks them.
fn around_range<S: Source + ?Sized>(lang: &Language, tree: &Tree, range: &Range<usize>, text: &S) -> Range<usize> {
    let Some(node) = tree.root_node().descendant_for_byte_range(range.start, range.end) else {
        return range.clone();
    };
    let node = outermost_wrapper(lang, node, text);
    let mut start = node.start_byte().min(range.start);
    let mut row = node.start_position().row;
    let mut sib = node.prev_sibling();
    while let Some(s) = sib.filter(|s| s.end_position().row + 1 >= row && lang.edge_role(*s, text).is_some()) {
        start = s.start_byte();
        row = s.start_position().row;
        sib = s.prev_sibling();
    }
    start..range.end.max(node.end_byte())
}

/// Leading whitespace of the line holding `byte`.
fn indent_at<S: Source + ?Sized>(text: &S, byte: usize) -> String {
    text.slice(text.line_start(byte)..byte).chars().take_while(|c| *c == ' ' || *c == '\t').collect()
}

/// Blank lines between the target and its previous (else next) sibling; the language's habit otherwise.
fn blank_lines_near<S: Source + ?Sized>(fs: &FileSymbols, index: u32, text: &S, top_level_habit: usize) -> usize {
    let s = fs.get(index);
    let siblings: &[u32] = match s.parent {
        Some(p) => &fs.get(p).children,
        None => &fs.roots,
    };
    let pos = siblings.iter().position(|&c| c == index).unwrap_or(0);
    let count = |from: usize, to: usize| (from..to).filter(|&l| is_blank_line(text, l)).count();
    if pos > 0 {
        let prev = fs.get(siblings[pos - 1]);
        if prev.end_line < s.start_line {
            return count(prev.end_line as usize + 1, s.start_line as usize).min(3);
        }
    }
    if let Some(&next) = siblings.get(pos + 1) {
        let next = fs.get(next);
        if s.end_line < next.start_line {
            return count(s.end_line as usize + 1, next.start_line as usize).min(3);
        }
    }
    if s.parent.is_none() { top_level_habit } else { 1 }
}

// ---------------------------------------------------------------- guards

pub fn check_guards(target: &Target, rel: &str, block: &str, guards: &[Guard]) -> Result<()> {
    for guard in guards {
        match guard {
            Guard::Hash(expected) => {
                let actual = ContentHash::of(block.as_bytes()).hex();
                let want = expected.trim().to_ascii_lowercase();
                if want.len() < 8 || !actual.starts_with(&want) {
                    let (target, path) = (target.name.clone(), rel.to_string());
                    return Err(Error::HashMismatch { target, path, expected: want, actual });
                }
            }
            Guard::OldBlock(old) => {
                let norm = |t: &str| t.replace("\r\n", "\n").trim().to_string();
                if norm(old) != norm(block) {
                    return Err(Error::OldBlockMismatch { target: target.name.clone(), path: rel.to_string() });
                }
            }
        }
    }
    Ok(())
}

// ---------------------------------------------------------------- building the edit

pub fn build_edit<S: Source + ?Sized>(t: &Target, text: &S, op: &Op, indent_sensitive: bool) -> TextEdit {
    match op {
        Op::Replace(new) => {
            let body = reindent_body(new, &t.indent, indent_sensitive);
            let start = replacement_start(t, text, &body);
            TextEdit { range: start..t.range.end, new_text: body }
        }
        Op::InsertBefore(new) => {
            let at = text.line_start(t.around.start);
            let block = reindent_all(new, &t.indent);
            TextEdit { range: at..at, new_text: format!("{block}\n{}", "\n".repeat(t.blank_lines)) }
        }
        Op::InsertAfter(new) => {
            let at = text.line_end(t.range.end);
            let block = reindent_all(new, &t.indent);
            TextEdit { range: at..at, new_text: format!("\n{}{block}", "\n".repeat(t.blank_lines)) }
        }
        Op::Delete => delete_edit(t, text),
    }
}

/// Where a replacement begins: at the definition, unless the new text also brings what stands before it
/// (`export`, `pub`-less wrappers, decorators, attributes, doc comments): then from there, so nothing is doubled.
fn replacement_start<S: Source + ?Sized>(t: &Target, text: &S, body: &str) -> usize {
    let prefix = text.slice(t.around.start..t.range.start);
    if prefix.is_empty() {
        return t.range.start;
    }
    if let Some(word) = body.split_whitespace().next() {
        let at = prefix.rmatch_indices(word).map(|(i, _)| i).find(|&i| {
            let before_ok = i == 0 || prefix[..i].ends_with(char::is_whitespace);
            let after = prefix[i + word.len()..].chars().next();
            before_ok && after.is_none_or(|c| c.is_whitespace() || c == '(')
        });
        if let Some(i) = at {
            return t.around.start + i;
        }
    }
    if starts_with_preamble(body) { t.around.start } else { t.range.start }
}

/// Whether line `line` exists and holds only whitespace.
fn is_blank_line<S: Source + ?Sized>(text: &S, line: usize) -> bool {
    line <= text.line_of(text.len())
        && text.slice(text.line_to_byte(line)..text.line_to_byte(line + 1)).trim().is_empty()
}

fn starts_with_preamble(body: &str) -> bool {
    ["@", "#[", "///", "//!", "/**"].iter().any(|p| body.starts_with(p))
}

/// A replacement body: first line unindented (it continues the target's line), later lines kept when they
/// are already indented for the file, else shifted by the target's indentation.
fn reindent_body(new: &str, indent: &str, indent_sensitive: bool) -> String {
    let new = new.replace("\r\n", "\n");
    let mut lines = new.trim_end().lines();
    let first = lines.next().unwrap_or("").trim_start().to_string();
    let rest: Vec<&str> = lines.collect();
    let min = rest.iter().filter(|l| !l.trim().is_empty()).map(|l| leading_width(l)).min();
    let target = leading_width(indent);
    let relative = !indent.is_empty() && min.is_some_and(|m| m < target || (indent_sensitive && m == target));
    let mut out = first;
    for l in rest {
        out.push('\n');
        if relative && !l.trim().is_empty() {
            out.push_str(indent);
        }
        out.push_str(if l.trim().is_empty() { "" } else { l });
    }
    out
}

/// A block to insert: dedented to its least indented line, then indented like the target (in tabs when the
/// target is indented with tabs).
fn reindent_all(new: &str, indent: &str) -> String {
    let new = new.replace("\r\n", "\n");
    let body = new.trim_matches('\n').trim_end();
    let min = body.lines().filter(|l| !l.trim().is_empty()).map(leading_width).min().unwrap_or(0);
    let unit = body
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| leading_width(l) - min)
        .filter(|&w| w > 0)
        .min()
        .unwrap_or(4);
    let tabs = indent.contains('\t');
    body.lines()
        .map(|l| {
            if l.trim().is_empty() {
                return String::new();
            }
            let rest = strip_width(l, min);
            let extra = leading_width(rest);
            let inner = if tabs {
                format!("{}{}", "\t".repeat(extra / unit), " ".repeat(extra % unit))
            } else {
                " ".repeat(extra)
            };
            format!("{indent}{inner}{}", rest.trim_start())
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Width of leading whitespace (a tab counts as 4).
fn leading_width(line: &str) -> usize {
    line.chars().take_while(|c| *c == ' ' || *c == '\t').map(|c| if c == '\t' { 4 } else { 1 }).sum()
}

fn strip_width(line: &str, width: usize) -> &str {
    let mut w = 0;
    for (i, c) in line.char_indices() {
        if w >= width || (c != ' ' && c != '\t') {
            return &line[i..];
        }
        w += if c == '\t' { 4 } else { 1 };
    }
    ""
}

/// Removes the target's lines (with its preamble) and one run of blank lines next to it; at the end of
/// the file, the blank lines before it go instead, so the file still ends with one newline.
fn delete_edit<S: Source + ?Sized>(t: &Target, text: &S) -> TextEdit {
    let len = text.len();
    let start = text.line_start(t.around.start);
    let end = (text.line_end(t.range.end) + 1).min(len);
    if (end..len).all(|i| text.byte(i).is_ascii_whitespace()) {
        let mut kept = start;
        while kept > 0 && matches!(text.byte(kept - 1), b'\n' | b' ' | b'\t') {
            kept -= 1;
        }
        let from = if kept == 0 { 0 } else { kept + 1 };
        return TextEdit { range: from.min(start)..len, new_text: String::new() };
    }
    let mut blank_after = end;
    while blank_after < len && is_blank_line(text, text.line_of(blank_after)) {
        blank_after = text.line_end(blank_after) + 1;
    }
    let blank_before = start == 0 || (start >= 2 && text.byte(start - 1) == b'\n' && text.byte(start - 2) == b'\n');
    let end = if blank_before { blank_after.min(len) } else { end };
    TextEdit { range: start..end, new_text: String::new() }
}

// ---------------------------------------------------------------- verification

/// Refuses a result that no longer defines a block of the expected kind in the changed region.
#[allow(clippy::too_many_arguments)] // the edit's facts, each used once; a struct would only rename them
pub fn check_kind<S: Source + ?Sized>(
    lang: &Language,
    rel: &str,
    target: &Target,
    op: &Op,
    verify: &Verify,
    tree: &Tree,
    text: &S,
    changed: &Range<usize>,
) -> Result<()> {
    let wanted: Vec<SymbolKind> = match op {
        Op::Delete => return Ok(()),
        Op::Replace(_) if target.kind == SymbolKind::Object && verify.kinds.is_empty() => return Ok(()),
        Op::Replace(_) if verify.kinds.is_empty() => vec![target.kind],
        _ if verify.kinds.is_empty() => return Ok(()),
        _ => verify.kinds.clone(),
    };
    let found = FileSymbols::extract_in(lang, tree, text, Some(changed.clone()));
    let inside = |s: &crate::symbols::Symbol| {
        (s.range.start as usize) >= changed.start && (s.range.start as usize) < changed.end.max(changed.start + 1)
    };
    let ok = found.symbols.iter().any(|s| inside(s) && compatible(s.kind, &wanted));
    if ok {
        return Ok(());
    }
    let kinds: Vec<&str> = wanted.iter().map(|k| k.name()).collect();
    Err(Error::WrongKind {
        path: rel.to_string(),
        expected: kinds.join(" or "),
        replacing: matches!(op, Op::Replace(_)).then(|| target.name.clone()),
    })
}

/// Function-like kinds stand in for each other (a method replaced by a function-shaped text is fine).
fn compatible(kind: SymbolKind, wanted: &[SymbolKind]) -> bool {
    use SymbolKind::*;
    let family = |k: SymbolKind| match k {
        Function | Method | Constructor => 0,
        Class | Struct | Interface | Object => 1,
        Variable | Constant | Field | Property => 2,
        other => 10 + other.number(),
    };
    wanted.iter().any(|w| family(*w) == family(kind))
}
