//! The one-shot command line: answers on stdout, errors on stderr, exit codes 0 / 1 / 2.

use crate::util::TestProject;
use std::process::{Command, Output};

fn arborist(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arborist")).args(args).env("ARBORIST_LOG", "off").output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn tool_prints_answer_and_exits_zero() {
    let p = TestProject::fixture("files");
    let root = p.root.to_str().unwrap();
    let o = arborist(&["tool", "find_file", r#"{"file_mask": "*.ts", "relative_path": "."}"#, "--project", root]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "{\"files\": [\"web/index.ts\"]}\n");
}

#[test]
fn tool_errors_exit_one_and_bad_usage_exits_two() {
    let p = TestProject::fixture("files");
    let root = p.root.to_str().unwrap();
    let o = arborist(&["tool", "read_file", r#"{"relative_path": "missing.py"}"#, "--project", root]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).is_empty());
    assert!(stderr(&o).contains("Error executing tool read_file: file not found: missing.py"), "{}", stderr(&o));
    let o = arborist(&["tool", "no_such_tool", "{}", "--project", root]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown tool `no_such_tool`"));
    let o = arborist(&["tool", "read_file", "{not json", "--project", root]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("not valid JSON"));
    let o = arborist(&["frobnicate"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn tools_lists_text_and_json() {
    let o = arborist(&["tools"]);
    assert!(stdout(&o).lines().any(|l| l.starts_with("search_for_pattern ")));
    assert!(!stdout(&o).contains("delete_lines"));
    let o = arborist(&["tools", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let first = &v.as_array().unwrap()[0];
    assert!(first["name"].is_string() && first["description"].is_string() && first["inputSchema"]["type"] == "object");
    let o = arborist(&["tools", "--all"]);
    assert!(stdout(&o).contains("delete_lines"));
    let o = arborist(&["tools", "--context", "claude-code"]);
    assert!(!stdout(&o).contains("read_file") && stdout(&o).contains("replace_content"));
    let o = arborist(&["tools", "--context", "nope"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown context `nope`; choose one of: desktop-app"));
}

#[test]
fn languages_lists_every_language_from_the_registry() {
    let o = arborist(&["languages", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let rows: Vec<serde_json::Value> = serde_json::from_str(&stdout(&o)).unwrap();
    let names: Vec<&str> = rows.iter().map(|r| r["name"].as_str().unwrap()).collect();
    let registry: Vec<&str> = arborist::grammars::languages().iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names, registry);
    let row = |name: &str| rows.iter().find(|r| r["name"] == name).unwrap().clone();
    let bash = row("bash");
    assert!(bash["files"].as_array().unwrap().iter().any(|f| f == "#!sh"), "{bash}");
    assert_eq!(bash["references"], "heuristic");
    let rust = row("rust");
    for kind in ["Struct", "Enum", "Interface", "Function", "Method", "Constant"] {
        assert!(rust["symbol_kinds"].as_array().unwrap().iter().any(|k| k == kind), "{kind}: {rust}");
    }
    assert_eq!(rust["language_server"], "rust-analyzer");
    let json = row("json");
    assert_eq!((json["references"].as_str(), json["language_server"].is_null()), (Some("none"), true));
    assert!(rows.iter().all(|r| r["edits"] == true && !r["symbol_kinds"].as_array().unwrap().is_empty()));
}

#[test]
fn the_readme_language_table_is_the_languages_output() {
    let o = arborist(&["languages", "--markdown"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    assert!(
        readme.contains(&stdout(&o)),
        "README.md's language table is stale: replace it with the output of `arborist languages --markdown`"
    );
}
