//! The `arborist doctor` report: version, grammars compiled in (each one's queries compiled), language
//! servers (found with the version they report, or how to install them), a project's settings files, cache
//! and index freshness, the user config dir, and set-up snippets for MCP clients; as text or one JSON
//! object. It changes nothing (the cache check creates one temp file and removes it).

pub mod clients;

use crate::session::{Registry, user_config_dir};
use arborist_engine::grammars::{self, Category};
use arborist_engine::index::{self, Freshness};
use arborist_engine::language;
use arborist_engine::lsp::{self, probe};
use arborist_engine::project::{self, Project};
use arborist_engine::settings::PROJECT_CONFIG_PATH;
use serde::Serialize;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How long a language server's version command may run.
pub const VERSION_TIMEOUT: Duration = Duration::from_secs(2);

/// Everything the doctor found.
#[derive(Serialize)]
pub struct Report {
    pub version: &'static str,
    /// The running binary (what the client snippets start).
    pub binary: String,
    pub grammars: Grammars,
    pub language_servers: Vec<Server>,
    pub project: ProjectReport,
    pub user_config: UserConfig,
    pub clients: Vec<clients::Snippet>,
    /// What is wrong; the exit status is 1 when there is anything here.
    pub problems: Vec<String>,
    /// What works but is worth knowing (a missing language server).
    pub warnings: Vec<String>,
}

/// The grammars compiled in.
#[derive(Serialize)]
pub struct Grammars {
    pub count: usize,
    pub names: Vec<&'static str>,
    /// Languages whose queries do not compile.
    pub broken_queries: Vec<BrokenQueries>,
    /// Languages of grammars.toml whose grammar is not compiled in.
    pub missing: Vec<String>,
}

#[derive(Serialize)]
pub struct BrokenQueries {
    pub language: String,
    pub error: String,
}

/// One language server program and the languages that use it.
#[derive(Serialize)]
pub struct Server {
    pub command: String,
    pub languages: Vec<&'static str>,
    /// Where it is on PATH; None when it is missing.
    pub path: Option<String>,
    /// The first line its version command printed.
    pub version: Option<String>,
    /// Why there is no version although it was found.
    pub version_error: Option<String>,
    /// How to install it (from grammars.toml), shown when it is missing.
    pub install: Option<String>,
}

/// The project directory, its settings files and its cache.
#[derive(Serialize)]
pub struct ProjectReport {
    pub dir: String,
    /// Why serve and index refuse it without `--allow-home-or-root` (the filesystem root, the home dir).
    pub too_broad: Option<&'static str>,
    /// Settings files the project reads, and whether each is there.
    pub settings: Vec<SettingsFile>,
    /// Why the project cannot be opened (unreadable, invalid settings).
    pub error: Option<String>,
    pub cache: Option<Cache>,
}

#[derive(Serialize)]
pub struct SettingsFile {
    pub path: &'static str,
    pub present: bool,
    pub what: &'static str,
}

/// The persistent index directory.
#[derive(Serialize)]
pub struct Cache {
    pub dir: String,
    pub bytes: u64,
    /// Why an index could not be saved there; None when it can.
    pub unwritable: Option<String>,
    /// The saved index against the files now; None when there is none (or it is from another version).
    pub freshness: Option<FreshnessReport>,
    /// Set when the project was too broad to walk.
    pub freshness_skipped: bool,
}

#[derive(Serialize)]
pub struct FreshnessReport {
    pub saved: usize,
    pub changed: usize,
    pub added: usize,
    pub removed: usize,
    pub left_out: usize,
    pub fresh: bool,
}

impl From<Freshness> for FreshnessReport {
    fn from(f: Freshness) -> Self {
        FreshnessReport {
            saved: f.saved,
            changed: f.changed,
            added: f.added,
            removed: f.removed,
            left_out: f.left_out,
            fresh: f.is_fresh(),
        }
    }
}

/// The user's config dir: registered projects, custom contexts and modes.
#[derive(Serialize)]
pub struct UserConfig {
    pub dir: Option<String>,
    pub exists: bool,
    pub registered_projects: usize,
    pub custom_contexts: Vec<String>,
    pub custom_modes: Vec<String>,
    pub error: Option<String>,
}

