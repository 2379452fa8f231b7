//! Kill -9 the server in the middle of a stream of 1,000 edits: every file on disk must then be one of
//! the versions the stream could have produced, never a mix, a truncation or empty.

use crate::util::TestProject;
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

const FILES: usize = 4;
const EDITS: usize = 1000;

/// The whole file after `version` edits (version 0 is the original).
fn version(file: usize, version: usize) -> String {
    format!(
        "def keep_before():\n    return 'before'\n\n\ndef target():\n    return {version}  # file {file}\n\n\ndef keep_after():\n    return 'after'\n"
    )
}

#[test]
fn killing_the_server_mid_stream_leaves_only_whole_versions() {
    let mut p = TestProject::empty();
    for f in 0..FILES {
        p.write(&format!("f{f}.py"), version(f, 0));
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_arborist"))
        .args(["serve", p.root.to_str().unwrap(), "--index-threads", "0"])
        .env("ARBORIST_LOG", "off")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let init = r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"crash","version":"0"}}}"#;
    let initialized = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;
    writeln!(stdin, "{init}\n{initialized}").unwrap();
    let writer = std::thread::spawn(move || {
        for i in 1..=EDITS {
            let f = i % FILES;
            let v = i / FILES + 1;
            let body = format!("def target():\n    return {v}  # file {f}");
            let call = serde_json::json!({"jsonrpc": "2.0", "id": i, "method": "tools/call",
                "params": {"name": "replace_symbol_body", "arguments": {"name_path": "target", "relative_path": format!("f{f}.py"), "body": body}}});
            if writeln!(stdin, "{call}").is_err() {
                break;
            }
        }
    });
    // Kill once the stream is under way (some edit has landed), at a moment that varies from run to run.
    let started = std::time::Instant::now();
    while p.read("f1.py") == version(1, 0) && started.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(2));
    }
    std::thread::sleep(Duration::from_millis(u64::from(std::process::id() % 40)));
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    writer.join().unwrap();
    let mut reached = Vec::new();
    for f in 0..FILES {
        let text = p.read(&format!("f{f}.py"));
        let v = (0..=EDITS / FILES + 1).find(|&v| text == version(f, v));
        assert!(v.is_some(), "f{f}.py is not a whole version:\n{text}");
        reached.push(v.unwrap());
    }
    let leftovers: Vec<_> = std::fs::read_dir(&p.root)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .map(|e| e.file_name())
        .collect();
    eprintln!("versions on disk after the kill: {reached:?}; temp files left by the kill: {leftovers:?}");
    assert!(leftovers.len() <= 1, "edits are serialised, so at most one write can be cut short: {leftovers:?}");
}
