//! `arborist loop`: the JSON-lines tool loop for agents that do not speak MCP. Owns reading one request per
//! line, dispatching tool calls through the registry (`tools::call`, as the MCP server does) and writing one
//! answer line per request, in order. Opening the project and the command line are main.rs's job.
//!
//! Requests: `{"action": "tool_call", "tool": NAME, "args": {...}}` (the action may be left out); any other
//! action (`respond`, `done`, ...) is acknowledged. Answers: `{"tool": NAME, "ok": true|false, "result": TEXT}`
//! for a call (an error text when `ok` is false), `{"action": A, "ok": true, "acknowledged": true}` for another
//! action, and `{"ok": false, "error": TEXT}` for a line that is not a usable request. Blank lines are skipped.

use crate::session::Session;
use crate::tools;
use serde_json::{Map, Value, json};
use std::io::{BufRead, Write};

/// Answers every request of `input` on `output`, one flushed line each, until the end of `input`.
pub fn run(session: &Session, mut input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            return Ok(());
        }
        if let Some(answer) = answer_line(session, &line) {
            serde_json::to_writer(&mut output, &answer)?;
            output.write_all(b"\n")?;
            output.flush()?;
        }
    }
}

/// The answer to one input line; None for a blank line.
pub fn answer_line(session: &Session, bytes: &[u8]) -> Option<Value> {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return Some(bad_line("the line is not valid UTF-8; send one JSON object per line"));
    };
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    Some(match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(request)) => answer(session, &request),
        Ok(other) => bad_line(&format!("expected a JSON object, got {}; {USAGE}", type_name(&other))),
        Err(e) => bad_line(&format!("invalid JSON ({e}); {USAGE}")),
    })
}

const USAGE: &str =
    r#"send one object per line: {"action": "tool_call", "tool": "read_file", "args": {"path": "README.md"}}"#;

fn answer(session: &Session, request: &Map<String, Value>) -> Value {
    match request.get("action") {
        None => tool_call(session, request),
        Some(Value::String(action)) if action == "tool_call" => tool_call(session, request),
        Some(Value::String(action)) => json!({"action": action, "ok": true, "acknowledged": true}),
        Some(other) => bad_line(&format!("\"action\" must be a string, got {}", type_name(other))),
    }
}

fn tool_call(session: &Session, request: &Map<String, Value>) -> Value {
    let Some(name) = request.get("tool").and_then(Value::as_str) else {
        return bad_line(&format!("a tool_call needs \"tool\" (a tool name as a string); {USAGE}"));
    };
    let args = match request.get("args") {
        None | Some(Value::Null) => Value::Object(Map::new()),
        Some(args @ Value::Object(_)) => args.clone(),
        Some(other) => return bad_call(name, &format!("\"args\" must be a JSON object, got {}", type_name(other))),
    };
    let tool = match tools::lookup(&session.activation(), name) {
        Ok(tool) => tool,
        Err(message) => return bad_call(name, &message),
    };
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| tools::call(session, tool, args)))
        .unwrap_or_else(|_| Err(tools::error_text(name, "internal error (the tool panicked); please report it")));
    let (ok, result) = match outcome {
        Ok(text) => (true, text),
        Err(text) => (false, text),
    };
    json!({"tool": name, "ok": ok, "result": result})
}

fn bad_line(message: &str) -> Value {
    json!({"ok": false, "error": message})
}

/// A request naming a tool that cannot be called as asked (unknown, inactive, bad `args`).
fn bad_call(tool: &str, message: &str) -> Value {
    json!({"tool": tool, "ok": false, "error": message})
}

fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}
