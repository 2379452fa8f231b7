//! The engine façade: owns the open project and its file cache, and is what every tool runs against.
//! Plain data in, plain data out; knows nothing of MCP or JSON.

use crate::cache::FileCache;
use crate::error::Result;
use crate::project::Project;
use std::path::Path;

/// One open project with everything needed to answer tool calls about it.
pub struct Engine {
    project: Project,
    cache: FileCache,
}

impl Engine {
    /// Opens the project at `root`. Cheap: nothing is scanned until a tool needs it.
    pub fn open(root: &Path) -> Result<Engine> {
        Ok(Engine { project: Project::open(root)?, cache: FileCache::new() })
    }

    pub fn project(&self) -> &Project {
        &self.project
    }

    pub fn cache(&self) -> &FileCache {
        &self.cache
    }
}
