//! Session tools: project activation and configuration, modes, the workflow prompts, and shell commands.

use super::answer::{answer_limit, limit_answer, to_json};
use super::{Effect, Lock, ToolSpec, default_max};
use crate::session::Session;
use arborist_engine::engine::Engine;
use arborist_engine::error::{Error, Result};
use arborist_engine::language;
use arborist_engine::memory;
use arborist_engine::shell::ShellRun;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::json;
use std::time::Duration;

pub fn tools() -> Vec<ToolSpec> {
    use Effect::*;
    vec![
        ToolSpec::new("execute_shell_command", SHELL, Edits, execute_shell_command).locks(Lock::None),
        ToolSpec::new("shell", SHELL_ALIAS, Edits, shell_alias).optional().locks(Lock::None),
        // it records the project in the user config
        ToolSpec::session("activate_project", ACTIVATE, Edits, activate_project).locks(Lock::None),
        ToolSpec::session("remove_project", REMOVE, ReadOnly, remove_project).optional(),
        ToolSpec::session("get_current_config", CONFIG, ReadOnly, get_current_config),
        ToolSpec::session("switch_modes", SWITCH_MODES, ReadOnly, switch_modes).optional(),
        ToolSpec::new("onboarding", ONBOARDING, Edits, onboarding),
        ToolSpec::new("check_onboarding_performed", CHECK_ONBOARDING, ReadOnly, check_onboarding_performed).optional(),
        ToolSpec::session("initial_instructions", INITIAL, ReadOnly, initial_instructions),
        ToolSpec::new("think_about_collected_information", THINK_INFO, ReadOnly, think_info).optional(),
        ToolSpec::new("think_about_task_adherence", THINK_TASK, ReadOnly, think_task).optional(),
        ToolSpec::new("think_about_whether_you_are_done", THINK_DONE, ReadOnly, think_done).optional(),
        ToolSpec::new("summarize_changes", SUMMARIZE, ReadOnly, summarize_changes).optional(),
        ToolSpec::new("prepare_for_new_conversation", PREPARE, ReadOnly, prepare_for_new_conversation).optional(),
    ]
}

#[derive(Deserialize, JsonSchema)]
struct NoParams {}

// ---------------------------------------------------------------- shell

const SHELL: &str = "Runs a shell command (sh -c) in the project root or in `cwd` (a directory inside the project) and \
answers {\"stdout\", \"return_code\", \"cwd\", \"stderr\"}; a non-zero exit is not an error. The command runs in a \
session of its own: when the shell exits, anything it left in the background is killed, and after `timeout` seconds \
(default 120) all of it is. stdout and stderr keep their first MiB each; `output_cut` then says how much was \
dropped. Destructive commands (recursive rm of / or ~, mkfs, writes onto disk devices, kill -9 -1, fork bombs, \
shutdown), also inside sh -c, eval or sudo, are refused before anything runs.";
const SHELL_ALIAS: &str = "Runs a shell command in the project root (same as execute_shell_command).";

#[derive(Deserialize, JsonSchema)]
struct ShellParams {
    /// The command line, run by `sh -c`.
    command: String,
    /// Working directory relative to the project root; null for the root.
    #[serde(default)]
    cwd: Option<String>,
    /// Report stderr separately (otherwise it is discarded).
    #[serde(default = "yes")]
    capture_stderr: bool,
    /// Seconds before the command and its children are killed.
    #[serde(default = "default_timeout", alias = "timeout_secs")]
    timeout: u64,
    /// Answer limit in characters; -1 uses the configured default.
    #[serde(default = "default_max")]
    max_answer_chars: i64,
}

fn yes() -> bool {
    true
}

fn default_timeout() -> u64 {
    120
}

