//! Runs the formatter and check commands named in `grammars.toml` (never a shell): stdin → stdout
//! formatting, and checks in the project root with a time limit. A missing command is reported, not fatal.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What running a command came to.
#[derive(Debug)]
pub enum Ran {
    /// Exit status 0, with stdout.
    Ok(String),
    /// Non-zero exit, with stdout and stderr combined.
    Failed(String),
    /// The program is not installed.
    Missing(String),
    TimedOut,
}

/// Pipes `input` through `argv` (e.g. `rustfmt --edition 2024`).
pub fn filter(argv: &[String], input: &str, cwd: &Path, limit: Duration) -> Ran {
    run(argv, Some(input), cwd, limit)
}

/// Runs `argv` in `cwd`.
pub fn check(argv: &[String], cwd: &Path, limit: Duration) -> Ran {
    run(argv, None, cwd, limit)
}

fn run(argv: &[String], input: Option<&str>, cwd: &Path, limit: Duration) -> Ran {
    let Some((program, args)) = argv.split_first() else { return Ran::Missing("(no command configured)".into()) };
    let mut cmd = Command::new(program);
    cmd.args(args).current_dir(cwd).stdin(if input.is_some() { Stdio::piped() } else { Stdio::null() });
    cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ran::Missing(program.clone()),
        Err(e) => return Ran::Failed(format!("could not start {program}: {e}")),
    };
    if let (Some(text), Some(mut stdin)) = (input, child.stdin.take()) {
        let text = text.to_string();
        std::thread::spawn(move || stdin.write_all(text.as_bytes()));
    }
    let out = child.stdout.take().map(read_all);
    let err = child.stderr.take().map(read_all);
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if started.elapsed() > limit => {
                let _ = child.kill();
                let _ = child.wait();
                return Ran::TimedOut;
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => return Ran::Failed(e.to_string()),
        }
    };
    let stdout = out.map(|h| h.join().unwrap_or_default()).unwrap_or_default();
    let stderr = err.map(|h| h.join().unwrap_or_default()).unwrap_or_default();
    if status.success() { Ran::Ok(stdout) } else { Ran::Failed(format!("{stdout}{stderr}")) }
}

fn read_all<R: std::io::Read + Send + 'static>(mut r: R) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = r.read_to_end(&mut buf);
        String::from_utf8_lossy(&buf).into_owned()
    })
}
