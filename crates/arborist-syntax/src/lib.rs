//! arborist-syntax: the bottom layer. Text primitives and content hashes, typed errors, the language
//! registry (`grammars.toml` joined with the grammars compiled in), the query vocabulary, parsing and
//! syntax census, walks over tree-sitter's subtrees (in C, `csrc/walks.c`), symbol extraction and name
//! paths, and pure edit planning. It reads files only through
//! `fsio` (a script's `#!` line), its data files are compiled in, and it knows nothing of projects, caches,
//! language servers or MCP.

pub mod error;
pub mod fsio;
pub mod grammars;
pub mod identifiers;
pub mod language;
pub mod locals;
pub mod mask;
pub mod name;
pub mod outline;
pub mod plan;
pub mod query;
mod shape;
pub mod subtrees;
pub mod symbols;
pub mod syntax;
pub mod text;
pub mod walk;

pub use error::{Error, Result};
