//! Project memories: markdown files under `.serena/memories/` (the reference server's folder, so existing
//! memories keep working). Names may nest with `/` as topics and never leave the folder.

use crate::cache::FileCache;
use crate::error::{Error, Result};
use crate::project::{Project, ProjectPath};

/// Where memories live, relative to the project root.
pub const MEMORY_DIR: &str = ".serena/memories";

/// Validates a memory name (`topic/name`, no `.md`) and returns its file path.
pub fn memory_path(project: &Project, name: &str) -> Result<ProjectPath> {
    let name = name.trim().trim_end_matches(".md");
    let bad = |why: &str| Error::invalid(format!("invalid memory name `{name}`: {why}"));
    if name.is_empty() {
        return Err(bad("it is empty"));
    }
    if name.starts_with('/') || name.contains('\\') || name.contains('\0') {
        return Err(bad("use a plain name, optionally with `/` topics, like `architecture` or `notes/api`"));
    }
    if name.split('/').any(|part| part.is_empty() || part == "." || part == ".." || part.starts_with('.')) {
        return Err(bad("segments must be non-empty and may not be `.`, `..` or start with a dot"));
    }
    project.resolve(&format!("{MEMORY_DIR}/{name}.md"))
}

/// Every memory name, sorted; only those under `topic` when given.
pub fn list(project: &Project, topic: &str) -> Result<Vec<String>> {
    let dir = project.resolve(MEMORY_DIR)?;
    if !dir.abs.is_dir() {
        return Ok(Vec::new());
    }
    let topic = topic.trim().trim_matches('/');
    let mut names = Vec::new();
    for entry in project.walker(&dir, false).build().flatten() {
        let rel = project.relative_of(entry.path());
        let Some(name) = rel.strip_prefix(&format!("{MEMORY_DIR}/")).and_then(|n| n.strip_suffix(".md")) else {
            continue;
        };
        if topic.is_empty() || name == topic || name.starts_with(&format!("{topic}/")) {
            names.push(name.to_string());
        }
    }
    names.sort();
    Ok(names)
}

pub fn write(project: &Project, cache: &FileCache, name: &str, content: &str) -> Result<()> {
    let p = memory_path(project, name)?;
    cache.create(&p, content)?;
    Ok(())
}

pub fn read(project: &Project, cache: &FileCache, name: &str) -> Result<String> {
    let p = memory_path(project, name)?;
    match cache.read(&p) {
        Ok(doc) => Ok(doc.text().to_string()),
        Err(Error::NotFound(_)) => Err(not_found(name)),
        Err(e) => Err(e),
    }
}

pub fn delete(project: &Project, name: &str) -> Result<()> {
    let p = memory_path(project, name)?;
    if !p.abs.is_file() {
        return Err(not_found(name));
    }
    std::fs::remove_file(&p.abs).map_err(|e| Error::io("deleting", p.display(), e))
}

pub fn rename(project: &Project, old: &str, new: &str) -> Result<()> {
    let from = memory_path(project, old)?;
    let to = memory_path(project, new)?;
    if !from.abs.is_file() {
        return Err(not_found(old));
    }
    if to.abs.exists() {
        return Err(Error::rejected(format!(
            "a memory named '{}' already exists; delete it first or pick another name",
            new.trim()
        )));
    }
    if let Some(parent) = to.abs.parent() {
        std::fs::create_dir_all(parent).map_err(|e| Error::io("creating", to.display(), e))?;
    }
    std::fs::rename(&from.abs, &to.abs).map_err(|e| Error::io("renaming", from.display(), e))
}

fn not_found(name: &str) -> Error {
    Error::rejected(format!("Memory named '{}' not found", name.trim()))
}
