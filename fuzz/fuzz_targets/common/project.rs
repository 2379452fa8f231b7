//! A fuzzing project: a temp dir holding a copy of several languages' fixtures (references by the
//! heuristic only, so no language server starts), a session of the tools over it, and a sibling
//! directory the tools must never touch. `check_and_restore` puts every file back after an input, so each input
//! starts from the same tree and a crash reproduces from its input alone.

#![allow(dead_code)] // each target uses part of it

use arborist::contexts::Activation;
use arborist::engine::Engine;
use arborist::session::Session;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub struct Project {
    _tmp: tempfile::TempDir,
    pub root: PathBuf,
    outside: PathBuf,
    /// Every file of the project at the start: relative path → bytes.
    files: BTreeMap<PathBuf, Vec<u8>>,
    pub session: Session,
}

const SECRET: &[u8] = b"TOP SECRET outside\n";

impl Project {
    /// A copy of `fixtures/<lang>` for each of `langs`, under `<lang>/`.
    pub fn new(langs: &[&str]) -> Project {
        let tmp = tempfile::tempdir().expect("a temp dir");
        let root = tmp.path().join("project");
        let outside = tmp.path().join("outside");
        std::fs::create_dir_all(&outside).expect("the outside dir");
        std::fs::write(outside.join("secret.txt"), SECRET).expect("the outside file");
        let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures");
        for lang in langs {
            copy_dir(&fixtures.join(lang), &root.join(lang));
        }
        let settings = root.join(".arborist/project.toml");
        std::fs::create_dir_all(settings.parent().unwrap()).unwrap();
        std::fs::write(settings, "references_backend = \"heuristic\"\n").unwrap();
        let mut files = BTreeMap::new();
        snapshot(&root, &root, &mut files);
        let engine = Arc::new(Engine::open(&root).expect("the engine opens the project"));
        let activation = Activation::new("desktop-app", &[], engine.project().config()).expect("an activation");
        let session = Session::new(Some(engine), activation, 0).with_config_dir(Some(tmp.path().join("config")));
        Project { _tmp: tmp, root, outside, files, session }
    }

    /// The project's code files of the start, relative to the root.
    pub fn code_files(&self) -> Vec<String> {
        self.files
            .keys()
            .map(|p| p.to_string_lossy().into_owned())
            .filter(|p| !p.starts_with(".arborist") && !p.ends_with(".txt") && !p.contains("/broken"))
            .collect()
    }

    pub fn original(&self, rel: &str) -> &[u8] {
        &self.files[Path::new(rel)]
    }

    /// Puts back one file an input may have changed.
    pub fn restore(&self, rel: &str) {
        let path = self.root.join(rel);
        if std::fs::read(&path).ok().as_deref() != Some(self.original(rel)) {
            std::fs::write(path, self.original(rel)).unwrap();
        }
    }

    /// Panics when anything outside the project changed; puts back every file of the project that an
    /// input changed, removed or added (the engine's state under `.arborist/` is left alone).
    pub fn check_and_restore(&self) {
        let outside: Vec<_> = std::fs::read_dir(&self.outside).unwrap().flatten().map(|e| e.file_name()).collect();
        assert_eq!(outside.len(), 1, "a file appeared outside the project: {outside:?}");
        assert_eq!(std::fs::read(self.outside.join("secret.txt")).unwrap(), SECRET, "the outside file changed");
        let mut now = BTreeMap::new();
        snapshot(&self.root, &self.root, &mut now);
        for (rel, bytes) in &now {
            if self.files.get(rel) != Some(bytes) && !rel.starts_with(".arborist") {
                match self.files.get(rel) {
                    Some(old) => std::fs::write(self.root.join(rel), old).unwrap(),
                    None => std::fs::remove_file(self.root.join(rel)).unwrap(),
                }
            }
        }
        for (rel, bytes) in &self.files {
            if !now.contains_key(rel) {
                let path = self.root.join(rel);
                std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                std::fs::write(path, bytes).unwrap();
            }
        }
    }
}

fn snapshot(root: &Path, dir: &Path, out: &mut BTreeMap<PathBuf, Vec<u8>>) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        let Ok(kind) = entry.file_type() else { continue };
        if kind.is_dir() {
            snapshot(root, &path, out);
        } else if kind.is_file() {
            if let Ok(bytes) = std::fs::read(&path) {
                out.insert(path.strip_prefix(root).unwrap().to_path_buf(), bytes);
            }
        }
    }
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}
