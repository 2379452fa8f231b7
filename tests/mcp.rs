//! End-to-end MCP tests against the real binary: stdio with rmcp's client, raw JSON-RPC lines
//! (including malformed ones), and streamable HTTP.

use crate::util::TestProject;
use rmcp::ServiceExt;
use rmcp::model::{CallToolRequestParams, ContentBlock, GetPromptRequestParams};
use rmcp::transport::{ConfigureCommandExt, TokioChildProcess};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_arborist");

fn args(v: Value) -> serde_json::Map<String, Value> {
    v.as_object().unwrap().clone()
}

fn text_of(r: &rmcp::model::CallToolResult) -> String {
    r.content.iter().filter_map(|c| if let ContentBlock::Text(t) = c { Some(t.text.clone()) } else { None }).collect()
}

#[tokio::test]
async fn stdio_initialize_list_and_call() {
    let p = TestProject::fixture("files");
    let root = p.root.clone();
    let transport = TokioChildProcess::new(tokio::process::Command::new(BIN).configure(|c| {
        c.arg("serve").arg(&root).env("ARBORIST_LOG", "error");
    }))
    .unwrap();
    let client = ().serve(transport).await.expect("initialize");
    let info = client.peer_info().expect("server info");
    assert_eq!(info.server_info.as_ref().unwrap().name, "arborist");
    assert!(info.instructions.as_deref().unwrap_or("").contains("tree-sitter"));

    let tools = client.list_all_tools().await.unwrap();
    let names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    for expected in ["read_file", "create_text_file", "list_dir", "find_file", "replace_content", "search_for_pattern"]
    {
        assert!(names.contains(&expected), "{expected} missing from {names:?}");
    }
    assert!(!names.contains(&"delete_lines"), "line tools are optional and off by default");
    let read = tools.iter().find(|t| t.name == "read_file").unwrap();
    assert_eq!(read.annotations.as_ref().unwrap().read_only_hint, Some(true));
    assert!(read.input_schema["properties"]["relative_path"].is_object());
    assert_eq!(read.input_schema["required"], json!(["relative_path"]));

    let ok = client
        .call_tool(CallToolRequestParams::new("read_file").with_arguments(args(json!({"relative_path": "README.md"}))))
        .await
        .unwrap();
    assert_eq!(ok.is_error, Some(false));
    assert!(text_of(&ok).starts_with("# Shop fixture"));
    assert_eq!(ok.structured_content.as_ref().unwrap()["result"], json!(text_of(&ok)));

    // JSON answers are structured as the value itself, announced by the tool's output schema
    let listing = client
        .call_tool(
            CallToolRequestParams::new("list_dir")
                .with_arguments(args(json!({"relative_path": ".", "recursive": false}))),
        )
        .await
        .unwrap();
    let parsed: serde_json::Value = serde_json::from_str(&text_of(&listing)).unwrap();
    assert_eq!(listing.structured_content.as_ref().unwrap(), &parsed);
    let list_dir = tools.iter().find(|t| t.name == "list_dir").unwrap();
    assert_eq!(list_dir.output_schema.as_ref().unwrap()["properties"]["files"]["type"], "array");
    let found = client
        .call_tool(CallToolRequestParams::new("find_symbol").with_arguments(args(json!({"name_path_pattern": "Cart"}))))
        .await
        .unwrap();
    let parsed: serde_json::Value = serde_json::from_str(&text_of(&found)).unwrap();
    assert!(parsed.as_array().is_some_and(|a| !a.is_empty()), "{parsed}");
    assert_eq!(found.structured_content.as_ref().unwrap(), &json!({ "result": parsed }));
    let find_symbol = tools.iter().find(|t| t.name == "find_symbol").unwrap();
    assert_eq!(find_symbol.output_schema.as_ref().unwrap()["properties"]["result"]["type"], "array");
    let activate = tools.iter().find(|t| t.name == "activate_project").unwrap();
    assert_eq!(activate.annotations.as_ref().unwrap().read_only_hint, Some(false), "it writes the user config");

    // the workflow prompts are MCP prompts too
    let prompts = client.list_all_prompts().await.unwrap();
    let names: Vec<&str> = prompts.iter().map(|p| p.name.as_str()).collect();
    assert!(names.contains(&"onboarding") && names.contains(&"think_about_whether_you_are_done"), "{names:?}");
    let done = client.get_prompt(GetPromptRequestParams::new("think_about_whether_you_are_done")).await.unwrap();
    let text = serde_json::to_value(&done.messages[0]).unwrap()["content"]["text"].as_str().unwrap().to_string();
    assert!(text.starts_with("Are you done?"), "{text}");
    assert!(client.get_prompt(GetPromptRequestParams::new("read_file")).await.is_err(), "only workflow prompts");

    let bad = client
        .call_tool(
            CallToolRequestParams::new("read_file").with_arguments(args(json!({"relative_path": "../../etc/passwd"}))),
        )
        .await
        .unwrap();
    assert_eq!(bad.is_error, Some(true));
    assert!(
        text_of(&bad).starts_with("Error executing tool read_file: path `../../etc/passwd` is outside the project")
    );

    let edit = client
        .call_tool(CallToolRequestParams::new("replace_content").with_arguments(args(
            json!({"relative_path": "docs/notes.txt", "needle": "TODO", "repl": "DONE", "mode": "literal"}),
        )))
        .await
        .unwrap();
    assert_eq!(text_of(&edit), "OK");
    assert!(std::fs::read_to_string(p.root.join("docs/notes.txt")).unwrap().contains("DONE: add discounts."));
    client.cancel().await.unwrap();
}

