//! Engine-level tests of the file tools over `fixtures/files`.

use crate::util::{TestProject, snapshot};
use serde_json::json;

fn shop() -> TestProject {
    TestProject::fixture("files")
}

#[test]
fn read_file_whole_and_ranges() {
    let mut p = shop();
    assert_eq!(p.ok("read_file", json!({"relative_path": "src/util/strings.py"})), p.read("src/util/strings.py"));
    let lines = p.ok("read_file", json!({"relative_path": "src/app.py", "start_line": 4, "end_line": 5}));
    assert_eq!(lines, "class Cart:\n    \"\"\"A shopping cart.\"\"\"");
    let tail = p.ok("read_file", json!({"relative_path": "src/app.py", "start_line": 22, "end_line": 999}));
    assert_eq!(tail, "    print(slugify(cart.owner), cart.total({\"apple\": 2, \"pear\": 5}))");
    let e = p.err("read_file", json!({"relative_path": "src/app.py", "start_line": 500}));
    assert!(e.contains("start_line 500 is past the end of the file (23 lines)"), "{e}");
}

#[test]
fn read_file_errors_are_actionable() {
    let mut p = shop();
    p.write("build/out.txt", "generated").write("blob.bin", b"\x7fELF\x00\x01").write("latin.txt", b"caf\xe9\n");
    let e = p.err("read_file", json!({"relative_path": "nope.py"}));
    assert_eq!(
        e,
        "Error executing tool read_file: file not found: nope.py (check the path relative to the project root, e.g. with list_dir or find_file)"
    );
    assert!(
        p.err("read_file", json!({"relative_path": "src"}))
            .contains("expected a file path, but got a directory path: src")
    );
    assert!(p.err("read_file", json!({"relative_path": "build/out.txt"})).contains("build/out.txt is ignored"));
    assert!(p.err("read_file", json!({"relative_path": "blob.bin"})).contains("binary file"));
    assert!(
        p.err("read_file", json!({"relative_path": "latin.txt"}))
            .contains("not valid UTF-8 (first bad byte at offset 3)")
    );
    assert!(p.err("read_file", json!({})).contains("invalid arguments: missing argument `relative_path`"));
    assert!(
        p.err("read_file", json!({"relative_path": 7}))
            .contains("invalid arguments: argument `relative_path`: expected a string, got integer `7`")
    );
}

#[test]
fn max_answer_chars_shortens_instead_of_failing() {
    let mut p = shop();
    let a = p.ok("read_file", json!({"relative_path": "src/app.py", "max_answer_chars": 20}));
    assert!(a.starts_with("The answer is too long ("), "{a}");
    assert!(
        p.err("read_file", json!({"relative_path": "src/app.py", "max_answer_chars": 0}))
            .contains("must be positive or -1")
    );
}

#[test]
fn create_text_file_creates_and_overwrites_keeping_conventions() {
    let mut p = shop();
    assert_eq!(
        p.ok("create_text_file", json!({"relative_path": "new/deep/a.txt", "content": "hi\n"})),
        "File created: new/deep/a.txt."
    );
    assert_eq!(p.read("new/deep/a.txt"), "hi\n");
    p.write("win.txt", "\u{feff}one\r\ntwo\r\n");
    let a = p.ok("create_text_file", json!({"relative_path": "win.txt", "content": "uno\ndos\n"}));
    assert_eq!(a, "File created: win.txt. Overwrote existing file.");
    assert_eq!(p.read_bytes("win.txt"), "\u{feff}uno\r\ndos\r\n".as_bytes());
    assert!(p.err("create_text_file", json!({"relative_path": "src", "content": ""})).contains("directory path"));
}

#[cfg(unix)]
#[test]
fn writes_keep_permissions_and_new_files_are_world_readable() {
    use std::os::unix::fs::PermissionsExt;
    let mut p = shop();
    p.write("run.sh", "echo one\n");
    std::fs::set_permissions(p.root.join("run.sh"), std::fs::Permissions::from_mode(0o750)).unwrap();
    p.ok("replace_content", json!({"relative_path": "run.sh", "needle": "one", "repl": "two", "mode": "literal"}));
    assert_eq!(p.read("run.sh"), "echo two\n");
    let root = p.root.clone();
    let mode = |rel: &str| std::fs::metadata(root.join(rel)).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode("run.sh"), 0o750);
    p.ok("create_text_file", json!({"relative_path": "fresh.txt", "content": "x"}));
    assert_eq!(mode("fresh.txt"), 0o644);
    let leftovers: Vec<_> = std::fs::read_dir(&p.root)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "temp files left behind");
}

