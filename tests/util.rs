//! Test helpers: temp-dir projects copied from `fixtures/`, and tool calls by name with JSON arguments.

use arborist::contexts::Activation;
use arborist::engine::Engine;
use arborist::session::Session;
use arborist::tools;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// A project in a temp dir: `root` is the project, `outside` a sibling the tools must never touch.
pub struct TestProject {
    pub tmp: tempfile::TempDir,
    pub root: PathBuf,
    pub outside: PathBuf,
    session: Option<Session>,
}

pub fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

impl TestProject {
    /// An empty project.
    pub fn empty() -> TestProject {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().join("project");
        let outside = tmp.path().join("outside");
        std::fs::create_dir_all(&root).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        std::fs::write(outside.join("secret.txt"), "TOP SECRET outside\n").unwrap();
        TestProject { tmp, root, outside, session: None }
    }

    /// A copy of `fixtures/<name>`.
    pub fn fixture(name: &str) -> TestProject {
        let p = TestProject::empty();
        copy_dir(&fixtures().join(name), &p.root);
        p
    }

    pub fn write(&mut self, rel: &str, content: impl AsRef<[u8]>) -> &mut Self {
        let path = self.root.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, content).unwrap();
        self.session = None;
        self
    }

    pub fn read(&self, rel: &str) -> String {
        std::fs::read_to_string(self.root.join(rel)).unwrap()
    }

    pub fn read_bytes(&self, rel: &str) -> Vec<u8> {
        std::fs::read(self.root.join(rel)).unwrap()
    }

    /// The session the tools run in (desktop-app context, the project's settings, a private config dir).
    pub fn session(&mut self) -> &Session {
        if self.session.is_none() {
            let engine = std::sync::Arc::new(Engine::open(&self.root).unwrap());
            let activation = Activation::new("desktop-app", &[], engine.project().config()).unwrap();
            let config_dir = self.tmp.path().join("config");
            self.session = Some(Session::new(Some(engine), activation, 0).with_config_dir(Some(config_dir)));
        }
        self.session.as_ref().unwrap()
    }

    /// Closes the session: the next call opens the project again (a restart, reading the saved index).
    pub fn reopen(&mut self) {
        self.session = None;
    }

    pub fn engine(&mut self) -> std::sync::Arc<Engine> {
        self.session().engine().unwrap()
    }

    /// Calls a tool; `Err` is the in-band error text.
    pub fn call(&mut self, tool: &str, args: Value) -> Result<String, String> {
        let spec = tools::find(tool).unwrap_or_else(|| panic!("no tool {tool}"));
        tools::call(self.session(), spec, args)
    }

    #[track_caller]
    pub fn ok(&mut self, tool: &str, args: Value) -> String {
        match self.call(tool, args) {
            Ok(s) => s,
            Err(e) => panic!("{tool} failed: {e}"),
        }
    }

    #[track_caller]
    pub fn err(&mut self, tool: &str, args: Value) -> String {
        match self.call(tool, args) {
            Ok(s) => panic!("{tool} should have failed but answered: {s}"),
            Err(e) => e,
        }
    }
}

pub fn copy_dir(from: &Path, to: &Path) {
    for entry in walk(from) {
        let rel = entry.strip_prefix(from).unwrap();
        let dest = to.join(rel);
        std::fs::create_dir_all(dest.parent().unwrap()).unwrap();
        std::fs::copy(&entry, &dest).unwrap();
    }
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() { out.extend(walk(&p)) } else { out.push(p) }
    }
    out
}

/// Every file under `dir` with its bytes, for before/after comparisons.
pub fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files: Vec<_> = walk(dir).into_iter().map(|p| (p.clone(), std::fs::read(&p).unwrap())).collect();
    files.sort();
    files
}

/// Fails the test unless `program` is on PATH. Tests that need a language server are `#[ignore]`d with the
/// program's name, so a plain `cargo test` lists them as ignored; `cargo test -- --include-ignored` (CI) runs
/// them, and then a missing server is a failure, never a silent pass.
#[track_caller]
pub fn require(program: &str) {
    let found = std::env::var_os("PATH").is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(program).is_file()));
    assert!(found, "this test needs `{program}` on PATH (.ci/run shows how to install it)");
}

/// Whether process `pid` runs (a zombie does not).
pub fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .is_ok_and(|s| s.rsplit_once(") ").is_some_and(|(_, rest)| !rest.starts_with('Z')))
}

/// Polls `done` every 20 ms; fails the test, naming `what`, once `limit` has passed.
#[track_caller]
pub fn wait_until(what: &str, limit: std::time::Duration, mut done: impl FnMut() -> bool) {
    let deadline = std::time::Instant::now() + limit;
    while !done() {
        assert!(std::time::Instant::now() < deadline, "timed out waiting until {what}");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// How many processes have `marker` in their command line.
pub fn processes_running(marker: &str) -> usize {
    let Ok(dir) = std::fs::read_dir("/proc") else { return 0 };
    dir.flatten()
        .filter_map(|e| std::fs::read(e.path().join("cmdline")).ok())
        .filter(|c| String::from_utf8_lossy(c).replace('\0', " ").contains(marker))
        .count()
}
