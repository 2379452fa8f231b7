//! The one-shot command line: answers on stdout, errors on stderr, exit codes 0 / 1 / 2.

use crate::util::TestProject;
use serde_json::json;
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

/// Runs `arborist loop` on a project with `input` on stdin; the answer lines and the exit code.
fn agent_loop(p: &TestProject, args: &[&str], input: &str) -> (Vec<serde_json::Value>, Output) {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_arborist"))
        .arg("loop")
        .arg(&p.root)
        .args(["--index-threads", "0"])
        .args(args)
        .env("ARBORIST_LOG", "off")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let o = child.wait_with_output().unwrap();
    let lines = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("stdout carries only JSON lines ({e}): {l}")))
        .collect();
    (lines, o)
}

#[test]
fn the_agent_loop_answers_every_line_in_order_and_goes_on_after_bad_ones() {
    let p = TestProject::fixture("files");
    let new_block = "pub fn new(cents: u64) -> Self {\n    Price(cents * 100)\n}";
    let requests = [
        json!({"action": "tool_call", "tool": "read_file", "args": {"path": "src/lib.rs", "offset": 1, "limit": 1}}),
        json!("{not json"),
        json!({"action": "respond", "message": "reading done"}),
        json!({"action": "tool_call", "tool": "no_such_tool", "args": {}}),
        json!({"action": "tool_call", "tool": "rust_replace_block", "args": {"path": "src/lib.rs", "kind": "function",
            "name": "new", "module_path": "impl Price", "new_block": new_block}}),
        json!({"action": "tool_call", "tool": "grep", "args": {"pattern": "cents \\* 100", "include": "*.rs"}}),
        json!({"action": "tool_call", "tool": "glob", "args": {"pattern": "../*"}}),
        json!({"action": "tool_call", "tool": "delete_lines", "args": {"relative_path": "src/lib.rs"}}),
        json!({"action": "tool_call", "tool": "read_file", "args": ["src/lib.rs"]}),
        json!({"action": "tool_call", "args": {}}),
        json!({"action": "done", "summary": "changed Price::new"}),
    ];
    let input: String = requests
        .iter()
        .map(|r| match r {
            serde_json::Value::String(raw) => format!("{raw}\n\n"),
            other => format!("{other}\n"),
        })
        .collect();
    let (answers, o) = agent_loop(&p, &[], &input);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
    assert_eq!(answers.len(), requests.len(), "one answer per non-blank line: {answers:#?}");
    assert_eq!(answers[0], json!({"tool": "read_file", "ok": true, "result": "pub struct Price(pub u64);"}));
    assert_eq!(answers[1]["ok"], false);
    assert!(answers[1]["error"].as_str().unwrap().starts_with("invalid JSON"), "{}", answers[1]);
    assert_eq!(answers[2], json!({"action": "respond", "ok": true, "acknowledged": true}));
    assert_eq!((&answers[3]["tool"], &answers[3]["ok"]), (&json!("no_such_tool"), &json!(false)));
    assert!(answers[3]["error"].as_str().unwrap().contains("unknown tool 'no_such_tool'"), "{}", answers[3]);
    assert_eq!(
        (&answers[4]["tool"], &answers[4]["ok"]),
        (&json!("rust_replace_block"), &json!(true)),
        "{}",
        answers[4]
    );
    assert!(answers[4]["result"].as_str().unwrap().starts_with("Replaced function `new` in src/lib.rs"));
    assert!(p.read("src/lib.rs").contains("        Price(cents * 100)\n"), "{}", p.read("src/lib.rs"));
    assert_eq!(answers[5], json!({"tool": "grep", "ok": true, "result": "src/lib.rs:5:         Price(cents * 100)"}));
    assert_eq!(
        (&answers[6]["ok"], answers[6]["result"].as_str().unwrap()),
        (
            &json!(false),
            "Error executing tool glob: pattern `../*` contains `..`; a glob stays below `path`, so pass the directory as `path` instead"
        )
    );
    assert!(answers[7]["error"].as_str().unwrap().contains("Tool 'delete_lines' is not active"), "{}", answers[7]);
    assert!(answers[8]["error"].as_str().unwrap().contains("\"args\" must be a JSON object, got an array"));
    assert!(answers[9]["error"].as_str().unwrap().contains("a tool_call needs \"tool\""), "{}", answers[9]);
    assert_eq!(answers[10], json!({"action": "done", "ok": true, "acknowledged": true}));
}

#[test]
fn the_agent_loop_takes_contexts_and_modes_like_serve() {
    let p = TestProject::fixture("files");
    let input = "{\"tool\": \"glob\", \"args\": {\"pattern\": \"*.md\"}}\n";
    let (answers, _) = agent_loop(&p, &[], input);
    assert_eq!(answers, [json!({"tool": "glob", "ok": true, "result": "{\"files\": [\"README.md\"]}"})]);
    let (answers, _) = agent_loop(&p, &["--context", "desktop-app"], input);
    assert!(answers[0]["error"].as_str().unwrap().contains("Tool 'glob' is not active"), "{}", answers[0]);
    let write =
        "{\"action\": \"tool_call\", \"tool\": \"write_file\", \"args\": {\"path\": \"x.txt\", \"content\": \"x\"}}\n";
    let (answers, _) = agent_loop(&p, &["--mode", "read-only"], write);
    assert!(answers[0]["error"].as_str().unwrap().contains("Tool 'write_file' is not active"), "{}", answers[0]);
    assert!(!p.root.join("x.txt").exists());
    let (_, o) = agent_loop(&p, &["--context", "nope"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown context `nope`"), "{}", stderr(&o));
}

/// `ARBORIST_QUERIES_DIR` makes the binary read a language's query from disk instead of its compiled-in
/// copy (for query authors); a language without a file there keeps its own.
#[test]
fn a_query_from_arborist_queries_dir_replaces_the_compiled_in_one() {
    let mut p = TestProject::empty();
    p.write("shop.py", "class Cart:\n    def add(self):\n        pass\n\n\ndef total():\n    return 0\n");
    p.write("util.go", "package util\n\nfunc Sum() int { return 0 }\n");
    let queries = p.tmp.path().join("queries");
    std::fs::create_dir_all(queries.join("python")).unwrap();
    std::fs::write(queries.join("python/tags.scm"), "(class_definition name: (identifier) @name) @definition.class\n")
        .unwrap();
    let root = p.root.to_str().unwrap();
    let dump = |dir: Option<&std::path::Path>| {
        let _ = std::fs::remove_dir_all(p.root.join(".arborist"));
        let mut c = Command::new(env!("CARGO_BIN_EXE_arborist"));
        c.args(["index", root, "--dump"]).env("ARBORIST_LOG", "off").env_remove("ARBORIST_QUERIES_DIR");
        if let Some(d) = dir {
            c.env("ARBORIST_QUERIES_DIR", d);
        }
        let o = c.output().unwrap();
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let mut names: Vec<String> = stdout(&o)
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["name_path"].as_str().unwrap().to_string())
            .collect();
        names.sort();
        names
    };
    assert_eq!(dump(None), ["Cart", "Cart/add", "Sum", "total"]);
    assert_eq!(dump(Some(&queries)), ["Cart", "Sum"], "Python's tags from the directory, Go's compiled in");
}
