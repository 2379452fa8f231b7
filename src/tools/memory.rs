//! Memory tools: notes an agent keeps for the project in `.serena/memories/` (the reference server's layout).

use super::answer::{answer_limit, limit_answer, to_json};
use super::{Effect, ToolSpec, default_max};
use arborist_engine::engine::Engine;
use arborist_engine::error::{Error, Result};
use arborist_engine::files::{Mode, Replacer};
use arborist_engine::memory;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::json;

pub fn tools() -> Vec<ToolSpec> {
    use Effect::*;
    vec![
        ToolSpec::new("write_memory", WRITE, Edits, write_memory),
        ToolSpec::new("read_memory", READ, ReadOnly, read_memory),
        ToolSpec::new("list_memories", LIST, ReadOnly, list_memories),
        ToolSpec::new("delete_memory", DELETE, Edits, delete_memory),
        ToolSpec::new("rename_memory", RENAME, Edits, rename_memory),
        ToolSpec::new("edit_memory", EDIT, Edits, edit_memory),
    ]
}

const WRITE: &str = "Saves a markdown note about the project for later conversations (e.g. architecture, commands, \
conventions). Names may use `/` for topics (`notes/api`). Overwrites a memory of the same name.";
const READ: &str = "Reads a memory. Read only the ones relevant to the task at hand.";
const LIST: &str = "Lists memory names, optionally only those under a topic. Answers {\"memories\": [...]}.";
const DELETE: &str = "Deletes a memory (only when the user asks, or it is wrong or obsolete).";
const RENAME: &str = "Renames or moves a memory (e.g. into a topic).";
const EDIT: &str = "Replaces text in a memory; literal or regex, same rules as replace_content.";

#[derive(Deserialize, JsonSchema)]
struct WriteParams {
    /// Memory name, e.g. "architecture" or "notes/api".
    memory_name: String,
    /// Markdown content.
    content: String,
    /// Refuse content longer than this many characters; -1 uses the configured answer limit.
    #[serde(default = "default_max")]
    max_chars: i64,
}

fn write_memory(engine: &Engine, p: WriteParams) -> Result<String> {
    let limit = answer_limit(p.max_chars, engine.project().config().max_answer_chars)?;
    let len = p.content.chars().count();
    if len > limit {
        return Err(Error::TooLong { what: "memory", len, limit, hint: "shorten it or split it by topic" });
    }
    let name = p.memory_name.trim().trim_end_matches(".md");
    memory::write(engine, name, &p.content)?;
    Ok(format!("Memory {name} written."))
}

#[derive(Deserialize, JsonSchema)]
struct NameParams {
    /// Memory name.
    memory_name: String,
    /// Answer limit in characters; -1 uses the configured default.
    #[serde(default = "default_max")]
    max_answer_chars: i64,
}

fn read_memory(engine: &Engine, p: NameParams) -> Result<String> {
    let limit = answer_limit(p.max_answer_chars, engine.project().config().max_answer_chars)?;
    Ok(limit_answer(memory::read(engine.project(), engine.cache(), &p.memory_name)?, limit, "", || None))
}

#[derive(Deserialize, JsonSchema)]
struct ListParams {
    /// Only memories under this topic (e.g. "notes"); empty for all.
    #[serde(default)]
    topic: String,
}

fn list_memories(engine: &Engine, p: ListParams) -> Result<String> {
    Ok(to_json(&json!({ "memories": memory::list(engine.project(), &p.topic)? })))
}

#[derive(Deserialize, JsonSchema)]
struct DeleteParams {
    /// Memory name.
    memory_name: String,
}

fn delete_memory(engine: &Engine, p: DeleteParams) -> Result<String> {
    memory::delete(engine, &p.memory_name)?;
    Ok(format!("Memory {} deleted.", p.memory_name.trim()))
}

#[derive(Deserialize, JsonSchema)]
struct RenameParams {
    /// Current name.
    old_name: String,
    /// New name (may move it into a topic, e.g. "notes/arch").
    new_name: String,
}

fn rename_memory(engine: &Engine, p: RenameParams) -> Result<String> {
    memory::rename(engine, &p.old_name, &p.new_name)?;
    Ok(format!("Memory renamed from {} to {}.", p.old_name.trim(), p.new_name.trim()))
}

#[derive(Deserialize, JsonSchema)]
struct EditParams {
    /// Memory name.
    memory_name: String,
    /// Text or regex to find.
    needle: String,
    /// Replacement ($!1 backreferences in regex mode).
    repl: String,
    /// "literal" or "regex".
    mode: super::files::ModeArg,
    /// Replace every occurrence instead of failing when there are several.
    #[serde(default)]
    allow_multiple_occurrences: bool,
}

fn edit_memory(engine: &Engine, p: EditParams) -> Result<String> {
    let mode: Mode = p.mode.into();
    let replacer = Replacer::new(&p.needle, &p.repl, mode)?;
    memory::edit(engine, &p.memory_name, &replacer, p.allow_multiple_occurrences)?;
    Ok(format!("Memory {} edited successfully.", p.memory_name.trim()))
}
