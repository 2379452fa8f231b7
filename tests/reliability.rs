//! Hostile files and concurrent writers: special files are never opened, a writer that keeps size and
//! mtime is seen, read-only files are not rewritten, and several engines editing one file lose no edit.

use crate::util::{TestProject, processes_running};
use serde_json::json;
use std::time::{Duration, Instant};

#[cfg(unix)]
fn mkfifo(path: &std::path::Path) {
    let c = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
}

/// A FIFO in the project: reading it is refused at once, and the tools that walk the project (search,
/// listing, symbol lookups, the index) skip it instead of blocking on it.
#[cfg(unix)]
#[test]
fn a_fifo_is_never_opened() {
    let mut p = TestProject::empty();
    p.write("a.py", "def f():\n    return 1\n");
    mkfifo(&p.root.join("pipe.py"));
    mkfifo(&p.root.join("script"));
    let started = Instant::now();
    let e = p.err("read_file", json!({"relative_path": "pipe.py"}));
    assert!(e.contains("not a regular file"), "{e}");
    let e =
        p.err("replace_content", json!({"relative_path": "pipe.py", "needle": "a", "repl": "b", "mode": "literal"}));
    assert!(e.contains("not a regular file"), "{e}");
    let found = p.ok("search_for_pattern", json!({"substring_pattern": "return"}));
    assert!(found.contains("a.py") && !found.contains("pipe"), "{found}");
    let listed = p.ok("list_dir", json!({"relative_path": ".", "recursive": true}));
    assert!(!listed.contains("pipe.py"), "{listed}");
    let symbols = p.ok("find_symbol", json!({"name_path_pattern": "f"}));
    assert!(symbols.contains("a.py"), "{symbols}");
    assert!(started.elapsed() < Duration::from_secs(10), "took {:?}", started.elapsed());
}

/// `/dev/zero` through a symlink inside the project is refused, not read without end.
#[cfg(unix)]
#[test]
fn a_device_is_never_read() {
    let mut p = TestProject::empty();
    std::os::unix::fs::symlink("/dev/zero", p.root.join("zero.txt")).unwrap();
    let e = p.err("read_file", json!({"relative_path": "zero.txt"}));
    assert!(e.contains("not a regular file") || e.contains("outside the project"), "{e}");
}

/// Sets a file's content while keeping its size and modification time, as `cp -p` and `rsync -a` do.
fn overwrite_keeping_stamp(path: &std::path::Path, content: &str) {
    let before = std::fs::metadata(path).unwrap();
    assert_eq!(before.len() as usize, content.len(), "same size, or the stamp changes anyway");
    std::fs::write(path, content).unwrap();
    let f = std::fs::File::options().write(true).open(path).unwrap();
    f.set_modified(before.modified().unwrap()).unwrap();
}

/// An edit after a writer that kept size and mtime is refused (it would revert that writer's change),
/// and the retry after reading again sees the new text.
#[test]
fn a_writer_that_keeps_size_and_mtime_is_seen() {
    let mut p = TestProject::empty();
    p.write("m.py", "def f():\n    return 1\n\ndef g():\n    return 2\n");
    let body = p.ok("find_symbol", json!({"name_path_pattern": "g", "include_body": true}));
    assert!(body.contains("return 2"), "{body}");
    overwrite_keeping_stamp(&p.root.join("m.py"), "def f():\n    return 7\n\ndef g():\n    return 2\n");
    let edit = json!({"name_path": "g", "relative_path": "m.py", "body": "def g():\n    return 3"});
    let e = p.err("replace_symbol_body", edit.clone());
    assert!(e.contains("changed on disk"), "{e}");
    assert!(p.read("m.py").contains("return 7"), "the other writer's change is kept");
    p.ok("replace_symbol_body", edit);
    assert_eq!(p.read("m.py"), "def f():\n    return 7\n\ndef g():\n    return 3\n");
}

/// A file whose permissions allow no writes is not rewritten (the atomic rename would replace it anyway).
#[cfg(unix)]
#[test]
fn a_read_only_file_is_not_rewritten() {
    use std::os::unix::fs::PermissionsExt;
    let mut p = TestProject::empty();
    p.write("m.py", "def f():\n    return 1\n");
    let path = p.root.join("m.py");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    let e = p.err("replace_content", json!({"relative_path": "m.py", "needle": "1", "repl": "2", "mode": "literal"}));
    assert!(e.contains("read-only"), "{e}");
    assert_eq!(p.read("m.py"), "def f():\n    return 1\n");
    assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o444);
}

