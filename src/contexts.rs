//! Contexts and modes: which tools are active for a kind of client (context) and a way of working
//! (modes), refined by the project's settings. Built-ins are data here; custom ones come from TOML files
//! in the user's config dir (`contexts/NAME.toml`, `modes/NAME.toml`). No MCP here.

use arborist_engine::error::{Error, Result};
use arborist_engine::settings::ProjectConfig;
use serde::Deserialize;
use std::path::Path;

/// A kind of client, or a way of working: tools it switches off and optional tools it switches on.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ToolSet {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub excluded_tools: Vec<String>,
    #[serde(default)]
    pub included_optional_tools: Vec<String>,
}

fn set(name: &str, description: &str, excluded: &[&str], included: &[&str]) -> ToolSet {
    let own = |v: &[&str]| v.iter().map(|s| s.to_string()).collect();
    ToolSet {
        name: name.into(),
        description: description.into(),
        excluded_tools: own(excluded),
        included_optional_tools: own(included),
    }
}

/// Tools a client that already reads, lists, searches files and runs commands does not need from us.
const CODING_AGENT_EXCLUDED: &[&str] = &[
    "create_text_file",
    "read_file",
    "execute_shell_command",
    "find_file",
    "list_dir",
    "search_for_pattern",
    "activate_project",
    "get_current_config",
];

/// The agent-loop surface: block tools by kind and name, plus reading, searching and a shell.
const AGENT_LOOP_TOOLS: &[&str] = &[
    "read_file",
    "glob",
    "grep",
    "get_diagnostics_for_symbol",
    "list_symbols",
    "rust_list_symbols",
    "replace_block",
    "rust_replace_block",
    "insert_after_block",
    "rust_insert_after_block",
    "insert_before_block",
    "validate_file",
    "rust_validate_file",
    "patch_file",
    "write_file",
    "shell",
];

const EDITING_TOOLS: &[&str] = &[
    "create_text_file",
    "execute_shell_command",
    "shell",
    "insert_after_symbol",
    "insert_before_symbol",
    "replace_content",
    "replace_symbol_body",
    "replace_in_files",
    "rename_symbol",
    "safe_delete_symbol",
    "delete_lines",
    "replace_lines",
    "insert_at_line",
    "replace_block",
    "rust_replace_block",
    "insert_after_block",
    "rust_insert_after_block",
    "insert_before_block",
    "patch_file",
    "write_file",
];

const MEMORY_TOOLS: &[&str] =
    &["write_memory", "read_memory", "list_memories", "delete_memory", "rename_memory", "edit_memory", "onboarding"];

/// The built-in contexts.
pub fn builtin_contexts() -> Vec<ToolSet> {
    vec![
        set("desktop-app", "a chat client: every default tool", &[], &[]),
        set(
            "agent",
            "an autonomous agent: every default tool but initial_instructions",
            &["initial_instructions"],
            &[],
        ),
        set("claude-code", "a coding agent with its own file, search and shell tools", CODING_AGENT_EXCLUDED, &[]),
        set("codex", "a coding agent with its own file, search and shell tools", CODING_AGENT_EXCLUDED, &[]),
        set("ide", "an IDE assistant with its own file, search and shell tools", CODING_AGENT_EXCLUDED, &[]),
        set(
            "agent-loop",
            "a JSON tool loop editing by AST block (read, glob, grep, list, replace/insert block, validate, patch, shell)",
            &[],
            AGENT_LOOP_TOOLS,
        ),
    ]
}

/// The built-in modes.
pub fn builtin_modes() -> Vec<ToolSet> {
    vec![
        set("interactive", "work with the user step by step", &[], &[]),
        set("editing", "read and edit code", &[], &[]),
        set("planning", "read and plan only: every editing tool is off", EDITING_TOOLS, &[]),
        set("read-only", "no tool that changes files", EDITING_TOOLS, &[]),
        set("one-shot", "finish the task in one go", &[], &[]),
        set("no-memories", "no memory tools and no onboarding", MEMORY_TOOLS, &[]),
        set("no-onboarding", "no onboarding", &["onboarding"], &[]),
    ]
}

/// The default modes when none are given.
pub const DEFAULT_MODES: &[&str] = &["interactive", "editing"];

