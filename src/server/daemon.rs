//! One server per repository: a daemon that owns a project's engine (index, watcher, file cache,
//! language servers) and serves every `arborist serve` of that project over a Unix socket, each client
//! with a session of its own; and the proxy that `serve` runs on stdio to reach it, starting the daemon
//! when none runs and moving to a new one, transparently, when it dies.
//!
//! The socket and its lock live under the project's `.arborist/` (the socket in a private directory of
//! the user when that path is too long for a socket), owner-only. A connection opens with one hello line
//! each way (the client's build, context, modes and config dir; the daemon's pid), then carries MCP as on
//! stdio. The daemon exits `idle_time()` after its last client left, at once when the project directory
//! is gone and no client is left.

use super::{ArboristServer, serve_lines};
use crate::contexts::Activation;
use crate::session::Session;
use arborist_engine::engine::Engine;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::HashSet;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::UnixStream;
use tokio::net::unix::{OwnedReadHalf, OwnedWriteHalf};
use tokio::sync::mpsc;

/// Where a project's daemon listens, and the lock that makes it the only one.
pub struct Endpoint {
    pub socket: PathBuf,
    pub lock: PathBuf,
    pub log: PathBuf,
}

/// The longest socket path used as is (the kernel's limit is 107 bytes).
const MAX_SOCKET_PATH: usize = 100;

impl Endpoint {
    /// The endpoint of the project at `root` (canonical); creates `.arborist/`.
    pub fn of(root: &Path) -> std::io::Result<Endpoint> {
        let dir = root.join(".arborist");
        std::fs::create_dir_all(&dir)?;
        let mut socket = dir.join("daemon.sock");
        if socket.as_os_str().len() > MAX_SOCKET_PATH {
            socket = private_dir()?.join(format!("{}.sock", short_hash(root)));
        }
        Ok(Endpoint { socket, lock: dir.join("daemon.lock"), log: dir.join("daemon.log") })
    }
}

/// `$XDG_RUNTIME_DIR/arborist`, else `/tmp/arborist-<uid>`, created owner-only.
fn private_dir() -> std::io::Result<PathBuf> {
    use std::os::unix::fs::{DirBuilderExt, MetadataExt, PermissionsExt};
    // SAFETY: getuid(2) cannot fail.
    let uid = unsafe { libc::getuid() };
    let dir = match std::env::var_os("XDG_RUNTIME_DIR") {
        Some(run) => PathBuf::from(run).join("arborist"),
        None => std::env::temp_dir().join(format!("arborist-{uid}")),
    };
    match std::fs::DirBuilder::new().mode(0o700).create(&dir) {
        Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists => return Err(e),
        _ => {}
    }
    let meta = std::fs::symlink_metadata(&dir)?;
    if !meta.is_dir() || meta.uid() != uid || meta.permissions().mode() & 0o077 != 0 {
        return Err(std::io::Error::other(format!("{} is not a private directory of this user", dir.display())));
    }
    Ok(dir)
}

/// FNV-1a of the root's path: stable across builds, so every build finds the same socket.
fn short_hash(root: &Path) -> String {
    let hash = root
        .as_os_str()
        .as_encoded_bytes()
        .iter()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
    format!("{hash:016x}")
}

/// The client's half of the handshake.
#[derive(Serialize, Deserialize, Clone)]
pub struct Hello {
    /// The proxy's build: a daemon of another build refuses it.
    pub build: String,
    pub context: String,
    pub modes: Vec<String>,
    pub config_dir: Option<PathBuf>,
}

/// The daemon's half.
#[derive(Serialize, Deserialize)]
struct Welcome {
    pid: Option<u32>,
    /// Why the daemon refused the client (then `pid` is None).
    refused: Option<String>,
}

/// This binary: its path, size and modification time (a rebuilt binary is another build).
pub fn build_id() -> String {
    let exe = std::env::current_exe().unwrap_or_default();
    let meta = std::fs::metadata(&exe).ok();
    let modified =
        meta.as_ref().and_then(|m| m.modified().ok()).and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok());
    format!("{}:{}:{}", exe.display(), meta.map_or(0, |m| m.len()), modified.map_or(0, |d| d.as_nanos()))
}

/// How long the daemon waits after its last client left (`ARBORIST_DAEMON_IDLE_SECS`, default 300).
fn idle_time() -> Duration {
    let secs = std::env::var("ARBORIST_DAEMON_IDLE_SECS").ok().and_then(|s| s.parse().ok()).unwrap_or(300);
    Duration::from_secs(secs)
}

