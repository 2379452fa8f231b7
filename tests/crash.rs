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
        .args(["serve", p.root.to_str().unwrap(), "--index-threads", "0", "--no-daemon"])
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

/// A 50-file rename SIGKILLed at random points, 200 times (ARBORIST_KILL_RUNS overrides): after the next
/// process opens the project (which replays the journal), the files are all old or all new, never a
/// mix.
#[test]
fn a_killed_multi_file_rename_lands_whole_or_not_at_all() {
    const FILES: usize = 50;
    let runs: usize = std::env::var("ARBORIST_KILL_RUNS").ok().and_then(|r| r.parse().ok()).unwrap_or(200);
    let mut p = TestProject::empty();
    p.write("m0.py", "def name_a():\n    return 1\n");
    for i in 1..FILES {
        p.write(&format!("m{i}.py"), format!("from m0 import name_a\n\n\ndef use_{i}():\n    return name_a()\n"));
    }
    let root = p.root.clone();
    let rename = |from: &str, to: &str| {
        let args = format!(
            r#"{{"name_path": "{from}", "relative_path": "m0.py", "new_name": "{to}", "backend": "heuristic"}}"#
        );
        Command::new(env!("CARGO_BIN_EXE_arborist"))
            .args(["tool", "rename_symbol", &args, "--project", root.to_str().unwrap()])
            .env("ARBORIST_LOG", "off")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap()
    };
    // which name every file uses: Some(true) all new, Some(false) all old, None a mix
    let state = || {
        let uses: Vec<bool> = (0..FILES).map(|i| p.read(&format!("m{i}.py")).contains("name_b")).collect();
        if uses.iter().all(|&b| b) {
            Some(true)
        } else if uses.iter().all(|&b| !b) {
            Some(false)
        } else {
            None
        }
    };
    let recover = || {
        let status = Command::new(env!("CARGO_BIN_EXE_arborist"))
            .args(["tool", "get_current_config", "{}", "--project", root.to_str().unwrap()])
            .env("ARBORIST_LOG", "off")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success());
    };
    // how long one unkilled rename takes, to spread the kills over it
    let started = std::time::Instant::now();
    assert!(rename("name_a", "name_b").wait().unwrap().success());
    let whole = started.elapsed();
    assert_eq!(state(), Some(true));
    let (mut seed, mut killed_between, mut mixes) = (0x2545_f491_4f6c_dd1du64, 0, 0);
    for run in 0..runs {
        let new = state().expect("whole before each run");
        let (from, to) = if new { ("name_b", "name_a") } else { ("name_a", "name_b") };
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let delay = whole.mul_f64((seed >> 33) as f64 / (1u64 << 31) as f64);
        let mut child = rename(from, to);
        std::thread::sleep(delay);
        let _ = child.kill();
        let _ = child.wait();
        let before_recovery = state();
        if before_recovery.is_none() {
            killed_between += 1;
        }
        recover();
        match state() {
            Some(_) => {}
            None => mixes += 1,
        }
        assert_eq!(mixes, 0, "run {run}: a mix of old and new names after recovery");
    }
    eprintln!("{runs} kills: {killed_between} landed between two files (mixed until recovery), 0 mixed after");
}
