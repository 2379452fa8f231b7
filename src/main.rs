//! The `arborist` command line: `serve` (MCP on stdio or HTTP), `loop` (JSON-lines tool loop), `tool` (one
//! tool, one shot), `tools` (the tool list), `languages` (the languages compiled in), `index` and `doctor`
//! (what is installed and how to set up clients). Logs go to stderr; stdout carries only protocol messages or
//! answers.

use anyhow::Context as _;
use arborist::contexts::{self, Activation};
use arborist::engine::Engine;
use arborist::server::{self, ArboristServer};
use arborist::session::{Session, user_config_dir};
use arborist::tools;
use clap::{Parser, Subcommand, ValueEnum};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

#[derive(Parser)]
#[command(name = "arborist", version, about = "Tree-sitter code intelligence server (MCP) for coding agents")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve MCP for a project (stdio by default).
    Serve {
        /// Project directory (default: the current directory).
        project_dir: Option<PathBuf>,
        #[arg(long, value_enum, default_value = "stdio")]
        transport: Transport,
        /// Port for --transport http (binds 127.0.0.1).
        #[arg(long, default_value_t = 8765)]
        port: u16,
        /// Threads for the background symbol index (0 = no background index).
        #[arg(long, default_value_t = 2)]
        index_threads: usize,
        /// Serve even when the project directory is / or your home directory (refused otherwise: it would
        /// index the whole disk).
        #[arg(long)]
        allow_home_or_root: bool,
        /// Serve stdio in this process. By default `serve` attaches to the project's daemon (starting
        /// one when none runs), which shares one index and one set of language servers among clients.
        #[arg(long)]
        no_daemon: bool,
        #[command(flatten)]
        activation: ActivationArgs,
    },
    /// The daemon that `serve` starts for a project (one per project; exits when idle).
    #[command(hide = true)]
    Daemon {
        project_dir: PathBuf,
        #[arg(long, default_value_t = 2)]
        index_threads: usize,
    },
    /// JSON-lines tool loop for agents without MCP: one request per stdin line
    /// ({"action": "tool_call", "tool": NAME, "args": {...}}), one answer per stdout line.
    Loop {
        /// Project directory (default: the current directory).
        project_dir: Option<PathBuf>,
        /// Threads for the background symbol index (0 = no background index).
        #[arg(long, default_value_t = 2)]
        index_threads: usize,
        /// Client context (default: agent-loop).
        #[arg(long, default_value = "agent-loop")]
        context: String,
        /// Mode (repeatable): interactive, editing, planning, read-only, one-shot, no-memories, no-onboarding.
        #[arg(long = "mode")]
        modes: Vec<String>,
        /// Run even when the project directory is / or your home directory.
        #[arg(long)]
        allow_home_or_root: bool,
    },
    /// Run one tool and print its answer: arborist tool NAME '{"arg": ...}'.
    Tool {
        /// Tool name, e.g. read_file or search_for_pattern.
        name: String,
        /// Arguments as a JSON object (default: {}).
        args: Option<String>,
        /// Project directory (default: the current directory).
        #[arg(long)]
        project: Option<PathBuf>,
        /// Run even when the project directory is / or your home directory (refused otherwise: a search
        /// or a symbol lookup there would walk the whole disk).
        #[arg(long)]
        allow_home_or_root: bool,
    },
    /// Build (or refresh) the persistent symbol index and print files, symbols, bytes and seconds.
    Index {
        /// Project directory (default: the current directory).
        project_dir: Option<PathBuf>,
        /// Parser threads.
        #[arg(long, default_value_t = 2)]
        threads: usize,
        /// Print every symbol as a JSON line {file, name_path, kind, start_line, end_line, doc_bytes (the
        /// byte range of its doc comment), supertypes (the names it extends or implements), the last two
        /// when it has them} instead of stats.
        #[arg(long)]
        dump: bool,
        /// Benchmark: only parse every code file (no queries, nothing saved) and print the throughput.
        #[arg(long)]
        parse_only: bool,
        /// Index even when the project directory is / or your home directory (refused otherwise).
        #[arg(long)]
        allow_home_or_root: bool,
    },
    /// List the languages compiled in: files, symbol kinds, edits, references, language server.
    Languages {
        /// Print the README's Markdown table.
        #[arg(long, conflicts_with = "json")]
        markdown: bool,
        /// Print a JSON array.
        #[arg(long)]
        json: bool,
    },
    /// Check the installation and a project: grammars, language servers, settings, cache, client set-up.
    Doctor {
        /// Project directory (default: the current directory).
        project_dir: Option<PathBuf>,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// List the tools of a context.
    Tools {
        /// Every tool of every context, optional tools included.
        #[arg(long)]
        all: bool,
        /// Print a JSON array of {name, description, inputSchema}.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        activation: ActivationArgs,
    },
}

