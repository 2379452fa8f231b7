//! Language servers, the only module that spawns them: one lazily started server per language and
//! project root, JSON-RPC over the child's stdio, a request timeout, one restart-and-retry when a server
//! dies, and no orphans (each server runs in its own process group, killed on shutdown and drop).

mod uri;

use crate::config::LanguageEntry;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::mpsc::{Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Whether a language has a usable server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Availability {
    Ready,
    Missing { command: String },
    NotConfigured,
}

/// A position range in a project file: 0-based line and UTF-16 column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    pub rel: String,
    pub start: (u32, u32),
    pub end: (u32, u32),
}

/// The edits of one file from a rename.
#[derive(Debug, Clone)]
pub struct FileEdits {
    pub rel: String,
    pub edits: Vec<(Location, String)>,
}

#[derive(Debug, thiserror::Error)]
pub enum LspError {
    #[error("language server `{0}` is configured but not installed")]
    Missing(String),
    #[error("the language server did not answer within the time limit")]
    Timeout,
    #[error("the language server stopped: {0}")]
    Crashed(String),
    #[error("language server error: {0}")]
    Protocol(String),
}

type Pending = Arc<Mutex<HashMap<i64, Sender<Result<Value, String>>>>>;

/// One running server.
struct Server {
    child: Mutex<Child>,
    stdin: Mutex<ChildStdin>,
    pending: Pending,
    next_id: AtomicI64,
    alive: Arc<AtomicBool>,
    /// Open documents and their versions.
    opened: Mutex<HashMap<String, (i32, u64)>>,
}

/// The servers of one project root.
pub struct LspPool {
    root: PathBuf,
    timeout: Duration,
    servers: Mutex<HashMap<String, Arc<Server>>>,
}

fn on_path(program: &str) -> bool {
    if program.contains('/') {
        return Path::new(program).is_file();
    }
    std::env::var_os("PATH").is_some_and(|paths| std::env::split_paths(&paths).any(|d| d.join(program).is_file()))
}

/// The full path of a program found on PATH.
fn which(program: &str) -> Option<PathBuf> {
    let paths = std::env::var_os("PATH")?;
    std::env::split_paths(&paths).map(|d| d.join(program)).find(|p| p.is_file())
}

/// Server-specific `initializationOptions`: typescript-language-server needs to be told where tsserver is
/// when TypeScript is installed globally beside it rather than in the project.
fn initialization_options(argv: &[String], root: &Path) -> Value {
    let Some(program) = argv.first().filter(|p| p.ends_with("typescript-language-server")) else { return Value::Null };
    if root.join("node_modules/typescript/lib/tsserver.js").is_file() {
        return Value::Null;
    }
    let real = which(program).and_then(|p| p.canonicalize().ok());
    let node_modules =
        real.as_deref().and_then(|p| p.ancestors().find(|a| a.file_name().is_some_and(|n| n == "node_modules")));
    match node_modules.map(|d| d.join("typescript/lib/tsserver.js")).filter(|p| p.is_file()) {
        Some(tsserver) => json!({"tsserver": {"path": tsserver}}),
        None => Value::Null,
    }
}

fn language_id(name: &str) -> &'static str {
    match name {
        "tsx" => "typescriptreact",
        "typescript" => "typescript",
        "javascript" => "javascript",
        "python" => "python",
        "rust" => "rust",
        "java" => "java",
        "go" => "go",
        _ => "plaintext",
    }
}

impl LspPool {
    pub fn new(root: &Path, timeout: Duration) -> LspPool {
        LspPool { root: root.to_path_buf(), timeout, servers: Mutex::new(HashMap::new()) }
    }

    /// Whether the language's server (or `argv`, when given) can be started.
    pub fn availability(&self, lang: &LanguageEntry, argv: Option<&[String]>) -> Availability {
        let argv = argv.unwrap_or(&lang.language_server);
        match argv.first() {
            None => Availability::NotConfigured,
            Some(p) if on_path(p) => Availability::Ready,
            Some(p) => Availability::Missing { command: p.clone() },
        }
    }

    /// Opens (or updates) a document so the server considers it, e.g. the files that mention a name.
    pub fn open(&self, lang: &LanguageEntry, rel: &str, text: &str) -> Result<(), LspError> {
        let uri = uri::from_path(&self.root.join(rel));
        self.server(lang)?.sync_document(&uri, lang, text)
    }

