//! Edit planning, pure: where a symbol edit goes (the definition with its wrappers and preambles, its
//! indentation and blank-line habit), the guards, the text edit (re-indented, blank lines in the file's
//! style) and the check that the result still defines the expected kind. No file is read or written here:
//! the engine resolves the target and commits the edit.

use crate::error::{Error, Result};
use crate::language::Language;
use crate::query::SymbolKind;
use crate::symbols::{FileSymbols, outermost_wrapper, preamble};
use crate::text::{ContentHash, Source, TextEdit};
use std::ops::Range;
use tree_sitter::{Node, Tree};

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
    /// What separates it from its siblings in a list-like container (JSON's `,`), kept right around an
    /// insertion or deletion.
    pub separator: Option<String>,
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
        Target {
            indent: indent_at(text, range.start),
            blank_lines: 1,
            kind: SymbolKind::Object,
            name,
            around,
            range,
            separator: lang.entry.separator.clone(),
        }
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
        let habit = (lang.entry.top_level_blank_lines, lang.entry.nested_blank_lines);
        Target {
            indent: indent_at(text, range.start),
            blank_lines: blank_lines_near(symbols, index, around.start, text, habit),
            kind: s.kind,
            name: symbols.name_path(index),
            around,
            range,
            separator: lang.entry.separator.clone(),
        }
    }
}

/// The definition widened over the wrappers that end with it (an `export`, a decorated definition) and
/// over the preambles directly above it (attributes, decorators, doc comments), as the language's
/// textobjects.scm marks them.
fn around_range<S: Source + ?Sized>(lang: &Language, tree: &Tree, range: &Range<usize>, text: &S) -> Range<usize> {
    let Some(node) = definition_node(tree, range) else {
        return range.clone();
    };
    let node = outermost_wrapper(lang, node, text);
    let above = preamble(lang, node, text);
    let start = above.last().map_or(node.start_byte(), |(n, _)| n.start_byte()).min(range.start);
    start..range.end.max(node.end_byte())
}

/// The node a definition's range stands for: the smallest one holding it, or, when the range spans
/// siblings (a Kotlin property and its getter, joined by a trailer), the largest one starting it.
fn definition_node<'t>(tree: &'t Tree, range: &Range<usize>) -> Option<Node<'t>> {
    let node = tree.root_node().descendant_for_byte_range(range.start, range.end)?;
    if node.start_byte() == range.start {
        return Some(node);
    }
    let mut node = tree.root_node().descendant_for_byte_range(range.start, range.start)?;
    while let Some(parent) = node.parent().filter(|p| p.start_byte() == range.start && p.end_byte() <= range.end) {
        node = parent;
    }
    Some(node)
}

/// Leading whitespace of the line holding `byte`.
fn indent_at<S: Source + ?Sized>(text: &S, byte: usize) -> String {
    text.slice(text.line_start(byte)..byte).chars().take_while(|c| *c == ' ' || *c == '\t').collect()
}

/// Blank lines between the target and its previous (else next) sibling; the language's habit otherwise.
fn blank_lines_near<S: Source + ?Sized>(
    fs: &FileSymbols,
    index: u32,
    around_start: usize,
    text: &S,
    habit: (usize, usize),
) -> usize {
    let s = fs.get(index);
    let siblings: &[u32] = match s.parent() {
        Some(p) => fs.children(p),
        None => &fs.roots,
    };
    let pos = siblings.iter().position(|&c| c == index).unwrap_or(0);
    // The gap between two symbols tells the habit only when nothing but blank lines fills it: a container's
    // header or footer, or statements that are no symbols (imports), may stand between siblings.
    let gap = |from: usize, to: usize| (from <= to && (from..to).all(|l| is_blank_line(text, l))).then(|| to - from);
    let last_content_line = |sym: &crate::symbols::Symbol| {
        let mut line = sym.end_line as usize;
        while line > sym.start_line as usize && is_blank_line(text, line) {
            line -= 1;
        }
        line
    };
    let own_start = text.line_of(around_start);
    if pos > 0 {
        let prev_end = last_content_line(&fs.get(siblings[pos - 1]));
        if let Some(n) = gap(prev_end + 1, own_start) {
            return n.min(3);
        }
    }
    if let Some(&next) = siblings.get(pos + 1) {
        let (own_end, next) = (last_content_line(&s), fs.get(next));
        // The next sibling's comment lines belong to it.
        let mut next_start = next.start_line as usize;
        while next_start > own_end + 1 && is_comment_like(text, next_start - 1) {
            next_start -= 1;
        }
        if let Some(n) = gap(own_end + 1, next_start) {
            return n.min(3);
        }
    }
    if s.parent().is_none() { habit.0 } else { habit.1 }
}

