//! Language servers, the only module that spawns them: one lazily started server per language and
//! project root, JSON-RPC over the child's stdio, a request timeout, one restart-and-retry when a server
//! dies, shutdown when idle, and no orphans (each server runs in its own process group, which is killed
//! on shutdown and drop; on Linux the server also dies with arborist through `PR_SET_PDEATHSIG`).
//!
//! Positions are LSP-native at this edge: 0-based line and UTF-16 column. Paths are relative to the root.
//! This module never reads or writes project files: callers pass the current text of each document.

pub mod probe;
mod server;
mod uri;

use arborist_syntax::grammars::LanguageEntry;
use serde_json::{Value, json};
use server::Server;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

/// The default time a server may stay unused before it is stopped.
pub const DEFAULT_IDLE_TIMEOUT: Duration = Duration::from_secs(600);

/// Whether a language has a usable server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Availability {
    Ready,
    Missing { command: String },
    NotConfigured,
}

/// A range in a project file: 0-based line and UTF-16 column, end exclusive.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Location {
    pub rel: String,
    pub start: (u32, u32),
    pub end: (u32, u32),
}

/// The edits of one file from a rename, sorted by position; not applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileEdits {
    pub rel: String,
    pub edits: Vec<(Location, String)>,
}

#[derive(Debug, thiserror::Error)]
pub enum LspError {
    #[error(
        "language server `{0}` is not installed (not found on PATH): install it, name another command under \
         [language_servers] in .arborist/project.toml, or use the heuristic backend"
    )]
    Missing(String),
    #[error(
        "no language server is configured for {0}: name one under [language_servers] in .arborist/project.toml, \
         or use the heuristic backend"
    )]
    NotConfigured(String),
    #[error(
        "the language server did not answer in time (it may still be analysing the project): retry in a moment, \
         or restart it with restart_language_server"
    )]
    Timeout,
    #[error(
        "the language server stopped ({0}); it was restarted once and the retry failed too: check that it runs \
         in this project"
    )]
    Crashed(String),
    #[error("the language server answered with an error: {0}")]
    Protocol(String),
    #[error(
        "the language server's answers were void: the project changed while it computed them (content modified); \
         retry in a moment"
    )]
    ContentModified,
    #[error(
        "language server `{command}` is marked broken for this session ({reason}); restart_language_server, or \
         a changed binary, tries it again"
    )]
    Broken { command: String, reason: String },
}

/// A server that failed to start or died again right after a restart: not tried again in this session
/// until `restart` (the restart tool) or until its binary changes.
#[derive(Debug, Clone)]
struct BrokenServer {
    argv: Vec<String>,
    binary: Option<BinaryId>,
    reason: String,
}

/// What identifies a binary's version on disk: its path, size and modification time.
#[derive(Debug, Clone, PartialEq, Eq)]
struct BinaryId(PathBuf, u64, Option<std::time::SystemTime>);

fn binary_id(program: &str) -> Option<BinaryId> {
    let path = which(program)?;
    let meta = std::fs::metadata(&path).ok()?;
    Some(BinaryId(path, meta.len(), meta.modified().ok()))
}

struct Inner {
    root: PathBuf,
    /// The root with symlinks resolved: what servers report in their URIs.
    canonical_root: PathBuf,
    timeout: Duration,
    idle_timeout: Mutex<Duration>,
    servers: Mutex<HashMap<String, Arc<Server>>>,
    /// Languages whose server is marked broken, with why.
    broken: Mutex<HashMap<String, BrokenServer>>,
    reaper_running: std::sync::atomic::AtomicBool,
}

/// The language servers of one project root, started on first use.
pub struct LspPool {
    inner: Arc<Inner>,
}

impl LspPool {
    /// A pool for `root` whose requests wait at most `timeout` (30 s is a good default).
    pub fn new(root: &Path, timeout: Duration) -> LspPool {
        let canonical_root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
        LspPool {
            inner: Arc::new(Inner {
                root: root.to_path_buf(),
                canonical_root,
                timeout,
                idle_timeout: Mutex::new(DEFAULT_IDLE_TIMEOUT),
                servers: Mutex::new(HashMap::new()),
                broken: Mutex::new(HashMap::new()),
                reaper_running: Default::default(),
            }),
        }
    }

    /// Servers unused for this long are stopped (the next request starts them again).
    pub fn set_idle_timeout(&self, idle: Duration) {
        *self.inner.idle_timeout.lock().unwrap() = idle;
    }