/// Whether this process is a project's daemon, and the clients attached to it now.
static IS_DAEMON: AtomicBool = AtomicBool::new(false);
static CLIENTS: AtomicUsize = AtomicUsize::new(0);

/// When this process is a project's daemon: its pid and how many clients it serves now.
pub fn serving() -> Option<(u32, usize)> {
    IS_DAEMON.load(Ordering::Relaxed).then(|| (std::process::id(), CLIENTS.load(Ordering::Relaxed)))
}

// ---------------------------------------------------------------- the daemon

/// Runs the daemon of the project at `root` (canonical) until it has been idle for `idle_time()` or is
/// stopped by a signal. Returns at once when another daemon holds the project's lock.
pub fn run_daemon(root: &Path, index_threads: usize) -> anyhow::Result<()> {
    let endpoint = Endpoint::of(root)?;
    let Some(mut lock) = take_lock(&endpoint.lock)? else {
        tracing::info!("another daemon serves {}", root.display());
        return Ok(());
    };
    let engine = Arc::new(Engine::open(root)?);
    if index_threads > 0 {
        engine.start_indexing(index_threads);
    }
    crate::heap::trim_periodically();
    IS_DAEMON.store(true, Ordering::Relaxed);
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    let served = rt.block_on(async {
        // the lock is ours: a socket file left there belongs to a daemon that died
        let _ = std::fs::remove_file(&endpoint.socket);
        let listener = bind_private(&endpoint.socket)?;
        lock.set_len(0)?;
        writeln!(lock, "{}", std::process::id())?;
        tracing::info!("daemon for {} on {}", root.display(), endpoint.socket.display());
        accept_until_idle(listener, engine.clone(), index_threads).await;
        anyhow::Ok(())
    });
    let _ = std::fs::remove_file(&endpoint.socket);
    crate::shell::kill_all_running();
    engine.shutdown_language_servers();
    rt.shutdown_timeout(Duration::from_millis(200));
    served
}

/// The lock file, exclusively locked (`flock`) for this process's life; None when another holds it.
fn take_lock(path: &Path) -> std::io::Result<Option<std::fs::File>> {
    use std::os::unix::fs::OpenOptionsExt;
    let file =
        std::fs::OpenOptions::new().read(true).write(true).create(true).truncate(false).mode(0o600).open(path)?;
    Ok(try_flock(&file, libc::LOCK_EX).then_some(file))
}

/// `flock(file, op | LOCK_NB)`: whether the lock was taken (it goes when the file closes).
fn try_flock(file: &std::fs::File, op: libc::c_int) -> bool {
    use std::os::fd::AsRawFd;
    // SAFETY: flock(2) on a descriptor the caller owns.
    unsafe { libc::flock(file.as_raw_fd(), op | libc::LOCK_NB) == 0 }
}

/// A listening socket only this user can connect to (created under umask 077: never open, even briefly).
fn bind_private(path: &Path) -> std::io::Result<tokio::net::UnixListener> {
    // SAFETY: umask(2) only swaps the process's file-creation mask; restored right after the bind.
    let old = unsafe { libc::umask(0o077) };
    let bound = tokio::net::UnixListener::bind(path);
    // SAFETY: as above.
    unsafe { libc::umask(old) };
    bound
}

async fn accept_until_idle(listener: tokio::net::UnixListener, engine: Arc<Engine>, index_threads: usize) {
    let idle = idle_time();
    let mut last_busy = Instant::now();
    let mut tick = tokio::time::interval(Duration::from_millis(250));
    loop {
        tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => {
                    CLIENTS.fetch_add(1, Ordering::SeqCst);
                    let engine = engine.clone();
                    tokio::spawn(async move {
                        serve_client(stream, engine, index_threads).await;
                        CLIENTS.fetch_sub(1, Ordering::SeqCst);
                    });
                }
                Err(e) => tracing::warn!("accepting a client: {e}"),
            },
            _ = tick.tick() => {
                if CLIENTS.load(Ordering::SeqCst) > 0 {
                    last_busy = Instant::now();
                } else if last_busy.elapsed() >= idle {
                    tracing::info!("no client for {idle:?}; the daemon exits");
                    return;
                } else if !engine.project().root().exists() {
                    tracing::info!("the project directory is gone; the daemon exits");
                    return;
                }
            }
            _ = super::terminated() => {
                tracing::info!("daemon stopped by a signal");
                return;
            }
        }
    }
}