    /// Locations that reference the symbol at (line, UTF-16 col) of `rel`, declaration excluded.
    pub fn references(
        &self,
        lang: &LanguageEntry,
        rel: &str,
        text: &str,
        line: u32,
        col: u32,
    ) -> Result<Vec<Location>, LspError> {
        let params = |uri: &str| json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": col}, "context": {"includeDeclaration": false}});
        let answer = self.ask(lang, rel, text, "textDocument/references", params)?;
        Ok(answer.as_array().map(|a| a.iter().filter_map(|l| self.location(l)).collect()).unwrap_or_default())
    }

    /// Where the symbol at the position is defined.
    pub fn definition(
        &self,
        lang: &LanguageEntry,
        rel: &str,
        text: &str,
        line: u32,
        col: u32,
    ) -> Result<Vec<Location>, LspError> {
        let params = |uri: &str| json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": col}});
        let answer = self.ask(lang, rel, text, "textDocument/definition", params)?;
        let list = if answer.is_array() { answer.as_array().cloned().unwrap_or_default() } else { vec![answer] };
        Ok(list.iter().filter_map(|l| self.location(l)).collect())
    }

    /// The edits that rename the symbol at the position.
    pub fn rename(
        &self,
        lang: &LanguageEntry,
        rel: &str,
        text: &str,
        line: u32,
        col: u32,
        new_name: &str,
    ) -> Result<Vec<FileEdits>, LspError> {
        let params = |uri: &str| json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": col}, "newName": new_name});
        let answer = self.ask(lang, rel, text, "textDocument/rename", params)?;
        let edit: lsp_types::WorkspaceEdit =
            serde_json::from_value(answer).map_err(|e| LspError::Protocol(e.to_string()))?;
        Ok(self.file_edits(edit))
    }

    fn file_edits(&self, edit: lsp_types::WorkspaceEdit) -> Vec<FileEdits> {
        let mut by_uri: Vec<(String, Vec<lsp_types::TextEdit>)> = Vec::new();
        if let Some(changes) = edit.changes {
            by_uri.extend(changes.into_iter().map(|(u, e)| (u.as_str().to_string(), e)));
        }
        if let Some(lsp_types::DocumentChanges::Edits(docs)) = edit.document_changes {
            for d in docs {
                let edits = d.edits.into_iter().map(|e| match e {
                    lsp_types::OneOf::Left(t) => t,
                    lsp_types::OneOf::Right(a) => a.text_edit,
                });
                by_uri.push((d.text_document.uri.as_str().to_string(), edits.collect()));
            }
        }
        by_uri
            .into_iter()
            .filter_map(|(u, edits)| {
                let rel = self.rel_of(&u)?;
                let edits = edits
                    .into_iter()
                    .map(|e| {
                        let loc = Location {
                            rel: rel.clone(),
                            start: (e.range.start.line, e.range.start.character),
                            end: (e.range.end.line, e.range.end.character),
                        };
                        (loc, e.new_text)
                    })
                    .collect();
                Some(FileEdits { rel, edits })
            })
            .collect()
    }

    fn location(&self, v: &Value) -> Option<Location> {
        let loc: lsp_types::Location = serde_json::from_value(v.clone()).ok()?;
        let r = loc.range;
        Some(Location {
            rel: self.rel_of(loc.uri.as_str())?,
            start: (r.start.line, r.start.character),
            end: (r.end.line, r.end.character),
        })
    }

    fn rel_of(&self, uri: &str) -> Option<String> {
        let path = uri::to_path(uri)?;
        let root = self.root.canonicalize().unwrap_or_else(|_| self.root.clone());
        let rel = path.strip_prefix(&root).or_else(|_| path.strip_prefix(&self.root)).ok()?;
        Some(rel.to_string_lossy().replace('\\', "/"))
    }

    /// Sends a document request, restarting a dead server once and retrying.
    fn ask(
        &self,
        lang: &LanguageEntry,
        rel: &str,
        text: &str,
        method: &str,
        params: impl Fn(&str) -> Value,
    ) -> Result<Value, LspError> {
        let uri = uri::from_path(&self.root.join(rel));
        let mut last = None;
        for _attempt in 0..2 {
            let server = self.server(lang)?;
            let result =
                server.sync_document(&uri, lang, text).and_then(|_| server.request(method, params(&uri), self.timeout));
            match result {
                Err(LspError::Crashed(why)) => {
                    self.servers.lock().unwrap().remove(&lang.name);
                    last = Some(LspError::Crashed(why));
                }
                other => return other,
            }
        }
        Err(last.unwrap_or(LspError::Crashed("unknown".into())))
    }

