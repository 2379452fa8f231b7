//! Typed errors with messages an agent can act on. Each variant carries the facts (paths, names,
//! candidates, syntax problems); the text is rendered once, by `Display`, at the edge. Context is added by
//! wrapping (`Error::WithPath`), as ripgrep's `ignore::Error` does. Paths in messages are always
//! project-relative.

use crate::syntax::SyntaxIssue;

/// Result alias used across the engine.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Every failure the engine reports. Messages say what went wrong and what to do next.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    // ---------------------------------------------------------------- paths and files
    #[error("path `{path}` is outside the project: {why}; use a path relative to the project root")]
    PathEscape { path: String, why: &'static str },
    #[error("path is too long ({len} bytes, limit {limit})")]
    PathTooLong { len: usize, limit: usize },
    #[error("path `{0}` points into .git/, which the file tools never read or write")]
    GitInternals(String),
    #[error("file not found: {0} (check the path relative to the project root, e.g. with list_dir or find_file)")]
    NotFound(String),
    #[error("expected a file path, but got a directory path: {0}")]
    IsDirectory(String),
    #[error("expected a directory path, but got a file path: {0}")]
    NotADirectory(String),
    #[error(
        "{0} is not a regular file (a FIFO, socket or device); the tools never open special files, since reading \
         one can block forever or never end"
    )]
    NotRegularFile(String),
    #[error(
        "{0} is read-only (its permissions allow no writes); nothing was written. Change its permissions first if \
         the edit is intended"
    )]
    FileReadOnly(String),
    #[error("{0} is ignored by the project's ignore rules (.gitignore or .arborist/project.toml)")]
    Ignored(String),
    #[error("{0} looks like a binary file (it contains NUL bytes); the text tools only handle UTF-8 text")]
    Binary(String),
    #[error("{path} is not valid UTF-8 (first bad byte at offset {offset}); the text tools only handle UTF-8 text")]
    NotUtf8 { path: String, offset: usize },
    #[error("{op} failed for {path}: {source}")]
    Io { op: &'static str, path: String, source: std::io::Error },
    #[error("the project is read-only (.arborist/project.toml sets read_only = true); {0}")]
    ReadOnly(String),
    #[error("{0} changed on disk since it was read; nothing was written. Read it again and retry.")]
    ChangedOnDisk(String),
    #[error("{0} changed while answering; call the tool again")]
    ChangedWhileAnswering(String),
    #[error("{what} `{name}` already exists; {hint}")]
    AlreadyExists { what: &'static str, name: String, hint: &'static str },

    // ---------------------------------------------------------------- arguments
    /// A parameter whose value cannot be used; `why` is the whole message and says how to fix the call.
    #[error("{why}")]
    InvalidParameter { name: &'static str, why: String },
    /// Arguments that do not deserialize (unknown or missing fields, wrong types).
    #[error("invalid arguments: {0}")]
    InvalidArguments(String),
    #[error("invalid regular expression: {0}")]
    InvalidRegex(String),
    #[error("invalid glob `{glob}`: {why}")]
    InvalidGlob { glob: String, why: String },
    #[error("{why}")]
    InvalidNamePath { pattern: String, why: String },
    #[error("unknown {what} `{name}`; choose one of: {}", .choices.join(", "))]
    UnknownName { what: &'static str, name: String, choices: Vec<String> },

    // ---------------------------------------------------------------- symbols and edits
    #[error("{path} is not a source file of a supported language ({})", .languages.join(", "))]
    Unsupported { path: String, languages: Vec<&'static str> },
    /// A file the parser gave up on (over the parse budget): symbol tools skip it, search still reads it.
    #[error(
        "{path} has no symbols: {why}. Symbol tools skip it; search_for_pattern and the line and text tools \
         still work on it"
    )]
    Unparseable { path: String, why: crate::syntax::Unparsed },
    /// Nothing matches a name path (or a kind and name) in a file or scope; `hint` says how to look.
    #[error("no {what} `{name}` in {scope}; {hint}")]
    NoSymbol { what: String, name: String, scope: String, hint: &'static str },
    /// Several symbols match where one is needed; each candidate is listed with its lines.
    #[error(
        "`{name}` matches {} symbols in {scope}: {}; disambiguate with {hint}. Nothing was written.",
        .candidates.len(),
        .candidates.join(", ")
    )]
    Ambiguous { name: String, scope: String, candidates: Vec<String>, hint: &'static str },
    #[error(
        "`{target}` in {path} does not have the expected hash: expected {expected}, current {actual}. It changed since \
         you read it (or the hash is of other text); read it again and retry. Nothing was written."
    )]
    HashMismatch { target: String, path: String, expected: String, actual: String },
    #[error(
        "`{target}` in {path} no longer matches expected_old_block; read it again (find_symbol with include_body) \
         and retry. Nothing was written."
    )]
    OldBlockMismatch { target: String, path: String },
    #[error(
        "the edit would break the syntax of {path}:\n  {}\nNothing was written; fix the new text and retry{}.",
        issue_lines(.problems),
        if *.force_offered { " (force=true writes it anyway)" } else { "" }
    )]
    BreaksSyntax { path: String, problems: Vec<SyntaxIssue>, force_offered: bool },
    #[error(
        "the new text does not parse as a {expected} definition{} in {path}; nothing was written. Pass the complete \
         definition (signature and body).",
        .replacing.as_ref().map(|r| format!(" replacing `{r}`")).unwrap_or_default()
    )]
    WrongKind { path: String, expected: String, replacing: Option<String> },
    /// A symbol that safe delete keeps: its uses, by file, with 0-based lines.
    #[error("Cannot delete, the symbol {name} is referenced in: {}", uses_json(.uses))]
    StillReferenced { name: String, uses: Vec<(String, Vec<usize>)> },
    /// A rename that would leave uses of the old name unchanged: by file, with 0-based lines; those the
    /// tree cannot rule out as the symbol's, and calls through an interface the symbol's type implements
    /// (or of implementations of the symbol, an interface's method).
    #[error("{}", unchanged_message(.name, .backend, .uses, .interface_calls))]
    UnchangedUses {
        name: String,
        backend: String,
        uses: Vec<(String, Vec<usize>)>,
        interface_calls: Vec<(String, Vec<usize>)>,
    },
    /// A heuristic rename of a symbol whose declaration merges with others the project may not hold.
    #[error(
        "Nothing was renamed: `{name}` is declared inside `{block}` ({path}:{line}), where declarations merge \
         with others of the name that the project may not hold (the language's own library, a package's \
         types), which a heuristic rename cannot change. Rename it with a language server (backend \"lsp\") \
         or by hand."
    )]
    MergedDeclaration { name: String, block: String, path: String, line: usize },
    #[error("Matched {count}>max_matches={max} symbols.\n{listing}")]
    TooManySymbols { count: usize, max: usize, listing: String },

    // ---------------------------------------------------------------- text replacement
    #[error("No matches of search expression found.")]
    NoMatch,
    #[error(
        "Expression matches {0} occurrences. Please revise the expression to be more specific or enable \
         allow_multiple_occurrences if this is expected."
    )]
    TooManyMatches(usize),
    #[error(
        "the match starting at line {line} is ambiguous: the pattern matches again inside the matched text. Make it \
         more specific (anchor it, or use non-greedy quantifiers like `.*?`)."
    )]
    AmbiguousMatch { line: usize },
    #[error(
        "occurrence id `{0}` does not match the current files (unknown, or the file changed since the dry run); run \
         again with dry_run=true to get fresh ids. Nothing was changed."
    )]
    StaleOccurrence(String),
    #[error("expected_count={expected} but {found} occurrence(s) were found; nothing was changed.\n\n{listing}")]
    CountMismatch { expected: usize, found: usize, listing: String },
    #[error("old_text was not found in {0}; read the file again and copy the text exactly. Nothing was written.")]
    TextNotFound(String),
    #[error(
        "old_text occurs {count} times in {path}; include more surrounding lines so it is unique. Nothing was written."
    )]
    TextNotUnique { path: String, count: usize },

    // ---------------------------------------------------------------- projects, memories, shell, servers
    #[error("no project is active; call activate_project with a project path or a registered name")]
    NoProject,
    #[error("{0}")]
    UnknownProject(String),
    #[error("invalid project configuration in {path}: {why}")]
    Config { path: String, why: String },
    #[error("Memory named '{0}' not found")]
    MemoryNotFound(String),
    #[error("the {what} is too long ({len} characters, limit {limit}); {hint}")]
    TooLong { what: &'static str, len: usize, limit: usize, hint: &'static str },
    #[error("refused to run a dangerous command ({0}); nothing was run")]
    DangerousCommand(&'static str),
    /// No usable language server where the call or the project demands one.
    #[error("{0}")]
    NoLanguageServer(String),
    #[error("{0}")]
    LanguageServer(Box<dyn std::error::Error + Send + Sync>),

    // ---------------------------------------------------------------- context
    #[error("{path}: {source}")]
    WithPath { path: String, source: Box<Error> },
}