/// Four engines (as four server processes would) each append lines to one file through the edit tools,
/// retrying when told the file changed: every edit answered OK is in the file at the end.
#[test]
fn concurrent_writers_lose_no_acknowledged_edit() {
    let p = TestProject::empty();
    std::fs::write(p.root.join("log.py"), "# log\n").unwrap();
    let writers: Vec<_> = (0..4)
        .map(|w| {
            let root = p.root.clone();
            std::thread::spawn(move || {
                let engine = arborist::engine::Engine::open(&root).unwrap();
                let mut acknowledged = Vec::new();
                for i in 0..15 {
                    let line = format!("x_{w}_{i} = {i}");
                    for _attempt in 0..200 {
                        let edit = arborist::writes::LineEdit::Insert { line: 1, content: line.clone() };
                        match engine.edit_lines("log.py", &edit, false) {
                            Ok(_) => {
                                acknowledged.push(line.clone());
                                break;
                            }
                            Err(e) if e.to_string().contains("changed on disk") => continue,
                            Err(e) => panic!("{e}"),
                        }
                    }
                }
                acknowledged
            })
        })
        .collect();
    let acknowledged: Vec<String> = writers.into_iter().flat_map(|w| w.join().unwrap()).collect();
    let text = std::fs::read_to_string(p.root.join("log.py")).unwrap();
    let lost: Vec<&String> = acknowledged.iter().filter(|l| !text.contains(l.as_str())).collect();
    assert!(lost.is_empty(), "{} of {} acknowledged edits lost: {lost:?}", lost.len(), acknowledged.len());
    assert_eq!(acknowledged.len(), 60, "every writer got its edits in");
}

/// Protocol abuse on stdio: every unreadable message gets a JSON-RPC error (id null), a large message is
/// read, and the server still answers a normal call afterwards.
#[test]
fn unreadable_messages_get_errors_and_the_session_goes_on() {
    use crate::mcp::RawSession;
    use serde_json::Value;
    let p = TestProject::fixture("files");
    let mut s = RawSession::start(&["serve", p.root.to_str().unwrap()]);
    s.send(r#"{"jsonrpc":"2.0","id":90,"method":"tools/list"}"#);
    assert!(s.response(90)["error"]["code"].is_i64(), "a call before initialize gets an error");
    s.initialize();
    let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    let truncated = r#"{"jsonrpc":"2.0","id":9,"method":"tools/li"#;
    for bad in ["{not json", deep.as_str(), truncated] {
        s.send(bad);
        assert_eq!(s.response_to(&Value::Null)["error"]["code"], -32700, "{}", &bad[..bad.len().min(40)]);
    }
    s.send_bytes(b"{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"\xff\xfe\"}\n");
    assert_eq!(s.response_to(&Value::Null)["error"]["code"], -32700, "invalid UTF-8");
    // 20 MB of content in one message (rmcp alone dropped anything over 16 MiB without an answer)
    let content = "x".repeat(20 << 20);
    let call = json!({"jsonrpc": "2.0", "id": 4, "method": "tools/call",
        "params": {"name": "create_text_file", "arguments": {"relative_path": "big.txt", "content": content}}});
    s.send(&call.to_string());
    let r = s.response(4);
    assert_eq!(r["result"]["isError"], false, "{}", &r.to_string()[..r.to_string().len().min(300)]);
    assert_eq!(std::fs::metadata(p.root.join("big.txt")).unwrap().len(), 20 << 20);
    s.send(r#"{"jsonrpc":"2.0","id":5,"method":"tools/list"}"#);
    assert!(s.response(5)["result"]["tools"].is_array());
}

/// Closing stdin ends the server within a second, even with a shell command still running, and the
/// command goes with it.
#[test]
fn closing_stdin_ends_the_server_within_a_second() {
    use crate::mcp::RawSession;
    let p = TestProject::fixture("files");
    let mut s = RawSession::start(&["serve", p.root.to_str().unwrap()]);
    s.initialize();
    let call = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
        "params": {"name": "execute_shell_command", "arguments": {"command": "sleep 20.4321", "timeout": 60}}});
    s.send(&call.to_string());
    std::thread::sleep(Duration::from_millis(300));
    assert!(processes_running("sleep 20.4321") > 0, "the command started");
    let started = Instant::now();
    assert!(s.close_stdin_and_wait(Duration::from_secs(1)), "still running 1 s after stdin closed");
    eprintln!("exited {:?} after stdin closed", started.elapsed());
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(processes_running("sleep 20.4321"), 0, "the shell command died with the server");
}

