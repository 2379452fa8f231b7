//! Outlines of indentation-structured code (Python) read from the text alone, without a parse: its
//! logical lines and their indentation, and the skeleton of a definition (the headers of the blocks
//! around it, then the definition whole) as byte ranges, so that a lookup can parse only those.

use std::ops::Range;

/// One logical line that holds code (blank and comment-only lines are not statements): where it starts
/// (a line start), its indentation in columns, and where it ends (after its last line break).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Statement {
    start: usize,
    indent: usize,
    end: usize,
}

/// The logical lines of a Python-like text: `#` comments, `'`/`"` strings and their triple-quoted
/// forms, brackets and a trailing `\` join lines. None when the text is not what this reading
/// understands (a tab or form feed in an indentation, an unbalanced bracket or string): the caller
/// then parses the whole text.
#[derive(Debug)]
pub struct Outline {
    statements: Vec<Statement>,
}

impl Outline {
    pub fn read(text: &str) -> Option<Outline> {
        let b = text.as_bytes();
        let mut statements: Vec<Statement> = Vec::new();
        let (mut depth, mut continued, mut triple) = (0usize, false, None::<u8>);
        let mut k = 0;
        let mut line_start = true;
        while k < b.len() {
            if line_start {
                line_start = false;
                if triple.is_none() && depth == 0 && !continued {
                    let indent = b[k..].iter().take_while(|&&c| c == b' ').count();
                    match b.get(k + indent) {
                        Some(b'\t' | b'\x0c') => return None,
                        None | Some(b'\n' | b'\r' | b'#') => {
                            // blank or comment-only: not a statement
                            k = memchr::memchr(b'\n', &b[k..]).map_or(b.len(), |i| k + i + 1);
                            line_start = true;
                            continue;
                        }
                        Some(_) => statements.push(Statement { start: k, indent, end: b.len() }),
                    }
                    k += indent;
                }
                continued = false;
            }
            if let Some(q) = triple {
                // in a triple-quoted string only an escape, its quote and a line break matter
                let Some(i) = memchr::memchr3(b'\\', q, b'\n', &b[k..]) else { break };
                k += i;
                match b[k] {
                    b'\\' => k += 1,
                    c if c == q && b[k..].starts_with(&[q, q, q]) => {
                        triple = None;
                        k += 2;
                    }
                    b'\n' => line_start = end_line(&mut statements, k),
                    _ => {}
                }
                k += 1;
                continue;
            }
            k += b[k..].iter().position(|&c| !PLAIN[c as usize]).unwrap_or(b.len() - k);
            let Some(&c) = b.get(k) else { break };
            match c {
                b'#' => {
                    k = memchr::memchr(b'\n', &b[k..]).map_or(b.len(), |i| k + i);
                    continue;
                }
                b'\'' | b'"' if b[k..].starts_with(&[c, c, c]) => {
                    triple = Some(c);
                    k += 2;
                }
                b'\'' | b'"' => k = string_end(b, k)?,
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => depth = depth.checked_sub(1)?,
                b'\\' if b[k + 1..].starts_with(b"\n") || b[k + 1..].starts_with(b"\r\n") => continued = true,
                b'\n' => line_start = end_line(&mut statements, k),
                _ => {}
            }
            k += 1;
        }
        (triple.is_none() && depth == 0).then_some(Outline { statements })
    }

    /// Whether `byte` is on a statement (not a blank or comment-only line).
    pub fn holds_statement(&self, byte: usize) -> bool {
        let s = self.statements.partition_point(|st| st.start <= byte);
        s > 0 && byte < self.statements[s - 1].end
    }