fn execute_shell_command(engine: &Engine, p: ShellParams) -> Result<String> {
    let limit = answer_limit(p.max_answer_chars, engine.project().config().max_answer_chars)?;
    let timeout = Duration::from_secs(p.timeout.max(1));
    let ShellRun { cwd, result: r } = engine.run_shell(&p.command, p.cwd.as_deref(), p.capture_stderr, timeout)?;
    let mut v = json!({"stdout": r.stdout, "return_code": r.return_code, "cwd": cwd, "stderr": r.stderr});
    let mut short = json!({"return_code": r.return_code, "cwd": cwd});
    if r.timed_out {
        let killed = json!(format!("killed after {} s with its process group", p.timeout.max(1)));
        (v["timed_out"], short["timed_out"]) = (killed.clone(), killed);
    }
    if let Some(cut) = r.output_cut() {
        (v["output_cut"], short["output_cut"]) = (json!(cut), json!(cut));
    }
    let answer = to_json(&v);
    Ok(limit_answer(answer, limit, "Shortened result (return code only):", || Some(to_json(&short))))
}

#[derive(Deserialize, JsonSchema)]
struct ShellAliasParams {
    /// The command line, run by `sh -c` in the project root.
    command: String,
    /// Seconds before the command and its children are killed.
    #[serde(default = "default_timeout", alias = "timeout")]
    timeout_secs: u64,
}

fn shell_alias(engine: &Engine, p: ShellAliasParams) -> Result<String> {
    let params = ShellParams {
        command: p.command,
        cwd: None,
        capture_stderr: true,
        timeout: p.timeout_secs,
        max_answer_chars: -1,
    };
    execute_shell_command(engine, params)
}

// ---------------------------------------------------------------- projects and config

const ACTIVATE: &str = "Activates a project by path or by the name it was registered under (a project is \
registered the first time it is activated). All other tools then work on it.";
const REMOVE: &str = "Removes a project from the registry of known projects (its files are not touched).";
const CONFIG: &str = "Shows the active project, its languages, the context, the modes and the active tools.";
const SWITCH_MODES: &str =
    "Replaces the active modes, e.g. [\"planning\", \"one-shot\"] or [\"editing\", \"interactive\"].";

#[derive(Deserialize, JsonSchema)]
struct ActivateParams {
    /// Project directory, or the name of a registered project.
    project: String,
    /// Accepted for compatibility with the reference server; unused.
    #[serde(default)]
    #[allow(dead_code)] // reason: accepted so existing clients' calls validate
    session: String,
}

fn activate_project(session: &Session, p: ActivateParams) -> Result<String> {
    let engine = session.activate(&p.project)?;
    let project = engine.project();
    let memories = memory::list(project, "")?;
    Ok(format!(
        "Activated project '{}' at {}. Languages: {}. Memories: {}.",
        project.name(),
        project.root().display(),
        languages_of(&engine).join(", "),
        if memories.is_empty() { "none".to_string() } else { format!("{memories:?}") }
    ))
}

/// Languages with at least one file in the project (from the index when ready, else a quick scan).
fn languages_of(engine: &Engine) -> Vec<&'static str> {
    let root = match engine.project().resolve("") {
        Ok(r) => r,
        Err(_) => return Vec::new(),
    };
    let files = arborist_engine::index::code_files(engine.project(), &root);
    let mut langs: Vec<&'static str> = language::all()
        .iter()
        .filter(|l| files.iter().any(|(rel, abs)| language::for_file(rel, abs).is_some_and(|f| f.name() == l.name())))
        .map(|l| l.name())
        .collect();
    langs.dedup();
    langs
}

#[derive(Deserialize, JsonSchema)]
struct RemoveParams {
    /// Registered project name.
    project_name: String,
}

fn remove_project(session: &Session, p: RemoveParams) -> Result<String> {
    if session.remove_project(&p.project_name)? {
        Ok(format!("Removed project '{}' from the registry.", p.project_name))
    } else {
        Err(Error::UnknownProject(format!("no registered project named '{}'", p.project_name)))
    }
}

