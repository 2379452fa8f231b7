//! What the fuzz targets feed the tools, shared by the property-based targets (`tests/fuzz.rs`) and the
//! coverage-guided ones (`fuzz/fuzz_targets/`, which include this file): awkward strings, the tools
//! fuzzed and their parameter names, and the symbol edits.

use arborist::tools::{self, ToolSpec};
use serde_json::{Value, json};

/// Strings that tend to break things: path escapes, odd Unicode, regex and glob syntax, name paths.
pub const AWKWARD: &[&str] = &[
    "",
    "/",
    "..",
    "../outside/secret.txt",
    "/etc/passwd",
    "./",
    "a/../../b",
    "\0",
    "\u{202e}",
    "é",
    "🦀",
    "(",
    "[",
    "*",
    "**/*.py",
    "{a,b",
    "\\",
    "$",
    "^",
    ".*",
    "(?<",
    "a{99999}",
    "//",
    "/abs/path",
    "name[1]",
    "name[-1]",
    "Class/method",
    "\\/",
    "python/inventory.py",
    "rust/units.rs",
    "files/README.md",
    "Inventory",
    "Inventory/add_item",
    "def f():\n    pass",
    "}",
    "-1",
    "\r\n",
    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
];

/// Tools left out: they run commands, leave the test project, or start language servers.
const NOT_FUZZED: &[&str] =
    &["execute_shell_command", "shell", "activate_project", "remove_project", "restart_language_server"];

/// The tools fuzzed.
pub fn fuzzed_tools() -> Vec<&'static ToolSpec> {
    tools::registry().iter().filter(|t| !NOT_FUZZED.contains(&t.name)).collect()
}

/// A tool's own parameter names, and a stranger.
pub fn parameter_names(tool: &ToolSpec) -> Vec<String> {
    let mut names: Vec<String> = tool
        .schema
        .get("properties")
        .and_then(Value::as_object)
        .map(|p| p.keys().cloned().collect())
        .unwrap_or_default();
    names.push("unexpected_field".into());
    names
}

/// Edit `op` (0..4) of the symbol `name_path` in `rel` whose body is `old`: `text` spliced into the body
/// at `cut`, the body cut short there, `text` inserted after it, or the body inserted before it. `cut`
/// is moved back to a character boundary.
pub fn symbol_edit(op: usize, rel: &str, name_path: &str, old: &str, cut: usize, text: &str) -> (&'static str, Value) {
    let cut = (0..=cut.min(old.len())).rev().find(|&i| old.is_char_boundary(i)).unwrap_or(0);
    match op {
        0 => (
            "replace_symbol_body",
            json!({"name_path": name_path, "relative_path": rel, "body": format!("{}{text}{}", &old[..cut], &old[cut..])}),
        ),
        1 => ("replace_symbol_body", json!({"name_path": name_path, "relative_path": rel, "body": &old[..cut]})),
        2 => ("insert_after_symbol", json!({"name_path": name_path, "relative_path": rel, "body": text})),
        _ => ("insert_before_symbol", json!({"name_path": name_path, "relative_path": rel, "body": old})),
    }
}