    /// The byte ranges a parse needs to see the definition whose statement holds `byte` in its context:
    /// the header line of each block around it (`class A(B):`), then the statement whole with its
    /// decorators and its indented body. None when `byte` is on no statement (a comment or blank line)
    /// or a block around it continues another (`else:`, `except:`), which cannot stand without the
    /// block before it, or defines a name that an earlier sibling defines too (its name path would then
    /// need that sibling, for `Name[1]`).
    pub fn skeleton(&self, text: &str, byte: usize) -> Option<Vec<Range<usize>>> {
        let s = self.statements.partition_point(|st| st.start <= byte).checked_sub(1)?;
        let own = self.statements[s];
        if byte >= own.end {
            return None;
        }
        let mut first = s;
        while first > 0
            && self.statements[first - 1].indent == own.indent
            && starts_with(text, &self.statements[first - 1], "@")
        {
            first -= 1;
        }
        let last = s + self.statements[s + 1..].iter().take_while(|st| st.indent > own.indent).count();
        let own_range = self.statements[first].start..self.statements[last].end;
        let mut ranges = Vec::from([own_range]);
        let mut need = self.statements[first].indent;
        for (j, st) in self.statements[..first].iter().enumerate().rev() {
            if need == 0 {
                break;
            }
            if st.indent < need {
                if ["else", "elif", "except", "finally"].iter().any(|w| starts_with_word(text, st, w))
                    || self.defined_before(text, j)
                {
                    return None;
                }
                ranges.push(st.start..st.end);
                need = st.indent;
            }
        }
        ranges.reverse();
        Some(ranges)
    }
}

impl Outline {
    /// Whether the `def`/`class` of statement `j` defines a name that a statement before it in the same
    /// block, at its indentation, defines or assigns too.
    fn defined_before(&self, text: &str, j: usize) -> bool {
        let st = self.statements[j];
        let Some(name) = defined_name(text, &st) else { return false };
        let siblings = self.statements[..j].iter().rev().take_while(|s| s.indent >= st.indent);
        siblings.filter(|s| s.indent == st.indent).any(|s| {
            let rest = &text[s.start + s.indent..s.end];
            defined_name(text, s) == Some(name)
                || rest.strip_prefix(name).is_some_and(|r| r.trim_start_matches([' ', '\t']).starts_with(['=', ':']))
        })
    }
}

/// The name a `def`, `async def` or `class` statement defines.
fn defined_name<'t>(text: &'t str, st: &Statement) -> Option<&'t str> {
    let rest = &text[st.start + st.indent..st.end];
    let rest = rest.strip_prefix("async ").map_or(rest, str::trim_start);
    let rest = rest.strip_prefix("def ").or_else(|| rest.strip_prefix("class "))?.trim_start();
    let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(rest.len());
    (end > 0).then(|| &rest[..end])
}

/// The bytes that change nothing for `Outline::read` outside a triple-quoted string (all but comment,
/// quote, bracket, backslash and line break): it steps over a run of them at once.
const PLAIN: [bool; 256] = {
    let mut plain = [true; 256];
    let special = b"#'\"([{)]}\\\n";
    let mut i = 0;
    while i < special.len() {
        plain[special[i] as usize] = false;
        i += 1;
    }
    plain
};

/// Ends the physical line at the line break `at`: the statement being read now reaches past it.
/// Returns true (the next byte starts a line).
fn end_line(statements: &mut [Statement], at: usize) -> bool {
    if let Some(last) = statements.last_mut() {
        last.end = at + 1;
    }
    true
}

/// Where the one-line string opened by the quote at `open` closes (its closing quote); None when the
/// line ends first.
fn string_end(b: &[u8], open: usize) -> Option<usize> {
    let q = b[open];
    let mut k = open + 1;
    loop {
        match *b.get(k)? {
            b'\\' => k += 2,
            b'\n' => return None,
            c if c == q => return Some(k),
            _ => k += 1,
        }
    }
}

fn starts_with(text: &str, st: &Statement, prefix: &str) -> bool {
    text[st.start + st.indent..].starts_with(prefix)
}