/// Processes whose command line contains `marker`.
/// A temp file left by a killed write is removed by the next walk once stale (a young one may be another
/// process's write in progress), and never shows up in answers.
#[test]
fn stale_temp_files_of_killed_writes_are_removed() {
    let mut p = TestProject::empty();
    p.write("a.py", "x = 1\n");
    p.write(".arborist-old123.tmp", "x = 1 half written\n");
    p.write(".arborist-new456.tmp", "x = 1 being written\n");
    let old = std::fs::File::options().write(true).open(p.root.join(".arborist-old123.tmp")).unwrap();
    old.set_modified(std::time::SystemTime::now() - Duration::from_secs(600)).unwrap();
    let found = p.ok("search_for_pattern", json!({"substring_pattern": "x = 1"}));
    assert!(found.contains("a.py") && !found.contains(".arborist-"), "{found}");
    assert!(!p.root.join(".arborist-old123.tmp").exists(), "the stale one is gone");
    assert!(p.root.join(".arborist-new456.tmp").exists(), "a young one may be a write in progress");
}

/// 100,000 nesting levels with a syntax error at the bottom: diagnostics, the symbol tools and an edit
/// elsewhere in the file answer (a recursive walk overflowed the stack and aborted the server).
#[test]
fn deep_nesting_does_not_overflow_the_stack() {
    let mut p = TestProject::empty();
    let depth = 100_000;
    let deep =
        format!("function f() {} x = (; {}\nfunction g() {{ return 2; }}\n", "{".repeat(depth), "}".repeat(depth));
    p.write("deep.js", &deep);
    // the depth is the test, not the parse time: a debug build on a busy machine may take seconds; its
    // one long line would count as minified
    p.write(".arborist/project.toml", "parse_timeout_ms = 60000\nparse_minified = true\n");
    let found = p.ok("get_diagnostics_for_file", json!({"relative_path": "deep.js"}));
    assert!(found.contains("Syntax error"), "{}", &found[..found.len().min(300)]);
    let overview = p.ok("get_symbols_overview", json!({"relative_path": "deep.js"}));
    assert!(overview.contains("\"g\""), "{overview}");
    p.ok(
        "replace_symbol_body",
        json!({"name_path": "g", "relative_path": "deep.js", "body": "function g() { return 3; }"}),
    );
    assert!(p.read("deep.js").ends_with("function g() { return 3; }\n"));
    let chain = format!("def f():\n    return {}\n\ndef g():\n    return 2\n", vec!["1"; depth].join(" + "));
    p.write("chain.py", &chain);
    p.ok(
        "replace_symbol_body",
        json!({"name_path": "g", "relative_path": "chain.py", "body": "def g():\n    return 3"}),
    );
    assert!(p.read("chain.py").ends_with("def g():\n    return 3\n"));
}

/// A huge context size (up to usize::MAX) shows every match with the whole file around it; it wrapped
/// around and dropped matches in release builds.
#[test]
fn huge_context_sizes_keep_every_match() {
    let mut p = TestProject::empty();
    let text: String = (1..=200).map(|i| format!("hit line {i}\n")).collect();
    p.write("many.txt", text);
    for context in [0u64, 5, 100_000_000, u64::MAX] {
        let args = json!({"substring_pattern": "hit line 1[0-9]\\b", "context_lines_before": context,
            "context_lines_after": context, "max_answer_chars": 100_000_000});
        let found: serde_json::Value = serde_json::from_str(&p.ok("search_for_pattern", args)).unwrap();
        let blocks = found["many.txt"].as_array().unwrap();
        let matches: usize = blocks.iter().map(|b| b.as_str().unwrap().matches("  >").count()).sum();
        assert_eq!(matches, 10, "context {context}");
    }
}