/// Built-ins plus the TOML files of `dir` (`NAME.toml`; a file may redefine a built-in).
fn all_sets(builtin: Vec<ToolSet>, dir: Option<&Path>) -> Result<Vec<ToolSet>> {
    let mut sets = builtin;
    let Some(dir) = dir else { return Ok(sets) };
    let Ok(entries) = std::fs::read_dir(dir) else { return Ok(sets) };
    for path in entries.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e == "toml")) {
        let text = std::fs::read_to_string(&path).map_err(|e| Error::io("reading", path.display().to_string(), e))?;
        let mut custom: ToolSet = toml::from_str(&text)
            .map_err(|e| Error::Config { path: path.display().to_string(), why: e.message().to_string() })?;
        custom.name = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        sets.retain(|s| s.name != custom.name);
        sets.push(custom);
    }
    Ok(sets)
}

/// Every context, custom ones from `config_dir/contexts/` included.
pub fn contexts(config_dir: Option<&Path>) -> Result<Vec<ToolSet>> {
    all_sets(builtin_contexts(), config_dir.map(|d| d.join("contexts")).as_deref())
}

/// Every mode, custom ones from `config_dir/modes/` included.
pub fn modes(config_dir: Option<&Path>) -> Result<Vec<ToolSet>> {
    all_sets(builtin_modes(), config_dir.map(|d| d.join("modes")).as_deref())
}

/// What contexts and modes need to know of a tool.
pub trait Tool {
    fn name(&self) -> &str;
    /// Off unless a context, mode or project setting turns it on.
    fn is_optional(&self) -> bool;
}

/// The active tool set for one context, a list of modes and a project's settings.
#[derive(Debug, Clone)]
pub struct Activation {
    pub context: ToolSet,
    pub modes: Vec<ToolSet>,
    project: ToolSet,
}

impl Activation {
    /// Resolves names against the built-ins and the custom sets of `config_dir`.
    pub fn load(
        context: &str,
        modes: &[String],
        config: &ProjectConfig,
        config_dir: Option<&Path>,
    ) -> Result<Activation> {
        let context = pick(&contexts(config_dir)?, context, "context")?;
        let all_modes = self::modes(config_dir)?;
        let names: Vec<String> =
            if modes.is_empty() { DEFAULT_MODES.iter().map(|m| m.to_string()).collect() } else { modes.to_vec() };
        let modes = names.iter().map(|m| pick(&all_modes, m, "mode")).collect::<Result<_>>()?;
        Ok(Activation { context, modes, project: project_set(config) })
    }

    /// Built-in contexts and modes only.
    pub fn new(context: &str, modes: &[String], config: &ProjectConfig) -> Result<Activation> {
        Self::load(context, modes, config, None)
    }

    /// The same context with other modes.
    pub fn with_modes(&self, modes: &[String], config_dir: Option<&Path>) -> Result<Activation> {
        let all = self::modes(config_dir)?;
        let modes = modes.iter().map(|m| pick(&all, m, "mode")).collect::<Result<_>>()?;
        Ok(Activation { context: self.context.clone(), modes, project: self.project.clone() })
    }

    /// The same context and modes for another project's settings.
    pub fn for_project(&self, config: &ProjectConfig) -> Activation {
        Activation { project: project_set(config), ..self.clone() }
    }

    /// Whether a tool is listed and callable.
    pub fn is_active(&self, tool: &impl Tool) -> bool {
        let sets = || std::iter::once(&self.context).chain(&self.modes).chain(std::iter::once(&self.project));
        let has = |list: &Vec<String>| list.iter().any(|t| t == tool.name());
        let on = !tool.is_optional() || sets().any(|s| has(&s.included_optional_tools));
        on && !sets().any(|s| has(&s.excluded_tools))
    }

    pub fn mode_names(&self) -> Vec<&str> {
        self.modes.iter().map(|m| m.name.as_str()).collect()
    }
}

fn project_set(config: &ProjectConfig) -> ToolSet {
    ToolSet {
        name: "project".into(),
        description: String::new(),
        excluded_tools: config.excluded_tools.clone(),
        included_optional_tools: config.included_optional_tools.clone(),
    }
}

fn pick(sets: &[ToolSet], name: &str, what: &'static str) -> Result<ToolSet> {
    sets.iter().find(|s| s.name == name).cloned().ok_or_else(|| {
        let choices = sets.iter().map(|s| s.name.clone()).collect();
        Error::UnknownName { what, name: name.to_string(), choices }
    })
}