fn starts_with_word(text: &str, st: &Statement, word: &str) -> bool {
    let rest = &text[st.start + st.indent..];
    rest.starts_with(word) && !rest[word.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
}

/// Sorted, merged ranges: overlapping or touching ones become one.
pub fn merge(mut ranges: Vec<Range<usize>>) -> Vec<Range<usize>> {
    ranges.sort_by_key(|r| (r.start, r.end));
    let mut out: Vec<Range<usize>> = Vec::with_capacity(ranges.len());
    for r in ranges {
        match out.last_mut() {
            Some(last) if r.start <= last.end => last.end = last.end.max(r.end),
            _ => out.push(r),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn skeleton(text: &str, at: &str) -> Vec<String> {
        let outline = Outline::read(text).expect("understood");
        let byte = text.find(at).unwrap();
        outline.skeleton(text, byte).unwrap_or_default().into_iter().map(|r| text[r].to_string()).collect()
    }

    const MODULE: &str = r#"import os

class A(
    Base,
):
    """Doc with
def fake(): at column 0
"""
    x = [
  1,
]

    @property
    # a comment between
    @cached
    def get(self):
        s = '#not a comment'
        return """
text
"""  # done

    def other(self):
        pass
def top(): \
    return 1
"#;

    #[test]
    fn the_skeleton_is_the_headers_around_then_the_definition_whole() {
        assert_eq!(
            skeleton(MODULE, "def get"),
            [
                "class A(\n    Base,\n):\n",
                "    @property\n    # a comment between\n    @cached\n    def get(self):\n        s = '#not a comment'\n        return \"\"\"\ntext\n\"\"\"  # done\n"
            ]
        );
        assert_eq!(
            skeleton(MODULE, "def other"),
            ["class A(\n    Base,\n):\n", "    def other(self):\n        pass\n"]
        );
        assert_eq!(skeleton(MODULE, "def top"), ["def top(): \\\n    return 1\n"]);
        assert!(skeleton(MODULE, "def fake").concat().contains("Doc with"), "inside the docstring: its statement");
        assert!(skeleton(MODULE, "import os\n\n").len() == 1);
    }

    #[test]
    fn a_block_named_like_an_earlier_sibling_has_no_skeleton() {
        let text = "def t():\n    class U:\n        pass\n    class U:\n        def clean(self):\n            pass\n";
        let outline = Outline::read(text).unwrap();
        assert_eq!(outline.skeleton(text, text.find("def clean").unwrap()), None, "its path is t/U[1]/clean");
        let text = text.replacen("class U:\n        pass", "class V:\n        pass", 1);
        assert_eq!(skeleton(&text, "def clean").len(), 3);
        let text = text.replacen("class V:\n        pass", "U = None", 1);
        assert_eq!(Outline::read(&text).unwrap().skeleton(&text, text.find("def clean").unwrap()), None);
    }

    #[test]
    fn comments_blank_lines_and_continued_blocks_have_no_skeleton() {
        let text = "if x:\n    pass\nelse:\n    def get():\n        pass\n\n# def get\n";
        let outline = Outline::read(text).unwrap();
        assert_eq!(outline.skeleton(text, text.find("def get():").unwrap()), None);
        assert_eq!(outline.skeleton(text, text.find("# def get").unwrap()), None);
    }

    #[test]
    fn texts_it_does_not_understand_are_refused() {
        assert!(Outline::read("def f():\n\treturn 1\n").is_none(), "tab indentation");
        assert!(Outline::read("x = (1,\n").is_none(), "unclosed bracket");
        assert!(Outline::read("x = 'abc\ny = 2\n").is_none(), "unterminated string");
        assert!(Outline::read("x = '''abc\n").is_none(), "unterminated triple-quoted string");
        assert!(Outline::read("x = 1]\n").is_none());
    }

    #[test]
    fn merged_ranges_are_sorted_and_disjoint() {
        assert_eq!(merge(vec![5..9, 0..3, 3..4, 7..12, 20..21]), [0..4, 5..12, 20..21]);
    }
}
