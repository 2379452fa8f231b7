//! Structured content written as the answer's own JSON text on line-framed transports (stdio, a
//! daemon's client). rmcp wants `structuredContent` as a `serde_json::Value`, and an answer that is JSON
//! would be parsed into one only to be written back out: for a 600 KB `find_referencing_symbols` answer,
//! a quarter of the call's CPU. The server hands rmcp a placeholder string instead, and the output pump
//! writes the answer's text where the placeholder is. The text is checked to be valid JSON of the right
//! shape before it is held (`tools::output::structured`), so the line stays valid JSON-RPC.

use std::borrow::Cow;
use std::collections::HashMap;
use std::hash::{BuildHasher, RandomState};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// The JSON texts held for one line-framed connection until their answers go out.
pub struct RawAnswers {
    /// Random per connection: an answer's text cannot spell a placeholder it never saw.
    nonce: u64,
    next: AtomicU64,
    held: Mutex<HashMap<u64, String>>,
}

/// Held texts older than this many holds are dropped: their answers never went out (a cancelled call).
const KEEP: u64 = 64;

impl Default for RawAnswers {
    fn default() -> Self {
        RawAnswers { nonce: RandomState::new().hash_one(0u8), next: AtomicU64::new(0), held: Mutex::default() }
    }
}

impl RawAnswers {
    fn held(&self) -> std::sync::MutexGuard<'_, HashMap<u64, String>> {
        self.held.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A placeholder is this, then the held text's number.
    fn prefix(&self) -> String {
        format!("arborist-raw:{:016x}:", self.nonce)
    }

    /// Holds `json` (valid JSON text) and returns the string value that stands for it in a message.
    pub fn hold(&self, json: String) -> serde_json::Value {
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        let mut held = self.held();
        held.retain(|&k, _| k + KEEP > n);
        held.insert(n, json);
        serde_json::Value::String(format!("{}{n}", self.prefix()))
    }

    /// The message `line` with its placeholder, if any, replaced by the JSON text it stands for. The
    /// placeholder is looked for from the end: `structuredContent` is written after the content, which may
    /// quote anything.
    pub fn fill<'l>(&self, line: &'l [u8]) -> Cow<'l, [u8]> {
        if self.held().is_empty() {
            return Cow::Borrowed(line);
        }
        let prefix = format!("\"{}", self.prefix());
        let Some(start) = memchr::memmem::rfind(line, prefix.as_bytes()) else { return Cow::Borrowed(line) };
        let digits = start + prefix.len();
        let Some(len) = line[digits..].iter().position(|&b| b == b'"') else { return Cow::Borrowed(line) };
        let n = std::str::from_utf8(&line[digits..digits + len]).ok().and_then(|n| n.parse::<u64>().ok());
        let Some(json) = n.and_then(|n| self.held().remove(&n)) else { return Cow::Borrowed(line) };
        let end = digits + len + 1;
        Cow::Owned([&line[..start], json.as_bytes(), &line[end..]].concat())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    #[test]
    fn a_placeholder_is_replaced_by_its_text_once() {
        let raw = RawAnswers::default();
        let text = r#"{"a.py": {"Function": [{"name_path": "f"}]}}"#;
        let message = json!({"content": [{"text": text}], "structuredContent": raw.hold(text.into())});
        let line = serde_json::to_vec(&message).unwrap();
        let filled = raw.fill(&line);
        let parsed: Value = serde_json::from_slice(&filled).unwrap();
        assert_eq!(parsed["structuredContent"], serde_json::from_str::<Value>(text).unwrap());
        assert_eq!(parsed["content"][0]["text"], text);
        // once written, the text is no longer held
        assert_eq!(*raw.fill(&line), *line);
    }

    #[test]
    fn the_last_placeholder_is_the_structured_content() {
        let raw = RawAnswers::default();
        let placeholder = raw.hold("[1]".into());
        // an answer that quotes the placeholder (it cannot know the nonce; this one was told) stays as it is
        let quoted = format!("\"{}\"", placeholder.as_str().unwrap());
        let message = json!({"content": [{"text": quoted}], "structuredContent": {"result": placeholder}});
        let filled = raw.fill(&serde_json::to_vec(&message).unwrap()).into_owned();
        let parsed: Value = serde_json::from_slice(&filled).unwrap();
        assert_eq!(parsed["structuredContent"], json!({"result": [1]}));
        assert_eq!(parsed["content"][0]["text"], quoted);
    }

    #[test]
    fn lines_without_a_held_text_pass_unchanged() {
        let raw = RawAnswers::default();
        let line = br#"{"jsonrpc": "2.0", "id": 1, "result": {}}"#.to_vec();
        assert_eq!(*raw.fill(&line), *line);
        let other = RawAnswers::default();
        other.hold("{}".into());
        let message = serde_json::to_vec(&json!({"structuredContent": raw.hold("{}".into())})).unwrap();
        assert_eq!(*other.fill(&message), *message, "another connection's placeholder");
    }

    #[test]
    fn texts_whose_answers_never_went_out_are_dropped() {
        let raw = RawAnswers::default();
        for _ in 0..KEEP * 2 {
            raw.hold("{}".into());
        }
        assert_eq!(raw.held().len() as u64, KEEP);
    }
}