impl Error {
    /// An I/O failure on a project-relative path.
    pub fn io(op: &'static str, path: impl Into<String>, source: std::io::Error) -> Self {
        Error::Io { op, path: path.into(), source }
    }

    /// A parameter that cannot be used; `why` is the whole message and says how to fix the call.
    pub fn invalid(name: &'static str, why: impl Into<String>) -> Self {
        Error::InvalidParameter { name, why: why.into() }
    }

    /// A language server's failure.
    pub fn language_server(e: impl std::error::Error + Send + Sync + 'static) -> Self {
        Error::LanguageServer(Box::new(e))
    }

    /// This error with the file it concerns, unless it names one already.
    pub fn with_path(self, path: impl Into<String>) -> Self {
        match self {
            e @ Error::WithPath { .. } => e,
            e => Error::WithPath { path: path.into(), source: Box::new(e) },
        }
    }

    /// The error without its added context.
    pub fn root(&self) -> &Error {
        match self {
            Error::WithPath { source, .. } => source.root(),
            e => e,
        }
    }
}

/// `{"a.py": [3, 9], ...}`, the reference server's listing of uses.
/// Files listed in a message of uses; the rest are counted (a method named like a common interface's
/// has thousands of uses that an answer could not hold).
const LISTED_USE_FILES: usize = 100;

