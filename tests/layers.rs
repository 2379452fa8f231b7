//! The architecture invariants of ARCHITECTURE.md that a compiler cannot see on its own: the crates depend
//! only downward, processes are spawned only where the invariants say, files are written only by the
//! cache (and the index's own cache directory), and only the top crate knows MCP.

use std::path::{Path, PathBuf};

/// The crates, lowest layer first, with the arborist crates each may depend on.
const LAYERS: &[(&str, &[&str])] = &[
    ("arborist-syntax", &[]),
    ("arborist-lsp", &["arborist-syntax"]),
    ("arborist-engine", &["arborist-syntax", "arborist-lsp"]),
    ("arborist", &["arborist-engine"]),
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn crate_dir(name: &str) -> PathBuf {
    if name == "arborist" { root() } else { root().join("crates").join(name) }
}

/// The arborist crates a manifest depends on (normal dependencies only).
fn arborist_dependencies(manifest: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(manifest).unwrap();
    let doc: toml::Table = toml::from_str(&text).unwrap();
    let deps = doc.get("dependencies").and_then(|d| d.as_table()).cloned().unwrap_or_default();
    deps.keys().filter(|k| k.starts_with("arborist")).cloned().collect()
}

#[test]
fn crates_depend_only_downward() {
    let mut members: Vec<String> = std::fs::read_dir(root().join("crates"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    members.push("arborist".into());
    for m in &members {
        assert!(LAYERS.iter().any(|(name, _)| name == m), "crate {m} has no layer in tests/layers.rs");
    }
    for (name, allowed) in LAYERS {
        for dep in arborist_dependencies(&crate_dir(name).join("Cargo.toml")) {
            assert!(allowed.contains(&dep.as_str()), "{name} depends on {dep}; allowed: {allowed:?}");
        }
    }
}

/// Every `.rs` file under a crate's `src/`, with its text before any `#[cfg(test)]` module.
fn sources(name: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut dirs = vec![crate_dir(name).join("src")];
    while let Some(dir) = dirs.pop() {
        for e in std::fs::read_dir(&dir).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let text = std::fs::read_to_string(&p).unwrap();
                let code = text.split("#[cfg(test)]").next().unwrap().to_string();
                out.push((p.strip_prefix(root()).unwrap().to_string_lossy().into_owned(), code));
            }
        }
    }
    out
}

fn all_sources() -> Vec<(String, String)> {
    LAYERS.iter().flat_map(|(name, _)| sources(name)).collect()
}

#[test]
fn only_the_language_servers_the_shell_and_checks_spawn_processes() {
    // and `serve` starts the project's daemon
    let allowed = [
        "crates/arborist-lsp/",
        "crates/arborist-engine/src/shell.rs",
        "crates/arborist-engine/src/external.rs",
        "src/server/daemon.rs",
    ];
    for (path, code) in all_sources() {
        if code.contains("Command::new") {
            assert!(allowed.iter().any(|a| path.starts_with(a)), "{path} spawns a process");
        }
    }
}

#[test]
fn only_the_file_cache_writes_project_files() {
    // The index writes its own cache directory; the session writes the user's project registry; fsio
    // opens files read-only (OpenOptions for a non-blocking open); the daemon keeps its lock, socket and
    // log under `.arborist/`; the index's watcher makes and removes its cookies there.
    let allowed = [
        "crates/arborist-engine/src/cache.rs",
        "crates/arborist-engine/src/index/store.rs",
        "src/session.rs",
        "crates/arborist-syntax/src/fsio.rs",
        "crates/arborist-engine/src/journal.rs",
        "src/server/daemon.rs",
        "crates/arborist-engine/src/index/watch.rs",
    ];
    let writes = ["fs::write", "fs::rename", "remove_file", "File::create", "OpenOptions", "tempfile"];
    for (path, code) in all_sources() {
        if writes.iter().any(|w| code.contains(w)) && !allowed.contains(&path.as_str()) {
            panic!("{path} writes files; every change goes through Engine::commit and the cache");
        }
    }
}

#[test]
fn only_the_top_crate_knows_mcp() {
    for (name, _) in &LAYERS[..3] {
        for (path, code) in sources(name) {
            for mcp in ["rmcp", "schemars"] {
                assert!(!code.contains(mcp), "{path} ({name}) uses {mcp}");
            }
        }
    }
}
