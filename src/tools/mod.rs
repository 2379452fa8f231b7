//! The tool registry: every tool's name, description, JSON schema (from a typed parameter struct),
//! hints and handler. The MCP server and the one-shot CLI both dispatch through `call`.

pub mod answer;
pub mod edit;
pub mod files;
pub mod memory;
pub mod output;
pub mod refs;
pub mod search;
pub mod session;
pub mod symbols;

use crate::contexts::Activation;
use crate::session::Session;
use arborist_engine::engine::Engine;
use arborist_engine::error::{Error, Result};
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use std::sync::{Arc, OnceLock};

type Handler = Box<dyn Fn(&Session, Value) -> Result<String> + Send + Sync>;

/// What a tool may do, as announced to clients.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// Reads only.
    ReadOnly,
    /// May change files or project state.
    Edits,
}

/// One tool of the surface.
pub struct ToolSpec {
    pub name: &'static str,
    pub description: &'static str,
    pub schema: Arc<Map<String, Value>>,
    pub effect: Effect,
    /// What the call holds while it runs, so that edits of one file do not interleave.
    pub lock: Lock,
    /// Off unless a context, mode or project setting turns it on.
    pub optional: bool,
    handler: Handler,
}

/// What a call locks while it runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lock {
    /// Nothing: reads, and calls that change no project file through the engine (the shell, whose
    /// commands may run for minutes).
    None,
    /// The one file named by `relative_path` (or `path`): edits of other files go on meanwhile.
    File,
    /// Every file: calls that change several (`rename_symbol`, `replace_in_files`), and memories.
    All,
}

impl ToolSpec {
    /// A tool whose arguments deserialize into `P`; its schema is generated from `P`.
    pub fn new<P>(
        name: &'static str,
        description: &'static str,
        effect: Effect,
        f: fn(&Engine, P) -> Result<String>,
    ) -> Self
    where
        P: DeserializeOwned + JsonSchema + 'static,
    {
        let names = param_names::<P>();
        let handler: Handler = Box::new(move |session, args| {
            let params: P = parse_args(args, &names)?;
            let engine = session.engine()?;
            f(&engine, params)
        });
        Self::build::<P>(name, description, effect, handler)
    }

    /// A tool that works on the session itself (projects, modes), not only on the active project.
    pub fn session<P>(
        name: &'static str,
        description: &'static str,
        effect: Effect,
        f: fn(&Session, P) -> Result<String>,
    ) -> Self
    where
        P: DeserializeOwned + JsonSchema + 'static,
    {
        let names = param_names::<P>();
        let handler: Handler = Box::new(move |session, args| f(session, parse_args(args, &names)?));
        Self::build::<P>(name, description, effect, handler)
    }

    fn build<P: JsonSchema + 'static>(
        name: &'static str,
        description: &'static str,
        effect: Effect,
        handler: Handler,
    ) -> Self {
        let schema = rmcp::handler::server::common::schema_for_type::<P>();
        let lock = if effect == Effect::Edits { Lock::All } else { Lock::None };
        ToolSpec { name, description, schema, effect, lock, optional: false, handler }
    }

    /// Sets what a call of the tool locks (edits lock every file unless told otherwise).
    pub fn locks(mut self, lock: Lock) -> Self {
        self.lock = lock;
        self
    }

    /// Marks the tool as optional (off by default).
    pub fn optional(mut self) -> Self {
        self.optional = true;
        self
    }
}

/// Default of `max_answer_chars` and similar "-1 = configured default" parameters.
pub(crate) fn default_max() -> i64 {
    -1
}

/// LSP SymbolKind numbers from a tool call, with an actionable error for unknown ones.
pub(crate) fn symbol_kinds(numbers: &[i64]) -> Result<Vec<arborist_engine::query::SymbolKind>> {
    numbers
        .iter()
        .map(|&n| {
            arborist_engine::query::SymbolKind::from_number(n).ok_or_else(|| {
                Error::invalid(
                    "include_kinds",
                    format!(
                        "unknown symbol kind {n}; use LSP SymbolKind numbers 1..=26 (5 Class, 6 Method, 12 Function, \
                         13 Variable)"
                    ),
                )
            })
        })
        .collect()
}

/// The parameter names of `P`, from its JSON schema, for error messages.
fn param_names<P: JsonSchema + 'static>() -> Vec<String> {
    let schema = rmcp::handler::server::common::schema_for_type::<P>();
    schema.get("properties").and_then(Value::as_object).map(|p| p.keys().cloned().collect()).unwrap_or_default()
}

/// Deserializes a call's arguments. An argument the tool does not take is an error that names it (a
/// misspelt `include_bdy` must not be ignored silently); a value of the wrong type names its argument and
/// the type expected.
fn parse_args<P: DeserializeOwned>(args: Value, names: &[String]) -> Result<P> {
    let mut unknown = Vec::new();
    let mut record = |path: serde_ignored::Path| unknown.push(path.to_string());
    let de = serde_ignored::Deserializer::new(args, &mut record);
    let parsed: std::result::Result<P, _> = serde_path_to_error::deserialize(de);
    if !unknown.is_empty() {
        let list = unknown.iter().map(|u| format!("`{u}`")).collect::<Vec<_>>().join(", ");
        let noun = if unknown.len() == 1 { "argument" } else { "arguments" };
        return Err(Error::InvalidArguments(format!("unknown {noun} {list}; this tool takes: {}", names.join(", "))));
    }
    parsed.map_err(|e| Error::InvalidArguments(describe_arg_error(&e)))
}