/// replace_in_files on a file with 50,000 hits: the dry run and a selection of every occurrence by id are
/// linear (the preview re-split the file per occurrence: 45 s for 0.6 MB in a release build).
#[test]
fn replace_in_files_is_linear_in_hits() {
    let mut p = TestProject::empty();
    let text: String = (0..50_000).map(|i| format!("foo = {i}\n")).collect();
    p.write("hits.txt", text);
    let started = Instant::now();
    let args =
        json!({"needle": "foo", "repl": "bar", "mode": "literal", "dry_run": true, "max_answer_chars": 100_000_000});
    let report = p.ok("replace_in_files", args);
    let ids: Vec<String> =
        report.lines().filter_map(|l| l.trim().strip_prefix('[')?.split(']').next().map(str::to_string)).collect();
    assert_eq!(ids.len(), 50_000);
    let args = json!({"needle": "foo", "repl": "bar", "mode": "literal", "occurrence_ids": ids});
    p.ok("replace_in_files", args);
    assert!(p.read("hits.txt").starts_with("bar = 0\nbar = 1\n"));
    assert!(started.elapsed() < Duration::from_secs(30), "took {:?}", started.elapsed());
    eprintln!("50,000 hits: dry run and apply by id in {:?}", started.elapsed());
}

/// Edits one client pipelines (sent without waiting for answers) apply in the order it sent them: each
/// of these replacements needs the one before it.
#[test]
fn pipelined_edits_apply_in_order() {
    use crate::mcp::RawSession;
    let mut p = TestProject::empty();
    p.write("v.txt", "v0\n");
    let mut s = RawSession::start(&["serve", p.root.to_str().unwrap()]);
    s.initialize();
    let steps = 40;
    for i in 0..steps {
        let call = json!({"jsonrpc": "2.0", "id": 100 + i, "method": "tools/call", "params": {"name": "replace_content",
            "arguments": {"relative_path": "v.txt", "needle": format!("v{i}\n"), "repl": format!("v{}\n", i + 1),
            "mode": "literal"}}});
        s.send(&call.to_string());
    }
    for i in 0..steps {
        let r = s.response(100 + i);
        assert_eq!(r["result"]["isError"], false, "step {i}: {r}");
    }
    assert_eq!(p.read("v.txt"), format!("v{steps}\n"));
}

/// A running shell command holds no lock: an edit sent after it is answered at once.
#[test]
fn a_running_shell_command_does_not_hold_up_edits() {
    use crate::mcp::RawSession;
    let mut p = TestProject::empty();
    p.write("a.txt", "old\n");
    let mut s = RawSession::start(&["serve", p.root.to_str().unwrap()]);
    s.initialize();
    let shell = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
        "params": {"name": "execute_shell_command", "arguments": {"command": "sleep 5", "timeout": 30}}});
    s.send(&shell.to_string());
    std::thread::sleep(Duration::from_millis(200));
    let started = Instant::now();
    let edit = json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "replace_content",
        "arguments": {"relative_path": "a.txt", "needle": "old", "repl": "new", "mode": "literal"}}});
    s.send(&edit.to_string());
    assert_eq!(s.response(3)["result"]["isError"], false);
    assert!(started.elapsed() < Duration::from_secs(3), "the edit waited {:?}", started.elapsed());
    assert_eq!(p.read("a.txt"), "new\n");
}

/// After edits of a file with syntax errors, the symbols the session answers with are those of a fresh
/// parse of the written file (the incremental update once drifted: find_symbol missed new functions).
#[test]
fn edits_of_broken_files_keep_the_index_true() {
    let mut p = TestProject::empty();
    p.write("b.py", "def a():\n    return 1\n\ndef broken(:\n    pass\n\ndef c():\n    return 3\n");
    p.write("b.js", "function a() { return 1; }\nfunction broken( { }\nfunction c() { return 3; }\n");
    let edits = [
        (
            "insert_after_symbol",
            json!({"name_path": "a", "relative_path": "b.py", "body": "def new_one():\n    return 9\n"}),
        ),
        (
            "insert_before_symbol",
            json!({"name_path": "c", "relative_path": "b.py", "body": "def new_two():\n    return 8\n"}),
        ),
        ("replace_symbol_body", json!({"name_path": "a", "relative_path": "b.py", "body": "def a():\n    return 10"})),
        (
            "insert_after_symbol",
            json!({"name_path": "a", "relative_path": "b.js", "body": "function newOne() { return 9; }\n"}),
        ),
        (
            "replace_content",
            json!({"relative_path": "b.js", "needle": "return 3", "repl": "return 33", "mode": "literal"}),
        ),
    ];
    for (tool, args) in edits {
        let rel = args["relative_path"].as_str().unwrap().to_string();
        if let Err(e) = p.call(tool, args.clone()) {
            assert!(e.contains("break the syntax"), "{tool}: {e}");
            continue;
        }
        let session = p.ok("get_symbols_overview", json!({"relative_path": rel, "depth": 1}));
        let fresh = {
            let mut again = TestProject::empty();
            again.write(&rel, p.read(&rel));
            again.ok("get_symbols_overview", json!({"relative_path": rel, "depth": 1}))
        };
        assert_eq!(session, fresh, "after {tool} {args}");
    }
    let found = p.ok("find_symbol", json!({"name_path_pattern": "new_one"}));
    assert!(found.contains("b.py"), "{found}");
}

