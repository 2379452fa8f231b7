//! The project sandbox: its root, path validation and ignore rules. Every path a tool receives is
//! resolved here; nothing outside the root and nothing under `.git/` is ever handed out.

use crate::settings::{PROJECT_CONFIG_PATH, ProjectConfig};
use arborist_syntax::error::{Error, Result};
use ignore::WalkBuilder;
use ignore::gitignore::{Gitignore, GitignoreBuilder};
use std::path::{Component, Path, PathBuf};

/// Longest path argument accepted (bytes).
const MAX_PATH_LEN: usize = 4096;

/// An open project: canonical root, settings and ignore rules.
pub struct Project {
    root: PathBuf,
    given_root: PathBuf,
    config: ProjectConfig,
    extra_ignores: Gitignore,
}

/// A path validated against the project: `rel` uses `/` and is "" for the root itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProjectPath {
    pub rel: String,
    pub abs: PathBuf,
}

impl ProjectPath {
    /// The relative path as shown to agents ("." for the root).
    pub fn display(&self) -> &str {
        if self.rel.is_empty() { "." } else { &self.rel }
    }
}

impl Project {
    /// Opens the project at `root`, reading `.arborist/project.toml` if present.
    pub fn open(root: &Path) -> Result<Project> {
        let canonical = root
            .canonicalize()
            .map_err(|e| Error::io("opening the project directory", root.display().to_string(), e))?;
        if !canonical.is_dir() {
            return Err(Error::NotADirectory(root.display().to_string()));
        }
        let config = read_config(&canonical)?;
        let extra_ignores = build_extra_ignores(&canonical, &config)?;
        Ok(Project { root: canonical, given_root: root.to_path_buf(), config, extra_ignores })
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    pub fn config(&self) -> &ProjectConfig {
        &self.config
    }

    /// Project name shown to agents: the root directory's name.
    pub fn name(&self) -> String {
        self.root.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "project".into())
    }

    /// Validates a path argument and resolves it inside the project. The target need not exist.
    pub fn resolve(&self, arg: &str) -> Result<ProjectPath> {
        let rel = self.lexical_relative(arg)?;
        let abs = if rel.is_empty() { self.root.clone() } else { self.root.join(&rel) };
        self.check_symlinks(&rel, &abs)?;
        Ok(ProjectPath { rel, abs })
    }

    /// Like `resolve`, and the path must exist.
    pub fn resolve_existing(&self, arg: &str) -> Result<ProjectPath> {
        let p = self.resolve(arg)?;
        if std::fs::symlink_metadata(&p.abs).is_err() {
            return Err(Error::NotFound(p.display().to_string()));
        }
        Ok(p)
    }

    /// Like `resolve_existing`, and the path must be a file that the ignore rules do not exclude.
    pub fn resolve_file(&self, arg: &str) -> Result<ProjectPath> {
        let p = self.resolve_existing(arg)?;
        if p.abs.is_dir() {
            return Err(Error::IsDirectory(p.display().to_string()));
        }
        if self.is_ignored(&p.rel, false) {
            return Err(Error::Ignored(p.display().to_string()));
        }
        Ok(p)
    }

    /// Refuses writes when the project is read-only; `refused` says what did not happen ("a.py was not changed").
    pub fn check_writable(&self, refused: impl FnOnce() -> String) -> Result<()> {
        if self.config.read_only {
            return Err(Error::ReadOnly(refused()));
        }
        Ok(())
    }

    /// Turns the argument into a normalised relative path without touching the disk.
    fn lexical_relative(&self, arg: &str) -> Result<String> {
        let escape = |why| Error::PathEscape { path: printable(arg), why };
        if arg.contains('\0') {
            return Err(escape("it contains a NUL byte"));
        }
        if arg.len() > MAX_PATH_LEN {
            return Err(Error::PathTooLong { len: arg.len(), limit: MAX_PATH_LEN });
        }
        let path = Path::new(arg);
        let path =
            if path.is_absolute() { self.strip_root(path).ok_or(escape("it is an absolute path"))? } else { path };
        let mut parts: Vec<&str> = Vec::new();
        for comp in path.components() {
            match comp {
                Component::Normal(c) => parts.push(c.to_str().ok_or(escape("it is not valid UTF-8"))?),
                Component::CurDir => {}
                Component::ParentDir => {
                    parts.pop().ok_or(escape("`..` climbs above the project root"))?;
                }
                Component::RootDir | Component::Prefix(_) => {
                    return Err(escape("it is an absolute path"));
                }
            }
        }
        let rel = parts.join("/");
        if parts.contains(&".git") {
            return Err(Error::GitInternals(rel));
        }
        Ok(rel)
    }