fn uses_json(uses: &[(String, Vec<usize>)]) -> String {
    let files: Vec<String> = uses.iter().take(LISTED_USE_FILES).map(|(f, lines)| format!("{f:?}: {lines:?}")).collect();
    let rest = &uses[files.len()..];
    let more = match rest.iter().map(|(_, lines)| lines.len()).sum::<usize>() {
        0 => String::new(),
        n => format!(" and {n} more in {} more files", rest.len()),
    };
    format!("{{{}}}{more}", files.join(", "))
}

/// Why a rename left uses unchanged: each group said once, then what to do.
fn unchanged_message(
    name: &str,
    backend: &str,
    uses: &[(String, Vec<usize>)],
    interface_calls: &[(String, Vec<usize>)],
) -> String {
    let mut out = format!("Nothing was renamed: the {backend} rename of `{name}` would leave ");
    if !uses.is_empty() {
        out.push_str(&format!(
            "these uses of the name unchanged, naming something that no longer exists if they are this symbol's \
             (the tree cannot rule that out): {}",
            uses_json(uses)
        ));
    }
    if !interface_calls.is_empty() {
        out.push_str(if uses.is_empty() { "" } else { "; and " });
        out.push_str(&format!(
            "these calls unchanged, which may reach this method and another too (through an interface or base \
             class, or on a value that may be of several classes: renaming it alone breaks the implementation, \
             override or other class; rename the methods together): {}",
            uses_json(interface_calls)
        ));
    }
    out + ". Check them; to rename anyway and leave them as they are, pass allow_unchanged_uses=true."
}

/// `line L, column C: message` per issue (0-based), for messages.
fn issue_lines(issues: &[SyntaxIssue]) -> String {
    let lines: Vec<String> =
        issues.iter().map(|i| format!("line {}, column {}: {}", i.start.0, i.start.1, i.message)).collect();
    lines.join("\n  ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_of_many_uses_lists_the_first_files_and_counts_the_rest() {
        let uses: Vec<(String, Vec<usize>)> = (0..150).map(|i| (format!("f{i}.go"), vec![i, i + 1])).collect();
        let (name, backend) = ("Errno".to_string(), "heuristic".to_string());
        let e = Error::UnchangedUses { name, backend, uses, interface_calls: Vec::new() }.to_string();
        assert!(e.contains("\"f99.go\": [99, 100]}") && !e.contains("f100.go"), "{e}");
        assert!(e.contains("and 100 more in 50 more files. Check them"), "{e}");
        assert!(!e.contains("interface"), "{e}");
    }
}