#[derive(clap::Args)]
struct ActivationArgs {
    /// Client context: desktop-app, agent, claude-code, codex or ide.
    #[arg(long, default_value = "desktop-app")]
    context: String,
    /// Mode (repeatable): interactive, editing, planning, one-shot, no-memories, no-onboarding.
    #[arg(long = "mode")]
    modes: Vec<String>,
}

#[derive(Clone, Copy, ValueEnum)]
enum Transport {
    Stdio,
    Http,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if !matches!(cli.command, Command::Serve { .. } | Command::Loop { .. } | Command::Daemon { .. }) {
        quiet_on_closed_pipe();
    }
    let default_level =
        if matches!(cli.command, Command::Serve { .. } | Command::Daemon { .. }) { "info" } else { "warn" };
    init_logging(default_level);
    match run(cli.command) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("arborist: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// `arborist tool … | head`: a reader that goes away ends the one-shot commands quietly, as it ends `cat`
/// (Rust ignores SIGPIPE, so `println!` would panic instead). The server keeps ignoring it and sees the
/// write error.
fn quiet_on_closed_pipe() {
    #[cfg(unix)]
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn init_logging(default_level: &str) {
    let filter = tracing_subscriber::EnvFilter::try_from_env("ARBORIST_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(default_level));
    tracing_subscriber::fmt().with_writer(std::io::stderr).with_env_filter(filter).with_ansi(false).init();
}

fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Serve { project_dir, transport, port, index_threads, allow_home_or_root, no_daemon, activation } => {
            let root = narrow_project_root(project_dir, allow_home_or_root, "serve")?;
            let daemon =
                matches!(transport, Transport::Stdio) && !no_daemon && std::env::var_os("ARBORIST_NO_DAEMON").is_none();
            if daemon && through_daemon(&root, index_threads, &activation)? {
                return Ok(ExitCode::SUCCESS);
            }
            serve(root, transport, port, index_threads, activation)
        }
        Command::Daemon { project_dir, index_threads } => {
            server::daemon::run_daemon(&project_root(Some(project_dir))?, index_threads)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Loop { project_dir, index_threads, context, modes, allow_home_or_root } => {
            let root = narrow_project_root(project_dir, allow_home_or_root, "loop")?;
            run_loop(root, index_threads, ActivationArgs { context, modes })
        }
        Command::Tool { name, args, project, allow_home_or_root } => {
            let root = narrow_project_root(project, allow_home_or_root, "tool --project")?;
            run_tool(&name, args.as_deref(), root)
        }
        Command::Tools { all, json, activation } => list_tools(all, json, &activation),
        Command::Languages { markdown, json } => {
            let rows = arborist::languages::rows();
            match (markdown, json) {
                (true, _) => print!("{}", arborist::languages::markdown(&rows)),
                (_, true) => println!("{}", serde_json::to_string_pretty(&arborist::languages::json(&rows))?),
                _ => print!("{}", arborist::languages::text(&rows)),
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Doctor { project_dir, json } => doctor(project_dir, json),
        Command::Index { project_dir, threads, dump, parse_only, allow_home_or_root } => {
            let root = narrow_project_root(project_dir, allow_home_or_root, "index")?;
            if parse_only { parse_only_bench(root, threads) } else { index(root, threads, dump) }
        }
    }
}

fn project_root(dir: Option<PathBuf>) -> anyhow::Result<PathBuf> {
    match dir {
        Some(d) => Ok(d),
        None => std::env::current_dir().context("reading the current directory"),
    }
}

/// The project directory, refused when it is / or the home directory (unless `allow`): a server started
/// there by a client that forgot the project would index the whole disk.
fn narrow_project_root(dir: Option<PathBuf>, allow: bool, command: &str) -> anyhow::Result<PathBuf> {
    let root = project_root(dir)?;
    if let Some(what) = arborist::project::too_broad(&root).filter(|_| !allow) {
        anyhow::bail!(
            "{} is {what}, too broad to index: pass a project directory (`arborist {command} DIR`), or \
             --allow-home-or-root to insist",
            root.display()
        );
    }
    Ok(root)
}

/// Serves stdio through the project's daemon; false when none could be reached (the caller serves
/// in-process, with the reason logged).
fn through_daemon(root: &Path, index_threads: usize, args: &ActivationArgs) -> anyhow::Result<bool> {
    let hello = server::daemon::Hello {
        build: server::daemon::build_id(),
        context: args.context.clone(),
        modes: args.modes.clone(),
        config_dir: user_config_dir(),
    };
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    let proxied = rt.block_on(server::daemon::proxy(root, hello, index_threads));
    // a read of stdin may still be blocked in a thread of the runtime
    rt.shutdown_timeout(std::time::Duration::from_millis(100));
    match proxied {
        Ok(()) => Ok(true),
        Err(server::daemon::Unavailable(why)) => {
            tracing::warn!("{why}; serving in this process");
            Ok(false)
        }
    }
}

fn serve(
    dir: PathBuf,
    transport: Transport,
    port: u16,
    index_threads: usize,
    args: ActivationArgs,
) -> anyhow::Result<ExitCode> {
    let engine = Arc::new(Engine::open(&dir)?);
    let config_dir = user_config_dir();
    let activation = Activation::load(&args.context, &args.modes, engine.project().config(), config_dir.as_deref())?;
    let session = Arc::new(Session::new(Some(engine), activation, index_threads));
    let server = ArboristServer::new(session.clone());
    arborist::heap::trim_periodically();
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    let served = rt.block_on(async {
        match transport {
            Transport::Stdio => server::serve_stdio(server).await,
            Transport::Http => server::serve_http(server, port).await,
        }
    });
    // Shell commands still running die with the server (their calls then end at once); a call still
    // stuck elsewhere (a tool, a language server) is abandoned: waiting for it would keep the process
    // alive after its client left.
    arborist::shell::kill_all_running();
    rt.shutdown_timeout(std::time::Duration::from_millis(100));
    session.shutdown();
    match served {
        Err(e) if client_left_before_initialize(&e) => tracing::info!("the client left before initializing: {e}"),
        served => served?,
    }
    Ok(ExitCode::SUCCESS)
}

fn run_loop(root: PathBuf, index_threads: usize, args: ActivationArgs) -> anyhow::Result<ExitCode> {
    let engine = Arc::new(Engine::open(&root)?);
    let config_dir = user_config_dir();
    let activation = Activation::load(&args.context, &args.modes, engine.project().config(), config_dir.as_deref())?;
    let session = Session::new(Some(engine), activation, index_threads);
    arborist::heap::trim_periodically();
    let looped = arborist::agent_loop::run(&session, std::io::stdin().lock(), std::io::stdout().lock());
    arborist::shell::kill_all_running();
    session.shutdown();
    match looped {
        // the agent stopped reading: the loop is over, as at the end of its input
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        other => other.context("the agent loop's stdin or stdout failed").map(|()| ExitCode::SUCCESS),
    }
}

/// A client that closes stdin without a word (a probe, a client that gave up) ends the server normally.
fn client_left_before_initialize(e: &anyhow::Error) -> bool {
    matches!(e.downcast_ref(), Some(rmcp::service::ServerInitializeError::ConnectionClosed(_)))
}

fn parse_only_bench(dir: PathBuf, threads: usize) -> anyhow::Result<ExitCode> {
    use rayon::prelude::*;
    let engine = Engine::open(&dir)?;
    let files = arborist::index::code_files(engine.project(), &engine.project().resolve("")?);
    type PerLanguage = std::collections::BTreeMap<&'static str, (usize, u64, f64)>;
    fn add(mut m: PerLanguage, name: &'static str, (n, bytes, secs): (usize, u64, f64)) -> PerLanguage {
        let e = m.entry(name).or_default();
        *e = (e.0 + n, e.1 + bytes, e.2 + secs);
        m
    }
    let started = std::time::Instant::now();
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads.max(1)).build()?;
    // Per language: files, bytes and seconds spent parsing them (summed over threads).
    let per_language: PerLanguage = pool.install(|| {
        files
            .par_iter()
            .filter_map(|(rel, abs)| {
                let lang = arborist::language::for_file(rel, abs)?;
                let text = std::fs::read_to_string(abs).ok()?;
                warm_up(lang, &text);
                let t = std::time::Instant::now();
                arborist::syntax::parse(lang, &text).ok()?;
                Some((lang.name(), (1, text.len() as u64, t.elapsed().as_secs_f64())))
            })
            .fold(PerLanguage::new, |m, (name, sums)| add(m, name, sums))
            .reduce(PerLanguage::new, |a, b| b.into_iter().fold(a, |a, (name, sums)| add(a, name, sums)))
    });
    let secs = started.elapsed().as_secs_f64();
    let (parsed, bytes) = per_language.values().fold((0, 0), |(f, b), v| (f + v.0, b + v.1));
    println!("parsed {parsed} files, {bytes} bytes in {secs:.3}s ({:.1} MB/s)", bytes as f64 / secs / 1e6);
    for (name, (n, bytes, secs)) in &per_language {
        println!("  {name:<16} {n:>7} files {bytes:>12} bytes {:>8.1} MB/s per thread", *bytes as f64 / secs / 1e6);
    }
    Ok(ExitCode::SUCCESS)
}

/// Parses a thread's first text of a language once, untimed: the parser is created and the grammar's
/// tables are paged in before the clock starts, so small samples measure parsing.
fn warm_up(lang: &'static arborist::language::Language, text: &str) {
    thread_local!(static WARM: std::cell::RefCell<std::collections::HashSet<&'static str>> = Default::default());
    if WARM.with(|w| w.borrow_mut().insert(lang.name())) {
        let _ = arborist::syntax::parse(lang, text);
    }
}

fn index(dir: PathBuf, threads: usize, dump: bool) -> anyhow::Result<ExitCode> {
    let engine = Engine::open(&dir)?;
    engine.index().skip_watching();
    let progress = Arc::new(arborist::index::Progress::default());
    let bar = arborist::progress::on_terminal(progress.clone());
    let stats = engine.build_index_observed(threads, &progress);
    drop(bar);
    // the process ends here: freeing millions of symbols one by one would only delay the exit
    let engine = &*Box::leak(Box::new(engine));
    if dump {
        use std::io::Write;
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        let root = engine.project().resolve("")?;
        for entry in engine.index().all_in(engine.project(), &root) {
            for i in entry.symbols.preorder() {
                let s = entry.symbols.get(i);
                let mut line = json!({"file": entry.rel, "name_path": entry.symbols.name_path(i), "kind": s.kind.name(),
                    "start_line": s.start_line, "end_line": s.end_line});
                if let Some(doc) = entry.symbols.doc(i) {
                    line["doc_bytes"] = json!([doc.start, doc.end]);
                }
                let names: Vec<&str> = entry.symbols.supertype_names(i).collect();
                if !names.is_empty() {
                    line["supertypes"] = json!(names);
                }
                writeln!(out, "{line}")?;
            }
        }
        return Ok(ExitCode::SUCCESS);
    }
    println!(
        "files: {} ({} parsed, {} from cache)\nsymbols: {}\nbytes: {}\nseconds: {:.3}",
        stats.files, stats.parsed, stats.reused, stats.symbols, stats.bytes, stats.seconds
    );
    if stats.skipped > 0 {
        println!("skipped (over the parse budget or minified; search still reads them): {}", stats.skipped);
        for (rel, why) in engine.index().skipped() {
            println!("  {rel}: {why}");
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn doctor(dir: Option<PathBuf>, json: bool) -> anyhow::Result<ExitCode> {
    let report = arborist::doctor::run(&project_root(dir)?);
    if json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print!("{}", report.text());
    }
    Ok(if report.ok() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

fn run_tool(name: &str, args: Option<&str>, root: PathBuf) -> anyhow::Result<ExitCode> {
    let Some(tool) = tools::find(name) else {
        let names: Vec<&str> = tools::registry().iter().map(|t| t.name).collect();
        anyhow::bail!("unknown tool `{name}`; available tools: {}", names.join(", "));
    };
    let args: Value = match args {
        Some(text) => {
            serde_json::from_str(text).with_context(|| format!("the arguments of `{name}` are not valid JSON"))?
        }
        None => json!({}),
    };
    let engine = Arc::new(Engine::open(&root)?);
    let activation = Activation::new("desktop-app", &[], engine.project().config())?;
    let session = Session::new(Some(engine), activation, 0);
    match tools::call(&session, tool, args) {
        Ok(answer) => {
            println!("{answer}");
            Ok(ExitCode::SUCCESS)
        }
        Err(message) => {
            eprintln!("{message}");
            Ok(ExitCode::from(1))
        }
    }
}

fn list_tools(all: bool, as_json: bool, args: &ActivationArgs) -> anyhow::Result<ExitCode> {
    let config = arborist::settings::ProjectConfig::default();
    let activation = Activation::load(&args.context, &args.modes, &config, user_config_dir().as_deref())?;
    let listed: Vec<&tools::ToolSpec> =
        if all { tools::registry().iter().collect() } else { tools::active(&activation) };
    if as_json {
        let items: Vec<Value> = listed.iter().map(|t| tool_json(t, all)).collect();
        println!("{}", serde_json::to_string_pretty(&items)?);
    } else {
        for t in &listed {
            let first_sentence = first_sentence(t.description);
            let contexts = if all { format!("  [{}]", contexts_of(t).join(", ")) } else { String::new() };
            println!("{:<22} {first_sentence}.{contexts}", t.name);
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The description up to the first ". " that starts a new sentence (not "e.g. x").
fn first_sentence(text: &str) -> &str {
    let ends = text.match_indices(". ").map(|(i, _)| i).filter(|&i| text[i + 2..].starts_with(char::is_uppercase));
    ends.into_iter().next().map_or(text, |i| &text[..i]).trim_end_matches('.')
}

fn tool_json(t: &tools::ToolSpec, with_contexts: bool) -> Value {
    let mut v = json!({"name": t.name, "description": t.description, "inputSchema": *t.schema});
    if with_contexts {
        v["contexts"] = json!(contexts_of(t));
    }
    v
}

/// Names of the contexts (with default modes) in which a tool is active.
fn contexts_of(t: &tools::ToolSpec) -> Vec<String> {
    let config = arborist::settings::ProjectConfig::default();
    let dir = user_config_dir();
    let all = contexts::contexts(dir.as_deref()).unwrap_or_else(|_| contexts::builtin_contexts());
    all.into_iter()
        .filter(|c| Activation::load(&c.name, &[], &config, dir.as_deref()).is_ok_and(|a| a.is_active(t)))
        .map(|c| c.name)
        .collect()
}