/// A line that starts with a comment or attribute marker (`#`, `//`, `/*`, `--`, `<!--`, `@`).
fn is_comment_like<S: Source + ?Sized>(text: &S, line: usize) -> bool {
    let l = text.slice(text.line_to_byte(line)..text.line_to_byte(line + 1));
    let l = l.trim_start();
    ["#", "//", "/*", "*", "--", "<!--", "@", ";"].iter().any(|m| l.starts_with(m))
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

/// Where the target's text ends, before any whitespace its node ends with (a YAML block scalar keeps its
/// final newline): edits go after the content, not after a newline that belongs to the next line.
fn content_end<S: Source + ?Sized>(t: &Target, text: &S) -> usize {
    let mut end = t.range.end;
    while end > t.range.start && text.byte(end - 1).is_ascii_whitespace() {
        end -= 1;
    }
    end
}

/// Where a replacement ends: the target's content end, or past the `;` right after it when the new body
/// brings its own (a C++ `struct P {...};`, whose node stops before the `;`), so it is not doubled.
fn end_with_terminator<S: Source + ?Sized>(t: &Target, text: &S, body: &str) -> usize {
    let end = content_end(t, text);
    if !body.trim_end().ends_with(';') || text.slice(t.range.clone()).trim_end().ends_with(';') {
        return end;
    }
    let mut at = end;
    while at < text.len() && matches!(text.byte(at), b' ' | b'\t') {
        at += 1;
    }
    if at < text.len() && text.byte(at) == b';' { at + 1 } else { end }
}

pub fn build_edit<S: Source + ?Sized>(t: &Target, text: &S, op: &Op, indent_sensitive: bool) -> TextEdit {
    match op {
        Op::Replace(new) => {
            let original = text.slice(t.around.clone());
            let body = reindent_body(new, &t.indent, indent_sensitive, &original);
            let start = replacement_start(t, text, &body);
            TextEdit { range: start..end_with_terminator(t, text, &body), new_text: body }
        }
        Op::InsertBefore(new) => {
            let at = text.line_start(t.around.start);
            let block = reindent_all(without_separator(new, t), &t.indent);
            let sep = t.separator.as_deref().unwrap_or("");
            TextEdit { range: at..at, new_text: format!("{block}{sep}\n{}", "\n".repeat(t.blank_lines)) }
        }
        Op::InsertAfter(new) => insert_after(t, text, &reindent_all(without_separator(new, t), &t.indent)),
        Op::Delete => match t.separator.as_deref().and_then(|sep| separator_before_last(t, text, sep)) {
            Some(sep_at) => TextEdit { range: sep_at..content_end(t, text), new_text: String::new() },
            None => delete_edit(t, text),
        },
    }
}

/// The new text without a trailing separator (the edit places separators itself).
fn without_separator<'a>(new: &'a str, t: &Target) -> &'a str {
    let trimmed = new.trim_end();
    t.separator.as_deref().and_then(|sep| trimmed.strip_suffix(sep)).unwrap_or(new)
}

/// A block after the target, on its own lines. With a separator: after the one that follows the target,
/// ending with one itself; or, when the target is the last of its list, with one put right after the target.
fn insert_after<S: Source + ?Sized>(t: &Target, text: &S, block: &str) -> TextEdit {
    let blank = "\n".repeat(t.blank_lines);
    let end = content_end(t, text);
    let Some(sep) = t.separator.as_deref() else {
        let at = text.line_end(end);
        return TextEdit { range: at..at, new_text: format!("\n{blank}{block}") };
    };
    match next_non_space(text, end).filter(|&i| text.slice(i..(i + sep.len()).min(text.len())) == sep) {
        Some(i) => {
            let at = text.line_end(i);
            TextEdit { range: at..at, new_text: format!("\n{blank}{block}{sep}") }
        }
        None => {
            let at = text.line_end(end);
            let rest = text.slice(end..at);
            TextEdit { range: end..at, new_text: format!("{sep}{rest}\n{blank}{block}") }
        }
    }
}

/// For the last element of a list (no separator after it), the separator before it, which goes with it.
fn separator_before_last<S: Source + ?Sized>(t: &Target, text: &S, sep: &str) -> Option<usize> {
    let follows = next_non_space(text, content_end(t, text))
        .is_some_and(|i| text.slice(i..(i + sep.len()).min(text.len())) == sep);
    if follows {
        return None;
    }
    let mut i = t.around.start;
    while i > 0 && text.byte(i - 1).is_ascii_whitespace() {
        i -= 1;
    }
    (i >= sep.len() && text.slice(i - sep.len()..i) == sep).then(|| i - sep.len())
}

fn next_non_space<S: Source + ?Sized>(text: &S, from: usize) -> Option<usize> {
    (from..text.len()).find(|&i| !text.byte(i).is_ascii_whitespace())
}

