//! Shell commands for agents: `sh -c` in the project root (or a directory inside it), with a time limit
//! that kills the command's whole process group, and a refusal list for destructive commands.

use arborist_syntax::error::{Error, Result};
use regex::RegexSet;
use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// What a command did.
#[derive(Debug)]
pub struct ShellResult {
    pub stdout: String,
    pub stderr: Option<String>,
    /// None when the command was killed for running too long.
    pub return_code: Option<i32>,
    pub timed_out: bool,
}

/// Patterns of commands that destroy data or the machine; matched before anything runs.
const DANGEROUS: &[(&str, &str)] = &[
    (
        r"\brm\s+(-[a-zA-Z]*\s+)*-[a-zA-Z]*[rRf][a-zA-Z]*\s+(-[a-zA-Z]+\s+)*(/|/\*|~|~/|\$HOME|\*)(\s|;|&|$)",
        "recursive delete of /, ~ or *",
    ),
    (r"\brm\s+.*--no-preserve-root", "rm --no-preserve-root"),
    (r":\s*\(\s*\)\s*\{.*:\s*\|\s*:", "fork bomb"),
    (r"\bmkfs(\.\w+)?\b", "making a file system"),
    (r"\bdd\b.*\bof=/dev/", "dd onto a device"),
    (r">\s*/dev/(sd|hd|vd|xvd|nvme|mmcblk|disk)", "writing onto a disk device"),
    (r"\b(shutdown|reboot|halt|poweroff)\b", "stopping the machine"),
    (r"\bchmod\s+(-[a-zA-Z]+\s+)*-R\s+\S+\s+/(\s|$)", "recursive chmod of /"),
    (r"\bchown\s+(-[a-zA-Z]+\s+)*-R\s+\S+\s+/(\s|$)", "recursive chown of /"),
    (r"\bwipefs\b|\bshred\s+/dev/", "wiping a device"),
];

/// Why a command is refused, if it is.
pub fn dangerous(command: &str) -> Option<&'static str> {
    static SET: OnceLock<RegexSet> = OnceLock::new();
    let set = SET.get_or_init(|| RegexSet::new(DANGEROUS.iter().map(|(p, _)| *p)).expect("valid patterns"));
    set.matches(command).iter().next().map(|i| DANGEROUS[i].1)
}

/// Runs `command` with `sh -c` in `cwd`; after `limit` the whole process group is killed.
pub fn run(command: &str, cwd: &Path, capture_stderr: bool, limit: Duration) -> Result<ShellResult> {
    if let Some(why) = dangerous(command) {
        return Err(Error::DangerousCommand(why));
    }
    let mut cmd = Command::new("sh");
    cmd.arg("-c").arg(command).current_dir(cwd).stdin(Stdio::null()).stdout(Stdio::piped());
    cmd.stderr(if capture_stderr { Stdio::piped() } else { Stdio::null() });
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
    let mut child =
        cmd.spawn().map_err(|e| Error::io("starting sh for", command.chars().take(60).collect::<String>(), e))?;
    let out = child.stdout.take().map(reader);
    let err = child.stderr.take().map(reader);
    let started = Instant::now();
    let (status, timed_out) = loop {
        match child.try_wait().map_err(|e| Error::io("waiting for", "the command", e))? {
            Some(status) => break (Some(status), false),
            None if started.elapsed() >= limit => {
                kill_group(child.id());
                let _ = child.wait();
                break (None, true);
            }
            None => std::thread::sleep(Duration::from_millis(5)),
        }
    };
    if timed_out {
        kill_group(child.id());
    }
    let stdout = out.map(|h| h.join().unwrap_or_default()).unwrap_or_default();
    let stderr = err.map(|h| h.join().unwrap_or_default());
    Ok(ShellResult { stdout, stderr, return_code: status.and_then(|s| s.code()), timed_out })
}

/// Reads a pipe to the end on its own thread (grandchildren holding the pipe end when killed).
fn reader<R: Read + Send + 'static>(mut r: R) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = r.read_to_end(&mut buf);
        String::from_utf8_lossy(&buf).into_owned()
    })
}

#[cfg(unix)]
fn kill_group(pid: u32) {
    // SAFETY: kill(2) with a negative pid signals the process group we created for the child.
    unsafe {
        libc::kill(-(pid as i32), libc::SIGKILL);
    }
}

#[cfg(not(unix))]
fn kill_group(_pid: u32) {}

/// A shell command as the tools run it: where it ran and what it printed.
pub struct ShellRun {
    /// The directory it ran in, relative to the project root ("." for the root).
    pub cwd: String,
    pub result: ShellResult,
}

impl crate::engine::Engine {
    /// Runs `command` in `cwd` (a project directory; the root when None). A read-only project runs none.
    pub fn run_shell(
        &self,
        command: &str,
        cwd: Option<&str>,
        capture_stderr: bool,
        limit: Duration,
    ) -> Result<ShellRun> {
        let dir = self.project().resolve_existing(cwd.unwrap_or(""))?;
        if !dir.abs.is_dir() {
            return Err(Error::NotADirectory(dir.display().to_string()));
        }
        // A command can write anything: a read-only project runs none.
        self.project().check_writable(|| "the command was not run".into())?;
        let result = run(command, &dir.abs, capture_stderr, limit)?;
        Ok(ShellRun { cwd: dir.display().to_string(), result })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dangerous_commands_are_recognised() {
        for c in [
            "rm -rf /",
            "rm -rf ~",
            "sudo rm -fr /*",
            ":(){ :|:& };:",
            "mkfs.ext4 /dev/sda1",
            "dd if=/dev/zero of=/dev/null count=1",
            "shutdown -h now",
        ] {
            assert!(dangerous(c).is_some(), "{c}");
        }
        for c in ["rm -rf build", "rm -f a.txt", "echo dd", "ls /", "cargo test", "grep -r mkfsx ."] {
            assert!(dangerous(c).is_none(), "{c}");
        }
    }
}
