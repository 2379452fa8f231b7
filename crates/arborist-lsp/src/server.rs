//! One running language server: the child process in its own process group, JSON-RPC framing over its
//! stdio, a reader thread that routes answers and answers the server's own requests, and shutdown.

use super::LspError;
use serde_json::{Value, json};
use std::collections::{HashMap, VecDeque};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicUsize, Ordering};
use std::sync::mpsc::{Sender, channel};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

type Pending = Arc<Mutex<HashMap<i64, Sender<Result<Value, String>>>>>;
type Stdin = Arc<Mutex<ChildStdin>>;

/// How long `shutdown` may take, and then how long the process may take to exit, before it is killed.
const SHUTDOWN_GRACE: Duration = Duration::from_millis(1000);
const EXIT_GRACE: Duration = Duration::from_millis(500);
/// Lines of the server's stderr kept for error messages.
const STDERR_LINES: usize = 8;

pub(super) struct Server {
    pub argv: Vec<String>,
    child: Mutex<Child>,
    pub pid: u32,
    stdin: Stdin,
    pending: Pending,
    next_id: AtomicI64,
    alive: Arc<AtomicBool>,
    initialized: AtomicBool,
    stopped: AtomicBool,
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
    /// Open documents: URI → (version, hash of the text the server has).
    opened: Mutex<HashMap<String, (i32, u64)>>,
    last_used: Mutex<Instant>,
    busy: AtomicUsize,
    pub started: Instant,
    /// What the server has analysed, as its published diagnostics tell.
    pub analysis: Arc<Analysis>,
    /// Set once an answer was trusted (non-empty, or empty after the server analysed something).
    pub warm: AtomicBool,
    /// When the `initialized` notification was sent.
    initialized_at: OnceLock<Instant>,
}

/// What a server has analysed, as its `textDocument/publishDiagnostics` notifications tell.
#[derive(Default)]
pub(super) struct Analysis {
    /// Set once the server published diagnostics: it has analysed an open document, so its empty answers
    /// are no longer suspected of coming from a workspace it has not loaded yet.
    pub any: AtomicBool,
    /// Open documents analysed in their current version (diagnostics published since the last change).
    docs: Mutex<std::collections::HashSet<String>>,
    /// The work the server reports in progress: `$/progress` tokens begun and not yet ended (loading the
    /// workspace, indexing).
    work: Mutex<std::collections::HashSet<String>>,
    /// Whether the server reported being quiescent at its last status report (rust-analyzer's
    /// `experimental/serverStatus`); None while it has not reported a status.
    quiescent: Mutex<Option<bool>>,
    /// Set once the server reported any progress or status.
    reports: AtomicBool,
}

impl Analysis {
    fn published(&self, uri: &str) {
        self.any.store(true, Ordering::Release);
        self.docs.lock().unwrap().insert(uri.to_string());
    }

    fn changed(&self, uri: &str) {
        self.docs.lock().unwrap().remove(uri);
    }

    /// Reads a `$/progress` notification's work-done report (`begin`, `report`, `end`).
    fn progress(&self, params: &Value) {
        let token = match &params["token"] {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        let mut work = self.work.lock().unwrap();
        match params["value"]["kind"].as_str() {
            Some("begin") => work.insert(token),
            Some("end") => work.remove(&token),
            _ => return,
        };
        self.reports.store(true, Ordering::Release);
    }

    /// Reads a status report (`experimental/serverStatus`).
    fn status(&self, params: &Value) {
        if let Some(quiescent) = params["quiescent"].as_bool() {
            *self.quiescent.lock().unwrap() = Some(quiescent);
            self.reports.store(true, Ordering::Release);
        }
    }

    /// Whether the server is done loading, as far as it tells: quiescent when it reports a status (its
    /// progress then includes background checks that answers do not wait for), else with no work in
    /// progress.
    fn loaded(&self) -> bool {
        match *self.quiescent.lock().unwrap() {
            Some(quiescent) => quiescent,
            None => self.work.lock().unwrap().is_empty(),
        }
    }
}

/// The pause before a request answered `ContentModified` is sent again.
const CONTENT_MODIFIED_PAUSE: Duration = Duration::from_millis(100);

/// How long after `initialized` a server that has reported no progress yet is taken to have nothing to
/// load (servers begin reporting within a few milliseconds).
const FIRST_REPORT: Duration = Duration::from_millis(300);

/// Marks a server busy (the idle reaper leaves it alone) for as long as the guard lives.
pub(super) struct Busy<'a>(&'a Server);