/// One client: the handshake, then its MCP session; its shell commands die when it leaves.
async fn serve_client(stream: UnixStream, engine: Arc<Engine>, index_threads: usize) {
    let (read, mut write) = stream.into_split();
    let mut read = BufReader::new(read);
    let hello = match read_hello(&mut read).await {
        Ok(hello) => hello,
        Err(why) => {
            let _ = send_line(&mut write, &Welcome { pid: None, refused: Some(why) }).await;
            return;
        }
    };
    let session = match session_for(&hello, &engine, index_threads) {
        Ok(session) => session,
        Err(why) => {
            let _ = send_line(&mut write, &Welcome { pid: None, refused: Some(why) }).await;
            return;
        }
    };
    if send_line(&mut write, &Welcome { pid: Some(std::process::id()), refused: None }).await.is_err() {
        return;
    }
    let server = ArboristServer::new(Arc::new(session));
    let owner = server.owner;
    if let Err(e) = serve_lines(server, read, write).await {
        tracing::info!("a client's session ended: {e}");
    }
    crate::shell::kill_running_of(owner);
}

/// The longest hello line read.
const MAX_HELLO: u64 = 64 << 10;

async fn read_hello(read: &mut BufReader<OwnedReadHalf>) -> Result<Hello, String> {
    use tokio::io::AsyncReadExt;
    let mut line = Vec::new();
    let mut limited = (&mut *read).take(MAX_HELLO);
    match tokio::time::timeout(Duration::from_secs(10), limited.read_until(b'\n', &mut line)).await {
        Ok(Ok(_)) => {}
        _ => return Err("no hello line from the client".into()),
    }
    let hello: Hello = serde_json::from_slice(&line).map_err(|e| format!("a hello line that is not valid: {e}"))?;
    if hello.build != build_id() {
        return Err(format!("this daemon runs another build of arborist ({}), not {}", build_id(), hello.build));
    }
    Ok(hello)
}

fn session_for(hello: &Hello, engine: &Arc<Engine>, index_threads: usize) -> Result<Session, String> {
    let config = engine.project().config();
    let activation = Activation::load(&hello.context, &hello.modes, config, hello.config_dir.as_deref())
        .map_err(|e| e.to_string())?;
    Ok(Session::new(Some(engine.clone()), activation, 0)
        .with_config_dir(hello.config_dir.clone())
        .with_index_threads(index_threads))
}

async fn send_line<T: Serialize>(write: &mut OwnedWriteHalf, value: &T) -> std::io::Result<()> {
    let mut line = serde_json::to_vec(value).map_err(std::io::Error::other)?;
    line.push(b'\n');
    write.write_all(&line).await
}

// ---------------------------------------------------------------- the proxy

/// Why `serve` could not go through a daemon (it then serves in-process).
pub struct Unavailable(pub String);

/// Serves this process's stdio through the project's daemon, starting one when none runs, until the
/// client closes stdin. When the daemon dies mid-session, a new one takes over: the client's
/// `initialize` is replayed, and the calls that were running get an error answer.
pub async fn proxy(root: &Path, hello: Hello, index_threads: usize) -> Result<(), Unavailable> {
    let endpoint = Endpoint::of(root).map_err(|e| Unavailable(format!("no daemon endpoint: {e}")))?;
    let mut conn = attach(&endpoint, root, &hello, index_threads).await?;
    tracing::debug!("attached to the daemon, pid {}", conn.pid);
    let mut relay = Relay::default();
    let mut stdin = BufReader::new(tokio::io::stdin());
    let mut stdout = tokio::io::stdout();
    let (mut from_client, mut from_daemon) = (Vec::new(), Vec::new());
    let mut stdin_closed: Option<Instant> = None;
    loop {
        let grace = stdin_closed.map(|at| at + PROXY_GRACE);
        tokio::select! {
            read = stdin.read_until(b'\n', &mut from_client), if stdin_closed.is_none() => {
                if matches!(read, Ok(0) | Err(_)) {
                    stdin_closed = Some(Instant::now());
                    conn.to_daemon = None; // the writer ends: the daemon sees the client leave
                    continue;
                }
                relay.client_said(&from_client);
                if let Some(to) = &conn.to_daemon {
                    let _ = to.send(std::mem::take(&mut from_client));
                }
                from_client.clear();
            }
            read = conn.reader.read_until(b'\n', &mut from_daemon) => {
                if matches!(read, Ok(0) | Err(_)) || !from_daemon.ends_with(b"\n") {
                    if stdin_closed.is_some() {
                        break;
                    }
                    from_daemon.clear();
                    conn = match take_over(&endpoint, root, &hello, index_threads, &mut relay, &mut stdout).await {
                        Ok(conn) => conn,
                        Err(Unavailable(why)) => {
                            eprintln!("arborist: the project's daemon stopped and no new one could start: {why}");
                            return Ok(());
                        }
                    };
                    continue;
                }
                relay.daemon_said(&from_daemon);
                if stdout.write_all(&from_daemon).await.is_err() || stdout.flush().await.is_err() {
                    break;
                }
                from_daemon.clear();
            }
            _ = tokio::time::sleep_until(tokio::time::Instant::from_std(grace.unwrap_or_else(Instant::now))),
                if grace.is_some() => break,
        }
    }
    Ok(())
}

