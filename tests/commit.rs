//! The commit path from the outside: every tool that may change files, enumerated from the registry, is
//! run three ways on a small Python project: a valid change lands (so the cases are not vacuous), the same
//! call on a read-only project is refused, and a change that breaks the syntax is refused, both leaving
//! every byte of the project as it was. A new writing tool without a case here fails the test.

use crate::util::{TestProject, snapshot};
use arborist::tools::{self, Effect};
use serde_json::{Value, json};

const SOURCE: &str = "class Cart:
    def add(self, item):
        return item


def f():
    return 0


def unused():
    return 1
";

/// How a writing tool is exercised: a call that changes the project, and one that would break m.py's
/// syntax (None when the tool cannot write code, with the reason).
struct Case {
    valid: Value,
    breaking: Result<Value, &'static str>,
}

fn case(tool: &str) -> Option<Case> {
    let m = "m.py";
    let symbol = |body: &str| json!({"name_path": "f", "relative_path": m, "body": body});
    let block = |key: &str, text: &str| json!({"path": m, "kind": "function", "name": "f", key: text});
    let c = |valid: Value, breaking: Value| Some(Case { valid, breaking: Ok(breaking) });
    let no_code = |valid: Value, why: &'static str| Some(Case { valid, breaking: Err(why) });
    let memory = "memories are markdown, not code";
    match tool {
        "replace_symbol_body" => c(symbol("def f():\n    return 1"), symbol("def f(:\n    return 1")),
        "insert_after_symbol" | "insert_before_symbol" => {
            c(symbol("def g():\n    return 2"), symbol("def g(:\n    pass"))
        }
        "safe_delete_symbol" => c(
            json!({"name_path_pattern": "unused", "relative_path": m}),
            // The only method: the class would be left without a body.
            json!({"name_path_pattern": "Cart/add", "relative_path": m}),
        ),
        "replace_block" | "rust_replace_block" => {
            c(block("new_block", "def f():\n    return 1"), block("new_block", "def f(:\n    return 1"))
        }
        "insert_after_block" | "rust_insert_after_block" | "insert_before_block" => {
            c(block("snippet", "def g():\n    return 2"), block("snippet", "def g(:\n    pass"))
        }
        "patch_file" => c(
            json!({"path": m, "old_text": "return 0", "new_text": "return 5"}),
            json!({"path": m, "old_text": "return 0", "new_text": "return (5"}),
        ),
        "write_file" => c(json!({"path": m, "content": "x = 1\n"}), json!({"path": m, "content": "x = (1\n"})),
        "create_text_file" => {
            c(json!({"relative_path": m, "content": "x = 1\n"}), json!({"relative_path": m, "content": "def (:\n"}))
        }
        "replace_content" => c(
            json!({"relative_path": m, "needle": "return 0", "repl": "return 5", "mode": "literal"}),
            json!({"relative_path": m, "needle": "return 0", "repl": "return (5", "mode": "literal"}),
        ),
        "replace_in_files" => c(
            json!({"needle": "return 0", "repl": "return 5", "mode": "literal"}),
            json!({"needle": "return 0", "repl": "return (5", "mode": "literal"}),
        ),
        "delete_lines" => c(
            json!({"relative_path": m, "start_line": 8, "end_line": 10}),
            json!({"relative_path": m, "start_line": 6, "end_line": 6}),
        ),
        "replace_lines" => c(
            json!({"relative_path": m, "start_line": 6, "end_line": 6, "content": "    return 5"}),
            json!({"relative_path": m, "start_line": 6, "end_line": 6, "content": "    return (5"}),
        ),
        "insert_at_line" => c(
            json!({"relative_path": m, "line": 0, "content": "import os"}),
            json!({"relative_path": m, "line": 0, "content": "import (os"}),
        ),
        "rename_symbol" => c(
            json!({"name_path": "f", "relative_path": m, "new_name": "g"}),
            json!({"name_path": "f", "relative_path": m, "new_name": "class"}),
        ),
        "write_memory" => no_code(json!({"memory_name": "todo", "content": "ship it"}), memory),
        "delete_memory" => no_code(json!({"memory_name": "notes"}), memory),
        "rename_memory" => no_code(json!({"old_name": "notes", "new_name": "archive/notes"}), memory),
        "edit_memory" => {
            no_code(json!({"memory_name": "notes", "needle": "old", "repl": "new", "mode": "literal"}), memory)
        }
        "execute_shell_command" | "shell" => no_code(json!({"command": "touch made-by-shell"}), "runs commands"),
        _ => None,
    }
}

/// Tools marked as editing that write no project file themselves.
const WRITE_NOTHING: &[(&str, &str)] = &[
    ("onboarding", "answers instructions for the agent"),
    ("activate_project", "records the project in the user config, outside any project"),
];

fn project(read_only: bool) -> TestProject {
    let mut p = TestProject::empty();
    p.write("m.py", SOURCE);
    p.write(".serena/memories/notes.md", "old notes\n");
    if read_only {
        p.write(".arborist/project.toml", "read_only = true\n");
    }
    p
}