/// Runs every check for the project in `dir`.
pub fn run(dir: &Path) -> Report {
    let binary = std::env::current_exe().map(|p| p.display().to_string()).unwrap_or_else(|_| "arborist".into());
    let abs_dir = std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf());
    let project = Project::open(&abs_dir);
    let overrides = project.as_ref().map(|p| p.config().language_servers.clone()).unwrap_or_default();
    let root = project.as_ref().map_or(abs_dir.clone(), |p| p.root().to_path_buf());
    // Compiling every query takes seconds; the version probes wait meanwhile.
    let (grammars, language_servers) = std::thread::scope(|scope| {
        let servers = scope.spawn(|| servers_report(&overrides));
        (grammars_report(), servers.join().unwrap_or_default())
    });
    let mut report = Report {
        version: env!("CARGO_PKG_VERSION"),
        clients: clients::snippets(&binary, Some(&root.display().to_string())),
        binary,
        grammars,
        language_servers,
        project: project_report(&abs_dir, project),
        user_config: user_config_report(user_config_dir()),
        problems: Vec::new(),
        warnings: Vec::new(),
    };
    report.collect_findings();
    report
}

fn grammars_report() -> Grammars {
    use rayon::prelude::*;
    let all = language::all();
    let broken_queries = all
        .par_iter()
        .filter_map(|l| l.check_queries().err().map(|error| BrokenQueries { language: l.name().to_string(), error }))
        .collect::<Vec<_>>();
    let loaded: Vec<&str> = all.iter().map(|l| l.name()).collect();
    let missing =
        grammars::languages().iter().filter(|e| !loaded.contains(&e.name.as_str())).map(|e| e.name.clone()).collect();
    Grammars { count: all.len(), names: loaded, broken_queries, missing }
}

/// Every language server program (the project's overrides applied), probed in parallel.
fn servers_report(overrides: &HashMap<String, Vec<String>>) -> Vec<Server> {
    let mut servers: Vec<(Server, Vec<String>)> = Vec::new();
    for lang in language::all().iter().filter(|l| l.entry.category == Category::Code) {
        let entry = lang.entry;
        let (argv, install, version_argv) = match overrides.get(lang.name()) {
            Some(argv) if argv.first() != entry.language_server.first() => (argv.clone(), None, Vec::new()),
            _ => (
                entry.language_server.clone(),
                entry.language_server_install.clone(),
                entry.language_server_version.clone(),
            ),
        };
        let Some(program) = argv.first() else { continue };
        match servers.iter_mut().find(|(s, _)| &s.command == program) {
            Some((s, _)) => s.languages.push(lang.name()),
            None => {
                let version_argv =
                    if version_argv.is_empty() { vec![program.clone(), "--version".into()] } else { version_argv };
                let server = Server {
                    command: program.clone(),
                    languages: vec![lang.name()],
                    path: lsp::which(program).map(|p| p.display().to_string()),
                    version: None,
                    version_error: None,
                    install,
                };
                servers.push((server, version_argv));
            }
        }
    }
    std::thread::scope(|scope| {
        for (server, argv) in servers.iter_mut().filter(|(s, _)| s.path.is_some()) {
            scope.spawn(move || probe_version(server, argv));
        }
    });
    servers.into_iter().map(|(s, _)| s).collect()
}

fn probe_version(server: &mut Server, argv: &[String]) {
    match probe::version(argv, VERSION_TIMEOUT) {
        probe::Version::Said(v) if !v.is_empty() => server.version = Some(v),
        probe::Version::Said(_) => server.version_error = Some(format!("`{}` printed nothing", argv.join(" "))),
        probe::Version::Failed(why) => server.version_error = Some(format!("`{}` failed: {why}", argv.join(" "))),
        probe::Version::TimedOut => {
            server.version_error =
                Some(format!("`{}` did not answer within {} s", argv.join(" "), VERSION_TIMEOUT.as_secs()))
        }
    }
}

fn project_report(dir: &Path, project: arborist_engine::Result<Project>) -> ProjectReport {
    let too_broad = project::too_broad(dir);
    let root = project.as_ref().map(|p| p.root().to_path_buf()).unwrap_or_else(|_| dir.to_path_buf());
    let settings = vec![
        settings_file(&root, PROJECT_CONFIG_PATH, "arborist's project settings"),
        settings_file(&root, ".gitignore", "ignore rules"),
        settings_file(&root, ".git/info/exclude", "ignore rules"),
    ];
    let error = match (&project, std::fs::read_dir(&root)) {
        (Err(e), _) => Some(e.to_string()),
        (Ok(_), Err(e)) => Some(format!("the project directory cannot be read: {e}")),
        (Ok(_), Ok(_)) => None,
    };
    let cache = project.ok().map(|p| cache_report(&p, too_broad.is_some()));
    ProjectReport { dir: root.display().to_string(), too_broad, settings, error, cache }
}