    fn server(&self, lang: &LanguageEntry) -> Result<Arc<Server>, LspError> {
        let mut servers = self.servers.lock().unwrap();
        if let Some(s) = servers.get(&lang.name).filter(|s| s.alive.load(Ordering::Acquire)) {
            return Ok(s.clone());
        }
        let server = Arc::new(Server::start(&lang.language_server, &self.root, self.timeout)?);
        servers.insert(lang.name.clone(), server.clone());
        Ok(server)
    }

    /// Stops the server of one language (the next request starts a new one).
    pub fn restart(&self, lang_name: &str) {
        if let Some(s) = self.servers.lock().unwrap().remove(lang_name) {
            s.stop();
        }
    }

    /// Stops every server.
    pub fn shutdown_all(&self) {
        for (_, s) in self.servers.lock().unwrap().drain() {
            s.stop();
        }
    }

    /// Process ids of the running servers (for tests).
    pub fn running_pids(&self) -> Vec<u32> {
        self.servers.lock().unwrap().values().map(|s| s.child.lock().unwrap().id()).collect()
    }
}

impl Drop for LspPool {
    fn drop(&mut self) {
        self.shutdown_all();
    }
}

impl Server {
    fn start(argv: &[String], root: &Path, timeout: Duration) -> Result<Server, LspError> {
        let (program, args) = argv.split_first().ok_or_else(|| LspError::Missing("(none configured)".into()))?;
        let mut cmd = Command::new(program);
        cmd.args(args).current_dir(root).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null());
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            cmd.process_group(0);
            // SAFETY: prctl only marks the child to be killed when its parent dies; async-signal-safe.
            #[cfg(target_os = "linux")]
            unsafe {
                cmd.pre_exec(|| {
                    libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                    Ok(())
                });
            }
        }
        let mut child = cmd.spawn().map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => LspError::Missing(program.clone()),
            _ => LspError::Crashed(e.to_string()),
        })?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let pending: Pending = Arc::new(Mutex::new(HashMap::new()));
        let alive = Arc::new(AtomicBool::new(true));
        let server = Server {
            child: Mutex::new(child),
            stdin: Mutex::new(stdin),
            pending: pending.clone(),
            next_id: AtomicI64::new(1),
            alive: alive.clone(),
            opened: Mutex::new(HashMap::new()),
        };
        let replies = Arc::new(Mutex::new(server.stdin.lock().unwrap().try_clone_handle()));
        std::thread::spawn(move || read_loop(stdout, pending, alive, replies));
        let root_uri = uri::from_path(&root.canonicalize().unwrap_or_else(|_| root.to_path_buf()));
        let init = json!({
            "processId": std::process::id(),
            "initializationOptions": initialization_options(argv, root),
            "rootUri": root_uri,
            "workspaceFolders": [{"uri": root_uri, "name": "project"}],
            "capabilities": {
                "textDocument": {"references": {}, "rename": {"prepareSupport": false}, "definition": {}, "implementation": {},
                                  "synchronization": {"didSave": false}},
                "workspace": {"workspaceEdit": {"documentChanges": true}, "configuration": true, "workspaceFolders": true},
            },
        });
        server.request("initialize", init, timeout)?;
        server.notify("initialized", json!({}))?;
        Ok(server)
    }

    /// Opens the document, or sends its new text when it changed.
    fn sync_document(&self, uri: &str, lang: &LanguageEntry, text: &str) -> Result<(), LspError> {
        let hash = {
            use std::hash::{Hash, Hasher};
            let mut h = std::collections::hash_map::DefaultHasher::new();
            text.hash(&mut h);
            h.finish()
        };
        let mut opened = self.opened.lock().unwrap();
        match opened.get(uri).copied() {
            None => {
                let doc = json!({"uri": uri, "languageId": language_id(&lang.name), "version": 1, "text": text});
                self.notify("textDocument/didOpen", json!({"textDocument": doc}))?;
                opened.insert(uri.to_string(), (1, hash));
            }
            Some((version, old)) if old != hash => {
                let change =
                    json!({"textDocument": {"uri": uri, "version": version + 1}, "contentChanges": [{"text": text}]});
                self.notify("textDocument/didChange", change)?;
                opened.insert(uri.to_string(), (version + 1, hash));
            }
            Some(_) => {}
        }
        Ok(())
    }

    fn request(&self, method: &str, params: Value, timeout: Duration) -> Result<Value, LspError> {
        let id = self.next_id.fetch_add(1, Ordering::AcqRel);
        let (tx, rx) = channel();
        self.pending.lock().unwrap().insert(id, tx);
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}))?;
        match rx.recv_timeout(timeout) {
            Ok(Ok(v)) => Ok(v),
            Ok(Err(e)) if e == "exited" => Err(LspError::Crashed("the process exited".into())),
            Ok(Err(e)) => Err(LspError::Protocol(e)),
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                self.pending.lock().unwrap().remove(&id);
                Err(LspError::Timeout)
            }
            Err(_) => Err(LspError::Crashed("the process exited".into())),
        }
    }

    fn notify(&self, method: &str, params: Value) -> Result<(), LspError> {
        self.send(&json!({"jsonrpc": "2.0", "method": method, "params": params}))
    }

    fn send(&self, msg: &Value) -> Result<(), LspError> {
        if !self.alive.load(Ordering::Acquire) {
            return Err(LspError::Crashed("the process exited".into()));
        }
        write_frame(&mut *self.stdin.lock().unwrap(), msg).map_err(|e| LspError::Crashed(e.to_string()))
    }

    /// `shutdown` + `exit`, then the process group is killed.
    fn stop(&self) {
        if self.alive.load(Ordering::Acquire) {
            let _ = self.request("shutdown", Value::Null, Duration::from_millis(500));
            let _ = self.notify("exit", Value::Null);
        }
        let mut child = self.child.lock().unwrap();
        #[cfg(unix)]
        // SAFETY: kill(2) on the process group we created for the server.
        unsafe {
            libc::kill(-(child.id() as i32), libc::SIGKILL);
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

/// A second writer on the server's stdin for the reader thread's replies.
trait CloneHandle {
    fn try_clone_handle(&self) -> Option<std::fs::File>;
}

impl CloneHandle for ChildStdin {
    fn try_clone_handle(&self) -> Option<std::fs::File> {
        #[cfg(unix)]
        {
            use std::os::fd::AsFd;
            self.as_fd().try_clone_to_owned().ok().map(std::fs::File::from)
        }
        #[cfg(not(unix))]
        {
            None
        }
    }
}

fn write_frame<W: Write + ?Sized>(w: &mut W, msg: &Value) -> std::io::Result<()> {
    let body = serde_json::to_vec(msg)?;
    write!(w, "Content-Length: {}\r\n\r\n", body.len())?;
    w.write_all(&body)?;
    w.flush()
}

/// Reads frames: responses go to their waiting request; server requests get neutral answers.
fn read_loop(stdout: impl Read, pending: Pending, alive: Arc<AtomicBool>, replies: Arc<Mutex<Option<std::fs::File>>>) {
    let mut reader = BufReader::new(stdout);
    while let Some(msg) = read_frame(&mut reader) {
        let id = msg.get("id").cloned();
        match (msg.get("method").and_then(Value::as_str), id) {
            (Some(method), Some(id)) => {
                let result = match method {
                    "workspace/configuration" => {
                        let n = msg["params"]["items"].as_array().map_or(0, Vec::len);
                        Value::Array(vec![Value::Null; n])
                    }
                    _ => Value::Null,
                };
                if let Some(out) = replies.lock().unwrap().as_mut() {
                    let _ = write_frame(out, &json!({"jsonrpc": "2.0", "id": id, "result": result}));
                }
            }
            (None, Some(Value::Number(n))) => {
                if let Some(tx) = n.as_i64().and_then(|i| pending.lock().unwrap().remove(&i)) {
                    let answer = match msg.get("error") {
                        Some(e) => Err(e.get("message").and_then(Value::as_str).unwrap_or("error").to_string()),
                        None => Ok(msg.get("result").cloned().unwrap_or(Value::Null)),
                    };
                    let _ = tx.send(answer);
                }
            }
            _ => {}
        }
    }
    alive.store(false, Ordering::Release);
    for (_, tx) in pending.lock().unwrap().drain() {
        let _ = tx.send(Err("exited".into()));
    }
}

fn read_frame(r: &mut impl BufRead) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if r.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(v) = line.strip_prefix("Content-Length:") {
            length = v.trim().parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    r.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}
