//! Contexts and modes: which tools are active for a kind of client (context) and a way of working
//! (modes), refined by the project's settings. Pure data and set logic; no MCP here.

use crate::config::ProjectConfig;
use crate::error::{Error, Result};
use crate::tools::{self, ToolSpec};

/// A kind of client.
pub struct Context {
    pub name: &'static str,
    pub description: &'static str,
    /// Tools this context leaves out.
    pub excluded: &'static [&'static str],
    /// Optional tools this context turns on.
    pub included_optional: &'static [&'static str],
}

/// A way of working that switches tools off.
pub struct ModeDef {
    pub name: &'static str,
    pub description: &'static str,
    pub excluded: &'static [&'static str],
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

pub const CONTEXTS: &[Context] = &[
    Context {
        name: "desktop-app",
        description: "a chat client: every default tool",
        excluded: &[],
        included_optional: &[],
    },
    Context {
        name: "agent",
        description: "an autonomous agent: every default tool but initial_instructions",
        excluded: &["initial_instructions"],
        included_optional: &[],
    },
    Context {
        name: "claude-code",
        description: "a coding agent with its own file, search and shell tools",
        excluded: CODING_AGENT_EXCLUDED,
        included_optional: &[],
    },
    Context {
        name: "codex",
        description: "a coding agent with its own file, search and shell tools",
        excluded: CODING_AGENT_EXCLUDED,
        included_optional: &[],
    },
    Context {
        name: "ide",
        description: "an IDE assistant with its own file, search and shell tools",
        excluded: CODING_AGENT_EXCLUDED,
        included_optional: &[],
    },
];

const EDITING_TOOLS: &[&str] = &[
    "create_text_file",
    "execute_shell_command",
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
];

pub const MODES: &[ModeDef] = &[
    ModeDef { name: "interactive", description: "work with the user step by step", excluded: &[] },
    ModeDef { name: "editing", description: "read and edit code", excluded: &[] },
    ModeDef { name: "planning", description: "read and plan only: every editing tool is off", excluded: EDITING_TOOLS },
    ModeDef { name: "one-shot", description: "finish the task in one go", excluded: &[] },
    ModeDef {
        name: "no-memories",
        description: "no memory tools and no onboarding",
        excluded: &[
            "write_memory",
            "read_memory",
            "list_memories",
            "delete_memory",
            "rename_memory",
            "edit_memory",
            "onboarding",
        ],
    },
    ModeDef { name: "no-onboarding", description: "no onboarding", excluded: &["onboarding"] },
];

/// The default modes when none are given.
pub const DEFAULT_MODES: &[&str] = &["interactive", "editing"];

/// The active tool set for one context, a list of modes and a project's settings.
pub struct Activation {
    pub context: &'static Context,
    pub modes: Vec<&'static ModeDef>,
    included: Vec<String>,
    excluded: Vec<String>,
}

impl Activation {
    pub fn new(context: &str, modes: &[String], config: &ProjectConfig) -> Result<Activation> {
        let context = find_context(context)?;
        let modes = if modes.is_empty() {
            DEFAULT_MODES.iter().map(|m| find_mode(m)).collect::<Result<_>>()?
        } else {
            modes.iter().map(|m| find_mode(m)).collect::<Result<_>>()?
        };
        let included = config.included_optional_tools.clone();
        let excluded = config.excluded_tools.clone();
        Ok(Activation { context, modes, included, excluded })
    }

    /// Whether a tool is listed and callable.
    pub fn is_active(&self, tool: &ToolSpec) -> bool {
        let name = tool.name;
        let on =
            !tool.optional || self.context.included_optional.contains(&name) || self.included.iter().any(|t| t == name);
        let off = self.context.excluded.contains(&name)
            || self.modes.iter().any(|m| m.excluded.contains(&name))
            || self.excluded.iter().any(|t| t == name);
        on && !off
    }

    /// The active tools in registry order.
    pub fn active_tools(&self) -> Vec<&'static ToolSpec> {
        tools::registry().iter().filter(|t| self.is_active(t)).collect()
    }

    /// Error for a call to a tool that exists but is not active.
    pub fn inactive_error(&self, name: &str) -> String {
        let names: Vec<&str> = self.active_tools().iter().map(|t| t.name).collect();
        format!("Tool '{name}' is not active. Active tools: {names:?}")
    }
}

fn find_context(name: &str) -> Result<&'static Context> {
    CONTEXTS.iter().find(|c| c.name == name).ok_or_else(|| {
        let names: Vec<&str> = CONTEXTS.iter().map(|c| c.name).collect();
        Error::invalid(format!("unknown context `{name}`; choose one of: {}", names.join(", ")))
    })
}

fn find_mode(name: &str) -> Result<&'static ModeDef> {
    MODES.iter().find(|m| m.name == name).ok_or_else(|| {
        let names: Vec<&str> = MODES.iter().map(|m| m.name).collect();
        Error::invalid(format!("unknown mode `{name}`; choose from: {}", names.join(", ")))
    })
}
