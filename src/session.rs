//! One client's working state: the active project (its engine), the context and modes that decide the
//! active tools, and the user's project registry (`~/.config/arborist/config.toml`). No MCP here.

use crate::contexts::Activation;
use arborist_engine::engine::Engine;
use arborist_engine::error::{Error, Result};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};

/// The user's config dir: `$ARBORIST_CONFIG_DIR`, else `$XDG_CONFIG_HOME/arborist`, else `~/.config/arborist`.
pub fn user_config_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("ARBORIST_CONFIG_DIR") {
        return Some(PathBuf::from(dir));
    }
    let base = std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")))?;
    Some(base.join("arborist"))
}

/// Registered projects, by name.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Registry {
    #[serde(default, rename = "project")]
    pub projects: Vec<RegisteredProject>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RegisteredProject {
    pub name: String,
    pub path: PathBuf,
}

impl Registry {
    fn file(dir: &Path) -> PathBuf {
        dir.join("config.toml")
    }

    pub fn load(dir: &Path) -> Result<Registry> {
        match std::fs::read_to_string(Self::file(dir)) {
            Ok(text) => toml::from_str(&text).map_err(|e| Error::Config {
                path: Self::file(dir).display().to_string(),
                why: e.message().to_string(),
            }),
            Err(_) => Ok(Registry::default()),
        }
    }

    pub fn save(&self, dir: &Path) -> Result<()> {
        std::fs::create_dir_all(dir).map_err(|e| Error::io("creating", dir.display().to_string(), e))?;
        let text = toml::to_string(self)
            .map_err(|e| Error::Config { path: Self::file(dir).display().to_string(), why: e.to_string() })?;
        std::fs::write(Self::file(dir), text)
            .map_err(|e| Error::io("writing", Self::file(dir).display().to_string(), e))
    }

    fn register(&mut self, name: &str, path: &Path) {
        self.projects.retain(|p| p.name != name && p.path != path);
        self.projects.push(RegisteredProject { name: name.to_string(), path: path.to_path_buf() });
    }
}

/// The state behind one MCP connection or one CLI call.
pub struct Session {
    engine: RwLock<Option<Arc<Engine>>>,
    activation: RwLock<Activation>,
    config_dir: Option<PathBuf>,
    index_threads: usize,
}

impl Session {
    /// A session on `engine` (None: no project until `activate_project`); `index_threads` > 0 builds
    /// each activated project's index in the background.
    pub fn new(engine: Option<Arc<Engine>>, activation: Activation, index_threads: usize) -> Session {
        if let Some(e) = engine.as_ref().filter(|_| index_threads > 0) {
            e.start_indexing(index_threads);
        }
        Session {
            engine: RwLock::new(engine),
            activation: RwLock::new(activation),
            config_dir: user_config_dir(),
            index_threads,
        }
    }

    /// Uses another config dir (tests, embedding).
    /// A new session on the same project (the same engine: one index), context and modes, for another
    /// client: what one client activates or switches does not move the others.
    pub fn fork(&self) -> Session {
        Session {
            engine: RwLock::new(self.engine.read().unwrap().clone()),
            activation: RwLock::new(self.activation()),
            config_dir: self.config_dir.clone(),
            index_threads: self.index_threads,
        }
    }

    /// The index threads of the engines that `activate_project` opens (no index starts now).
    pub fn with_index_threads(mut self, threads: usize) -> Session {
        self.index_threads = threads;
        self
    }

    pub fn with_config_dir(mut self, dir: Option<PathBuf>) -> Session {
        self.config_dir = dir;
        self
    }

    /// The active project's engine, or an error telling the agent to activate one.
    pub fn engine(&self) -> Result<Arc<Engine>> {
        self.engine.read().unwrap().clone().ok_or(Error::NoProject)
    }

    pub fn has_project(&self) -> bool {
        self.engine.read().unwrap().is_some()
    }

    pub fn activation(&self) -> Activation {
        self.activation.read().unwrap().clone()
    }

    pub fn config_dir(&self) -> Option<&Path> {
        self.config_dir.as_deref()
    }

    /// Activates a project by path or registered name; registers it under its directory name.
    pub fn activate(&self, project: &str) -> Result<Arc<Engine>> {
        let path = self.project_path(project)?;
        let engine = Arc::new(Engine::open(&path)?);
        if let Some(dir) = &self.config_dir {
            let mut reg = Registry::load(dir)?;
            reg.register(&engine.project().name(), engine.project().root());
            if let Err(e) = reg.save(dir) {
                tracing::warn!("could not save the project registry: {e}");
            }
        }
        if self.index_threads > 0 {
            engine.start_indexing(self.index_threads);
        }
        let activation = self.activation().for_project(engine.project().config());
        *self.activation.write().unwrap() = activation;
        *self.engine.write().unwrap() = Some(engine.clone());
        Ok(engine)
    }

    fn project_path(&self, project: &str) -> Result<PathBuf> {
        let as_path = Path::new(project);
        if as_path.is_dir() {
            return Ok(as_path.to_path_buf());
        }
        let registered = match &self.config_dir {
            Some(dir) => Registry::load(dir)?.projects.into_iter().find(|p| p.name == project),
            None => None,
        };
        registered.map(|p| p.path).ok_or_else(|| {
            Error::UnknownProject(format!(
                "`{project}` is neither a directory nor a registered project name; pass the project's path"
            ))
        })
    }

    /// Removes a project from the registry.
    pub fn remove_project(&self, name: &str) -> Result<bool> {
        let Some(dir) = &self.config_dir else { return Ok(false) };
        let mut reg = Registry::load(dir)?;
        let before = reg.projects.len();
        reg.projects.retain(|p| p.name != name);
        let removed = reg.projects.len() != before;
        if removed {
            reg.save(dir)?;
        }
        Ok(removed)
    }

    /// Stops the active project's language servers (on exit).
    pub fn shutdown(&self) {
        if let Some(engine) = self.engine.read().unwrap().as_ref() {
            engine.shutdown_language_servers();
        }
    }

    /// Replaces the active modes.
    pub fn switch_modes(&self, modes: &[String]) -> Result<Activation> {
        let next = self.activation().with_modes(modes, self.config_dir.as_deref())?;
        *self.activation.write().unwrap() = next.clone();
        Ok(next)
    }
}