/// Every tool that walks trees survives 100,000 nesting levels: references, rename, safe delete, the
/// block tools on a Rust impl, a find with bodies and depth.
#[test]
fn deep_nesting_in_every_tree_walking_tool() {
    let mut p = TestProject::empty();
    let depth = 100_000;
    let rust = format!(
        "struct S;\nimpl S {{\n    fn h() -> i32 {{ {}1{} }}\n}}\nfn g() -> i32 {{ 2 }}\nfn user() -> i32 {{ g() }}\n",
        "(".repeat(depth),
        ")".repeat(depth)
    );
    p.write("deep.rs", &rust);
    p.write(".arborist/project.toml", "parse_timeout_ms = 60000\n"); // as above
    let refs = p.ok("find_referencing_symbols", json!({"name_path": "g", "relative_path": "deep.rs"}));
    assert!(refs.contains("user"), "{refs}");
    p.ok("find_symbol", json!({"name_path_pattern": "S", "include_body": true, "depth": 3}));
    p.ok("rename_symbol", json!({"name_path": "g", "relative_path": "deep.rs", "new_name": "g2"}));
    assert!(p.read("deep.rs").contains("fn user() -> i32 { g2() }"));
    let e = p.err("safe_delete_symbol", json!({"name_path_pattern": "g2", "relative_path": "deep.rs"}));
    assert!(e.contains("referenced"), "{e}");
    p.ok("replace_block", json!({"path": "deep.rs", "kind": "impl", "name": "S", "new_block": "impl S {}"}));
    assert!(p.read("deep.rs").starts_with("struct S;\nimpl S {}\n"));
}

/// One server process driven over stdio or over HTTP.
enum Server {
    Stdio(crate::mcp::RawSession),
    Http { _child: crate::mcp::KillOnDrop, addr: String, session: Option<String> },
}

impl Server {
    fn start(root: &str, http: bool) -> Server {
        if !http {
            let mut s = crate::mcp::RawSession::start(&["serve", root]);
            s.initialize();
            return Server::Stdio(s);
        }
        let mut child = crate::mcp::KillOnDrop(
            std::process::Command::new(env!("CARGO_BIN_EXE_arborist"))
                .args(["serve", root, "--transport", "http", "--port", "0"])
                .env("ARBORIST_LOG", "info")
                .stdin(std::process::Stdio::null())
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap(),
        );
        let addr = crate::mcp::http_address(&mut child);
        let session = crate::mcp::http_session(&addr);
        Server::Http { _child: child, addr, session }
    }

    /// Calls a tool; the JSON-RPC response.
    fn call(&mut self, id: i64, tool: &str, args: serde_json::Value) -> serde_json::Value {
        let call =
            json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": tool, "arguments": args}});
        match self {
            Server::Stdio(s) => {
                s.send(&call.to_string());
                s.response(id)
            }
            Server::Http { addr, session, .. } => {
                let (_, body) = crate::mcp::http_post(addr, &call.to_string(), session.as_deref());
                let line =
                    body.lines().map(|l| l.strip_prefix("data: ").unwrap_or(l)).find(|l| l.contains("\"jsonrpc\""));
                serde_json::from_str(line.unwrap_or("null")).unwrap_or_default()
            }
        }
    }
}