fn writing_tools() -> Vec<&'static str> {
    tools::registry().iter().filter(|t| t.effect == Effect::Edits).map(|t| t.name).collect()
}

#[test]
fn every_writing_tool_has_a_case() {
    let missing: Vec<&str> = writing_tools()
        .into_iter()
        .filter(|t| case(t).is_none() && !WRITE_NOTHING.iter().any(|(n, _)| n == t))
        .collect();
    assert!(missing.is_empty(), "writing tools without a case in tests/commit.rs: {missing:?}");
}

#[test]
fn valid_changes_land() {
    for tool in writing_tools() {
        let Some(c) = case(tool) else { continue };
        let mut p = project(false);
        let before = snapshot(&p.root);
        let answer = p.call(tool, c.valid.clone());
        assert!(answer.is_ok(), "{tool}: {answer:?}");
        assert_ne!(snapshot(&p.root), before, "{tool} answered {answer:?} but changed nothing");
    }
}

#[test]
fn a_read_only_project_refuses_every_writing_tool() {
    for tool in writing_tools() {
        let Some(c) = case(tool) else { continue };
        let mut p = project(true);
        let before = snapshot(&p.root);
        let err = p.err(tool, c.valid);
        assert!(err.contains("the project is read-only"), "{tool}: {err}");
        assert_eq!(snapshot(&p.root), before, "{tool} changed a read-only project");
    }
}

#[test]
fn a_syntax_breaking_change_is_refused_by_every_writing_tool() {
    for tool in writing_tools() {
        let Some(Case { breaking: Ok(args), .. }) = case(tool) else { continue };
        let mut p = project(false);
        let before = snapshot(&p.root);
        let err = p.err(tool, args.clone());
        assert!(err.contains("would break the syntax of m.py"), "{tool}: {err}");
        assert_eq!(snapshot(&p.root), before, "{tool} wrote a refused change");
        if tools::find(tool).unwrap().schema["properties"].get("force").is_some() {
            let mut forced = args;
            forced["force"] = json!(true);
            assert!(p.call(tool, forced).is_ok(), "{tool} with force=true");
            assert_ne!(snapshot(&p.root), before, "{tool} with force=true changed nothing");
        }
    }
}

/// Python edits re-parse only the statements they touch and the whole tree follows in the background:
/// edits in quick succession (each planned from its predecessor's top-level statements while that tree is
/// still being built), a refused one and insertions among them, leave the index's symbols, the cached tree
/// and the identifier index as a fresh parse of the file gives them.
#[test]
fn quick_python_edits_leave_symbols_and_trees_as_a_fresh_parse() {
    use arborist::identifiers::Identifiers;
    use arborist::symbols::{FileSymbols, outline};
    let mut source = String::from("import os\n\n\nclass Cart:\n    def add(self, item):\n        return item\n");
    for i in 0..40 {
        source.push_str(&format!("\n\n# f{i}\ndef f{i}(a):\n    return a + {i}\n"));
    }
    let mut p = TestProject::empty();
    p.write("m.py", &source);
    p.engine().build_index(1);
    for i in 0..12 {
        let body = format!("def f{i}(a, b):\n    total = Price(a, b)\n    return total.value + {i}");
        p.ok("replace_symbol_body", json!({"name_path": format!("f{}", i * 3), "relative_path": "m.py", "body": body}));
        if i % 4 == 1 {
            let code = format!("# Added.\ndef g{i}(x):\n    return x * Price(x, {i})");
            p.ok(
                "insert_after_symbol",
                json!({"name_path": format!("f{}", i * 3 + 1), "relative_path": "m.py", "body": code}),
            );
        }
        if i == 5 {
            let broken = json!({"name_path": "Cart/add", "relative_path": "m.py", "body": "def add(self, item):\n    return (item"});
            assert!(p.err("replace_symbol_body", broken).contains("yntax"));
        }
    }
    p.ok("replace_symbol_body", json!({"name_path": "Cart/add", "relative_path": "m.py", "body": "def add(self, item, n=1):\n    return [Item(item)] * n"}));
    let engine = p.engine();
    let text = p.read("m.py");
    let lang = arborist::language::by_name("python").unwrap();
    let fresh = arborist::syntax::parse(lang, &text).unwrap();
    let (entry, doc) = engine.symbols_with_text("m.py").unwrap();
    assert_eq!(outline(&entry.symbols), outline(&FileSymbols::extract(lang, &fresh, text.as_str())));
    let cached = engine.tree_for("m.py", lang, &doc).unwrap();
    assert_eq!(cached.root_node().to_sexp(), fresh.root_node().to_sexp());
    let used = Identifiers::names(lang, &fresh, text.as_str());
    assert!(used.iter().all(|name| entry.identifiers.contains(name)), "the index misses some of {used:?}");
    for name in ["Price", "total", "Item", "n"] {
        assert!(engine.index().files_using(engine.project(), name).is_some_and(|f| f.len() == 1), "{name}");
    }
}
