//! Answer formatting shared by the tools: the reference server's JSON style and answer-length limit.

use arborist_engine::error::{Error, Result};
use serde::Serialize;

/// JSON as the reference server writes it (Python's `json.dumps`: `", "` and `": "`, non-ASCII kept).
pub fn to_json<T: Serialize + ?Sized>(value: &T) -> String {
    let mut out = Vec::with_capacity(256);
    let mut ser = serde_json::Serializer::with_formatter(&mut out, PyFormatter);
    value.serialize(&mut ser).expect("answers are plain data and always serialise");
    String::from_utf8(out).expect("serde_json writes UTF-8")
}

struct PyFormatter;

impl serde_json::ser::Formatter for PyFormatter {
    fn begin_array_value<W: ?Sized + std::io::Write>(&mut self, w: &mut W, first: bool) -> std::io::Result<()> {
        if first { Ok(()) } else { w.write_all(b", ") }
    }

    fn begin_object_key<W: ?Sized + std::io::Write>(&mut self, w: &mut W, first: bool) -> std::io::Result<()> {
        if first { Ok(()) } else { w.write_all(b", ") }
    }

    fn begin_object_value<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        w.write_all(b": ")
    }
}

/// Resolves `max_answer_chars`: -1 means the configured default; other values must be positive.
pub fn answer_limit(max_answer_chars: i64, default: usize) -> Result<usize> {
    match max_answer_chars {
        -1 => Ok(default),
        n if n > 0 => Ok(n as usize),
        n => Err(Error::invalid(
            "max_answer_chars",
            format!("max_answer_chars must be positive or -1 (the default), got {n}"),
        )),
    }
}

/// Returns `answer` if it fits in `limit` characters; otherwise the reference server's notice, followed by
/// the shortened form (`label` then `shorter()`) when that itself fits in `limit`, else by a summary of
/// what the answer held (`summarise`).
pub fn limit_answer(answer: String, limit: usize, label: &str, shorter: impl FnOnce() -> Option<String>) -> String {
    let len = answer.chars().count();
    if len <= limit {
        return answer;
    }
    let notice = too_long(len);
    match shorter() {
        Some(short) if short.chars().count() <= limit => format!("{notice}\n{label}\n{short}"),
        _ => format!("{notice}\n{}", summarise(&answer, limit)),
    }
}

/// What an answer held, in at most about `limit` characters: counts per key of a JSON object (files,
/// kinds), per file and per kind of a JSON list of symbols, or lines (per file for `path:line:` lines,
/// per kind for `Kind name [a-b]` lines) of a text.
pub fn summarise(answer: &str, limit: usize) -> String {
    let (total, unit, parts) = match serde_json::from_str::<serde_json::Value>(answer) {
        Ok(serde_json::Value::Object(map)) => {
            // plain values (a `backend` note) are not what the answer lists
            let listed = map.iter().filter(|(_, v)| v.is_array() || v.is_object());
            let parts: Vec<(String, usize)> = listed.map(|(k, v)| (k.clone(), items(v))).collect();
            (parts.iter().map(|(_, n)| n).sum(), "items", parts)
        }
        Ok(serde_json::Value::Array(list)) => {
            let mut parts = group_count(list.iter().filter_map(|v| v["relative_path"].as_str()));
            parts.extend(group_count(list.iter().filter_map(|v| v["kind"].as_str())));
            (list.len(), "items", parts)
        }
        _ => {
            let lines: Vec<&str> = answer.lines().collect();
            let by_file = group_count(lines.iter().filter_map(|l| grep_path(l)));
            let parts =
                if by_file.is_empty() { group_count(lines.iter().filter_map(|l| outline_kind(l))) } else { by_file };
            (lines.len(), "lines", parts)
        }
    };
    let mut out = format!("It held {total} {unit}");
    if !parts.is_empty() {
        out.push(':');
    }
    for (i, (key, n)) in parts.iter().enumerate() {
        let part = format!(" {key} {n}{}", if i + 1 < parts.len() { "," } else { "" });
        if out.len() + part.len() + 20 > limit.max(200) {
            out.push_str(&format!(" ... and {} more", parts.len() - i));
            break;
        }
        out.push_str(&part);
    }
    out.push('.');
    out
}

/// Items in a JSON value: list entries (nested objects summed), 1 for anything else.
fn items(v: &serde_json::Value) -> usize {
    match v {
        serde_json::Value::Array(a) => a.len(),
        serde_json::Value::Object(m) => m.values().map(items).sum(),
        _ => 1,
    }
}

fn group_count<'a>(keys: impl Iterator<Item = &'a str>) -> Vec<(String, usize)> {
    let mut counts: Vec<(String, usize)> = Vec::new();
    for k in keys {
        match counts.iter_mut().find(|(c, _)| c == k) {
            Some((_, n)) => *n += 1,
            None => counts.push((k.to_string(), 1)),
        }
    }
    counts
}

/// `src/a.rs` of a `src/a.rs:12: text` line.
fn grep_path(line: &str) -> Option<&str> {
    let (path, rest) = line.split_once(':')?;
    let (num, _) = rest.split_once(':')?;
    (!path.is_empty() && !path.contains(' ') && num.bytes().all(|b| b.is_ascii_digit()) && !num.is_empty())
        .then_some(path)
}