/// Ten server processes on one directory, 7 over stdio and 3 over HTTP, each indexing it and editing one
/// shared file (retrying when told the file changed on disk): no acknowledged edit is lost, and the
/// symbol cache they all save is whole (a fresh process reads it, and a damaged one is rebuilt).
#[test]
fn ten_processes_on_one_project_lose_nothing() {
    let mut p = TestProject::empty();
    for i in 0..20 {
        p.write(&format!("pkg/m{i}.py"), format!("def f{i}():\n    return {i}\n"));
    }
    p.write("log.py", "# log\n");
    let root = p.root.to_str().unwrap().to_string();
    let workers: Vec<_> = (0..10)
        .map(|w| {
            let root = root.clone();
            std::thread::spawn(move || {
                let mut s = Server::start(&root, w >= 7);
                let mut acknowledged = Vec::new();
                let mut id = 10;
                for i in 0..10 {
                    let line = format!("x_{w}_{i} = {i}");
                    loop {
                        id += 1;
                        let args = json!({"relative_path": "log.py", "needle": "# log\n",
                            "repl": format!("# log\n{line}\n"), "mode": "literal"});
                        let r = s.call(id, "replace_content", args);
                        if r["result"]["isError"] == false {
                            acknowledged.push(line.clone());
                            break;
                        }
                        let text = r["result"]["content"][0]["text"].as_str().unwrap_or_default().to_string();
                        assert!(text.contains("changed on disk"), "{text}");
                    }
                }
                id += 1;
                assert!(s.call(id, "find_symbol", json!({"name_path_pattern": "f7"})).to_string().contains("m7.py"));
                acknowledged
            })
        })
        .collect();
    let acknowledged: Vec<String> = workers.into_iter().flat_map(|w| w.join().unwrap()).collect();
    let text = p.read("log.py");
    let lost: Vec<&String> = acknowledged.iter().filter(|l| !text.contains(l.as_str())).collect();
    assert!(lost.is_empty(), "lost {lost:?}");
    assert_eq!(acknowledged.len(), 100);
    // the cache the processes saved is whole, and a damaged one is rebuilt, not trusted
    let bin = env!("CARGO_BIN_EXE_arborist");
    let index = std::process::Command::new(bin).args(["index", &root]).output().unwrap();
    assert!(index.status.success(), "{}", String::from_utf8_lossy(&index.stderr));
    let cache = p.root.join(".arborist/cache").join(arborist::index::STORE_FILE_NAME);
    let mut bytes = std::fs::read(&cache).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0xff;
    std::fs::write(&cache, &bytes[..bytes.len() - 7]).unwrap();
    let found = p.ok("find_symbol", json!({"name_path_pattern": "f7"}));
    assert!(found.contains("m7.py"), "{found}");
    let index = std::process::Command::new(bin).args(["index", &root]).output().unwrap();
    assert!(index.status.success(), "{}", String::from_utf8_lossy(&index.stderr));
}

/// A full disk (a 256 kB tmpfs, when the test may mount one): an edit and a multi-file rename fail with
/// an error naming the file and the cause, every file keeps its bytes, and no temp file is left.
#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_changes_nothing() {
    let p = TestProject::empty();
    let mount = p.tmp.path().join("small");
    std::fs::create_dir_all(&mount).unwrap();
    let c = |s: &std::path::Path| std::ffi::CString::new(s.to_str().unwrap()).unwrap();
    let (src, fs, opts) = (c("tmpfs".as_ref()), c("tmpfs".as_ref()), c("size=256k".as_ref()));
    let mounted = unsafe { libc::mount(src.as_ptr(), c(&mount).as_ptr(), fs.as_ptr(), 0, opts.as_ptr().cast()) };
    if mounted != 0 {
        eprintln!("skipped: cannot mount a tmpfs here ({})", std::io::Error::last_os_error());
        return;
    }
    struct Unmount(std::ffi::CString);
    impl Drop for Unmount {
        fn drop(&mut self) {
            unsafe { libc::umount2(self.0.as_ptr(), libc::MNT_DETACH) };
        }
    }
    let _unmount = Unmount(c(&mount));
    let root = mount.join("project");
    std::fs::create_dir_all(&root).unwrap();
    let body = "x = 1\n".repeat(3000);
    std::fs::write(root.join("m0.py"), format!("def name_a():\n    return 1\n{body}")).unwrap();
    for i in 1..4 {
        std::fs::write(root.join(format!("m{i}.py")), format!("from m0 import name_a\n\nname_a()\n{body}")).unwrap();
    }
    // fill the disk: what is left is less than one more copy of a file
    let filler = std::fs::File::create(mount.join("filler")).unwrap();
    let chunk = vec![0u8; 4096];
    while std::io::Write::write_all(&mut &filler, &chunk).is_ok() {}
    let before: Vec<Vec<u8>> = (0..4).map(|i| std::fs::read(root.join(format!("m{i}.py"))).unwrap()).collect();
    let engine = arborist::engine::Engine::open(&root).unwrap();
    let Err(e) = engine.write_file("m1.py", format!("{body}{body}"), false) else { panic!("written on a full disk") };
    let e = e.to_string();
    assert!(e.contains("m1.py") && e.contains("space"), "{e}");
    let mut p2 = TestProject::empty();
    drop(std::mem::replace(&mut p2.root, root.clone()));
    let e = p2.err(
        "rename_symbol",
        json!({"name_path": "name_a", "relative_path": "m0.py", "new_name": "name_b",
        "backend": "heuristic"}),
    );
    assert!(e.contains("space"), "{e}");
    let after: Vec<Vec<u8>> = (0..4).map(|i| std::fs::read(root.join(format!("m{i}.py"))).unwrap()).collect();
    assert!(before == after, "every file keeps its bytes");
    let left: Vec<String> =
        walk(&root).into_iter().filter(|n| n.contains(".arborist-") && n.ends_with(".tmp")).collect();
    assert!(left.is_empty(), "temp files left: {left:?}");
    let journals = walk(&root.join(".arborist/journal"));
    assert!(journals.is_empty(), "journals left: {journals:?}");
}