    fn strip_root<'a>(&self, path: &'a Path) -> Option<&'a Path> {
        path.strip_prefix(&self.root).or_else(|_| path.strip_prefix(&self.given_root)).ok()
    }

    /// Every existing prefix of the path must stay inside the root once symlinks are resolved.
    fn check_symlinks(&self, rel: &str, abs: &Path) -> Result<()> {
        let deepest = abs.ancestors().find(|a| std::fs::symlink_metadata(a).is_ok()).unwrap_or(&self.root);
        let escape = |why| Error::PathEscape { path: rel.to_string(), why };
        let real = match deepest.canonicalize() {
            Ok(real) => real,
            // A dangling symlink: refuse, since writing through it could create a file anywhere.
            Err(_) => return Err(escape("it is a symlink whose target does not exist")),
        };
        let inner = real.strip_prefix(&self.root).map_err(|_| escape("a symlink leads out of the project"))?;
        if inner.components().any(|c| c.as_os_str() == ".git") {
            return Err(Error::GitInternals(rel.to_string()));
        }
        Ok(())
    }

    /// Whether the ignore rules exclude a path (`.gitignore` files from the root down, project settings).
    pub fn is_ignored(&self, rel: &str, is_dir: bool) -> bool {
        if rel.is_empty() {
            return false;
        }
        let abs = self.root.join(rel);
        if self.extra_ignores.matched_path_or_any_parents(&abs, is_dir).is_ignore() {
            return true;
        }
        let parent = Path::new(rel).parent().unwrap_or(Path::new(""));
        self.gitignores_down_to(parent, true).iter().any(|gi| gi.matched_path_or_any_parents(&abs, is_dir).is_ignore())
    }

    /// `.gitignore` matchers of `dir` and its ancestors up to the root (`dir` itself only if `inclusive`).
    fn gitignores_down_to(&self, dir: &Path, inclusive: bool) -> Vec<Gitignore> {
        if !self.config.respect_gitignore {
            return Vec::new();
        }
        let mut dirs: Vec<&Path> = dir.ancestors().collect();
        if !inclusive {
            dirs.remove(0);
        }
        dirs.iter().rev().filter_map(|d| self.gitignore_in(d)).collect()
    }

    fn gitignore_in(&self, rel_dir: &Path) -> Option<Gitignore> {
        let dir = self.root.join(rel_dir);
        let mut b = GitignoreBuilder::new(&dir);
        let mut any = b.add(dir.join(".gitignore")).is_none();
        if rel_dir.as_os_str().is_empty() {
            any |= b.add(dir.join(".git/info/exclude")).is_none();
        }
        if !any {
            return None;
        }
        b.build().ok()
    }

    /// A walker over `start` with the project's rules: never enters `.git`, includes hidden files,
    /// and applies `.gitignore` and project ignores when `skip_ignored` is set.
    pub fn walker(&self, start: &ProjectPath, skip_ignored: bool) -> WalkBuilder {
        let mut b = WalkBuilder::new(&start.abs);
        let git = skip_ignored && self.config.respect_gitignore;
        b.hidden(false).parents(false).ignore(false).git_global(false).require_git(false);
        b.git_ignore(git).git_exclude(git).follow_links(false);
        let outer: Vec<Gitignore> = if skip_ignored {
            let rel = Path::new(&start.rel);
            if start.abs.is_dir() {
                self.gitignores_down_to(rel, false)
            } else {
                self.gitignores_down_to(rel.parent().unwrap_or(Path::new("")), true)
            }
        } else {
            Vec::new()
        };
        let extra = self.extra_ignores.clone();
        b.filter_entry(move |e| {
            if e.file_name() == ".git" {
                return false;
            }
            // FIFOs, sockets and devices are never listed, searched or indexed
            if e.file_type().is_some_and(|t| !(t.is_dir() || t.is_file() || t.is_symlink())) {
                return false;
            }
            if !skip_ignored {
                return true;
            }
            let is_dir = e.file_type().is_some_and(|t| t.is_dir());
            let hit = |gi: &Gitignore| gi.matched_path_or_any_parents(e.path(), is_dir).is_ignore();
            !hit(&extra) && !outer.iter().any(hit)
        });
        b
    }

    /// The project-relative form of an absolute path produced by a walker.
    pub fn relative_of(&self, abs: &Path) -> String {
        let rel = abs.strip_prefix(&self.root).unwrap_or(abs);
        rel.to_string_lossy().replace('\\', "/")
    }
}

/// Why `dir` is too broad to be a project: the filesystem root or the user's home directory (`$HOME`),
/// where a walk would index the whole disk or every project at once. None for any other directory.
pub fn too_broad(dir: &Path) -> Option<&'static str> {
    let real = dir.canonicalize().ok()?;
    if real.parent().is_none() {
        return Some("the filesystem root");
    }
    let home = std::env::var_os("HOME").filter(|h| !h.is_empty()).and_then(|h| Path::new(&h).canonicalize().ok());
    (home.as_deref() == Some(real.as_path())).then_some("your home directory")
}

fn read_config(root: &Path) -> Result<ProjectConfig> {
    match std::fs::read_to_string(root.join(PROJECT_CONFIG_PATH)) {
        Ok(text) => ProjectConfig::parse(&text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(ProjectConfig::default()),
        Err(e) => Err(Error::io("reading", PROJECT_CONFIG_PATH, e)),
    }
}

fn build_extra_ignores(root: &Path, config: &ProjectConfig) -> Result<Gitignore> {
    let mut b = GitignoreBuilder::new(root);
    for pat in &config.ignored_paths {
        b.add_line(None, pat).map_err(|e| Error::Config { path: PROJECT_CONFIG_PATH.into(), why: e.to_string() })?;
    }
    b.build().map_err(|e| Error::Config { path: PROJECT_CONFIG_PATH.into(), why: e.to_string() })
}

/// A path argument made safe to echo: control characters escaped, long input cut.
fn printable(arg: &str) -> String {
    let mut s: String = arg.chars().take(200).flat_map(|c| c.escape_debug()).collect();
    if arg.chars().count() > 200 {
        s.push('…');
    }
    s
}
