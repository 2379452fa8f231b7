//! Asks an installed language server for its version (`<program> --version`, or the command grammars.toml
//! names), within a time limit, for `arborist doctor`. Starts no server session; never waits past the limit.

use std::io::Read;
use std::process::{ChildStderr, ChildStdout, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// What a version command came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Version {
    /// Exit status 0: the first line it printed.
    Said(String),
    /// It exited with an error, or could not be started: the first line of what it said.
    Failed(String),
    /// Still running at the limit (then killed, with everything it started).
    TimedOut,
}

/// Runs `argv` (stdin closed) and returns its first line of output, or why there is none.
pub fn version(argv: &[String], limit: Duration) -> Version {
    let Some((program, args)) = argv.split_first() else { return Version::Failed("no command".into()) };
    let mut cmd = Command::new(program);
    cmd.args(args).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
    let mut child = match cmd.spawn() {
        Ok(child) => child,
        Err(e) => return Version::Failed(format!("could not start `{program}`: {e}")),
    };
    let output = read_in_background(child.stdout.take(), child.stderr.take());
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if started.elapsed() >= limit => break None,
            Ok(None) => std::thread::sleep(Duration::from_millis(10)),
            Err(e) => return Version::Failed(e.to_string()),
        }
    };
    // Whatever it left behind (or all of it, on a timeout) goes with its process group.
    kill_group(child.id());
    let _ = child.wait();
    let Some(status) = status else { return Version::TimedOut };
    let (stdout, stderr) = output.recv_timeout(Duration::from_millis(200)).unwrap_or_default();
    let said = first_line(&stdout).or_else(|| first_line(&stderr)).unwrap_or_default();
    if status.success() { Version::Said(said) } else { Version::Failed(said) }
}

/// Reads both pipes to their end on threads of their own, so a child that writes a lot never blocks and
/// a grandchild that keeps a pipe open never holds up the caller.
fn read_in_background(stdout: Option<ChildStdout>, stderr: Option<ChildStderr>) -> Receiver<(String, String)> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let err = stderr.map(|e| std::thread::spawn(move || read_capped(e)));
        let out = stdout.map(read_capped).unwrap_or_default();
        let err = err.and_then(|h| h.join().ok()).unwrap_or_default();
        let _ = tx.send((out, err));
    });
    rx
}

/// The first 64 KiB of a pipe; the rest is read and dropped.
fn read_capped(mut r: impl Read) -> String {
    let mut buf = Vec::new();
    let _ = r.by_ref().take(1 << 16).read_to_end(&mut buf);
    let _ = std::io::copy(&mut r, &mut std::io::sink());
    String::from_utf8_lossy(&buf).into_owned()
}

fn kill_group(pid: u32) {
    // SAFETY: killpg only sends a signal; the group is the child's own (process_group(0) above).
    unsafe {
        libc::killpg(pid as libc::pid_t, libc::SIGKILL);
    }
}

/// The first non-empty line, trimmed and cut to 120 characters.
fn first_line(text: &str) -> Option<String> {
    let line = text.lines().map(str::trim).find(|l| !l.is_empty())?;
    Some(line.chars().take(120).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn version_answers_fails_or_times_out() {
        let limit = Duration::from_secs(2);
        assert_eq!(
            version(&argv(&["sh", "-c", "echo; echo ' tool 1.2 '; echo more"]), limit),
            Version::Said("tool 1.2".into())
        );
        assert_eq!(version(&argv(&["sh", "-c", "echo bad >&2; exit 3"]), limit), Version::Failed("bad".into()));
        assert!(
            matches!(version(&argv(&["/no/such/program"]), limit), Version::Failed(m) if m.contains("could not start"))
        );
        let started = Instant::now();
        let slow = version(&argv(&["sh", "-c", "sleep 30 & sleep 30"]), Duration::from_millis(300));
        assert_eq!(slow, Version::TimedOut);
        assert!(started.elapsed() < Duration::from_secs(2), "{:?}", started.elapsed());
        // A child that exits while a grandchild keeps its stdout open does not hold up the answer.
        let started = Instant::now();
        assert_eq!(version(&argv(&["sh", "-c", "echo v9; sleep 30 &"]), limit), Version::Said("v9".into()));
        assert!(started.elapsed() < Duration::from_secs(2), "{:?}", started.elapsed());
    }
}