/// Every path under `dir`.
fn walk(dir: &std::path::Path) -> Vec<String> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = e.path();
        out.push(path.display().to_string());
        if path.is_dir() {
            out.extend(walk(&path));
        }
    }
    out
}

/// SIGTERM stops the HTTP server with its running shell commands (they were orphaned).
#[cfg(target_os = "linux")]
#[test]
fn sigterm_stops_the_http_server_and_its_commands() {
    let p = TestProject::fixture("files");
    struct KillOnDrop(std::process::Child);
    impl Drop for KillOnDrop {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
    let mut server = KillOnDrop(
        std::process::Command::new(env!("CARGO_BIN_EXE_arborist"))
            .args(["serve", p.root.to_str().unwrap(), "--transport", "http", "--port", "0"])
            .env("ARBORIST_LOG", "info")
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let child = &mut server.0;
    let mut stderr = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut addr = String::new();
    while addr.is_empty() {
        let mut line = String::new();
        assert!(std::io::BufRead::read_line(&mut stderr, &mut line).unwrap() > 0, "server printed its address");
        if let Some(rest) = line.split("http://").nth(1) {
            addr = rest.trim().trim_end_matches("/mcp").to_string();
        }
    }
    std::thread::spawn(move || std::io::copy(&mut stderr, &mut std::io::sink()));
    let post = move |body: String, session: Option<String>| {
        use std::io::{Read, Write};
        let mut s = std::net::TcpStream::connect(&addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        let session = session.map(|id| format!("Mcp-Session-Id: {id}\r\n")).unwrap_or_default();
        let request = format!(
            "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, \
             text/event-stream\r\nMCP-Protocol-Version: 2025-06-18\r\n{session}Content-Length: {}\r\n\
             Connection: close\r\n\r\n{body}",
            body.len()
        );
        s.write_all(request.as_bytes()).unwrap();
        let mut buf = [0u8; 65536];
        let n = s.read(&mut buf).unwrap_or(0);
        String::from_utf8_lossy(&buf[..n]).into_owned()
    };
    let init = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}"#;
    let answer = post(init.to_string(), None);
    let session = answer
        .lines()
        .find_map(|l| l.to_ascii_lowercase().strip_prefix("mcp-session-id: ").map(|_| l[16..].trim().to_string()));
    post(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.to_string(), session.clone());
    let call = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "execute_shell_command",
        "arguments": {"command": "sleep 30.5671", "timeout": 60}}});
    let caller = std::thread::spawn(move || post(call.to_string(), session));
    let deadline = Instant::now() + Duration::from_secs(5);
    while processes_running("sleep 30.5671") == 0 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(processes_running("sleep 30.5671") > 0, "the command started");
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let stopped = Instant::now();
    while child.try_wait().unwrap().is_none() && stopped.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(child.try_wait().unwrap().is_some(), "still running 5 s after SIGTERM");
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(processes_running("sleep 30.5671"), 0, "the command was orphaned");
    let _ = caller.join();
}

/// Directories that vanish while a search and a listing walk them: answers, never an error or a panic.
#[test]
fn directories_vanishing_mid_walk() {
    let mut p = TestProject::empty();
    for d in 0..200 {
        p.write(&format!("d{d}/a.py"), "def f():\n    return 'needle'\n");
    }
    let root = p.root.clone();
    let remover = std::thread::spawn(move || {
        for d in 0..200 {
            let _ = std::fs::remove_dir_all(root.join(format!("d{d}")));
        }
    });
    for _ in 0..5 {
        p.ok("search_for_pattern", json!({"substring_pattern": "needle"}));
        p.ok("list_dir", json!({"relative_path": ".", "recursive": true}));
        p.ok("find_symbol", json!({"name_path_pattern": "f"}));
    }
    remover.join().unwrap();
}