/// How long the proxy waits for answers still coming once the client closed stdin.
const PROXY_GRACE: Duration = Duration::from_millis(500);

/// A connection to the daemon: its answers, and a channel to a task that writes to it (so a slow
/// daemon never stops the proxy from reading its answers).
struct Conn {
    reader: BufReader<OwnedReadHalf>,
    to_daemon: Option<mpsc::UnboundedSender<Vec<u8>>>,
    pid: u32,
}

/// What the proxy keeps of the traffic: the handshake to replay and the calls not answered yet.
#[derive(Default)]
struct Relay {
    initialize: Option<Vec<u8>>,
    initialized: Option<Vec<u8>>,
    pending: HashSet<String>,
}

#[derive(Deserialize)]
struct Envelope {
    id: Option<Value>,
    method: Option<String>,
}

impl Relay {
    fn client_said(&mut self, line: &[u8]) {
        let Ok(message) = serde_json::from_slice::<Envelope>(line) else { return };
        match (message.method.as_deref(), message.id) {
            (Some("notifications/initialized"), None) => self.initialized = Some(line.to_vec()),
            (Some(method), Some(id)) => {
                if method == "initialize" {
                    self.initialize = Some(line.to_vec());
                }
                self.pending.insert(id.to_string());
            }
            _ => {}
        }
    }

    fn daemon_said(&mut self, line: &[u8]) {
        if let Ok(Envelope { id: Some(id), method: None }) = serde_json::from_slice::<Envelope>(line) {
            self.pending.remove(&id.to_string());
        }
    }
}