/// `start_line: expected a non-negative integer, got a string "x"` rather than serde's
/// `invalid type: string "x", expected usize`.
fn describe_arg_error(e: &serde_path_to_error::Error<serde_json::Error>) -> String {
    let path = e.path().to_string();
    let inner = e.inner().to_string();
    let inner = inner.split(" at line ").next().unwrap_or(&inner);
    let mismatch = inner.strip_prefix("invalid type: ").or_else(|| inner.strip_prefix("invalid value: "));
    let message = match mismatch.and_then(|rest| rest.split_once(", expected ")) {
        Some((got, expected)) => format!("expected {}, got {got}", friendly_type(expected)),
        None => inner.replacen("missing field", "missing argument", 1),
    };
    if path == "." || path.is_empty() { message } else { format!("argument `{path}`: {message}") }
}

/// serde's names of Rust types, as JSON types.
fn friendly_type(expected: &str) -> &str {
    match expected {
        "usize" | "u8" | "u16" | "u32" | "u64" => "a non-negative integer",
        "isize" | "i8" | "i16" | "i32" | "i64" => "an integer",
        "f32" | "f64" => "a number",
        "a sequence" => "a list",
        "a map" | "struct" => "an object",
        "a boolean" | "a string" => expected,
        other => other,
    }
}

/// Every tool arborist implements, in listing order.
pub fn registry() -> &'static [ToolSpec] {
    static REGISTRY: OnceLock<Vec<ToolSpec>> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        [
            files::tools(),
            search::tools(),
            symbols::tools(),
            edit::tools(),
            refs::tools(),
            memory::tools(),
            session::tools(),
        ]
        .into_iter()
        .flatten()
        .collect()
    })
}

impl crate::contexts::Tool for ToolSpec {
    fn name(&self) -> &str {
        self.name
    }

    fn is_optional(&self) -> bool {
        self.optional
    }
}

/// The tools an activation turns on, in registry order.
pub fn active(activation: &Activation) -> Vec<&'static ToolSpec> {
    registry().iter().filter(|t| activation.is_active(*t)).collect()
}

/// The reference server's error for a call to a tool that exists but is not active.
pub fn inactive_error(activation: &Activation, name: &str) -> String {
    let names: Vec<&str> = active(activation).iter().map(|t| t.name).collect();
    format!("Tool '{name}' is not active. Active tools: {names:?}")
}

/// Looks a tool up by name.
pub fn find(name: &str) -> Option<&'static ToolSpec> {
    registry().iter().find(|t| t.name == name)
}

/// The active tool called `name`, or the error text for a name that is unknown or not active.
pub fn lookup(activation: &Activation, name: &str) -> std::result::Result<&'static ToolSpec, String> {
    match find(name) {
        Some(t) if activation.is_active(t) => Ok(t),
        Some(_) => Err(error_text(name, &inactive_error(activation, name))),
        None => {
            let names: Vec<&str> = active(activation).iter().map(|t| t.name).collect();
            Err(error_text(name, &format!("unknown tool '{name}'. Active tools: {names:?}")))
        }
    }
}

/// Runs a tool. `Err` carries the full error text shown to agents: `Error executing tool NAME: ...`.
pub fn call(session: &Session, tool: &ToolSpec, args: Value) -> std::result::Result<String, String> {
    let args = match args {
        Value::Null => Value::Object(Map::new()),
        v @ Value::Object(_) => v,
        other => {
            return Err(error_text(tool.name, &format!("arguments must be a JSON object, got {other}")));
        }
    };
    let _held = hold(session, tool.lock, &args);
    let answer = (tool.handler)(session, args).map_err(|e| error_text(tool.name, &e.to_string()));
    crate::heap::call_ended();
    Ok(bounded(session, tool, answer?))
}

/// Every over-long answer says how to narrow the call; a tool without its own `max_answer_chars` is
/// held to the project's limit like the others, with a summary of what its answer held.
fn bounded(session: &Session, tool: &ToolSpec, answer: String) -> String {
    let has_own_limit = tool.schema.get("properties").and_then(|p| p.get("max_answer_chars")).is_some();
    let answer = match session.engine() {
        Ok(engine) if !has_own_limit => {
            answer::limit_answer(answer, engine.project().config().max_answer_chars, "", || None)
        }
        _ => answer,
    };
    if !answer::is_notice(&answer) {
        return answer;
    }
    // last, so the reference's notice and shortened form come first as they always did
    match answer::narrowing(tool.name) {
        Some(hint) => format!("{answer}\n{hint}"),
        None => answer,
    }
}

/// Takes the lock a call of `lock` needs, given its arguments.
fn hold(session: &Session, lock: Lock, args: &Value) -> Option<arborist_engine::locks::EditLock> {
    let engine = session.engine().ok()?;
    match lock {
        Lock::None => None,
        Lock::All => Some(engine.lock_all()),
        Lock::File => {
            let path = args.get("relative_path").or_else(|| args.get("path")).and_then(Value::as_str);
            Some(engine.lock_file(path.unwrap_or("")))
        }
    }
}

/// The reference server's error wording.
pub fn error_text(tool: &str, message: &str) -> String {
    format!("Error executing tool {tool}: {message}")
}
