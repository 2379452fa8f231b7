//! The per-project settings file `.arborist/project.toml`, as pure data with its checks. Reading the file
//! is the project's job.

use arborist_syntax::error::{Error, Result};
use arborist_syntax::syntax::ParseBudget;
use serde::Deserialize;

/// Where a project keeps its settings, relative to the project root.
pub const PROJECT_CONFIG_PATH: &str = ".arborist/project.toml";

/// The reference server's default answer limit.
pub const DEFAULT_MAX_ANSWER_CHARS: usize = 150_000;

/// Settings of one project. Every field is optional in the file.
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ProjectConfig {
    /// Extra gitignore-style patterns the tools treat as ignored (on top of .gitignore).
    pub ignored_paths: Vec<String>,
    /// Whether `.gitignore` files are honoured (default true).
    pub respect_gitignore: bool,
    /// Refuse every write through the tools.
    pub read_only: bool,
    /// Text encoding of source files; only UTF-8 is supported.
    pub encoding: String,
    /// Answer limit used when a tool call passes `max_answer_chars = -1`.
    pub max_answer_chars: usize,
    /// Optional tools to turn on (e.g. the line tools `delete_lines`, `replace_lines`, `insert_at_line`).
    pub included_optional_tools: Vec<String>,
    /// Tools to turn off for this project.
    pub excluded_tools: Vec<String>,
    /// References and rename: "auto" (a language server when one is configured and installed, else
    /// tree-sitter), "heuristic" (always tree-sitter) or "lsp" (a language server or an error).
    pub references_backend: String,
    /// Language-server commands by language name, replacing grammars.toml's.
    pub language_servers: std::collections::HashMap<String, Vec<String>>,
    /// Files larger than this are not parsed: no symbols, skipped by the index (search still reads them).
    pub parse_max_bytes: u64,
    /// A parse running longer than this, for each whole MB of a larger file, is abandoned, and the file
    /// treated as over the budget.
    pub parse_timeout_ms: u64,
    /// Parse minified files too (JavaScript or CSS whose lines average over 110 bytes; default false:
    /// left out of the index like a file over the budget).
    pub parse_minified: bool,
}

impl Default for ProjectConfig {
    fn default() -> Self {
        ProjectConfig {
            ignored_paths: Vec::new(),
            respect_gitignore: true,
            read_only: false,
            encoding: "utf-8".into(),
            max_answer_chars: DEFAULT_MAX_ANSWER_CHARS,
            included_optional_tools: Vec::new(),
            excluded_tools: Vec::new(),
            references_backend: "auto".into(),
            language_servers: Default::default(),
            parse_max_bytes: ParseBudget::default().max_bytes,
            parse_timeout_ms: ParseBudget::default().max_time.as_millis() as u64,
            parse_minified: ParseBudget::default().minified,
        }
    }
}

impl ProjectConfig {
    /// Parses and checks the settings file's text.
    pub fn parse(text: &str) -> Result<Self> {
        let cfg: ProjectConfig = toml::from_str(text).map_err(|e| config_error(e.message()))?;
        let enc = cfg.encoding.to_ascii_lowercase().replace('_', "-");
        if enc != "utf-8" && enc != "utf8" {
            return Err(config_error(&format!(
                "encoding `{}` is not supported; arborist reads and writes UTF-8 only",
                cfg.encoding
            )));
        }
        if !matches!(cfg.references_backend.as_str(), "auto" | "heuristic" | "lsp") {
            return Err(config_error("references_backend must be \"auto\", \"heuristic\" or \"lsp\""));
        }
        if cfg.max_answer_chars == 0 {
            return Err(config_error("max_answer_chars must be positive"));
        }
        if cfg.parse_max_bytes == 0 || cfg.parse_timeout_ms == 0 {
            return Err(config_error("parse_max_bytes and parse_timeout_ms must be positive"));
        }
        Ok(cfg)
    }

    /// What one parse of this project's files may cost.
    pub fn parse_budget(&self) -> ParseBudget {
        ParseBudget {
            max_bytes: self.parse_max_bytes,
            max_time: std::time::Duration::from_millis(self.parse_timeout_ms),
            minified: self.parse_minified,
        }
    }
}

fn config_error(why: &str) -> Error {
    Error::Config { path: PROJECT_CONFIG_PATH.into(), why: why.into() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn project_config_defaults_and_errors() {
        let cfg = ProjectConfig::parse("read_only = true\nignored_paths = [\"gen/**\"]").unwrap();
        assert!(cfg.read_only && cfg.respect_gitignore);
        assert_eq!(cfg.max_answer_chars, DEFAULT_MAX_ANSWER_CHARS);
        let err = ProjectConfig::parse("encoding = \"latin-1\"").unwrap_err().to_string();
        assert!(err.contains("UTF-8 only"), "{err}");
        assert!(ProjectConfig::parse("bogus = 1").is_err());
    }
}