/// Where a replacement begins: at the definition, unless the new text also brings what stands before it
/// (a wrapper such as `export`, decorators or attributes, a doc comment): then from the first line of that
/// part of the old text, so nothing is doubled and nothing else is lost.
fn replacement_start<S: Source + ?Sized>(t: &Target, text: &S, body: &str) -> usize {
    if t.around.start >= t.range.start {
        return t.range.start;
    }
    let first = body.lines().next().unwrap_or("").trim();
    let prefix = text.slice(t.around.start..t.range.start);
    // The prefix's lines: where each starts (at its first non-blank) and its text.
    let mut lines = Vec::new();
    let mut offset = t.around.start;
    for line in prefix.split_inclusive('\n') {
        lines.push((offset + line.len() - line.trim_start().len(), line.trim()));
        offset += line.len();
    }
    // The new text repeats a line of the prefix: from there.
    if let Some(&(at, _)) = lines.iter().find(|(_, l)| !l.is_empty() && *l == first) {
        return at;
    }
    // It brings attributes or decorators: from the first of the old ones (docs above them stay).
    if let Some(marker) = ATTRIBUTE_MARKERS.iter().find(|m| first.starts_with(*m))
        && let Some(&(at, _)) = lines.iter().find(|(_, l)| l.starts_with(marker))
    {
        return at;
    }
    // It brings its doc comment: from the first line of the old one.
    if let Some(marker) = DOC_MARKERS.iter().find(|m| first.starts_with(*m))
        && lines.iter().any(|(_, l)| l.starts_with(marker))
    {
        return t.around.start;
    }
    // It repeats a wrapper on the definition's own line (`export`): from the wrapper.
    let partial = !prefix.ends_with('\n');
    if let Some(&(at, l)) = lines.last().filter(|(_, l)| partial && !l.is_empty() && first.starts_with(l)) {
        let _ = l;
        return at;
    }
    t.range.start
}

/// Whether line `line` exists and holds only whitespace.
fn is_blank_line<S: Source + ?Sized>(text: &S, line: usize) -> bool {
    line <= text.line_of(text.len())
        && text.slice(text.line_to_byte(line)..text.line_to_byte(line + 1)).trim().is_empty()
}

/// How attribute, decorator and annotation lines start.
const ATTRIBUTE_MARKERS: &[&str] = &["@", "#["];

/// How doc comment lines start, across languages.
const DOC_MARKERS: &[&str] = &["///", "//!", "/**", "/*", "//", "#", "--", "(*", "\"\"\"", "<!--", ";", "%"];

/// A replacement body: first line unindented (it continues the target's line), later lines kept when they
/// are already indented for the file, else shifted by the target's indentation. `original` is the text it
/// replaces, preamble included.
fn reindent_body(new: &str, indent: &str, indent_sensitive: bool, original: &str) -> String {
    let new = new.replace("\r\n", "\n");
    let mut lines = new.trim_end().lines();
    let first = lines.next().unwrap_or("").trim_start().to_string();
    let rest: Vec<&str> = lines.collect();
    let min = rest.iter().filter(|l| !l.trim().is_empty()).map(|l| leading_width(l)).min();
    let target = leading_width(indent);
    // At the target's own indentation, an absolutely indented body has only its closing lines (`}`, `end`),
    // unless the definition it replaces already has more there (`@Override` above `void save()`); a body
    // written from column 0 has content there (a Kotlin getter under its property).
    let content_at = |lines: &[&str], m: usize| {
        lines.iter().filter(|l| !l.trim().is_empty() && leading_width(l) == m).any(|l| !is_closing_line(l))
    };
    let own_level = || content_at(&original.lines().skip(1).collect::<Vec<_>>(), target);
    let relative = !indent.is_empty()
        && min.is_some_and(|m| {
            m < target || (m == target && (indent_sensitive || (content_at(&rest, m) && !own_level())))
        });
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

/// A line that only closes what the definition opened (`}`, `)`, `end`, `fi`...).
fn is_closing_line(line: &str) -> bool {
    let l = line.trim();
    ["}", ")", "]", "end", "fi", "done", "esac", "@end", "</"].iter().any(|c| l.starts_with(c))
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
    let end = (text.line_end(content_end(t, text)) + 1).min(len);
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
pub fn check_kind(
    rel: &str,
    target: &Target,
    op: &Op,
    verify: &Verify,
    symbols: &FileSymbols,
    changed: &Range<usize>,
) -> Result<()> {
    let wanted: Vec<SymbolKind> = match op {
        Op::Delete => return Ok(()),
        Op::Replace(_) if target.kind == SymbolKind::Object && verify.kinds.is_empty() => return Ok(()),
        Op::Replace(_) if verify.kinds.is_empty() => vec![target.kind],
        _ if verify.kinds.is_empty() => return Ok(()),
        _ => verify.kinds.clone(),
    };
    let inside = |s: &crate::symbols::Symbol| {
        (s.range.start as usize) >= changed.start && (s.range.start as usize) < changed.end.max(changed.start + 1)
    };
    let ok = symbols.iter().any(|s| inside(&s) && compatible(s.kind, &wanted));
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
    // A structured document's key may change the kind of its value (a string becomes an object).
    let data = |k: SymbolKind| matches!(k, Key | Object | Array | String | Number | Boolean | Null);
    wanted.iter().any(|w| family(*w) == family(kind) || (data(*w) && data(kind)))
}
