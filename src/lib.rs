//! arborist: a tree-sitter-native code intelligence server for coding agents. This crate is the top
//! layer: the tool registry and its adapters (`tools`), sessions, contexts and modes, the MCP server
//! and the CLI. Tools parse arguments, make engine calls and render answers; only this crate knows MCP
//! and JSON. The layers below are crates of their own (see ARCHITECTURE.md):
//! `arborist-engine` → `arborist-lsp` → `arborist-syntax`; their modules are re-exported here.

pub mod agent_loop;
pub mod contexts;
pub mod doctor;
pub mod heap;
pub mod languages;
pub mod progress;
pub mod server;
pub mod session;
pub mod tools;

pub use arborist_engine::{
    Error, Result, cache, commit, edit, engine, error, external, files, grammars, identifiers, index, language, lsp,
    memory, name, plan, project, query, refs, resolve, search, settings, shell, symbols, syntax, text, writes,
};
