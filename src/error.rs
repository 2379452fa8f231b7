//! Typed errors with messages an agent can act on. Paths in messages are always project-relative.

/// Result alias used across the engine.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Every failure the engine reports. Messages say what went wrong and what to do next.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("path `{path}` is outside the project: {why}; use a path relative to the project root")]
    PathEscape { path: String, why: &'static str },
    #[error("path `{0}` points into .git/, which the file tools never read or write")]
    GitInternals(String),
    #[error("file not found: {0} (check the path relative to the project root, e.g. with list_dir or find_file)")]
    NotFound(String),
    #[error("expected a file path, but got a directory path: {0}")]
    IsDirectory(String),
    #[error("expected a directory path, but got a file path: {0}")]
    NotADirectory(String),
    #[error("{0} is ignored by the project's ignore rules (.gitignore or .arborist/project.toml)")]
    Ignored(String),
    #[error("{0} looks like a binary file (it contains NUL bytes); the text tools only handle UTF-8 text")]
    Binary(String),
    #[error("{path} is not valid UTF-8 (first bad byte at offset {offset}); the text tools only handle UTF-8 text")]
    NotUtf8 { path: String, offset: usize },
    #[error("the project is read-only (.arborist/project.toml sets read_only = true); {0}")]
    ReadOnly(String),
    #[error("{op} failed for {path}: {source}")]
    Io { op: &'static str, path: String, source: std::io::Error },
    #[error("invalid regular expression: {0}")]
    InvalidRegex(String),
    #[error("invalid glob `{glob}`: {why}")]
    InvalidGlob { glob: String, why: String },
    #[error("{0}")]
    InvalidArgument(String),
    #[error("{0}")]
    Rejected(String),
    #[error("invalid project configuration in {path}: {why}")]
    Config { path: String, why: String },
    #[error("{0} changed on disk since it was read; nothing was written. Read it again and retry.")]
    ChangedOnDisk(String),
    #[error(
        "the edit would break the syntax of {path}:\n  {}\nNothing was written; fix the new text and retry{}.",
        issue_lines(.problems),
        if *.force_offered { " (force=true writes it anyway)" } else { "" }
    )]
    BreaksSyntax { path: String, problems: Vec<crate::syntax::SyntaxIssue>, force_offered: bool },
}

/// `line L, column C: message` per issue (0-based), for messages.
fn issue_lines(issues: &[crate::syntax::SyntaxIssue]) -> String {
    let lines: Vec<String> =
        issues.iter().map(|i| format!("line {}, column {}: {}", i.start.0, i.start.1, i.message)).collect();
    lines.join("\n  ")
}

impl Error {
    /// An I/O failure on a project-relative path.
    pub fn io(op: &'static str, path: impl Into<String>, source: std::io::Error) -> Self {
        Error::Io { op, path: path.into(), source }
    }

    /// A bad argument, with a message that says how to fix the call.
    pub fn invalid(msg: impl Into<String>) -> Self {
        Error::InvalidArgument(msg.into())
    }

    /// A well-formed request that cannot be carried out as asked (no match, ambiguous match, guard failed).
    pub fn rejected(msg: impl Into<String>) -> Self {
        Error::Rejected(msg.into())
    }
}
