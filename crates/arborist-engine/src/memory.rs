//! Project memories: markdown files under `.serena/memories/` (the reference server's folder, so existing
//! memories keep working). Names may nest with `/` as topics and never leave the folder.

use crate::cache::FileCache;
use crate::commit::{Change, FileOp, Force};
use crate::engine::Engine;
use crate::project::{Project, ProjectPath};
use arborist_syntax::error::{Error, Result};

/// Where memories live, relative to the project root.
pub const MEMORY_DIR: &str = ".serena/memories";

/// Validates a memory name (`topic/name`, no `.md`) and returns its file path.
pub fn memory_path(project: &Project, name: &str) -> Result<ProjectPath> {
    let name = name.trim().trim_end_matches(".md");
    let bad = |why: &str| Error::invalid("memory_name", format!("invalid memory name `{name}`: {why}"));
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

/// Writes (creates or replaces) a memory through the commit path.
pub fn write(engine: &Engine, name: &str, content: &str) -> Result<()> {
    let p = memory_path(engine.project(), name)?;
    engine.commit(Change::write(p, content.to_string(), Force::No))?;
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

/// The path of an existing memory.
fn existing(project: &Project, name: &str) -> Result<ProjectPath> {
    let p = memory_path(project, name)?;
    if !p.abs.is_file() {
        return Err(not_found(name));
    }
    Ok(p)
}

pub fn delete(engine: &Engine, name: &str) -> Result<()> {
    let p = existing(engine.project(), name)?;
    let mut change = Change::new(Force::No);
    change.push(p, FileOp::Delete);
    engine.commit(change).map(|_| ())
}

pub fn rename(engine: &Engine, old: &str, new: &str) -> Result<()> {
    let from = existing(engine.project(), old)?;
    let to = memory_path(engine.project(), new)?;
    if to.abs.exists() {
        let hint = "delete it first or pick another name";
        return Err(Error::AlreadyExists { what: "a memory named", name: new.trim().to_string(), hint });
    }
    let mut change = Change::new(Force::No);
    change.push(from, FileOp::MoveTo(to));
    engine.commit(change).map(|_| ())
}

/// Replaces text in a memory (replace_content's rules).
pub fn edit(engine: &Engine, name: &str, replacer: &crate::files::Replacer, allow_multiple: bool) -> Result<()> {
    let p = existing(engine.project(), name)?;
    let doc = engine.cache().read(&p)?;
    let edits = crate::files::content_edits(doc.text(), replacer, allow_multiple)?;
    engine.commit(Change::edit(p, doc, edits, Force::No)).map(|_| ())
}

pub fn not_found(name: &str) -> Error {
    Error::MemoryNotFound(name.trim().to_string())
}
