//! arborist-engine: one open project and everything that answers tool calls about it, as plain data in
//! and out. The project sandbox and settings, the file cache (the only reader and writer of source
//! files), the symbol index, search, references and rename, memories, the shell, and the commit path
//! every change goes through. Built on `arborist-syntax` and `arborist-lsp`; knows nothing of MCP.
//!
//! The lower layers' modules are re-exported, so a tool layer needs only this crate.

pub mod blocks;
pub mod cache;
pub mod commit;
pub mod declared;
pub mod edit;
pub mod engine;
pub mod external;
pub mod files;
pub mod go_build;
pub mod heap;
pub mod imports;
pub mod index;
pub mod journal;
pub mod locks;
pub mod lookups;
pub mod members;
pub mod memory;
pub mod module_files;
pub mod progress;
pub mod project;
pub mod references;
pub mod refs;
pub mod resolve;
pub mod search;
pub mod settings;
pub mod shell;
pub mod uses;
pub mod writes;

pub use arborist_lsp as lsp;
pub use arborist_syntax::{
    Error, Result, error, grammars, identifiers, language, name, plan, query, symbols, syntax, text,
};