fn settings_file(root: &Path, path: &'static str, what: &'static str) -> SettingsFile {
    SettingsFile { path, present: root.join(path).is_file(), what }
}

fn cache_report(project: &Project, too_broad: bool) -> Cache {
    let dir = project.root().join(index::CACHE_DIR);
    let freshness = if too_broad { None } else { index::saved_freshness(project).map(FreshnessReport::from) };
    Cache {
        bytes: dir_size(&dir),
        unwritable: index::check_cache_writable(project).err().map(|e| e.to_string()),
        freshness,
        freshness_skipped: too_broad,
        dir: dir.display().to_string(),
    }
}

/// The size of the files directly in `dir` (the cache has no subdirectories).
fn dir_size(dir: &Path) -> u64 {
    let Ok(entries) = std::fs::read_dir(dir) else { return 0 };
    entries.flatten().filter_map(|e| e.metadata().ok()).filter(|m| m.is_file()).map(|m| m.len()).sum()
}

fn user_config_report(dir: Option<PathBuf>) -> UserConfig {
    let Some(dir) = dir else {
        return UserConfig {
            dir: None,
            exists: false,
            registered_projects: 0,
            custom_contexts: Vec::new(),
            custom_modes: Vec::new(),
            error: Some("no config dir: neither ARBORIST_CONFIG_DIR, XDG_CONFIG_HOME nor HOME is set".into()),
        };
    };
    let registry = Registry::load(&dir);
    let custom = |sub: &str| toml_stems(&dir.join(sub));
    let contexts = crate::contexts::contexts(Some(&dir)).err();
    let modes = crate::contexts::modes(Some(&dir)).err();
    let error = registry.as_ref().err().or(contexts.as_ref()).or(modes.as_ref()).map(|e| e.to_string());
    UserConfig {
        exists: dir.is_dir(),
        registered_projects: registry.map(|r| r.projects.len()).unwrap_or(0),
        custom_contexts: custom("contexts"),
        custom_modes: custom("modes"),
        error,
        dir: Some(dir.display().to_string()),
    }
}

/// The names of the `*.toml` files in `dir`, sorted.
fn toml_stems(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut names: Vec<String> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .collect();
    names.sort();
    names
}

impl Report {
    /// Whether nothing is wrong (warnings aside).
    pub fn ok(&self) -> bool {
        self.problems.is_empty()
    }

    fn collect_findings(&mut self) {
        let g = &self.grammars;
        self.problems
            .extend(g.broken_queries.iter().map(|b| format!("{}: queries do not load: {}", b.language, b.error)));
        self.problems.extend(g.missing.iter().map(|l| format!("{l}: grammars.toml names a grammar not compiled in")));
        let p = &self.project;
        self.problems.extend(p.error.iter().cloned());
        if let Some(why) = &p.cache.as_ref().and_then(|c| c.unwritable.clone()) {
            self.problems.push(format!("the cache cannot be written ({why}): the index is rebuilt at every start"));
        }
        if let Some(what) = p.too_broad {
            self.warnings.push(format!(
                "{} is {what}: serve and index refuse it unless given --allow-home-or-root; pass a project directory",
                p.dir
            ));
        }
        let missing: Vec<&str> =
            self.language_servers.iter().filter(|s| s.path.is_none()).map(|s| s.command.as_str()).collect();
        if !missing.is_empty() {
            self.warnings.push(format!(
                "{} of {} language servers missing (optional: references and rename then come from tree-sitter, marked heuristic)",
                missing.len(),
                self.language_servers.len()
            ));
        }
        for s in self.language_servers.iter().filter(|s| s.version_error.is_some()) {
            self.warnings.push(format!(
                "{} is on PATH but may not work: {}",
                s.command,
                s.version_error.as_ref().unwrap()
            ));
        }
        self.warnings.extend(self.user_config.error.iter().map(|e| format!("user config: {e}")));
    }

    /// The plain-text report.
    pub fn text(&self) -> String {
        let mut out = format!("arborist {} ({})\n\n", self.version, self.binary);
        self.grammars_text(&mut out);
        self.servers_text(&mut out);
        self.project_text(&mut out);
        self.user_config_text(&mut out);
        self.clients_text(&mut out);
        self.summary_text(&mut out);
        out
    }