    /// Whether the language's server (or `override_argv`, when given) can be started.
    pub fn availability(&self, lang: &LanguageEntry, override_argv: Option<&[String]>) -> Availability {
        let argv = override_argv.unwrap_or(&lang.language_server);
        match argv.first() {
            None => Availability::NotConfigured,
            Some(p) if which(p).is_some() => Availability::Ready,
            Some(p) => Availability::Missing { command: p.clone() },
        }
    }

    /// Opens (or updates) a document in the language's server, starting it if needed; e.g. the files that
    /// mention a name, so the server considers them before it has analysed the whole workspace.
    pub fn open(&self, lang: &LanguageEntry, rel: &str, text: &str) -> Result<(), LspError> {
        let server = self.server(lang)?;
        let _busy = server.busy();
        server.sync_document(&self.uri(rel), lang.lsp_language_id(rel), text)
    }

    /// Tells running servers a file's new text (`None`: it was deleted) if they have it open. Starts
    /// nothing; call it after writing a file so no server keeps answering from stale text.
    /// Whether a running server has the file open (then it must hear of a change).
    pub fn has_open(&self, rel: &str) -> bool {
        let uri = self.uri(rel);
        self.inner.servers.lock().unwrap().values().any(|s| s.is_alive() && s.is_open(&uri))
    }

    pub fn file_changed(&self, rel: &str, text: Option<&str>) {
        let uri = self.uri(rel);
        let servers: Vec<Arc<Server>> = self.inner.servers.lock().unwrap().values().cloned().collect();
        for s in servers.iter().filter(|s| s.is_alive()) {
            let _ = s.update_if_open(&uri, text);
        }
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
        self.find_references(lang, rel, text, line, col, false)
    }