/// Connects to the project's daemon, starting one when none answers. A daemon that closes the
/// connection before its welcome (it was dying as we connected) is tried again, a few times.
async fn attach(endpoint: &Endpoint, root: &Path, hello: &Hello, index_threads: usize) -> Result<Conn, Unavailable> {
    let mut tries = 0;
    loop {
        let stream = match UnixStream::connect(&endpoint.socket).await {
            Ok(stream) => stream,
            Err(_) => start_daemon(endpoint, root, index_threads).await?,
        };
        match handshake(stream, hello).await {
            Err(Handshake::Gone) if tries < 20 => {
                tries += 1;
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            Err(Handshake::Gone) => {
                return Err(Unavailable("the daemon closed every connection before its welcome".into()));
            }
            Err(Handshake::Refused(why)) => return Err(Unavailable(why)),
            Ok(conn) => return Ok(conn),
        }
    }
}

/// Why a handshake failed.
enum Handshake {
    /// The connection closed before the welcome.
    Gone,
    Refused(String),
}

/// Starts a daemon (another may win the race; either way one listens) and connects to it. A daemon that
/// found the lock taken by one that was dying exits at once: then another is started, a few times.
async fn start_daemon(endpoint: &Endpoint, root: &Path, index_threads: usize) -> Result<UnixStream, Unavailable> {
    let spawn = || {
        spawn_daemon(endpoint, root, index_threads).map_err(|e| Unavailable(format!("could not start a daemon: {e}")))
    };
    let mut child = spawn()?;
    let mut spawned = 1;
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        if let Ok(stream) = UnixStream::connect(&endpoint.socket).await {
            // reaped when it exits, so it never lingers as a zombie of this process
            tokio::task::spawn_blocking(move || child.wait());
            return Ok(stream);
        }
        let exited = matches!(child.try_wait(), Ok(Some(_)));
        if exited && !lock_held(&endpoint.lock) && spawned < 5 {
            child = spawn()?;
            spawned += 1;
        } else if Instant::now() > deadline || (exited && !lock_held(&endpoint.lock)) {
            let log = endpoint.log.display();
            return Err(Unavailable(format!("the daemon did not start listening (its log: {log})")));
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Whether a process holds the daemon lock.
fn lock_held(path: &Path) -> bool {
    std::fs::File::open(path).is_ok_and(|file| !try_flock(&file, libc::LOCK_SH))
}

/// `arborist daemon ROOT`, detached: a session of its own, no terminal, its log in `.arborist/`.
fn spawn_daemon(endpoint: &Endpoint, root: &Path, index_threads: usize) -> std::io::Result<std::process::Child> {
    use std::os::unix::fs::OpenOptionsExt;
    use std::os::unix::process::CommandExt;
    // the log starts afresh once over a megabyte
    let long = std::fs::metadata(&endpoint.log).is_ok_and(|m| m.len() > 1 << 20);
    let log = std::fs::OpenOptions::new().create(true).append(true).mode(0o600).open(&endpoint.log)?;
    if long {
        log.set_len(0)?;
    }
    let mut command = std::process::Command::new(std::env::current_exe()?);
    command
        .arg("daemon")
        .arg(root)
        .arg("--index-threads")
        .arg(index_threads.to_string())
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(log);
    // SAFETY: setsid(2) in the child before exec: async-signal-safe, touches no memory.
    unsafe {
        command.pre_exec(|| {
            libc::setsid();
            Ok(())
        });
    }
    command.spawn()
}

/// The hello exchange; then a writer task owns the socket's write half.
async fn handshake(stream: UnixStream, hello: &Hello) -> Result<Conn, Handshake> {
    let (read, mut write) = stream.into_split();
    let mut reader = BufReader::new(read);
    send_line(&mut write, hello).await.map_err(|_| Handshake::Gone)?;
    let mut line = Vec::new();
    match tokio::time::timeout(Duration::from_secs(10), reader.read_until(b'\n', &mut line)).await {
        Ok(Ok(n)) if n > 0 => {}
        Ok(_) => return Err(Handshake::Gone),
        Err(_) => return Err(Handshake::Refused("the daemon did not answer the hello within 10 s".into())),
    }
    let welcome: Welcome = serde_json::from_slice(&line)
        .map_err(|e| Handshake::Refused(format!("the daemon's answer is not valid: {e}")))?;
    let pid = match welcome {
        Welcome { pid: Some(pid), .. } => pid,
        Welcome { refused, .. } => {
            return Err(Handshake::Refused(format!("the daemon refused: {}", refused.unwrap_or_default())));
        }
    };
    let (to_daemon, mut lines) = mpsc::unbounded_channel::<Vec<u8>>();
    tokio::spawn(async move {
        while let Some(line) = lines.recv().await {
            if write.write_all(&line).await.is_err() {
                return;
            }
        }
        let _ = write.shutdown().await;
    });
    Ok(Conn { reader, to_daemon: Some(to_daemon), pid })
}

/// After the daemon died: a new one, the client's handshake replayed on it (its answers dropped), and an
/// error answer for every call that was running.
async fn take_over(
    endpoint: &Endpoint,
    root: &Path,
    hello: &Hello,
    index_threads: usize,
    relay: &mut Relay,
    stdout: &mut tokio::io::Stdout,
) -> Result<Conn, Unavailable> {
    tracing::warn!("the project's daemon stopped; attaching to a new one");
    let attached = attach(endpoint, root, hello, index_threads).await;
    let init_id =
        relay.initialize.as_deref().and_then(|l| serde_json::from_slice::<Envelope>(l).ok()).and_then(|e| e.id);
    // an initialize not answered yet is answered by the new daemon
    let init_pending = init_id.as_ref().is_some_and(|id| relay.pending.remove(&id.to_string()));
    for id in relay.pending.drain() {
        let answer = serde_json::json!({"jsonrpc": "2.0", "id": serde_json::from_str::<Value>(&id).unwrap_or(Value::Null),
            "error": {"code": -32603, "message": "the arborist daemon serving this project stopped while this call ran; \
            it was not retried (a new daemon serves the next calls, with the session's settings as at start)"}});
        let _ = stdout.write_all(format!("{answer}\n").as_bytes()).await;
    }
    let _ = stdout.flush().await;
    let mut conn = attached?;
    let Some(to) = conn.to_daemon.clone() else { return Ok(conn) };
    if let Some(init) = &relay.initialize {
        let _ = to.send(init.clone());
        let mut line = Vec::new();
        // the new daemon's answer to the replayed initialize is old news, unless the client still waits
        loop {
            line.clear();
            let read = tokio::time::timeout(Duration::from_secs(30), conn.reader.read_until(b'\n', &mut line)).await;
            if !matches!(read, Ok(Ok(n)) if n > 0) {
                return Err(Unavailable("the new daemon did not answer the replayed initialize".into()));
            }
            if serde_json::from_slice::<Envelope>(&line).ok().and_then(|e| e.id) == init_id {
                if init_pending {
                    let _ = stdout.write_all(&line).await;
                    let _ = stdout.flush().await;
                }
                break;
            }
        }
    }
    if let Some(initialized) = &relay.initialized {
        let _ = to.send(initialized.clone());
    }
    Ok(conn)
}
