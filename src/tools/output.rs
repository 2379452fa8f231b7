//! The shape of each tool's answer for MCP structured output: the output schema a tool announces and the
//! `structuredContent` built from its text answer. A JSON object answer is its own structured content; a
//! JSON list is `{"result": [...]}` (MCP requires an object); plain text is `{"result": "..."}`; an answer
//! shortened by `max_answer_chars` (no longer the usual JSON) is `{"message": "..."}`.

use serde::de::IgnoredAny;
use serde_json::{Map, Value, json};

/// What a tool answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Output {
    /// Plain text (file contents, confirmations, instructions).
    Text,
    /// A JSON object with these properties (`"*"`: the schema of any other property).
    Object(&'static str),
    /// A JSON list of objects with these properties.
    List(&'static str),
}

/// The properties of one symbol as find_symbol, find_implementations and find_declaration answer it.
const SYMBOL: &str = r#"{
    "name_path": {"type": "string"}, "kind": {"type": "string"}, "relative_path": {"type": "string"},
    "body_location": {"type": "object", "properties": {"start_line": {"type": "integer"}, "end_line": {"type": "integer"}}},
    "body": {"type": "string"}, "info": {"type": "string"}, "children": {"type": "array"},
    "resolution": {"type": "string"}}"#;

const DIR_LISTING: &str = r#"{"dirs": {"type": "array", "items": {"type": "string"}}, "files": {"type": "array", "items": {"type": "string"}}}"#;

/// The answer shape of a tool, by name.
pub fn output_of(tool: &str) -> Output {
    match tool {
        "list_dir" => Output::Object(DIR_LISTING),
        "find_file" | "glob" => Output::Object(r#"{"files": {"type": "array", "items": {"type": "string"}}}"#),
        "list_memories" => Output::Object(r#"{"memories": {"type": "array", "items": {"type": "string"}}}"#),
        "get_symbols_overview" => Output::Object(
            r#"{"*": {"type": "array", "description": "names (or symbols, with depth > 0) of one kind"}}"#,
        ),
        "search_for_pattern" => Output::Object(
            r#"{"*": {"type": "array", "items": {"type": "string"}, "description": "the matches in one file"}}"#,
        ),
        "find_referencing_symbols" => Output::Object(
            r#"{"*": {"type": "object", "description": "the uses in one file, by the kind of the enclosing symbol"}}"#,
        ),
        "get_diagnostics_for_file" | "get_diagnostics_for_symbol" => Output::Object(
            r#"{"*": {"type": "object", "description": "one file's diagnostics by severity and enclosing symbol"}}"#,
        ),
        "find_declaration" => Output::Object(SYMBOL),
        "execute_shell_command" | "shell" => Output::Object(
            r#"{"stdout": {"type": "string"}, "stderr": {"type": "string"}, "return_code": {"type": ["integer", "null"]}, "cwd": {"type": "string"}}"#,
        ),
        "find_symbol" | "find_implementations" => Output::List(SYMBOL),
        _ => Output::Text,
    }
}

/// The output schema announced for a tool.
pub fn schema(output: Output) -> Map<String, Value> {
    let message =
        json!({"type": "string", "description": "set instead when the answer was shortened to fit max_answer_chars"});
    let schema = match output {
        Output::Text => json!({"type": "object", "properties": {"result": {"type": "string"}}, "required": ["result"]}),
        Output::Object(props) => {
            let mut properties: Map<String, Value> = parse(props);
            let any = properties.remove("*");
            properties.insert("message".into(), message);
            let mut s = json!({"type": "object", "properties": properties});
            if let Some(any) = any {
                s["additionalProperties"] = any;
            }
            s
        }
        Output::List(item) => json!({"type": "object", "properties": {
            "result": {"type": "array", "items": {"type": "object", "properties": parse(item)}},
            "message": message,
        }}),
    };
    match schema {
        Value::Object(map) => map,
        _ => unreachable!("schemas are objects"),
    }
}

fn parse(literal: &str) -> Map<String, Value> {
    match serde_json::from_str(literal) {
        Ok(Value::Object(map)) => map,
        _ => panic!("output schema literal is not a JSON object: {literal}"),
    }
}

/// The structured content of a successful answer. With `hold`, a JSON answer is not parsed into a value:
/// once checked to be valid JSON, its text goes to `hold`, whose value stands for it (`server::raw`).
pub fn structured(output: Output, text: &str, hold: Option<&dyn Fn(&str) -> Value>) -> Value {
    // an object answer starts with `{`, a list with `[`
    let json = |opening: u8| {
        if text.trim_start().as_bytes().first() != Some(&opening) {
            return None;
        }
        match hold {
            Some(hold) => serde_json::from_str::<IgnoredAny>(text).is_ok().then(|| hold(text)),
            None => serde_json::from_str::<Value>(text).ok(),
        }
    };
    match output {
        Output::Text => json!({ "result": text }),
        Output::Object(_) => json(b'{').unwrap_or_else(|| json!({ "message": text })),
        Output::List(_) => json(b'[').map_or_else(|| json!({ "message": text }), |v| json!({ "result": v })),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_schema_parses_and_is_an_object() {
        for tool in crate::tools::registry() {
            let s = schema(output_of(tool.name));
            assert_eq!(s["type"], "object", "{}", tool.name);
        }
    }

    #[test]
    fn shapes() {
        let list = Output::List(SYMBOL);
        assert_eq!(structured(list, r#"[{"name_path": "a"}]"#, None), json!({"result": [{"name_path": "a"}]}));
        assert_eq!(structured(list, "The answer is too long", None), json!({"message": "The answer is too long"}));
        let obj = output_of("list_dir");
        assert_eq!(structured(obj, r#"{"dirs": [], "files": ["a"]}"#, None), json!({"dirs": [], "files": ["a"]}));
        assert_eq!(structured(Output::Text, "OK", None), json!({"result": "OK"}));
        assert_eq!(structured(Output::Text, "[1]", None), json!({"result": "[1]"}));
        let s = schema(output_of("get_symbols_overview"));
        assert_eq!(s["additionalProperties"]["type"], "array");
        assert!(s["properties"]["message"].is_object());
    }

    #[test]
    fn held_answers_are_checked_not_parsed() {
        let hold = |text: &str| json!(format!("held {text}"));
        let held = |output, text| structured(output, text, Some(&hold));
        let (list, obj) = (Output::List(SYMBOL), output_of("list_dir"));
        assert_eq!(held(list, " [1, 2]"), json!({"result": "held  [1, 2]"}));
        assert_eq!(held(obj, r#"{"files": []}"#), json!(r#"held {"files": []}"#));
        // what is not JSON of the tool's shape is a message, as without holding
        for (output, text) in [(list, "[1, 2"), (list, "{}"), (obj, "[]"), (obj, "{} x"), (obj, "The answer")] {
            assert_eq!(held(output, text), json!({ "message": text }), "{text}");
        }
        assert_eq!(held(Output::Text, "[1]"), json!({"result": "[1]"}));
    }
}
