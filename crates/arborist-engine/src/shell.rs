//! Shell commands for agents: `sh -c` in the project root (or a directory inside it), in a session of its
//! own that is killed as a whole when the shell exits, times out or the server stops; stdout and stderr kept
//! up to `MAX_CAPTURE_BYTES` each; and a guard (`guard`, tree-sitter-bash) that refuses destructive commands
//! before anything runs. The guard is a seatbelt, not a sandbox: nothing here confines what a command reaches.

use arborist_syntax::error::{Error, Result};
use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// Bytes of stdout, and of stderr, kept from one command; the rest is still read (so the command never
/// blocks on a full pipe), counted and dropped.
pub const MAX_CAPTURE_BYTES: usize = 1 << 20;
/// How long the pipes may stay open after the shell exited (a background child holding them) before what
/// is left of the command's session is killed.
pub const EXIT_GRACE: Duration = Duration::from_millis(300);
/// How long to wait for the pipes to close once the session was killed.
const KILL_GRACE: Duration = Duration::from_millis(500);
/// How often a running command is looked at.
const POLL: Duration = Duration::from_millis(5);

/// What a command did.
#[derive(Debug)]
pub struct ShellResult {
    pub stdout: String,
    pub stderr: Option<String>,
    /// None when the command was killed (for running too long, or because the server stops).
    pub return_code: Option<i32>,
    pub timed_out: bool,
    /// Bytes of stdout read beyond `MAX_CAPTURE_BYTES` and dropped.
    pub stdout_dropped: u64,
    /// Bytes of stderr read beyond `MAX_CAPTURE_BYTES` and dropped.
    pub stderr_dropped: u64,
}

impl ShellResult {
    /// A sentence saying which output was cut and how much of it was dropped, when any was.
    pub fn output_cut(&self) -> Option<String> {
        let cut: Vec<String> = [("stdout", self.stdout_dropped), ("stderr", self.stderr_dropped)]
            .iter()
            .filter(|(_, dropped)| *dropped > 0)
            .map(|(stream, dropped)| format!("{dropped} bytes of {stream}"))
            .collect();
        (!cut.is_empty()).then(|| {
            format!(
                "output cut: only the first {MAX_CAPTURE_BYTES} bytes of each stream are kept; {} were dropped",
                cut.join(" and ")
            )
        })
    }
}

/// Why a command is refused, if it is (see `guard`).
pub fn dangerous(command: &str) -> Option<&'static str> {
    guard::check(command)
}

/// Runs `command` with `sh -c` in `cwd`. After `limit`, or as soon as the shell exited and `EXIT_GRACE`
/// passed, everything left in the command's session (background children included) is killed.
pub fn run(command: &str, cwd: &Path, capture_stderr: bool, limit: Duration) -> Result<ShellResult> {
    if let Some(why) = dangerous(command) {
        return Err(Error::DangerousCommand(why));
    }
    let (mut child, _lifeline) = spawn(command, cwd, capture_stderr)?;
    let session = Running::register(child.id());
    let watched = Pipes::take(&mut child).and_then(|pipes| Ok((watch(&mut child, &pipes, limit)?, pipes)));
    // Kills what is left: background children after an exit, all of it after a time-out.
    drop(session);
    let status = child.wait().map_err(|e| Error::io("waiting for", "the command", e));
    let (timed_out, pipes) = watched?;
    pipes.wait_closed(Instant::now() + KILL_GRACE);
    let return_code = if timed_out { None } else { status?.code() };
    Ok(pipes.result(return_code, timed_out))
}

/// Runs the command (`$1`) after starting a sentinel in its process group: the sentinel waits on fd 3, a
/// pipe whose only writer is the server, and kills the whole group when it reads end-of-file, which
/// happens when the server dies, even by SIGKILL (the kernel closes the pipe). Then background children
/// of the command die with the server, not only the shell.
/// The command then runs with no positional parameters, as under plain `sh -c`.
const WITH_SENTINEL: &str = "__arborist_sentinel() { read _ <&3; kill -KILL 0; }; \
    __arborist_sentinel </dev/null >/dev/null 2>&1 & exec 3<&-; __arborist_command=$1; set --; \
    eval \"$__arborist_command\"";