fn get_current_config(session: &Session, _: NoParams) -> Result<String> {
    let activation = session.activation();
    let mut out = String::new();
    match session.engine() {
        Ok(engine) => {
            let p = engine.project();
            let (files, symbols) = engine.index().size();
            out.push_str(&format!("Active project: {} ({})\n", p.name(), p.root().display()));
            out.push_str(&format!("Languages: {}\n", languages_of(&engine).join(", ")));
            let state = if engine.index().is_ready() {
                "ready".to_string()
            } else {
                match engine.index_progress() {
                    (done, total) if total > 0 => {
                        format!("building, {done} of {total} files checked (queries search for names first)")
                    }
                    _ => "not complete yet (queries search for names first)".to_string(),
                }
            };
            out.push_str(&format!("Symbol index: {state} ({files} files, {symbols} symbols)\n"));
            out.push_str(&format!("Read-only: {}\n", p.config().read_only));
            if let Some((pid, clients)) = crate::server::daemon::serving() {
                out.push_str(&format!(
                    "Served by: the project's daemon (pid {pid}), {clients} client(s) sharing its index and \
                     language servers\n"
                ));
            }
            out.push_str(&skipped_files(&engine.index().skipped()));
            for (lang, command, why) in engine.broken_language_servers() {
                out.push_str(&format!(
                    "Language server for {lang} marked broken (`{command}`: {why}); the heuristic answers until \
                     restart_language_server or a changed binary\n"
                ));
            }
        }
        Err(_) => out.push_str("Active project: none (call activate_project)\n"),
    }
    out.push_str(&format!("Context: {} ({})\n", activation.context.name, activation.context.description));
    out.push_str(&format!("Modes: {}\n", activation.mode_names().join(", ")));
    let tools: Vec<&str> = super::active(&activation).iter().map(|t| t.name).collect();
    out.push_str(&format!("Active tools ({}): {}", tools.len(), tools.join(", ")));
    Ok(out)
}

/// The files the index left out for the parse budget (or minified), up to ten named; empty when there are none.
fn skipped_files(skipped: &[(String, crate::syntax::Unparsed)]) -> String {
    if skipped.is_empty() {
        return String::new();
    }
    let mut out = format!(
        "Not indexed, over the parse budget or minified ({} files; search_for_pattern still reads them):\n",
        skipped.len()
    );
    for (rel, why) in skipped.iter().take(10) {
        out.push_str(&format!("  {rel}: {why}\n"));
    }
    if skipped.len() > 10 {
        out.push_str(&format!("  ... and {} more\n", skipped.len() - 10));
    }
    out
}

#[derive(Deserialize, JsonSchema)]
struct ModesParams {
    /// Mode names, e.g. ["planning", "one-shot"].
    modes: Vec<String>,
}

fn switch_modes(session: &Session, p: ModesParams) -> Result<String> {
    let activation = session.switch_modes(&p.modes)?;
    let tools: Vec<&str> = super::active(&activation).iter().map(|t| t.name).collect();
    Ok(format!("Active modes: {}. Active tools: {}", activation.mode_names().join(", "), tools.join(", ")))
}

// ---------------------------------------------------------------- workflow prompts

const ONBOARDING: &str = "Explains how to get to know a new project and what to record in memories. Call it once \
per project (check_onboarding_performed tells whether it was done).";
const CHECK_ONBOARDING: &str = "Tells whether the project's onboarding was done (memories exist) and lists them.";
const INITIAL: &str = "The manual for working with arborist's tools: call it first in a conversation.";
const THINK_INFO: &str = "A checklist to review whether the information collected so far suffices for the task.";
const THINK_TASK: &str = "A checklist to check, before editing, that the work still matches the task.";
const THINK_DONE: &str = "A checklist to decide whether the task is really done.";
const SUMMARIZE: &str = "Instructions for summarising the changes made in this conversation.";
const PREPARE: &str = "Instructions for handing the work over to a new conversation through a memory.";

fn onboarding(engine: &Engine, _: NoParams) -> Result<String> {
    Ok(format!(
        "Onboarding for project '{}'. Learn the project, then save what a newcomer needs with write_memory:\n\
         1. Purpose and layout: read the README; list_dir the top level; get_symbols_overview on the main entry points.\n\
         2. How to build, test, lint and format (look at CI files, Makefiles, package manifests): write_memory \
         `suggested_commands`.\n\
         3. Code style and conventions (naming, error handling, tests): write_memory `style_and_conventions`.\n\
         4. What to check when a task is done (tests, formatter, linter): write_memory `task_completion_checklist`.\n\
         5. Architecture: the main modules and how data flows: write_memory `architecture`.\n\
         Keep each memory short and factual; prefer pointers (symbols, paths) over copied code.",
        engine.project().name()
    ))
}

