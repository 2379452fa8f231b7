//! arborist's integration tests: one test binary, modules per area.

mod budget;
mod cli;
mod clients;
mod commit;
mod crash;
mod daemon;
mod edit_props;
mod edit_scenarios;
mod files;
mod fuzz;
mod fuzz_cases;
mod layers;
mod lsp;
mod mcp;
mod parity;
mod refs;
mod refs_imports;
mod refs_locals;
mod reliability;
mod security;
mod session_tools;
mod shell;
mod symbol_tools;
mod symbols;
mod util;