    /// Locations that reference the symbol at (line, UTF-16 col) of `rel`, sorted.
    pub fn find_references(
        &self,
        lang: &LanguageEntry,
        rel: &str,
        text: &str,
        line: u32,
        col: u32,
        include_declaration: bool,
    ) -> Result<Vec<Location>, LspError> {
        let params = |uri: &str| {
            json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": col},
                   "context": {"includeDeclaration": include_declaration}})
        };
        let answer = self.ask(lang, rel, text, "textDocument/references", params)?;
        Ok(self.locations(answer))
    }

    /// Where the symbol at the position is defined (inside the project).
    pub fn definition(
        &self,
        lang: &LanguageEntry,
        rel: &str,
        text: &str,
        line: u32,
        col: u32,
    ) -> Result<Vec<Location>, LspError> {
        let answer = self.ask(lang, rel, text, "textDocument/definition", position_params(line, col))?;
        Ok(self.locations(answer))
    }

    /// Implementations of the interface, abstract method or type at the position (inside the project).
    pub fn implementation(
        &self,
        lang: &LanguageEntry,
        rel: &str,
        text: &str,
        line: u32,
        col: u32,
    ) -> Result<Vec<Location>, LspError> {
        let answer = self.ask(lang, rel, text, "textDocument/implementation", position_params(line, col))?;
        Ok(self.locations(answer))
    }

    /// The edits that rename the symbol at the position, per file (not applied). Empty when the server
    /// finds nothing to rename there.
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
        if answer.is_null() {
            return Ok(Vec::new());
        }
        let edit: lsp_types::WorkspaceEdit = serde_json::from_value(answer)
            .map_err(|e| LspError::Protocol(format!("textDocument/rename: unexpected answer ({e})")))?;
        self.file_edits(edit)
    }

    /// Stops the server of one language (the next request starts a new one, even one marked broken).
    pub fn restart(&self, lang_name: &str) {
        self.inner.broken.lock().unwrap().remove(lang_name);
        let removed = self.inner.servers.lock().unwrap().remove(lang_name);
        if let Some(s) = removed {
            s.stop();
        }
    }

    /// The servers marked broken in this session: (language, command, why).
    pub fn broken(&self) -> Vec<(String, String, String)> {
        let broken = self.inner.broken.lock().unwrap();
        let mut out: Vec<_> =
            broken.iter().map(|(lang, b)| (lang.clone(), b.argv.join(" "), b.reason.clone())).collect();
        out.sort();
        out
    }

    /// Stops every server (in parallel: each may take a short grace to exit) and forgets which were
    /// broken: the next request tries each again.
    pub fn shutdown_all(&self) {
        self.inner.broken.lock().unwrap().clear();
        let all: Vec<Arc<Server>> = self.inner.servers.lock().unwrap().drain().map(|(_, s)| s).collect();
        std::thread::scope(|scope| {
            for s in &all {
                scope.spawn(|| s.stop());
            }
        });
    }

    /// Process ids (= process group ids) of the running servers.
    pub fn running_pids(&self) -> Vec<u32> {
        let servers = self.inner.servers.lock().unwrap();
        let mut pids: Vec<u32> = servers.values().filter(|s| s.is_alive()).map(|s| s.pid).collect();
        pids.sort_unstable();
        pids
    }

    fn uri(&self, rel: &str) -> String {
        uri::from_path(&self.inner.canonical_root.join(rel))
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
        let uri = self.uri(rel);
        let mut attempt = 0;
        loop {
            attempt += 1;
            let server = self.server(lang)?;
            let result = {
                let _busy = server.busy();
                server.sync_document(&uri, lang.lsp_language_id(rel), text).and_then(|_| {
                    server.settle(Duration::from_millis(lang.lsp_settle_ms).min(self.inner.timeout));
                    server.wait_loaded(self.inner.timeout / 2);
                    self.request_when_warm(&server, method, params(&uri))
                })
            };
            match result {
                Err(LspError::Crashed(why)) => {
                    tracing::warn!("language server for {} stopped ({why}); attempt {attempt}", lang.name);
                    self.forget(&lang.name, &server);
                    if attempt == 2 {
                        self.mark_broken(lang, &format!("it stopped again after a restart: {why}"));
                        return Err(LspError::Crashed(why));
                    }
                }
                other => return other,
            }
        }
    }

    /// Sends a request. A fresh server may answer "nothing" before it has loaded the workspace (pyright
    /// and typescript-language-server do): until it has published diagnostics, an empty answer is retried
    /// every half second, and once more after the first diagnostics, within `WARM_UP` of its start.
    fn request_when_warm(&self, server: &Server, method: &str, params: Value) -> Result<Value, LspError> {
        use std::sync::atomic::Ordering;
        const WARM_UP: Duration = Duration::from_secs(10);
        let deadline = std::time::Instant::now() + self.inner.timeout;
        loop {
            let answer = server.request_until(method, &params, deadline)?;
            if server.warm.load(Ordering::Acquire) || !is_empty_answer(&answer) {
                server.warm.store(true, Ordering::Release);
                return Ok(answer);
            }
            if server.analysis.any.load(Ordering::Acquire) || server.started.elapsed() >= WARM_UP {
                server.warm.store(true, Ordering::Release);
                // Diagnostics arrived while this request ran: the answer may predate the analysis.
                return server.request_until(method, &params, deadline);
            }
            let pause_until = (std::time::Instant::now() + Duration::from_millis(500)).min(deadline);
            while std::time::Instant::now() < pause_until && !server.analysis.any.load(Ordering::Acquire) {
                std::thread::sleep(Duration::from_millis(20));
            }
            if std::time::Instant::now() >= deadline {
                return Err(LspError::Timeout);
            }
        }
    }

    /// Removes a dead server from the pool (unless another request has already replaced it) and stops it.
    fn forget(&self, lang_name: &str, server: &Arc<Server>) {
        let mut servers = self.inner.servers.lock().unwrap();
        if servers.get(lang_name).is_some_and(|s| Arc::ptr_eq(s, server)) {
            servers.remove(lang_name);
        }
        drop(servers);
        server.stop();
    }

    /// Marks the language's server broken for the rest of the session (see `BrokenServer`).
    fn mark_broken(&self, lang: &LanguageEntry, reason: &str) {
        let binary = lang.language_server.first().and_then(|p| binary_id(p));
        let entry = BrokenServer { argv: lang.language_server.clone(), binary, reason: reason.to_string() };
        tracing::warn!("language server `{}` marked broken: {reason}", entry.argv.join(" "));
        self.inner.broken.lock().unwrap().insert(lang.name.clone(), entry);
    }

    /// The error for a server marked broken, unless its command or binary changed since (then it is tried
    /// again).
    fn still_broken(&self, lang: &LanguageEntry) -> Option<LspError> {
        let mut broken = self.inner.broken.lock().unwrap();
        let b = broken.get(&lang.name)?;
        let same =
            b.argv == lang.language_server && b.binary == lang.language_server.first().and_then(|p| binary_id(p));
        if !same {
            broken.remove(&lang.name);
            return None;
        }
        Some(LspError::Broken { command: b.argv.join(" "), reason: b.reason.clone() })
    }

    /// The language's running server, started (or restarted with a new command) as needed.
    fn server(&self, lang: &LanguageEntry) -> Result<Arc<Server>, LspError> {
        if lang.language_server.is_empty() {
            return Err(LspError::NotConfigured(lang.name.clone()));
        }
        if let Some(broken) = self.still_broken(lang) {
            return Err(broken);
        }
        let mut servers = self.inner.servers.lock().unwrap();
        if let Some(s) = servers.get(&lang.name) {
            if s.is_alive() && s.argv == lang.language_server {
                s.touch(); // under the lock, so the idle reaper cannot take it from under the caller
                return Ok(s.clone());
            }
            let old = servers.remove(&lang.name).expect("present");
            old.stop();
        }
        let root = &self.inner.canonical_root;
        let options = initialization_options(&lang.language_server, root);
        let started = Server::start(&lang.language_server, root, options, self.inner.timeout);
        let server = match started {
            Ok(s) => Arc::new(s),
            // a slow start is not a broken server
            Err(e @ (LspError::Missing(_) | LspError::NotConfigured(_) | LspError::Timeout)) => return Err(e),
            Err(e) => {
                drop(servers);
                self.mark_broken(lang, &format!("it failed to start: {e}"));
                return Err(e);
            }
        };
        servers.insert(lang.name.clone(), server.clone());
        drop(servers);
        self.start_reaper();
        Ok(server)
    }

    /// One background thread per pool that stops idle servers; it ends with the pool or when no server runs.
    fn start_reaper(&self) {
        use std::sync::atomic::Ordering;
        if self.inner.reaper_running.swap(true, Ordering::AcqRel) {
            return;
        }
        let weak: Weak<Inner> = Arc::downgrade(&self.inner);
        let spawned = std::thread::Builder::new().name("arborist-lsp-idle".into()).spawn(move || {
            loop {
                let tick = {
                    let Some(inner) = weak.upgrade() else { return };
                    let idle = *inner.idle_timeout.lock().unwrap();
                    (idle / 4).clamp(Duration::from_millis(20), Duration::from_secs(30))
                };
                std::thread::sleep(tick);
                let Some(inner) = weak.upgrade() else { return };
                let idle = *inner.idle_timeout.lock().unwrap();
                // Idle servers, and dead ones nobody is using, are stopped outside the lock.
                let stale: Vec<Arc<Server>> = {
                    let mut servers = inner.servers.lock().unwrap();
                    let names: Vec<String> = servers
                        .iter()
                        .filter(|(_, s)| s.idle_for(idle) || (!s.is_alive() && s.idle_for(Duration::ZERO)))
                        .map(|(n, _)| n.clone())
                        .collect();
                    names.iter().filter_map(|n| servers.remove(n)).collect()
                };
                for s in stale {
                    tracing::info!("stopping idle language server `{}`", s.argv.join(" "));
                    s.stop();
                }
                let servers = inner.servers.lock().unwrap();
                if servers.is_empty() {
                    inner.reaper_running.store(false, Ordering::Release);
                    return;
                }
            }
        });
        if spawned.is_err() {
            self.inner.reaper_running.store(false, Ordering::Release);
        }
    }

    /// Locations of a `Location | Location[] | LocationLink[] | null` answer that lie inside the root, sorted.
    fn locations(&self, answer: Value) -> Vec<Location> {
        let items = match answer {
            Value::Array(items) => items,
            Value::Null => Vec::new(),
            one => vec![one],
        };
        let mut out: Vec<Location> = items
            .iter()
            .filter_map(|v| {
                let (uri, range) = match (v.get("uri"), v.get("targetUri")) {
                    (Some(u), _) => (u, v.get("range")?),
                    (None, Some(u)) => (u, v.get("targetSelectionRange").or_else(|| v.get("targetRange"))?),
                    _ => return None,
                };
                let range: lsp_types::Range = serde_json::from_value(range.clone()).ok()?;
                Some(Location {
                    rel: self.rel_of(uri.as_str()?)?,
                    start: (range.start.line, range.start.character),
                    end: (range.end.line, range.end.character),
                })
            })
            .collect();
        out.sort();
        out.dedup();
        out
    }

    #[allow(clippy::mutable_key_type)] // lsp_types::Uri caches its parse; it is only read here
    fn file_edits(&self, edit: lsp_types::WorkspaceEdit) -> Result<Vec<FileEdits>, LspError> {
        use lsp_types::{DocumentChangeOperation, DocumentChanges, OneOf};
        let mut by_uri: Vec<(String, Vec<lsp_types::TextEdit>)> = Vec::new();
        let text_edits = |d: lsp_types::TextDocumentEdit| {
            let edits = d.edits.into_iter().map(|e| match e {
                OneOf::Left(t) => t,
                OneOf::Right(a) => a.text_edit,
            });
            (d.text_document.uri.as_str().to_string(), edits.collect())
        };
        // documentChanges wins over changes when a server sends both (LSP 3.17).
        match edit.document_changes {
            Some(DocumentChanges::Edits(docs)) => by_uri.extend(docs.into_iter().map(text_edits)),
            Some(DocumentChanges::Operations(ops)) => {
                for op in ops {
                    match op {
                        DocumentChangeOperation::Edit(d) => by_uri.push(text_edits(d)),
                        DocumentChangeOperation::Op(_) => {
                            return Err(LspError::Protocol(
                                "the rename would create, rename or delete files, which arborist does not do".into(),
                            ));
                        }
                    }
                }
            }
            None => {
                let changes = edit.changes.unwrap_or_default();
                by_uri.extend(changes.into_iter().map(|(u, e)| (u.as_str().to_string(), e)));
            }
        }
        let mut files: Vec<FileEdits> = Vec::new();
        for (uri, edits) in by_uri {
            let rel = self.rel_of(&uri).ok_or_else(|| {
                LspError::Protocol(format!("the rename would change {uri}, outside the project; nothing was changed"))
            })?;
            let mut edits: Vec<(Location, String)> = edits
                .into_iter()
                .map(|e| {
                    let r = e.range;
                    let loc = Location {
                        rel: rel.clone(),
                        start: (r.start.line, r.start.character),
                        end: (r.end.line, r.end.character),
                    };
                    (loc, e.new_text)
                })
                .collect();
            match files.iter_mut().find(|f| f.rel == rel) {
                Some(f) => f.edits.append(&mut edits),
                None => files.push(FileEdits { rel, edits }),
            }
        }
        for f in &mut files {
            f.edits.sort();
            f.edits.dedup();
        }
        files.retain(|f| !f.edits.is_empty());
        files.sort_by(|a, b| a.rel.cmp(&b.rel));
        Ok(files)
    }

    /// The root-relative path (with `/`) of a `file://` URI inside the root.
    fn rel_of(&self, uri: &str) -> Option<String> {
        let path = uri::to_path(uri)?;
        let rel =
            path.strip_prefix(&self.inner.canonical_root).or_else(|_| path.strip_prefix(&self.inner.root)).ok()?;
        let rel = rel.to_str()?.to_string();
        (!rel.is_empty() && !rel.split('/').any(|c| c == "..")).then_some(rel)
    }
}