/// A raw JSON-RPC session over the binary's stdin/stdout, one message per line.
pub(crate) struct RawSession {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    lines: std::sync::mpsc::Receiver<String>,
}

impl RawSession {
    pub(crate) fn start(args: &[&str]) -> RawSession {
        Self::start_with_env(args, &[])
    }

    pub(crate) fn start_with_env(args: &[&str], env: &[(&str, &str)]) -> RawSession {
        let mut child = Command::new(BIN)
            .args(args)
            .envs(env.iter().copied())
            .env("ARBORIST_LOG", "error")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        RawSession { child, stdin, lines }
    }

    pub(crate) fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Sends bytes as they are (no newline added).
    pub(crate) fn send_bytes(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).unwrap();
        self.stdin.flush().unwrap();
    }

    /// The next response with this id (notifications and other messages are skipped).
    pub(crate) fn response(&mut self, id: i64) -> Value {
        self.response_to(&json!(id))
    }

    /// Every message up to and including the response with this id.
    pub(crate) fn messages_until(&mut self, id: i64) -> Vec<Value> {
        let mut out = Vec::new();
        loop {
            let line = self.lines.recv_timeout(Duration::from_secs(10)).expect("server answered in time");
            let v: Value = serde_json::from_str(&line).expect("server writes JSON lines");
            let done = v["id"] == json!(id);
            out.push(v);
            if done {
                return out;
            }
        }
    }

    /// The next response whose id is `id` (`null` for errors about unreadable messages).
    pub(crate) fn response_to(&mut self, id: &Value) -> Value {
        loop {
            let line = self.lines.recv_timeout(Duration::from_secs(10)).expect("server answered in time");
            let v: Value = serde_json::from_str(&line).expect("server writes JSON lines");
            if v["id"] == *id {
                return v;
            }
        }
    }

    /// Closes stdin and waits up to `limit` for the server to exit; true if it did.
    pub(crate) fn close_stdin_and_wait(&mut self, limit: Duration) -> bool {
        let (_, closed) = std::io::pipe().unwrap();
        drop(std::mem::replace(&mut self.stdin, std::process::ChildStdin::from(std::os::fd::OwnedFd::from(closed))));
        let deadline = std::time::Instant::now() + limit;
        while std::time::Instant::now() < deadline {
            if self.child.try_wait().unwrap().is_some() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        false
    }

    pub(crate) fn initialize(&mut self) -> Value {
        self.send(r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}"#);
        let init = self.response(1);
        self.send(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
        init
    }
}

impl RawSession {
    pub(crate) fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Ends the server: closes its stdin (a clean exit), or SIGKILLs it.
    pub(crate) fn stop(&mut self, kill: bool) {
        if kill {
            let _ = self.child.kill();
        } else {
            // Replace stdin with a closed pipe so the server sees EOF.
            let (_, closed) = std::io::pipe().unwrap();
            drop(std::mem::replace(
                &mut self.stdin,
                std::process::ChildStdin::from(std::os::fd::OwnedFd::from(closed)),
            ));
        }
        let _ = self.child.wait();
    }
}

impl Drop for RawSession {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn malformed_requests_get_errors_and_the_server_stays_up() {
    let p = TestProject::fixture("files");
    let mut s = RawSession::start(&["serve", p.root.to_str().unwrap()]);
    let init = s.initialize();
    assert_eq!(init["result"]["serverInfo"]["name"], "arborist");

    s.send("this is not json");
    assert_eq!(s.response_to(&Value::Null)["error"]["code"], -32700, "a parse error, as JSON-RPC says");
    s.send(r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#);
    assert!(s.response(2)["result"]["tools"].as_array().unwrap().len() >= 7, "server survived a garbage line");

    s.send(r#"{"jsonrpc":"2.0","id":3,"method":"no/such/method"}"#);
    assert!(s.response(3)["error"]["code"].is_i64());

    s.send(r#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"list_dir"}}"#);
    let r = s.response(4);
    assert_eq!(r["result"]["isError"], true, "{r}");
    assert!(r["result"]["content"][0]["text"].as_str().unwrap().contains("missing argument `relative_path`"));

    // a misspelt argument is named, never ignored; a wrong type names the argument and the type expected
    s.send(r#"{"jsonrpc":"2.0","id":41,"method":"tools/call","params":{"name":"find_symbol","arguments":{"name_path_pattern":"Cart","include_bdy":true}}}"#);
    let text = s.response(41)["result"]["content"][0]["text"].as_str().unwrap().to_string();
    assert!(text.contains("unknown argument `include_bdy`") && text.contains("include_body"), "{text}");
    s.send(r#"{"jsonrpc":"2.0","id":42,"method":"tools/call","params":{"name":"read_file","arguments":{"relative_path":"README.md","start_line":"2"}}}"#);
    let text = s.response(42)["result"]["content"][0]["text"].as_str().unwrap().to_string();
    assert!(text.contains("argument `start_line`: expected a non-negative integer, got string \"2\""), "{text}");

    s.send(r#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"no_such_tool","arguments":{}}}"#);
    let r = s.response(5);
    let text = r["result"]["content"][0]["text"]
        .as_str()
        .map(str::to_string)
        .unwrap_or_else(|| r["error"]["message"].to_string());
    assert!(text.contains("no_such_tool"), "{r}");

    s.send(r#"{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"delete_lines","arguments":{"relative_path":"README.md","start_line":0,"end_line":0}}}"#);
    let r = s.response(6);
    let text = r["result"]["content"][0]["text"]
        .as_str()
        .map(str::to_string)
        .unwrap_or_else(|| r["error"]["message"].to_string());
    assert!(text.contains("not active") || text.contains("delete_lines"), "{r}");
    assert!(std::fs::read_to_string(p.root.join("README.md")).unwrap().starts_with("# Shop fixture"));

    s.send(r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"read_file","arguments":{"relative_path":"docs/notes.txt","start_line":1}}}"#);
    assert_eq!(s.response(7)["result"]["content"][0]["text"], "TODO: add discounts.");
}

#[test]
fn planning_mode_and_coding_context_shorten_the_list() {
    let p = TestProject::fixture("files");
    let root = p.root.to_str().unwrap();
    let mut s = RawSession::start(&["serve", root, "--context", "claude-code", "--mode", "planning"]);
    s.initialize();
    s.send(r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#);
    let r = s.response(2);
    let names: Vec<&str> =
        r["result"]["tools"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert!(!names.contains(&"read_file") && !names.contains(&"replace_content"), "{names:?}");
    assert!(!names.contains(&"replace_in_files") && !names.contains(&"list_dir"));
}

#[test]
fn streamable_http_answers_initialize_and_tools() {
    let p = TestProject::fixture("files");
    let mut child = KillOnDrop(
        Command::new(BIN)
            .args(["serve", p.root.to_str().unwrap(), "--transport", "http", "--port", "0"])
            .env("ARBORIST_LOG", "info")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let addr = http_address(&mut child);
    let session = http_session(&addr);
    let (_, body) = http_post(&addr, r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#, session.as_deref());
    assert!(body.contains("search_for_pattern"), "{body}");
}

/// The address the HTTP server printed on stderr.
pub(crate) fn http_address(child: &mut KillOnDrop) -> String {
    let mut stderr = BufReader::new(child.0.stderr.take().unwrap());
    let mut addr = String::new();
    for _ in 0..50 {
        let mut line = String::new();
        if stderr.read_line(&mut line).unwrap() == 0 {
            break;
        }
        if let Some(rest) = line.split("http://").nth(1) {
            addr = rest.trim().trim_end_matches("/mcp").to_string();
            break;
        }
    }
    assert!(!addr.is_empty(), "server printed its address");
    // keep reading, so the server's log lines never meet a closed pipe
    std::thread::spawn(move || std::io::copy(&mut stderr, &mut std::io::sink()));
    addr
}

/// Initializes one MCP session over HTTP; its `Mcp-Session-Id`.
pub(crate) fn http_session(addr: &str) -> Option<String> {
    let init = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"http","version":"0"}}}"#;
    let (headers, body) = http_post(addr, init, None);
    assert!(body.contains("\"arborist\""), "{body}");
    let session =
        headers.lines().find_map(|l| l.strip_prefix("mcp-session-id: ").or_else(|| l.strip_prefix("Mcp-Session-Id: ")));
    let session = session.map(|s| s.trim().to_string());
    http_post(addr, r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#, session.as_deref());
    session
}

/// Abuse over HTTP: invalid and truncated JSON, deep nesting, an unknown method, a call before
/// `initialize`, a 50 MB body: an error answer each time (a 4xx status or a JSON-RPC error), and the
/// server still answers a normal call.
#[test]
fn http_abuse_gets_errors_and_the_server_stays_up() {
    let p = TestProject::fixture("files");
    let mut child = KillOnDrop(
        Command::new(BIN)
            .args(["serve", p.root.to_str().unwrap(), "--transport", "http", "--port", "0"])
            .env("ARBORIST_LOG", "info")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let addr = http_address(&mut child);
    let refused = |(headers, body): (String, String)| headers.starts_with("HTTP/1.1 4") || body.contains("\"error\"");
    assert!(refused(http_post(&addr, r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#, None)), "before initialize");
    let session = http_session(&addr);
    let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    let big =
        format!(r#"{{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{{"x":"{}"}}}}"#, "x".repeat(50 << 20));
    for bad in [
        "{not json",
        r#"{"jsonrpc":"2.0","id":4,"method":"tools/li"#,
        &deep,
        r#"{"jsonrpc":"2.0","id":5,"method":"no/such"}"#,
        &big,
    ] {
        let answer = http_post(&addr, bad, session.as_deref());
        assert!(refused(answer.clone()), "{}: {:?}", &bad[..bad.len().min(30)], &answer.0[..answer.0.len().min(200)]);
    }
    let (_, body) = http_post(&addr, r#"{"jsonrpc":"2.0","id":6,"method":"tools/list"}"#, session.as_deref());
    assert!(body.contains("search_for_pattern"), "{body}");
}

/// Two HTTP clients have sessions of their own: one activating another project leaves the other where it
/// was (they shared one session, so one client's activate_project moved every client).
#[test]
fn http_clients_have_their_own_sessions() {
    let p = TestProject::fixture("files");
    let other = p.tmp.path().join("other");
    std::fs::create_dir_all(&other).unwrap();
    std::fs::write(other.join("x.py"), "def only_in_other():\n    pass\n").unwrap();
    let mut child = KillOnDrop(
        Command::new(BIN)
            .args(["serve", p.root.to_str().unwrap(), "--transport", "http", "--port", "0"])
            .env("ARBORIST_LOG", "info")
            .env("ARBORIST_CONFIG_DIR", p.tmp.path().join("config"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let addr = http_address(&mut child);
    let (a, b) = (http_session(&addr), http_session(&addr));
    assert!(a.is_some() && a != b, "two sessions: {a:?} {b:?}");
    let call = |id: i64, tool: &str, args: Value| {
        json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": tool, "arguments": args}})
            .to_string()
    };
    let activate = call(2, "activate_project", json!({"project": other.to_str().unwrap()}));
    let (_, body) = http_post(&addr, &activate, a.as_deref());
    assert!(body.contains("other"), "{body}");
    let find = call(3, "find_symbol", json!({"name_path_pattern": "only_in_other"}));
    let (_, in_a) = http_post(&addr, &find, a.as_deref());
    let (_, in_b) = http_post(&addr, &find, b.as_deref());
    assert!(in_a.contains("x.py"), "client A works in the project it activated: {in_a}");
    assert!(!in_b.contains("x.py"), "client B stayed in its project: {in_b}");
}

/// A child process that is killed when the test ends, even when it fails.
pub(crate) struct KillOnDrop(pub(crate) std::process::Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A minimal HTTP/1.1 POST to `/mcp`; returns (headers, body). The body is read until it holds a JSON-RPC
/// response (plain or as an SSE `data:` event), or the server closes the connection.
pub(crate) fn http_post(addr: &str, body: &str, session: Option<&str>) -> (String, String) {
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let session = session.map(|s| format!("Mcp-Session-Id: {s}\r\n")).unwrap_or_default();
    let request = format!(
        "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
         Accept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2025-06-18\r\n{session}\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    // a server may answer (413) and close before a huge body is all sent
    let _ = stream.write_all(request.as_bytes());
    let mut response = Vec::new();
    let mut buf = [0u8; 4096];
    while let Ok(n) = stream.read(&mut buf) {
        if n == 0 {
            break;
        }
        response.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&response);
        if text.starts_with("HTTP/1.1 202") || has_rpc_message(&text) {
            break;
        }
    }
    let text = String::from_utf8_lossy(&response).into_owned();
    let (headers, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    (headers.to_string(), body.to_string())
}

fn has_rpc_message(text: &str) -> bool {
    text.lines().any(|l| {
        let l = l.strip_prefix("data: ").unwrap_or(l);
        serde_json::from_str::<Value>(l).is_ok_and(|v| v.get("result").is_some() || v.get("error").is_some())
    })
}

/// A call with a progress token hears how far a long search got; one without hears nothing.
#[test]
fn long_calls_report_progress_to_a_client_that_asks() {
    let mut p = TestProject::empty();
    for i in 0..3000 {
        p.write(&format!("d{}/f{i}.txt", i % 30), format!("line {i}\nneedle {i}\n"));
    }
    let mut s = RawSession::start_with_env(&["serve", p.root.to_str().unwrap()], &[("ARBORIST_PROGRESS_MS", "1")]);
    s.initialize();
    let call = |id: i64, meta: &str| {
        format!(
            r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{{meta}"name":"search_for_pattern","arguments":{{"substring_pattern":"needle 2999\\b"}}}}}}"#
        )
    };
    s.send(&call(2, r#""_meta":{"progressToken":"tok-1"},"#));
    let messages = s.messages_until(2);
    let progress: Vec<&Value> = messages.iter().filter(|m| m["method"] == "notifications/progress").collect();
    assert!(!progress.is_empty(), "no progress notification among {messages:?}");
    for n in &progress {
        assert_eq!(n["params"]["progressToken"], "tok-1");
        assert!(n["params"]["progress"].as_f64().unwrap() > 0.0);
        assert!(n["params"]["message"].as_str().unwrap().ends_with("files searched"), "{n}");
    }
    let answer = messages.last().unwrap();
    assert!(answer["result"]["content"][0]["text"].as_str().unwrap().contains("needle 2999"), "{answer}");
    s.send(&call(3, ""));
    let quiet = s.messages_until(3);
    assert_eq!(quiet.len(), 1, "no token, no notifications: {quiet:?}");
}

/// A call that ends within one reporting period still reports once, before its answer, how far it got.
#[test]
fn a_call_shorter_than_the_reporting_period_reports_once() {
    let mut p = TestProject::empty();
    for i in 0..50 {
        p.write(&format!("f{i}.txt"), format!("needle {i}\n"));
    }
    let mut s = RawSession::start_with_env(&["serve", p.root.to_str().unwrap()], &[("ARBORIST_PROGRESS_MS", "600000")]);
    s.initialize();
    s.send(r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"_meta":{"progressToken":7},"name":"search_for_pattern","arguments":{"substring_pattern":"needle 49\\b"}}}"#);
    let messages = s.messages_until(2);
    let progress: Vec<&Value> = messages.iter().filter(|m| m["method"] == "notifications/progress").collect();
    assert_eq!(progress.len(), 1, "{messages:?}");
    assert!(progress[0]["params"]["progress"].as_f64().unwrap() >= 50.0, "every file searched: {}", progress[0]);
    assert!(messages.last().unwrap()["result"]["content"][0]["text"].as_str().unwrap().contains("needle 49"));
}
