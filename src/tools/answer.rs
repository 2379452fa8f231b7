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
/// the shortened form (`label` then `shorter()`) when that itself fits in `limit`.
pub fn limit_answer(answer: String, limit: usize, label: &str, shorter: impl FnOnce() -> Option<String>) -> String {
    let len = answer.chars().count();
    if len <= limit {
        return answer;
    }
    let notice = too_long(len);
    match shorter() {
        Some(short) if short.chars().count() <= limit => format!("{notice}\n{label}\n{short}"),
        _ => notice,
    }
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