impl Drop for LspPool {
    fn drop(&mut self) {
        self.shutdown_all();
    }
}

/// Whether an answer holds nothing: null, `[]`, or a workspace edit without edits.
fn is_empty_answer(v: &Value) -> bool {
    let empty = |k: &str| {
        v.get(k).is_none_or(|c| {
            c.is_null() || c.as_object().is_some_and(|o| o.is_empty()) || c.as_array().is_some_and(|a| a.is_empty())
        })
    };
    match v {
        Value::Null => true,
        Value::Array(a) => a.is_empty(),
        Value::Object(_) if v.get("uri").is_none() && v.get("targetUri").is_none() => {
            empty("changes") && empty("documentChanges")
        }
        _ => false,
    }
}

fn position_params(line: u32, col: u32) -> impl Fn(&str) -> Value {
    move |uri: &str| json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": col}})
}

/// The full path of a program: as given when it contains a `/`, else the first executable on PATH.
pub fn which(program: &str) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let executable = |p: &Path| p.metadata().is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0);
    if program.contains('/') {
        return Some(PathBuf::from(program)).filter(|p| executable(p));
    }
    let paths = std::env::var_os("PATH")?;
    std::env::split_paths(&paths).map(|d| d.join(program)).find(|p| executable(p))
}

/// Server-specific `initializationOptions`: typescript-language-server must be told where tsserver is
/// when TypeScript is installed globally beside it rather than in the project.
fn initialization_options(argv: &[String], root: &Path) -> Value {
    let Some(program) = argv.first().filter(|p| p.ends_with("typescript-language-server")) else {
        return Value::Null;
    };
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