fn check_onboarding_performed(engine: &Engine, _: NoParams) -> Result<String> {
    let memories = memory::list(engine.project(), "")?;
    if memories.is_empty() {
        return Ok("Onboarding was not performed yet (no memories). Call the onboarding tool.".into());
    }
    Ok(format!(
        "The onboarding was already performed. Memories: {}. Read the ones relevant to the task.",
        to_json(&memories)
    ))
}

fn initial_instructions(session: &Session, _: NoParams) -> Result<String> {
    let project = match session.engine() {
        Ok(e) => format!("The active project is '{}'.", e.project().name()),
        Err(_) => "No project is active yet: call activate_project first.".into(),
    };
    Ok(format!("{project}\n\n{MANUAL}"))
}

const MANUAL: &str = "\
How to work with arborist (tree-sitter code intelligence):
- Read by symbol, not by file. get_symbols_overview shows a file's structure; find_symbol with a name path \
(`Class/method`, `/TopLevel`, `name[1]` for overloads, substring_matching for partial names) gives locations, \
and include_body=true gives the code. Read whole files only when you need most of them.
- Lines are 0-based and inclusive everywhere. Paths are relative to the project root.
- Search with search_for_pattern when you cannot name a symbol (regex; `.` spans lines by default, so prefer \
`.*?` or `[^\\n]*`); narrow it with relative_path and paths_include_glob.
- Edit by symbol: replace_symbol_body (pass the whole definition: signature and body), insert_after_symbol / \
insert_before_symbol for new code. Edits are re-parsed before they are written and refused if they break the \
syntax; pass expected_old_hash (body_sha256 from find_symbol with include_body and include_hash) to be sure you edit \
what you read.
- For small changes inside a body use replace_content (literal, or regex with `$!1` backreferences); for the same \
change in many files replace_in_files with dry_run first.
- get_diagnostics_for_file reports syntax errors; run the project's tests or checks with execute_shell_command.
- find_declaration, find_implementations and references are tree-sitter heuristics unless an answer says it is \
precise; confirm anything surprising by reading the code.
- Memories (.serena/memories) hold what the next conversation should know: read the relevant ones, write new \
findings briefly.";

fn think_info(_: &Engine, _: NoParams) -> Result<String> {
    Ok("Review what you collected: Do you know every symbol and file the task touches? Did a search miss \
spellings, other languages or generated code? Is anything you rely on an assumption you have not checked in the \
code? If so, look it up now (find_symbol, search_for_pattern) before editing."
        .into())
}

fn think_task(_: &Engine, _: NoParams) -> Result<String> {
    Ok("Before you change code: Restate the task in one sentence. Does the planned change do exactly that, no \
more? Does it follow the project's conventions (see the memories)? Are you editing the right symbol in the right \
file? If the task drifted, return to it or ask the user."
        .into())
}

fn think_done(_: &Engine, _: NoParams) -> Result<String> {
    Ok("Are you done? Every part of the task is implemented; the code parses (get_diagnostics_for_file); tests \
and checks pass (run them); new behaviour has tests; no debugging leftovers; docs or memories updated where the \
change makes them wrong. If anything is missing, finish it first."
        .into())
}

fn summarize_changes(_: &Engine, _: NoParams) -> Result<String> {
    Ok("Summarise the changes of this conversation for the user: what changed and why, file by file (symbols, \
not line numbers); how it was verified (tests, checks); what is left open or risky. Keep it short."
        .into())
}

fn prepare_for_new_conversation(_: &Engine, _: NoParams) -> Result<String> {
    Ok("Write a memory (write_memory, e.g. `handover/<topic>`) that lets a new conversation continue: the task, \
what is done, what is next, the relevant symbols and files, and decisions made with their reasons. Then tell the \
user its name."
        .into())
}