#[test]
fn list_dir_flat_recursive_and_ignored() {
    let mut p = shop();
    p.write("build/out.txt", "x").write("debug.log", "x").write(".git/config", "[core]");
    let flat = p.ok("list_dir", json!({"relative_path": ".", "recursive": false}));
    assert_eq!(
        flat,
        r#"{"dirs": [".hidden", "build", "docs", "src", "web"], "files": [".gitignore", "README.md", "debug.log"]}"#
    );
    let skipped = p.ok("list_dir", json!({"relative_path": ".", "recursive": false, "skip_ignored_files": true}));
    assert_eq!(skipped, r#"{"dirs": [".hidden", "docs", "src", "web"], "files": [".gitignore", "README.md"]}"#);
    let deep = p.ok("list_dir", json!({"relative_path": "src", "recursive": true}));
    assert_eq!(deep, r#"{"dirs": ["src/util"], "files": ["src/app.py", "src/lib.rs", "src/util/strings.py"]}"#);
    let missing = p.ok("list_dir", json!({"relative_path": "no/such", "recursive": false}));
    assert_eq!(
        missing,
        r#"{"error": "Directory not found: no/such (check if the path is correct relative to the project root)"}"#
    );
    assert!(
        p.err("list_dir", json!({"relative_path": "README.md", "recursive": false}))
            .contains("expected a directory path")
    );
}

#[test]
fn find_file_matches_names() {
    let mut p = shop();
    p.write("build/gen.py", "x = 1\n");
    assert_eq!(
        p.ok("find_file", json!({"file_mask": "*.py", "relative_path": "."})),
        r#"{"files": ["build/gen.py", "src/app.py", "src/util/strings.py"]}"#
    );
    assert_eq!(
        p.ok("find_file", json!({"file_mask": "*.py", "relative_path": ".", "skip_ignored_files": true})),
        r#"{"files": ["src/app.py", "src/util/strings.py"]}"#
    );
    assert_eq!(
        p.ok("find_file", json!({"file_mask": "?ib.r?", "relative_path": "src"})),
        r#"{"files": ["src/lib.rs"]}"#
    );
    assert_eq!(p.ok("find_file", json!({"file_mask": "*.java", "relative_path": "."})), r#"{"files": []}"#);
}

#[test]
fn replace_content_literal_counts_and_errors() {
    let mut p = shop();
    let args = |needle: &str, repl: &str, multi: bool| json!({"relative_path": "src/app.py", "needle": needle, "repl": repl, "mode": "literal", "allow_multiple_occurrences": multi});
    assert_eq!(p.ok("replace_content", args("qty=1", "qty=2", false)), "OK");
    assert!(p.read("src/app.py").contains("def add(self, item, qty=2):"));
    let before = p.read("src/app.py");
    let e = p.err("replace_content", args("self", "me", false));
    assert!(e.contains("Expression matches 8 occurrences. Please revise the expression"), "{e}");
    assert_eq!(
        p.err("replace_content", args("nothing-like-this", "", false)),
        "Error executing tool replace_content: No matches of search expression found."
    );
    assert_eq!(p.read("src/app.py"), before, "a failed check must not write");
    p.ok("replace_content", args("cart.", "basket.", true));
    assert!(!p.read("src/app.py").contains("cart."));
}

#[test]
fn replace_content_regex_backrefs_dotall_and_ambiguity() {
    let mut p = shop();
    let regex = |needle: &str, repl: &str| json!({"relative_path": "src/util/strings.py", "needle": needle, "repl": repl, "mode": "regex"});
    let e = p.err("replace_content", regex(r"def (\w+)\(text\):\n    .*?\n", "x"));
    assert!(e.contains("Expression matches 2 occurrences"), "{e}");
    p.ok("replace_content", regex(r"def (slug\w+)\(text\):\n    .*?\n", "def $!1(text):\n    \"\"\"$!1 it.\"\"\"\n"));
    assert!(p.read("src/util/strings.py").starts_with("def slugify(text):\n    \"\"\"slugify it.\"\"\"\n    return"));
    let e = p.err("replace_content", regex(r"def.*return", "x"));
    assert!(e.contains("is ambiguous"), "{e}");
    let e = p.err("replace_content", regex(r"(?<=def )slugify", "x"));
    assert!(e.contains("invalid regular expression") && e.contains("look-around"), "{e}");
    let e = p.err("replace_content", regex(r"(def)", "$!2"));
    assert!(e.contains("refers to group $!2 but the pattern has only 1 group"), "{e}");
    let e = p.err(
        "replace_content",
        json!({"relative_path": "src/util/strings.py", "needle": "x", "repl": "y", "mode": "glob"}),
    );
    assert!(e.contains("unknown variant `glob`"), "{e}");
}

#[test]
fn replace_keeps_crlf_and_bom() {
    let mut p = shop();
    p.write("win.py", "\u{feff}def a():\r\n    return 1\r\n");
    p.ok(
        "replace_content",
        json!({"relative_path": "win.py", "needle": r"return (\d)$", "repl": "return $!1 + 1", "mode": "regex"}),
    );
    assert_eq!(p.read_bytes("win.py"), "\u{feff}def a():\r\n    return 1 + 1\r\n".as_bytes());
}

#[test]
fn a_file_changed_behind_our_back_is_not_overwritten() {
    let mut p = shop();
    let engine = p.engine();
    let path = engine.project().resolve_file("docs/notes.txt").unwrap();
    let doc = engine.cache().read(&path).unwrap();
    std::fs::write(p.root.join("docs/notes.txt"), "someone else's edit, longer than before\n").unwrap();
    let e = p.engine().cache().write(&path, &doc, ropey::Rope::from_str("stale")).unwrap_err().to_string();
    assert!(e.contains("changed on disk since it was read"), "{e}");
    assert_eq!(p.read("docs/notes.txt"), "someone else's edit, longer than before\n");
}

#[test]
fn replace_in_files_dry_run_then_selected_ids() {
    let mut p = shop();
    let dry = p.ok(
        "replace_in_files",
        json!({"needle": "text", "repl": "s", "mode": "literal", "dry_run": true, "paths_include_glob": "**/*.py"}),
    );
    let first = dry.lines().next().unwrap();
    assert_eq!(first, "Found 5 occurrence(s) in 1 file(s). DRY RUN - no changes were applied.");
    assert!(dry.contains("src/util/strings.py (5 occurrence(s)):"), "{dry}");
    assert!(dry.contains("] line 0\n    - def slugify(text):\n    + def slugify(s):"), "{dry}");
    let ids: Vec<String> = dry
        .lines()
        .filter_map(|l| l.trim().strip_prefix('['))
        .map(|l| l.split(']').next().unwrap().to_string())
        .collect();
    assert_eq!(ids.len(), 5);
    assert!(ids[0].starts_with("src/util/strings.py:0@"), "{}", ids[0]);
    let before = snapshot(&p.root);
    let e = p.err("replace_in_files", json!({"needle": "text", "repl": "s", "mode": "literal", "expected_count": 4}));
    assert!(e.contains("expected_count=4 but 5 occurrence(s) were found; nothing was changed."), "{e}");
    assert_eq!(snapshot(&p.root), before);
    let applied = p.ok("replace_in_files", json!({"needle": "text", "repl": "s", "mode": "literal", "occurrence_ids": [ids[0], ids[1]], "expected_count": 2}));
    assert_eq!(applied, "Replaced 2 occurrence(s) in 1 file(s):\n  src/util/strings.py: 2");
    assert!(p.read("src/util/strings.py").starts_with("def slugify(s):\n    \"\"\"Lower-case s with"));
    let e = p
        .err("replace_in_files", json!({"needle": "text", "repl": "s", "mode": "literal", "occurrence_ids": [ids[2]]}));
    assert!(e.contains("does not match the current files"), "stale ids must be refused: {e}");
}

#[test]
fn replace_in_files_scopes_and_skips_ignored() {
    let mut p = shop();
    p.write("build/copy.py", "text = 1\n");
    let a =
        p.ok("replace_in_files", json!({"needle": "price", "repl": "cost", "mode": "literal", "relative_path": "web"}));
    assert_eq!(a, "Replaced 2 occurrence(s) in 1 file(s):\n  web/index.ts: 2");
    let e = p.err(
        "replace_in_files",
        json!({"needle": "text", "repl": "s", "mode": "literal", "paths_exclude_glob": "src/**"}),
    );
    assert!(e.contains("No matches of search expression found."), "{e}");
    assert_eq!(p.read("build/copy.py"), "text = 1\n", "ignored files are not touched");
}

#[test]
fn line_tools_edit_by_zero_based_lines() {
    let mut p = shop();
    p.write("l.txt", "a\nb\nc\nd\n");
    p.ok("delete_lines", json!({"relative_path": "l.txt", "start_line": 1, "end_line": 2}));
    assert_eq!(p.read("l.txt"), "a\nd\n");
    p.ok("replace_lines", json!({"relative_path": "l.txt", "start_line": 0, "end_line": 0, "content": "A1\nA2"}));
    assert_eq!(p.read("l.txt"), "A1\nA2\nd\n");
    p.ok("insert_at_line", json!({"relative_path": "l.txt", "line": 3, "content": "end"}));
    assert_eq!(p.read("l.txt"), "A1\nA2\nd\nend\n");
    p.ok("insert_at_line", json!({"relative_path": "l.txt", "line": 0, "content": "top\n"}));
    assert_eq!(p.read("l.txt"), "top\nA1\nA2\nd\nend\n");
    let e = p.err("delete_lines", json!({"relative_path": "l.txt", "start_line": 3, "end_line": 9}));
    assert!(e.contains("line range 3..=9 is not inside the file (5 lines, 0-based: 0..=4)"), "{e}");
}

#[test]
fn read_only_projects_refuse_every_write() {
    let mut p = shop();
    p.write(".arborist/project.toml", "read_only = true\n");
    let before = snapshot(&p.root);
    let edits = [
        ("create_text_file", json!({"relative_path": "x.txt", "content": "x"})),
        (
            "replace_content",
            json!({"relative_path": "src/app.py", "needle": "os", "repl": "sys", "mode": "literal", "allow_multiple_occurrences": true}),
        ),
        ("replace_in_files", json!({"needle": "os", "repl": "sys", "mode": "literal"})),
        ("delete_lines", json!({"relative_path": "src/app.py", "start_line": 0, "end_line": 0})),
        ("insert_at_line", json!({"relative_path": "src/app.py", "line": 0, "content": "x"})),
    ];
    for (tool, args) in edits {
        assert!(p.err(tool, args).contains("the project is read-only"), "{tool}");
    }
    assert_eq!(snapshot(&p.root), before);
}

#[test]
fn project_ignored_paths_apply_to_reads_and_search() {
    let mut p = shop();
    p.write(".arborist/project.toml", "ignored_paths = [\"docs/\"]\n");
    assert!(p.err("read_file", json!({"relative_path": "docs/notes.txt"})).contains("is ignored"));
    assert_eq!(p.ok("search_for_pattern", json!({"substring_pattern": "TODO"})), "{}");
}

#[test]
fn search_formats_blocks_with_context() {
    let mut p = shop();
    let a = p.ok(
        "search_for_pattern",
        json!({"substring_pattern": "def total", "context_lines_before": 1, "context_lines_after": 1}),
    );
    assert_eq!(
        a,
        r#"{"src/app.py": ["...  14:\n  >  15:    def total(self, prices):\n...  16:        return sum(prices[item] * qty for item, qty in self.items)"]}"#
    );
    let two = p.ok("search_for_pattern", json!({"substring_pattern": r"def \w+\(text", "relative_path": "src/util"}));
    assert_eq!(two, r#"{"src/util/strings.py": ["  >   0:def slugify(text):", "  >   5:def shout(text):"]}"#);
}

#[test]
fn search_multiline_and_single_line_modes() {
    let mut p = shop();
    let a =
        p.ok("search_for_pattern", json!({"substring_pattern": r"class Cart:.*?def __init__", "relative_path": "src"}));
    assert_eq!(
        a,
        r#"{"src/app.py": ["  >   4:class Cart:\n  >   5:    \"\"\"A shopping cart.\"\"\"\n  >   6:\n  >   7:    def __init__(self, owner):"]}"#
    );
    let none =
        p.ok("search_for_pattern", json!({"substring_pattern": r"class Cart:.*?def __init__", "multiline": false}));
    assert_eq!(none, "{}");
}

#[test]
fn search_globs_code_files_and_ignored() {
    let mut p = shop();
    p.write("build/gen.py", "# TODO generated\n");
    let files = |a: String| -> Vec<String> {
        let v: serde_json::Value = serde_json::from_str(&a).unwrap();
        v.as_object().unwrap().keys().cloned().collect()
    };
    assert_eq!(files(p.ok("search_for_pattern", json!({"substring_pattern": "TODO"}))), ["docs/notes.txt"]);
    assert_eq!(
        files(p.ok("search_for_pattern", json!({"substring_pattern": "TODO", "skip_ignored_files": false}))),
        ["build/gen.py", "docs/notes.txt"]
    );
    assert_eq!(
        files(p.ok("search_for_pattern", json!({"substring_pattern": "price", "restrict_search_to_code_files": true}))),
        ["src/app.py", "src/lib.rs", "web/index.ts"]
    );
    assert_eq!(
        files(p.ok(
            "search_for_pattern",
            json!({"substring_pattern": "integer prices", "restrict_search_to_code_files": true})
        )),
        Vec::<String>::new()
    );
    assert_eq!(files(p.ok("search_for_pattern", json!({"substring_pattern": "t", "paths_include_glob": "src/**/*.{py,ts}", "paths_exclude_glob": "**/util/**"}))), ["src/app.py"]);
    assert_eq!(files(p.ok("search_for_pattern", json!({"substring_pattern": "EUR"}))), [".hidden/config.toml"]);
    let e = p.err("search_for_pattern", json!({"substring_pattern": "a", "paths_include_glob": "src/{a"}));
    assert!(e.contains("invalid glob `src/{a`"), "{e}");
    assert!(
        p.err("search_for_pattern", json!({"substring_pattern": "(unclosed"})).contains("invalid regular expression")
    );
    assert!(
        p.err("search_for_pattern", json!({"substring_pattern": "x", "relative_path": "nowhere"}))
            .contains("file not found: nowhere")
    );
}

#[test]
fn search_too_long_gives_counts_per_file() {
    let mut p = shop();
    let a = p.ok("search_for_pattern", json!({"substring_pattern": "e", "max_answer_chars": 300}));
    let (notice, rest) = a.split_once('\n').unwrap();
    assert!(notice.starts_with("The answer is too long ("), "{notice}");
    assert!(rest.starts_with("Match counts per file:\n{\"."), "{rest}");
}

// ---------------------------------------------------------------- the agent-loop file tools

#[test]
fn read_file_takes_path_offset_and_limit_as_agent_loops_send_them() {
    let mut p = shop();
    let app = p.read("src/app.py");
    let lines: Vec<&str> = app.lines().collect();
    assert_eq!(p.ok("read_file", json!({"path": "src/app.py"})), app);
    let window = p.ok("read_file", json!({"path": "src/app.py", "offset": 4, "limit": 2}));
    assert_eq!(window, "class Cart:\n    \"\"\"A shopping cart.\"\"\"");
    let tail = p.ok("read_file", json!({"path": "src/app.py", "offset": 21}));
    assert_eq!(tail, lines[21..].join("\n"));
    assert_eq!(p.ok("read_file", json!({"path": "src/app.py", "limit": 1})), "import os");
    assert_eq!(p.ok("read_file", json!({"path": "src/app.py", "offset": 22, "limit": 50})), lines[22]);
    // the reference parameters answer as before
    let same = p.ok("read_file", json!({"relative_path": "src/app.py", "start_line": 4, "end_line": 5}));
    assert_eq!(same, window);
    p.write("empty.txt", "");
    assert_eq!(p.ok("read_file", json!({"path": "empty.txt", "offset": 0, "limit": 10})), "");
}

#[test]
fn read_file_refuses_mixed_or_impossible_line_arguments() {
    let mut p = shop();
    for mixed in [
        json!({"offset": 1, "start_line": 2}),
        json!({"limit": 3, "end_line": 4}),
        json!({"offset": 0, "start_line": 0}),
    ] {
        let mut args = mixed.clone();
        args["path"] = json!("src/app.py");
        let e = p.err("read_file", args);
        assert!(e.contains("pass either start_line/end_line (0-based, inclusive) or offset/limit"), "{mixed}: {e}");
    }
    let e = p.err("read_file", json!({"path": "src/app.py", "offset": 23}));
    assert!(e.contains("offset 23 is past the end of the file (23 lines; the last is line 22)"), "{e}");
    let e = p.err("read_file", json!({"path": "src/app.py", "offset": 3, "limit": 0}));
    assert!(e.contains("limit must be at least 1"), "{e}");
    let e = p.err("read_file", json!({"path": "src/app.py", "relative_path": "src/app.py"}));
    assert!(e.contains("duplicate field `relative_path`"), "{e}");
    assert!(p.err("read_file", json!({"path": "../outside/secret.txt"})).contains("is outside the project"));
}

fn files_of(answer: &str) -> Vec<String> {
    let v: serde_json::Value = serde_json::from_str(answer).unwrap_or_else(|e| panic!("{e}: {answer}"));
    v["files"].as_array().unwrap().iter().map(|f| f.as_str().unwrap().to_string()).collect()
}

#[test]
fn glob_matches_paths_with_double_star_and_leaves_out_ignored_files() {
    let mut p = shop();
    p.write("build/gen.py", "x = 1\n").write("src/deep/er/x.py", "y = 2\n").write("debug.log", "log\n");
    p.write(".git/config", "[core]\n").write("Cargo.toml", "[package]\n").write("src/Nested.toml", "a = 1\n");
    let all_py = ["src/app.py", "src/deep/er/x.py", "src/util/strings.py"];
    assert_eq!(files_of(&p.ok("glob", json!({"pattern": "**/*.py"}))), all_py);
    assert_eq!(files_of(&p.ok("glob", json!({"pattern": "src/**/*.py"}))), all_py);
    assert_eq!(files_of(&p.ok("glob", json!({"pattern": "*.toml"}))), ["Cargo.toml"], "`*` stays in one directory");
    assert_eq!(files_of(&p.ok("glob", json!({"pattern": "*.py", "path": "src"}))), ["src/app.py"]);
    assert_eq!(
        files_of(&p.ok("glob", json!({"pattern": "**/*.{rs,ts}", "path": "./src/../"}))),
        ["src/lib.rs", "web/index.ts"]
    );
    let everything = files_of(&p.ok("glob", json!({"pattern": "**"})));
    assert!(everything.contains(&".gitignore".to_string()) && everything.contains(&"docs/notes.txt".to_string()));
    assert!(
        everything.iter().all(|f| !f.starts_with(".git/") && !f.starts_with("build/") && !f.ends_with(".log")),
        "{everything:?}"
    );
    assert_eq!(p.ok("glob", json!({"pattern": "**/*.java"})), "{\"files\": []}");
}

#[test]
fn glob_refuses_patterns_and_paths_that_leave_the_project() {
    let mut p = shop();
    for pattern in ["../*", "src/../../*", "/etc/*", "../outside/secret.txt", ""] {
        let e = p.err("glob", json!({"pattern": pattern}));
        assert!(e.starts_with(&format!("Error executing tool glob: pattern `{pattern}` ")), "{pattern}: {e}");
    }
    assert!(p.err("glob", json!({"pattern": "../*"})).contains("contains `..`"));
    assert!(p.err("glob", json!({"pattern": "/etc/*"})).contains("is absolute"));
    for path in ["..", "../outside", "/etc"] {
        let e = p.err("glob", json!({"pattern": "*", "path": path}));
        assert!(e.contains("is outside the project"), "{path}: {e}");
    }
    assert!(p.err("glob", json!({"pattern": "*", "path": ".git"})).contains(".git/"));
    assert!(p.err("glob", json!({"pattern": "*", "path": "src/app.py"})).contains("expected a directory path"));
    assert!(p.err("glob", json!({"pattern": "src/[z-a]"})).contains("invalid glob"));
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(&p.outside, p.root.join("out")).unwrap();
        let e = p.err("glob", json!({"pattern": "*", "path": "out"}));
        assert!(e.contains("a symlink leads out of the project"), "{e}");
        assert!(!p.ok("glob", json!({"pattern": "**"})).contains("secret"), "a symlink is not followed");
    }
}

#[test]
fn glob_too_long_says_how_many_matched_and_how_to_narrow() {
    let mut p = shop();
    let a = p.ok("glob", json!({"pattern": "**", "max_answer_chars": 60}));
    assert!(a.starts_with("The answer is too long ("), "{a}");
    assert!(a.contains("files match `**`; narrow the pattern or pass a deeper path. Files per directory:"), "{a}");
    let a = p.ok("glob", json!({"pattern": "**/*.py", "max_answer_chars": 40}));
    assert!(a.ends_with("Files per directory:\n{\"src\": 1, \"src/util\": 1}"), "{a}");
}

#[test]
fn grep_answers_zero_based_lines_grouped_by_file() {
    let mut p = shop();
    p.write("build/gen.py", "class Cart: pass\n").write("blob.bin", b"class Cart\x00\x01\n");
    let a = p.ok("grep", json!({"pattern": "^class |^def ", "include": "*.py"}));
    let app = p.read("src/app.py");
    let expected: Vec<String> = app
        .lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with("class ") || l.starts_with("def "))
        .map(|(i, l)| format!("src/app.py:{i}: {l}"))
        .collect();
    assert!(a.starts_with(&expected.join("\n")), "{a}");
    assert!(a.contains("src/app.py:4: class Cart:"), "{a}");
    assert!(a.contains("\nsrc/util/strings.py:"), "{a}");
    assert!(!a.contains("build/") && !a.contains("blob.bin"), "ignored and binary files are skipped: {a}");
    let ci = p.ok("grep", json!({"pattern": "CLASS CART", "case_insensitive": true, "path": "src"}));
    assert_eq!(ci, "src/app.py:4: class Cart:");
    assert_eq!(p.ok("grep", json!({"pattern": "CLASS CART", "-i": true, "include": "src/**/*.py"})), ci);
    assert_eq!(p.ok("grep", json!({"pattern": "CLASS CART"})), "No lines match `CLASS CART` in ..");
    assert!(p.ok("grep", json!({"pattern": "Price", "include": "*.rs"})).starts_with("src/lib.rs:1: pub struct Price"));
    assert_eq!(p.ok("grep", json!({"pattern": "Price", "include": "*.py"})), "No lines match `Price` in ..");
}

#[test]
fn grep_errors_clipping_and_long_answers() {
    let mut p = shop();
    let e = p.err("grep", json!({"pattern": "fn ("}));
    assert!(e.starts_with("Error executing tool grep: invalid regular expression:"), "{e}");
    assert!(p.err("grep", json!({"pattern": ""})).contains("the search pattern is empty"));
    assert!(p.err("grep", json!({"pattern": "x", "path": "../outside"})).contains("is outside the project"));
    assert!(p.err("grep", json!({"pattern": "x", "include": "[z-a]"})).contains("invalid glob"));
    let long = format!("{}NEEDLE{}\n", "a".repeat(1000), "b".repeat(1000));
    p.write("min.js", &long);
    let a = p.ok("grep", json!({"pattern": "NEEDLE", "path": "min.js"}));
    let text = a.strip_prefix("min.js:0: ").unwrap();
    assert!(text.starts_with('…') && text.ends_with('…') && text.contains("NEEDLE"), "{a}");
    assert!(text.chars().count() <= 302, "{}", text.chars().count());
    let a = p.ok("grep", json!({"pattern": "e", "max_answer_chars": 200}));
    assert!(a.starts_with("The answer is too long ("), "{a}");
    assert!(a.contains("\n33 matching lines in 7 files; narrow with include, path or a more specific pattern."), "{a}");
    assert!(a.contains("Lines per file:\n.hidden/config.toml: 1\nREADME.md: 2\n"), "{a}");
}