/// Starts `sh -c command` in a session of its own, stdin closed, stdout (and stderr) piped, with a
/// sentinel (see `WITH_SENTINEL`) on Linux. The returned lifeline is the sentinel's pipe: keep it until
/// the command is over.
fn spawn(command: &str, cwd: &Path, capture_stderr: bool) -> Result<(Child, Option<std::io::PipeWriter>)> {
    let starting = |e| Error::io("starting sh for", command.chars().take(60).collect::<String>(), e);
    let mut cmd = Command::new("sh");
    cmd.current_dir(cwd).stdin(Stdio::null()).stdout(Stdio::piped());
    cmd.stderr(if capture_stderr { Stdio::piped() } else { Stdio::null() });
    let lifeline = if cfg!(target_os = "linux") {
        let (reader, writer) = std::io::pipe().map_err(starting)?;
        cmd.arg("-c").arg(WITH_SENTINEL).arg("sh").arg(command);
        on_fd_3(&mut cmd, reader);
        Some(writer)
    } else {
        cmd.arg("-c").arg(command);
        None
    };
    own_session(&mut cmd);
    let child = cmd.spawn().map_err(starting)?;
    Ok((child, lifeline))
}

/// Hands `reader` to the child as its fd 3.
#[cfg(unix)]
fn on_fd_3(cmd: &mut Command, reader: std::io::PipeReader) {
    use std::os::fd::{AsRawFd, OwnedFd};
    use std::os::unix::process::CommandExt;
    let fd = OwnedFd::from(reader);
    // SAFETY: dup2 is async-signal-safe; the fd stays open in the parent until the closure is dropped
    // with the Command, after the spawn.
    unsafe {
        cmd.pre_exec(move || {
            let raw = fd.as_raw_fd();
            // dup2 onto itself would keep close-on-exec set: clear it instead
            let ok = if raw == 3 { libc::fcntl(3, libc::F_SETFD, 0) } else { libc::dup2(raw, 3) };
            if ok < 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
}

#[cfg(not(unix))]
fn on_fd_3(_cmd: &mut Command, _reader: std::io::PipeReader) {}

/// Puts the shell in a new session (so one signal reaches all it starts, and it has no terminal) and, on
/// Linux, has the kernel kill it when the server dies. `PR_SET_PDEATHSIG` fires when the *thread* that
/// forked ends; that thread is the caller of `run`, which waits for the shell, so it outlives it.
#[cfg(unix)]
fn own_session(cmd: &mut Command) {
    use std::os::unix::process::CommandExt;
    #[cfg(target_os = "linux")]
    let parent = std::process::id() as libc::pid_t;
    // SAFETY: setsid, prctl and getppid are async-signal-safe and touch no memory of the parent.
    unsafe {
        cmd.pre_exec(move || {
            if libc::setsid() < 0 {
                return Err(std::io::Error::last_os_error());
            }
            #[cfg(target_os = "linux")]
            {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                // The server died before prctl took effect: nobody would kill this shell.
                if libc::getppid() != parent {
                    return Err(std::io::Error::from_raw_os_error(libc::ESRCH));
                }
            }
            Ok(())
        });
    }
}

#[cfg(not(unix))]
fn own_session(_cmd: &mut Command) {}

/// Waits for the shell to exit (then for its pipes, at most `EXIT_GRACE`) or for `limit` to pass; true
/// when it timed out.
fn watch(child: &mut Child, pipes: &Pipes, limit: Duration) -> Result<bool> {
    let deadline = Instant::now() + limit;
    while !exited(child)? {
        if Instant::now() >= deadline {
            return Ok(true);
        }
        std::thread::sleep(POLL);
    }
    pipes.wait_closed(Instant::now() + EXIT_GRACE);
    Ok(false)
}

/// Whether the shell exited, leaving it unreaped: while it is a zombie its pid, which is also its session
/// and process group id, cannot be reused, so killing the group later cannot hit a stranger.
#[cfg(unix)]
fn exited(child: &mut Child) -> Result<bool> {
    // SAFETY: a zeroed siginfo_t is a valid value; waitid writes only into it.
    let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
    let flags = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT;
    // SAFETY: waitid on our own child with a valid siginfo_t pointer.
    match unsafe { libc::waitid(libc::P_PID, child.id() as libc::id_t, &mut info, flags) } {
        0 => Ok(info.si_signo != 0),
        _ => match std::io::Error::last_os_error() {
            e if e.kind() == std::io::ErrorKind::Interrupted => Ok(false),
            e => Err(Error::io("waiting for", "the command", e)),
        },
    }
}

#[cfg(not(unix))]
fn exited(child: &mut Child) -> Result<bool> {
    Ok(child.try_wait().map_err(|e| Error::io("waiting for", "the command", e))?.is_some())
}

// ---------------------------------------------------------------- bounded capture

/// What one pipe gave: the first `MAX_CAPTURE_BYTES`, how many more bytes were dropped, whether it closed.
#[derive(Default)]
struct Capture {
    kept: Vec<u8>,
    dropped: u64,
    closed: bool,
}

impl Capture {
    fn push(&mut self, bytes: &[u8]) {
        let room = MAX_CAPTURE_BYTES.saturating_sub(self.kept.len()).min(bytes.len());
        self.kept.extend_from_slice(&bytes[..room]);
        self.dropped += (bytes.len() - room) as u64;
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.kept).into_owned()
    }
}

type Shared = Arc<Mutex<Capture>>;

/// The text kept from a pipe so far, and the count of bytes dropped.
fn taken(capture: &Shared) -> (String, u64) {
    let capture = lock(capture);
    (capture.text(), capture.dropped)
}

fn lock(capture: &Shared) -> MutexGuard<'_, Capture> {
    capture.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Reads a pipe to its end on a thread of its own. When a process that escaped the kill still holds the
/// pipe, the thread outlives the call, draining (and dropping) until that process lets go.
fn drain<R: Read + Send + 'static>(mut pipe: R) -> Result<Shared> {
    let shared = Shared::default();
    let capture = shared.clone();
    let read_all = move || {
        let mut buf = vec![0u8; 64 * 1024];
        loop {
            match pipe.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => lock(&capture).push(&buf[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
        lock(&capture).closed = true;
    };
    std::thread::Builder::new()
        .name("arborist-shell-pipe".into())
        .spawn(read_all)
        .map_err(|e| Error::io("starting a reader for", "the command's output", e))?;
    Ok(shared)
}

/// The command's stdout and (when captured) stderr.
struct Pipes {
    out: Option<Shared>,
    err: Option<Shared>,
}

impl Pipes {
    fn take(child: &mut Child) -> Result<Pipes> {
        let out = child.stdout.take().map(drain).transpose()?;
        let err = child.stderr.take().map(drain).transpose()?;
        Ok(Pipes { out, err })
    }

    fn closed(&self) -> bool {
        [&self.out, &self.err].into_iter().flatten().all(|c| lock(c).closed)
    }

    fn wait_closed(&self, deadline: Instant) {
        while !self.closed() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    fn result(&self, return_code: Option<i32>, timed_out: bool) -> ShellResult {
        let (stdout, stdout_dropped) = self.out.as_ref().map(taken).unwrap_or_default();
        let (stderr, stderr_dropped) = self.err.as_ref().map(taken).unzip();
        let stderr_dropped = stderr_dropped.unwrap_or_default();
        ShellResult { stdout, stderr, return_code, timed_out, stdout_dropped, stderr_dropped }
    }
}

// ---------------------------------------------------------------- running sessions

/// Session ids (= the shells' pids) of the commands running now, with the owner that started each.
static RUNNING: Mutex<BTreeMap<u32, u64>> = Mutex::new(BTreeMap::new());

thread_local! {
    /// The owner (a server's client; 0: none) of the commands this thread starts.
    static OWNER: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

fn running() -> MutexGuard<'static, BTreeMap<u32, u64>> {
    RUNNING.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Runs `f` with the commands it starts owned by `owner` (see `kill_running_of`).
pub fn with_owner<T>(owner: u64, f: impl FnOnce() -> T) -> T {
    let before = OWNER.with(|o| o.replace(owner));
    let out = f();
    OWNER.with(|o| o.set(before));
    out
}

/// A running command's session: listed in `RUNNING` while it lives, killed as a whole when dropped.
struct Running(u32);

impl Running {
    fn register(pid: u32) -> Running {
        running().insert(pid, OWNER.with(|o| o.get()));
        Running(pid)
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        kill_session(self.0);
        running().remove(&self.0);
    }
}

/// Kills every running shell command with everything it started; returns how many there were. Call it
/// when the server stops: the calls waiting on those commands then answer (return code null) at once.
pub fn kill_all_running() -> usize {
    let sessions: Vec<u32> = running().keys().copied().collect();
    for sid in &sessions {
        kill_session(*sid);
    }
    sessions.len()
}

/// Kills the running commands that `owner` started (a client that left a server serving others).
pub fn kill_running_of(owner: u64) -> usize {
    let sessions: Vec<u32> = running().iter().filter(|(_, o)| **o == owner).map(|(sid, _)| *sid).collect();
    for sid in &sessions {
        kill_session(*sid);
    }
    sessions.len()
}

/// SIGKILLs the process group `sid` and, on Linux, every other process of session `sid` (a `set -m` job
/// gets a group of its own). A process that started a session of its own (`setsid`) is out of reach.
#[cfg(unix)]
fn kill_session(sid: u32) {
    let Ok(sid) = libc::pid_t::try_from(sid) else { return };
    if sid <= 1 {
        return;
    }
    // SAFETY: kill(2) on the process group the command's shell leads (never 0, -1 or init).
    unsafe { libc::kill(-sid, libc::SIGKILL) };
    #[cfg(target_os = "linux")]
    for pid in session_members(sid) {
        // SAFETY: kill(2) on a live process of the command's session.
        unsafe { libc::kill(pid, libc::SIGKILL) };
    }
}

#[cfg(not(unix))]
fn kill_session(_sid: u32) {}

/// Live processes of session `sid`, read from /proc (zombies left out).
#[cfg(target_os = "linux")]
fn session_members(sid: libc::pid_t) -> Vec<libc::pid_t> {
    let Ok(dir) = std::fs::read_dir("/proc") else { return Vec::new() };
    dir.flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<libc::pid_t>().ok())
        .filter(|pid| *pid > 1 && live_session_of(*pid) == Some(sid))
        .collect()
}

/// The session of a live process: field 6 of /proc/PID/stat, counted after the `(comm)` field.
#[cfg(target_os = "linux")]
fn live_session_of(pid: libc::pid_t) -> Option<libc::pid_t> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let mut fields = stat.rsplit_once(')')?.1.split_whitespace();
    let state = fields.next()?;
    (state != "Z").then(|| fields.nth(2)?.parse().ok()).flatten()
}

// ---------------------------------------------------------------- engine entry point

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

// ---------------------------------------------------------------- the guard

mod guard;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dangerous_commands_are_recognised() {
        for c in ["rm -rf /", "rm -rf ~", "sudo rm -fr /*", ":(){ :|:& };:", "mkfs.ext4 /dev/sda1", "shutdown -h now"] {
            assert!(dangerous(c).is_some(), "{c}");
        }
        for c in ["rm -rf build", "rm -f a.txt", "echo dd", "ls /", "cargo test", "grep -r mkfsx .", "dd of=/dev/null"]
        {
            assert!(dangerous(c).is_none(), "{c}");
        }
    }

    /// The output of `sh -c` in the system temp directory, within `limit`.
    fn sh(command: &str, limit: Duration) -> ShellResult {
        run(command, &std::env::temp_dir(), true, limit).unwrap()
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn kill_all_running_kills_commands_and_their_children() {
        let marker = format!("30.{}7", std::process::id());
        let command = format!("sleep {marker} & sleep {marker}");
        let started = Instant::now();
        let running = std::thread::spawn(move || sh(&command, Duration::from_secs(60)));
        // (the processes may be seen before the command is listed as running: wait for both)
        let listed = || !super::running().is_empty();
        while (running_processes(&marker) < 2 || !listed()) && started.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(kill_all_running() >= 1);
        let result = running.join().unwrap();
        assert!(started.elapsed() < Duration::from_secs(10));
        assert_eq!(result.return_code, None);
        assert!(!result.timed_out);
        std::thread::sleep(Duration::from_millis(100));
        assert_eq!(running_processes(&marker), 0);
    }

    /// Live processes whose command line contains `marker`.
    #[cfg(target_os = "linux")]
    fn running_processes(marker: &str) -> usize {
        let Ok(dir) = std::fs::read_dir("/proc") else { return 0 };
        dir.flatten()
            .filter(|e| e.file_name().to_str().is_some_and(|n| n.parse::<u32>().is_ok()))
            .filter(|e| live_session_of(e.file_name().to_str().unwrap_or("0").parse().unwrap_or(0)).is_some())
            .filter_map(|e| std::fs::read(e.path().join("cmdline")).ok())
            .filter(|c| String::from_utf8_lossy(c).replace('\0', " ").contains(marker))
            .count()
    }
}