/// `Method` of a `  Method name [3-9]` line.
fn outline_kind(line: &str) -> Option<&str> {
    let line = line.trim_start();
    let kind = line.split(' ').next()?;
    (line.ends_with(']') && kind.chars().next().is_some_and(|c| c.is_ascii_uppercase())).then_some(kind)
}

/// How to narrow an over-long answer of `tool` (None: the tool's own summary says it).
pub fn narrowing(tool: &str) -> Option<&'static str> {
    Some(match tool {
        "glob" | "grep" => return None,
        "read_file" => "Read a range: start_line/end_line (or offset/limit), or use the symbol tools.",
        "search_for_pattern" => {
            "Narrow it with relative_path, paths_include_glob / paths_exclude_glob, fewer context lines or a more \
             specific pattern."
        }
        "find_file" => "Narrow it with a deeper relative_path or a more specific file_mask.",
        "list_dir" => "List a deeper directory, or without recursive.",
        "find_symbol" => {
            "Narrow it with relative_path, include_kinds, a longer name path (Class/method), or without include_body \
             / depth."
        }
        "get_symbols_overview" => "Use depth 0, or find_symbol on one class with depth 1.",
        "find_referencing_symbols" => "Narrow it with include_kinds / exclude_kinds.",
        "find_implementations" => "Narrow it with include_kinds / exclude_kinds.",
        "get_diagnostics_for_file" | "get_diagnostics_for_symbol" => "Narrow it with start_line / end_line.",
        "list_symbols" | "rust_list_symbols" => "Use get_symbols_overview, or find_symbol on one symbol with depth 1.",
        "replace_in_files" => "Narrow it with relative_path or paths_include_glob.",
        "execute_shell_command" | "shell" => "Filter the command's output (grep, head, tail) or write it to a file.",
        "read_memory" => "Split the memory into smaller ones (edit_memory, write_memory).",
        _ => "Narrow the call (a smaller path, range or pattern).",
    })
}

/// Like `limit_answer`, but an over-long answer always keeps `summary` (how much matched and how to narrow)
/// after the notice; `detail()` follows when it fits in `limit`.
pub fn limit_answer_summarised(answer: String, limit: usize, summary: &str, detail: impl FnOnce() -> String) -> String {
    let len = answer.chars().count();
    if len <= limit {
        return answer;
    }
    let detail = detail();
    let detail = if detail.chars().count() <= limit { format!("\n{detail}") } else { String::new() };
    format!("{}\n{summary}{detail}", too_long(len))
}

/// Whether an answer is the over-long notice (and what follows it).
pub fn is_notice(answer: &str) -> bool {
    answer.starts_with("The answer is too long (")
}

fn too_long(len: usize) -> String {
    format!(
        "The answer is too long ({len} characters). You can adjust your query or raise the max_answer_chars parameter."
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_matches_python_separators() {
        let v = serde_json::json!({"dirs": ["a", "b"], "files": [], "ü": 1});
        assert_eq!(to_json(&v), r#"{"dirs": ["a", "b"], "files": [], "ü": 1}"#);
    }

    #[test]
    fn over_long_answers_say_what_they_held() {
        let refs = r#"{"backend": "heuristic", "a.py": {"Method": [1, 2], "File": [3]}, "b.py": {"Class": [4]}}"#;
        assert_eq!(summarise(refs, 1000), "It held 4 items: a.py 3, b.py 1.");
        let syms = r#"[{"relative_path": "a.py", "kind": "Class"}, {"relative_path": "a.py", "kind": "Method"}]"#;
        assert_eq!(summarise(syms, 1000), "It held 2 items: a.py 2, Class 1, Method 1.");
        assert_eq!(
            summarise("src/a.rs:3: x\nsrc/a.rs:9: y\nlib.rs:0: z", 1000),
            "It held 3 lines: src/a.rs 2, lib.rs 1."
        );
        assert_eq!(
            summarise("Class A [0-9]\n  Method f [1-2]\n  Method g [3-4]", 1000),
            "It held 3 lines: Class 1, Method 2."
        );
        assert_eq!(summarise("just\ntext", 1000), "It held 2 lines.");
        let many: String = (0..500).map(|i| format!("f{i}.rs:1: x\n")).collect();
        let s = summarise(&many, 300);
        assert!(s.len() < 400 && s.ends_with("more."), "{s}");
        let cut = limit_answer("x".repeat(50), 10, "", || None);
        assert!(cut.ends_with("\nIt held 1 lines."), "{cut}");
    }

    #[test]
    fn limits() {
        assert_eq!(answer_limit(-1, 10).unwrap(), 10);
        assert!(answer_limit(0, 10).is_err());
        let long = "x".repeat(50);
        let cut = limit_answer(long.clone(), 10, "Shortened:", || Some("{}".into()));
        assert!(cut.starts_with("The answer is too long (50 characters)"), "{cut}");
        assert!(cut.ends_with("Shortened:\n{}"));
        assert_eq!(limit_answer(long.clone(), 50, "", || None), long);
        let cut = limit_answer_summarised(long.clone(), 10, "3 files match.", || "a: 1".into());
        assert!(cut.ends_with(
            "characters). You can adjust your query or raise the max_answer_chars parameter.\n3 files match.\na: 1"
        ));
        let cut = limit_answer_summarised(long, 10, "3 files match.", || "x".repeat(11));
        assert!(cut.ends_with("\n3 files match."), "{cut}");
    }
}
