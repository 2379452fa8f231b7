//! arborist: a tree-sitter-native code intelligence server for coding agents.
//!
//! Layers, each importing only from those below it:
//! `main` (CLI) → `server` (MCP) and `contexts` → `tools` (adapters) → `engine` (façade) →
//! `files`, `search` → `cache`, `project`, `config` → `text`, `error`.
//!
//! Architecture invariants:
//! - Only `server` and `tools` know MCP and JSON; engine types are never serialised directly.
//! - Only `external` (formatters, checks) and, later, `lsp` and the shell tool spawn processes.
//! - Only `cache` reads or writes source files for the tools (the search walker streams files through
//!   grep-searcher read-only); every write is atomic and keeps line endings, BOM and permissions.
//! - Every path argument passes `Project::resolve`: nothing outside the root, nothing under `.git/`.
//! - Positions are byte offsets inside; 0-based lines appear only at the edges.
//! - Errors are typed (`error::Error`) with messages that say what to do next; the server never
//!   panics or exits on a bad request.

pub mod cache;
pub mod commit;
pub mod contexts;
pub mod edit;
pub mod engine;
pub mod error;
pub mod external;
pub mod files;
pub mod grammars;
pub mod index;
pub mod language;
pub mod lsp;
pub mod memory;
pub mod plan;
pub mod project;
pub mod query;
pub mod refs;
pub mod resolve;
pub mod search;
pub mod server;
pub mod session;
pub mod settings;
pub mod shell;
pub mod symbols;
pub mod syntax;
pub mod text;
pub mod tools;
