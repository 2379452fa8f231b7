//! arborist's integration tests: one test binary, modules per area.

mod cli;
mod files;
mod mcp;
mod security;
mod symbol_tools;
mod symbols;
mod util;