    fn grammars_text(&self, out: &mut String) {
        let g = &self.grammars;
        let state = if g.broken_queries.is_empty() && g.missing.is_empty() {
            "every one's queries load".to_string()
        } else {
            format!("{} with broken queries, {} not compiled in", g.broken_queries.len(), g.missing.len())
        };
        out.push_str(&format!("grammars: {} compiled in, {state}\n  {}\n\n", g.count, g.names.join(" ")));
    }

    fn servers_text(&self, out: &mut String) {
        out.push_str("language servers (optional; used for precise references and rename):\n");
        let width = self.language_servers.iter().map(|s| s.command.len()).max().unwrap_or(0);
        for s in &self.language_servers {
            let state = match (&s.path, &s.version, &s.version_error) {
                (Some(path), Some(v), _) => format!("found  {path}  {v}"),
                (Some(path), None, Some(e)) => format!("found  {path}  (version unknown: {e})"),
                (Some(path), None, None) => format!("found  {path}"),
                (None, ..) => {
                    format!("missing  install: {}", s.install.as_deref().unwrap_or("see the server's documentation"))
                }
            };
            out.push_str(&format!("  {:width$}  {state}  [{}]\n", s.command, s.languages.join(", ")));
        }
        out.push('\n');
    }

    fn project_text(&self, out: &mut String) {
        let p = &self.project;
        out.push_str(&format!("project: {}\n", p.dir));
        if let Some(e) = &p.error {
            out.push_str(&format!("  error: {e}\n"));
        }
        for f in &p.settings {
            let state = if f.present { "read" } else { "absent" };
            out.push_str(&format!("  {:<20} {state} ({})\n", f.path, f.what));
        }
        if let Some(c) = &p.cache {
            let writable = c.unwritable.as_deref().map_or("writable".to_string(), |e| format!("NOT writable: {e}"));
            out.push_str(&format!("  cache: {} ({}, {writable})\n", c.dir, human_bytes(c.bytes)));
            out.push_str(&format!("  index: {}\n", freshness_text(c)));
        }
        out.push('\n');
    }

    fn user_config_text(&self, out: &mut String) {
        let u = &self.user_config;
        let Some(dir) = &u.dir else {
            out.push_str("user config: none (no HOME)\n\n");
            return;
        };
        if !u.exists {
            out.push_str(&format!("user config: {dir} (absent: nothing registered, built-in contexts and modes)\n\n"));
            return;
        }
        let list = |v: &[String]| if v.is_empty() { "none".to_string() } else { v.join(", ") };
        out.push_str(&format!(
            "user config: {dir}\n  registered projects: {}\n  custom contexts: {}\n  custom modes: {}\n\n",
            u.registered_projects,
            list(&u.custom_contexts),
            list(&u.custom_modes)
        ));
    }

    fn clients_text(&self, out: &mut String) {
        out.push_str("MCP client set-up (this binary, this project):\n");
        for s in &self.clients {
            out.push_str(&format!("\n{} ({}):\n", s.name, s.place));
            for line in s.text.lines() {
                out.push_str(&format!("    {line}\n"));
            }
        }
        out.push('\n');
    }

    fn summary_text(&self, out: &mut String) {
        for w in &self.warnings {
            out.push_str(&format!("warning: {w}\n"));
        }
        for p in &self.problems {
            out.push_str(&format!("problem: {p}\n"));
        }
        let verdict = if self.ok() { "ok" } else { "something is wrong" };
        let (p, w) = (self.problems.len(), self.warnings.len());
        out.push_str(&format!("{verdict}: {p} problem{}, {w} warning{}\n", plural(p), plural(w)));
    }
}

fn freshness_text(c: &Cache) -> String {
    if c.freshness_skipped {
        return "not checked (the directory is too broad to walk)".into();
    }
    let Some(f) = &c.freshness else {
        return "none saved yet (`arborist index` builds it; `serve` builds it in the background)".into();
    };
    let left_out = if f.left_out > 0 {
        format!("; {} files left out (over the parse budget or not text)", f.left_out)
    } else {
        String::new()
    };
    if f.fresh {
        return format!("{} files, up to date{left_out}", f.saved);
    }
    format!(
        "{} files; since saved: {} changed, {} new, {} gone (refreshed at the next start){left_out}",
        f.saved, f.changed, f.added, f.removed
    )
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn human_bytes(n: u64) -> String {
    match n {
        0..1024 => format!("{n} B"),
        1024..1_048_576 => format!("{:.1} KiB", n as f64 / 1024.0),
        _ => format!("{:.1} MiB", n as f64 / 1_048_576.0),
    }
}