impl Drop for Busy<'_> {
    fn drop(&mut self) {
        *self.0.last_used.lock().unwrap() = Instant::now();
        self.0.busy.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Spawns children from one thread that lives as long as the process: `PR_SET_PDEATHSIG` fires when the
/// *thread* that forked the child ends, and callers are often short-lived pool threads.
fn spawn(cmd: Command) -> std::io::Result<Child> {
    type Job = (Command, Sender<std::io::Result<Child>>);
    static SPAWNER: OnceLock<Mutex<Sender<Job>>> = OnceLock::new();
    let spawner = SPAWNER.get_or_init(|| {
        let (tx, rx) = channel::<Job>();
        std::thread::Builder::new()
            .name("arborist-lsp-spawner".into())
            .spawn(move || {
                for (mut cmd, reply) in rx {
                    let _ = reply.send(cmd.spawn());
                }
            })
            .expect("spawning a thread");
        Mutex::new(tx)
    });
    let (tx, rx) = channel();
    spawner.lock().unwrap().send((cmd, tx)).map_err(|_| std::io::Error::other("the spawner thread is gone"))?;
    rx.recv().map_err(|_| std::io::Error::other("the spawner thread is gone"))?
}

/// A server argument with `{root}` replaced by the project's root (jdtls's `-data {root}/.arborist/jdtls`).
fn with_root(arg: &str, root: &Path) -> String {
    arg.replace("{root}", &root.to_string_lossy())
}

impl Server {
    /// Starts the server and runs the `initialize` handshake.
    pub fn start(argv: &[String], root: &Path, init_options: Value, timeout: Duration) -> Result<Server, LspError> {
        let (program, args) = argv.split_first().ok_or_else(|| LspError::NotConfigured(String::new()))?;
        let mut cmd = Command::new(program);
        cmd.args(args.iter().map(|a| with_root(a, root)))
            .current_dir(root)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        {
            use std::os::unix::process::CommandExt;
            // Its own process group, so that stopping it also stops what it started (tsserver, go list).
            cmd.process_group(0);
            #[cfg(target_os = "linux")]
            // SAFETY: prctl(PR_SET_PDEATHSIG) is async-signal-safe and touches no memory of the parent.
            unsafe {
                cmd.pre_exec(|| {
                    libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                    Ok(())
                });
            }
        }
        let mut child = spawn(cmd).map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound | std::io::ErrorKind::PermissionDenied => LspError::Missing(program.clone()),
            _ => LspError::Crashed(format!("`{program}` could not be started: {e}")),
        })?;
        let pid = child.id();
        let stdin: Stdin = Arc::new(Mutex::new(child.stdin.take().expect("piped stdin")));
        let stdout = child.stdout.take().expect("piped stdout");
        let stderr = child.stderr.take().expect("piped stderr");
        let pending: Pending = Arc::new(Mutex::new(HashMap::new()));
        let alive = Arc::new(AtomicBool::new(true));
        let analysis = Arc::new(Analysis::default());
        let stderr_tail = Arc::new(Mutex::new(VecDeque::new()));
        let root_uri = super::uri::from_path(root);
        let folders =
            json!([{"uri": root_uri, "name": root.file_name().map_or("root".into(), |n| n.to_string_lossy())}]);
        {
            let (pending, alive, stdin, folders) = (pending.clone(), alive.clone(), stdin.clone(), folders.clone());
            let analysis = analysis.clone();
            std::thread::Builder::new()
                .name(format!("lsp-read-{pid}"))
                .spawn(move || read_loop(stdout, pending, alive, analysis, stdin, folders))
                .map_err(|e| LspError::Crashed(e.to_string()))?;
        }
        {
            let tail = stderr_tail.clone();
            let _ = std::thread::Builder::new().name(format!("lsp-err-{pid}")).spawn(move || {
                for line in BufReader::new(stderr).lines() {
                    let Ok(line) = line else { break };
                    let mut tail = tail.lock().unwrap();
                    if tail.len() == STDERR_LINES {
                        tail.pop_front();
                    }
                    tail.push_back(line);
                }
            });
        }
        let server = Server {
            argv: argv.to_vec(),
            child: Mutex::new(child),
            pid,
            stdin,
            pending,
            next_id: AtomicI64::new(1),
            alive,
            initialized: AtomicBool::new(false),
            stopped: AtomicBool::new(false),
            stderr_tail,
            opened: Mutex::new(HashMap::new()),
            last_used: Mutex::new(Instant::now()),
            busy: AtomicUsize::new(0),
            started: Instant::now(),
            analysis,
            warm: AtomicBool::new(false),
            initialized_at: OnceLock::new(),
        };
        let init = json!({
            "processId": std::process::id(),
            "clientInfo": {"name": "arborist", "version": env!("CARGO_PKG_VERSION")},
            "rootUri": root_uri,
            "rootPath": root,
            "workspaceFolders": folders,
            "initializationOptions": init_options,
            "capabilities": {
                "general": {"positionEncodings": ["utf-16"]},
                "window": {"workDoneProgress": true},
                "experimental": {"serverStatusNotification": true},
                "textDocument": {
                    "synchronization": {"dynamicRegistration": false, "didSave": false, "willSave": false},
                    "references": {"dynamicRegistration": false},
                    "rename": {"dynamicRegistration": false, "prepareSupport": false},
                    "definition": {"dynamicRegistration": false, "linkSupport": true},
                    "implementation": {"dynamicRegistration": false, "linkSupport": true},
                },
                "workspace": {
                    "workspaceEdit": {"documentChanges": true, "resourceOperations": [], "failureHandling": "abort"},
                    "configuration": true,
                    "workspaceFolders": true,
                    "applyEdit": false,
                },
            },
        });
        server.request("initialize", init, timeout)?;
        server.notify("initialized", json!({}))?;
        let _ = server.initialized_at.set(Instant::now());
        server.initialized.store(true, Ordering::Release);
        Ok(server)
    }

    pub fn is_alive(&self) -> bool {
        self.alive.load(Ordering::Acquire) && !self.stopped.load(Ordering::Acquire)
    }

    pub fn busy(&self) -> Busy<'_> {
        self.busy.fetch_add(1, Ordering::AcqRel);
        Busy(self)
    }

    pub fn touch(&self) {
        *self.last_used.lock().unwrap() = Instant::now();
    }

    /// Whether nobody is using the server and it was last used longer than `idle` ago.
    pub fn idle_for(&self, idle: Duration) -> bool {
        self.busy.load(Ordering::Acquire) == 0 && self.last_used.lock().unwrap().elapsed() >= idle
    }

    /// Whether the server has the document open.
    pub fn is_open(&self, uri: &str) -> bool {
        self.opened.lock().unwrap().contains_key(uri)
    }

    /// Opens the document, or sends its new text when it changed since the server last saw it.
    pub fn sync_document(&self, uri: &str, language_id: &str, text: &str) -> Result<(), LspError> {
        let hash = text_hash(text);
        let mut opened = self.opened.lock().unwrap();
        match opened.get(uri).copied() {
            None => {
                let doc = json!({"uri": uri, "languageId": language_id, "version": 1, "text": text});
                self.analysis.changed(uri);
                self.notify("textDocument/didOpen", json!({"textDocument": doc}))?;
                opened.insert(uri.to_string(), (1, hash));
            }
            Some((version, old)) if old != hash => self.send_change(&mut opened, uri, version + 1, text, hash)?,
            Some(_) => {}
        }
        Ok(())
    }

    /// Sends a document's whole new text as `version` and records it (the server must re-analyse it).
    fn send_change(
        &self,
        opened: &mut HashMap<String, (i32, u64)>,
        uri: &str,
        version: i32,
        text: &str,
        hash: u64,
    ) -> Result<(), LspError> {
        let change = json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]});
        self.analysis.changed(uri);
        self.notify("textDocument/didChange", change)?;
        opened.insert(uri.to_string(), (version, hash));
        Ok(())
    }

    /// Waits (at most `limit`) until the server has analysed every open document in its current version,
    /// so a cross-file answer covers the files just opened. Documents still pending then are not waited
    /// for again until they change (a server may publish nothing for some files).
    pub fn settle(&self, limit: Duration) {
        if limit.is_zero() {
            return;
        }
        let deadline = Instant::now() + limit;
        // Locks in the order sync_document takes them: `opened`, then the analysis.
        let pending = || -> Vec<String> {
            let opened: Vec<String> = self.opened.lock().unwrap().keys().cloned().collect();
            let docs = self.analysis.docs.lock().unwrap();
            opened.into_iter().filter(|u| !docs.contains(u)).collect()
        };
        while Instant::now() < deadline && self.is_alive() {
            if pending().is_empty() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let stragglers = pending();
        self.analysis.docs.lock().unwrap().extend(stragglers);
    }

    /// Waits (at most `limit`) until the server has loaded the workspace, as its progress reports tell
    /// (`Analysis::loaded`): an answer asked for while it loads may lack the uses in what it has not read
    /// yet (rust-analyzer answers while it indexes, without the uses inside macro calls). A server that
    /// reports nothing in its first `FIRST_REPORT` is taken to be loaded.
    pub fn wait_loaded(&self, limit: Duration) {
        let deadline = Instant::now() + limit;
        let since_initialized = || self.initialized_at.get().map_or(Duration::MAX, Instant::elapsed);
        while Instant::now() < deadline && self.is_alive() {
            let heard = self.analysis.reports.load(Ordering::Acquire) || since_initialized() >= FIRST_REPORT;
            if heard && self.analysis.loaded() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Sends new text for a document the server has open (`None`: closes it); does nothing otherwise.
    pub fn update_if_open(&self, uri: &str, text: Option<&str>) -> Result<(), LspError> {
        let mut opened = self.opened.lock().unwrap();
        let Some((version, old)) = opened.get(uri).copied() else { return Ok(()) };
        match text.map(|t| (t, text_hash(t))) {
            Some((text, hash)) if hash != old => self.send_change(&mut opened, uri, version + 1, text, hash)?,
            Some(_) => {}
            None => {
                opened.remove(uri);
                self.notify("textDocument/didClose", json!({"textDocument": {"uri": uri}}))?;
            }
        }
        Ok(())
    }

    pub fn request(&self, method: &str, params: Value, timeout: Duration) -> Result<Value, LspError> {
        let id = self.next_id.fetch_add(1, Ordering::AcqRel);
        let (tx, rx) = channel();
        self.pending.lock().unwrap().insert(id, tx);
        if let Err(e) = self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params})) {
            self.pending.lock().unwrap().remove(&id);
            return Err(e);
        }
        match rx.recv_timeout(timeout) {
            Ok(Ok(v)) => Ok(v),
            Ok(Err(e)) if e == EXITED => Err(self.crashed()),
            Ok(Err(e)) if e == CONTENT_MODIFIED => Err(LspError::ContentModified),
            Ok(Err(e)) => Err(LspError::Protocol(format!("{method}: {e}"))),
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                self.pending.lock().unwrap().remove(&id);
                let _ = self.notify("$/cancelRequest", json!({"id": id}));
                Err(LspError::Timeout)
            }
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => Err(self.crashed()),
        }
    }

    /// `request`, sent again while the server answers that its answer is void because the project changed
    /// meanwhile (`ContentModified`, as rust-analyzer does while it loads), until `deadline`.
    pub fn request_until(&self, method: &str, params: &Value, deadline: Instant) -> Result<Value, LspError> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.request(method, params.clone(), left) {
                Err(LspError::ContentModified) if left > CONTENT_MODIFIED_PAUSE => {
                    std::thread::sleep(CONTENT_MODIFIED_PAUSE)
                }
                other => return other,
            }
        }
    }

    pub fn notify(&self, method: &str, params: Value) -> Result<(), LspError> {
        self.send(&json!({"jsonrpc": "2.0", "method": method, "params": params}))
    }

    fn send(&self, msg: &Value) -> Result<(), LspError> {
        if !self.alive.load(Ordering::Acquire) {
            return Err(self.crashed());
        }
        write_frame(&mut *self.stdin.lock().unwrap(), msg).map_err(|_| self.crashed())
    }

    /// A `Crashed` error naming the exit status and the last lines the server wrote to stderr.
    fn crashed(&self) -> LspError {
        // The exit status is not collected here: the unreaped process keeps its group id reserved for stop().
        let status = format!("`{}` exited or closed its output", self.argv.join(" "));
        let tail: Vec<String> = self.stderr_tail.lock().unwrap().iter().cloned().collect();
        if tail.is_empty() {
            LspError::Crashed(status)
        } else {
            LspError::Crashed(format!("{status}; its last words: {}", tail.join(" | ")))
        }
    }

    /// `shutdown` and `exit`, a short grace, then the whole process group is killed. Idempotent.
    pub fn stop(&self) {
        if self.stopped.swap(true, Ordering::AcqRel) {
            return;
        }
        let mut child = self.child.lock().unwrap();
        if self.alive.load(Ordering::Acquire)
            && self.initialized.load(Ordering::Acquire)
            && self.request("shutdown", Value::Null, SHUTDOWN_GRACE).is_ok()
        {
            let _ = self.notify("exit", Value::Null);
            let deadline = Instant::now() + EXIT_GRACE;
            while Instant::now() < deadline && !exited_unreaped(self.pid) {
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        // SAFETY: kill(2) on the process group created for this server; it also reaches its children.
        // The group id stays reserved while any member lives, so this cannot hit an unrelated group.
        unsafe {
            libc::kill(-(self.pid as i32), libc::SIGKILL);
        }
        let _ = child.kill();
        let _ = child.wait();
        self.alive.store(false, Ordering::Release);
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Whether the process has exited, without reaping it (so its pid and group id stay reserved).
fn exited_unreaped(pid: u32) -> bool {
    // SAFETY: waitid with WNOWAIT only inspects our own child; siginfo is plain data.
    unsafe {
        let mut info: libc::siginfo_t = std::mem::zeroed();
        let r = libc::waitid(libc::P_PID, pid, &mut info, libc::WEXITED | libc::WNOHANG | libc::WNOWAIT);
        r != 0 || info.si_pid() != 0
    }
}

fn text_hash(text: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut h);
    h.finish()
}

const EXITED: &str = "\0exited";
/// An error answer of code -32801 (ContentModified): the server's state changed while it computed the
/// answer, which is then void; the request may be sent again.
const CONTENT_MODIFIED: &str = "\0content modified";

pub(super) fn write_frame<W: Write + ?Sized>(w: &mut W, msg: &Value) -> std::io::Result<()> {
    let body = serde_json::to_vec(msg)?;
    let mut frame = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    frame.extend_from_slice(&body);
    w.write_all(&frame)?;
    w.flush()
}

/// Reads frames until EOF: answers go to their waiting request, the server's requests get neutral
/// answers (on the same locked stdin as requests, so frames never interleave), notifications are ignored.
fn read_loop(
    stdout: impl Read,
    pending: Pending,
    alive: Arc<AtomicBool>,
    analysis: Arc<Analysis>,
    stdin: Stdin,
    folders: Value,
) {
    let mut reader = BufReader::new(stdout);
    while let Some(msg) = read_frame(&mut reader) {
        let Some(msg) = msg else { continue };
        match (msg.get("method").and_then(Value::as_str), msg.get("id")) {
            (Some(method), Some(id)) => {
                let result = match method {
                    "workspace/configuration" => {
                        let n = msg["params"]["items"].as_array().map_or(0, Vec::len);
                        Value::Array(vec![Value::Null; n])
                    }
                    "workspace/workspaceFolders" => folders.clone(),
                    "workspace/applyEdit" => {
                        json!({"applied": false, "failureReason": "arborist applies edits itself"})
                    }
                    // window/workDoneProgress/create, client/(un)registerCapability, window/showMessageRequest, …
                    _ => Value::Null,
                };
                let _ =
                    write_frame(&mut *stdin.lock().unwrap(), &json!({"jsonrpc": "2.0", "id": id, "result": result}));
            }
            (None, Some(id)) => {
                let Some(tx) = id.as_i64().and_then(|i| pending.lock().unwrap().remove(&i)) else { continue };
                let answer = match msg.get("error") {
                    Some(e) if e.get("code").and_then(Value::as_i64) == Some(-32801) => Err(CONTENT_MODIFIED.into()),
                    Some(e) => Err(e.get("message").and_then(Value::as_str).unwrap_or("unknown error").to_string()),
                    None => Ok(msg.get("result").cloned().unwrap_or(Value::Null)),
                };
                let _ = tx.send(answer);
            }
            (Some("$/progress"), None) => analysis.progress(&msg["params"]),
            (Some("experimental/serverStatus"), None) => analysis.status(&msg["params"]),
            (Some("textDocument/publishDiagnostics"), None) => {
                if let Some(uri) = msg["params"]["uri"].as_str() {
                    analysis.published(uri);
                }
            }
            _ => {} // other notifications: logs, $/progress, …
        }
    }
    alive.store(false, Ordering::Release);
    for (_, tx) in pending.lock().unwrap().drain() {
        let _ = tx.send(Err(EXITED.into()));
    }
}

/// One frame: `None` at EOF or on a broken header, `Some(None)` for a body that is not JSON.
pub(super) fn read_frame(r: &mut impl BufRead) -> Option<Option<Value>> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if r.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            if length.is_some() {
                break;
            }
            continue; // stray blank line between frames
        }
        if let Some((name, value)) = line.split_once(':')
            && name.trim().eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    r.read_exact(&mut body).ok()?;
    Some(serde_json::from_slice(&body).ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_round_trip() {
        let mut buf = Vec::new();
        write_frame(&mut buf, &json!({"a": "ü"})).unwrap();
        write_frame(&mut buf, &json!([1])).unwrap();
        buf.extend_from_slice(b"Content-Length: 3\r\nContent-Type: x\r\n\r\nnot");
        let mut r = std::io::Cursor::new(buf);
        assert_eq!(read_frame(&mut r), Some(Some(json!({"a": "ü"}))));
        assert_eq!(read_frame(&mut r), Some(Some(json!([1]))));
        assert_eq!(read_frame(&mut r), Some(None));
        assert_eq!(read_frame(&mut r), None);
    }

    #[test]
    fn server_arguments_name_the_project_root() {
        let root = Path::new("/work/p");
        assert_eq!(with_root("{root}/.arborist/jdtls", root), "/work/p/.arborist/jdtls");
        assert_eq!(with_root("--stdio", root), "--stdio");
    }
}