/// safe_delete_symbol of the only member of a Python class (or of an `if` body) is refused, since the
/// body would be empty; the file keeps its bytes.
#[test]
fn safe_delete_never_leaves_an_empty_body() {
    let mut p = TestProject::empty();
    let text = "class A:\n    def only(self):\n        return 1\n\nif True:\n    def g():\n        return 2\n";
    p.write("sd.py", text);
    for target in ["A/only", "g"] {
        let e = p.err("safe_delete_symbol", json!({"name_path_pattern": target, "relative_path": "sd.py"}));
        assert!(e.contains("empty `block`"), "{e}");
        assert_eq!(p.read("sd.py"), text);
    }
}

/// A file without read permission, read and edited by a user other than root (the test drops to
/// `nobody` with setpriv when it runs as root; root reads everything): a clear error naming the file and
/// the cause, and the file unchanged.
#[cfg(target_os = "linux")]
#[test]
fn a_file_without_read_permission_gets_a_clear_error() {
    use std::os::unix::fs::PermissionsExt;
    if unsafe { libc::geteuid() } != 0 || !std::path::Path::new("/usr/bin/setpriv").exists() {
        eprintln!("skipped: needs root and setpriv to run arborist as another user");
        return;
    }
    let p = TestProject::empty();
    for dir in [p.tmp.path(), p.root.as_path()] {
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o777)).unwrap();
    }
    std::fs::write(p.root.join("secret.py"), "x = 1\n").unwrap();
    std::fs::set_permissions(p.root.join("secret.py"), std::fs::Permissions::from_mode(0o000)).unwrap();
    let as_nobody = |tool: &str, args: &str| {
        std::process::Command::new("/usr/bin/setpriv")
            .args([
                "--reuid=65534",
                "--regid=65534",
                "--clear-groups",
                env!("CARGO_BIN_EXE_arborist"),
                "tool",
                tool,
                args,
            ])
            .args(["--project", p.root.to_str().unwrap()])
            .env("ARBORIST_LOG", "off")
            .env("HOME", p.tmp.path())
            .output()
            .unwrap()
    };
    let read = as_nobody("read_file", r#"{"relative_path": "secret.py"}"#);
    let err = String::from_utf8_lossy(&read.stderr);
    assert!(!read.status.success() && err.contains("secret.py") && err.contains("ermission denied"), "{err}");
    let edit = as_nobody(
        "replace_content",
        r#"{"relative_path": "secret.py", "needle": "1", "repl": "2", "mode": "literal"}"#,
    );
    let err = String::from_utf8_lossy(&edit.stderr);
    assert!(!edit.status.success() && err.contains("secret.py"), "{err}");
    assert_eq!(std::fs::read(p.root.join("secret.py")).unwrap(), b"x = 1\n");
}

/// A SIGKILLed server takes the background children of its running shell command with it (the shell's
/// parent-death signal reached only the shell; a sentinel in the command's process group now kills the
/// rest when the server's end of its pipe closes).
#[cfg(target_os = "linux")]
#[test]
fn a_sigkilled_server_leaves_no_shell_grandchildren() {
    let p = TestProject::empty();
    // sleeps named by this test process, so a failed earlier run's leftovers do not count
    let marker = format!("40.{}", std::process::id());
    let args = json!({"command": format!("sleep {marker}1 & sleep {marker}2"), "timeout": 60}).to_string();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_arborist"))
        .args(["tool", "execute_shell_command", &args, "--project", p.root.to_str().unwrap()])
        .env("ARBORIST_LOG", "off")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let prefix = format!("sleep\0{marker}");
    // the sleeps themselves, not the server or the shell, whose command lines hold the same text
    let sleeps = || {
        let Ok(dir) = std::fs::read_dir("/proc") else { return 0 };
        dir.flatten()
            .filter_map(|e| std::fs::read(e.path().join("cmdline")).ok())
            .filter(|c| c.starts_with(prefix.as_bytes()))
            .count()
    };
    let deadline = Instant::now() + Duration::from_secs(5);
    while sleeps() < 2 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(sleeps(), 2, "both sleeps started");
    child.kill().unwrap();
    child.wait().unwrap();
    let deadline = Instant::now() + Duration::from_secs(3);
    while sleeps() > 0 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(sleeps(), 0, "a background child outlived the SIGKILLed server");
}
