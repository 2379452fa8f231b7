//! Memories, projects, modes, workflow prompts and shell commands.

use crate::util::TestProject;
use serde_json::{Value, json};

#[test]
fn memories_round_trip_with_topics() {
    let mut p = TestProject::fixture("files");
    assert_eq!(p.ok("list_memories", json!({})), r#"{"memories": []}"#);
    assert_eq!(
        p.ok("write_memory", json!({"memory_name": "architecture", "content": "# Layers\nweb → core"})),
        "Memory architecture written."
    );
    p.ok("write_memory", json!({"memory_name": "notes/api", "content": "GET /cart"}));
    assert_eq!(p.read(".serena/memories/notes/api.md"), "GET /cart");
    assert_eq!(p.ok("list_memories", json!({})), r#"{"memories": ["architecture", "notes/api"]}"#);
    assert_eq!(p.ok("list_memories", json!({"topic": "notes"})), r#"{"memories": ["notes/api"]}"#);
    assert_eq!(p.ok("read_memory", json!({"memory_name": "notes/api"})), "GET /cart");
    assert_eq!(
        p.ok(
            "edit_memory",
            json!({"memory_name": "notes/api", "needle": "GET (/\\w+)", "repl": "POST $!1", "mode": "regex"})
        ),
        "Memory notes/api edited successfully."
    );
    assert_eq!(p.read(".serena/memories/notes/api.md"), "POST /cart");
    assert_eq!(
        p.ok("rename_memory", json!({"old_name": "architecture", "new_name": "notes/architecture"})),
        "Memory renamed from architecture to notes/architecture."
    );
    assert_eq!(
        p.ok("delete_memory", json!({"memory_name": "notes/architecture"})),
        "Memory notes/architecture deleted."
    );
    assert_eq!(
        p.err("read_memory", json!({"memory_name": "nope"})),
        "Error executing tool read_memory: Memory named 'nope' not found"
    );
    let long = "x".repeat(50);
    assert!(
        p.err("write_memory", json!({"memory_name": "big", "content": long, "max_chars": 10}))
            .contains("too long (50 characters, limit 10)")
    );
}

#[test]
fn memory_names_cannot_escape_the_memory_folder() {
    let mut p = TestProject::fixture("files");
    for bad in ["../README", "../../outside", "/etc/passwd", "notes/../../x", ".hidden", "a//b", "a\\b", ""] {
        let e = p.err("write_memory", json!({"memory_name": bad, "content": "pwned"}));
        assert!(e.contains("invalid memory name"), "{bad}: {e}");
    }
    assert_eq!(p.read("README.md").lines().next(), Some("# Shop fixture"));
    assert!(!p.tmp.path().join("outside.md").exists());
}

#[test]
fn shell_runs_in_the_project_with_the_reference_answer_shape() {
    let mut p = TestProject::fixture("files");
    let a = p.ok("execute_shell_command", json!({"command": "ls src; echo oops >&2; exit 3"}));
    let v: Value = serde_json::from_str(&a).unwrap();
    assert_eq!(v["stdout"], "app.py\nlib.rs\nutil\n");
    assert_eq!(v["stderr"], "oops\n");
    assert_eq!(v["return_code"], 3);
    assert_eq!(v["cwd"], ".");
    let a = p.ok("execute_shell_command", json!({"command": "pwd", "cwd": "src/util"}));
    assert!(a.contains("src/util\\n"), "{a}");
    assert!(p.err("execute_shell_command", json!({"command": "pwd", "cwd": "../"})).contains("outside the project"));
}

#[test]
fn dangerous_commands_are_refused_before_running() {
    let mut p = TestProject::fixture("files");
    // Matches the rule for writes onto a device; if the guard failed, dd would fail harmlessly (no such
    // directory).
    let e = p.err(
        "execute_shell_command",
        json!({"command": "dd if=/dev/zero of=/dev/sdz-arborist-no-such-dir/x count=1 && touch ran.txt"}),
    );
    assert!(e.contains("refused to run a dangerous command"), "{e}");
    assert!(!p.root.join("ran.txt").exists());
}

#[cfg(unix)]
#[test]
fn the_timeout_kills_the_command_and_its_children() {
    let mut p = TestProject::fixture("files");
    let marker = format!("arborist-timeout-{}", std::process::id());
    let cmd = format!("sh -c 'exec -a {marker} sleep 100' & sleep 100");
    let started = std::time::Instant::now();
    let a = p.ok("execute_shell_command", json!({"command": cmd, "timeout": 1}));
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
    assert!(a.contains("\"timed_out\""), "{a}");
    std::thread::sleep(std::time::Duration::from_millis(200));
    let left = std::process::Command::new("pgrep").args(["-f", &marker]).output().map(|o| o.stdout).unwrap_or_default();
    assert!(left.is_empty(), "children survived: {}", String::from_utf8_lossy(&left));
}

#[test]
fn projects_activate_by_path_and_by_registered_name() {
    let mut p = TestProject::fixture("files");
    let other = p.tmp.path().join("second");
    std::fs::create_dir_all(other.join("pkg")).unwrap();
    std::fs::write(other.join("pkg/mod.py"), "def only_here():\n    pass\n").unwrap();
    let a = p.ok("activate_project", json!({"project": other.display().to_string()}));
    assert!(a.starts_with("Activated project 'second'"), "{a}");
    assert!(a.contains("Languages: python"), "{a}");
    assert!(p.ok("find_symbol", json!({"name_path_pattern": "only_here"})).contains("pkg/mod.py"));
    let root = p.root.display().to_string();
    p.ok("activate_project", json!({"project": root}));
    assert_eq!(p.ok("find_symbol", json!({"name_path_pattern": "only_here"})), "[]");
    p.ok("activate_project", json!({"project": "second"}));
    assert!(p.ok("get_current_config", json!({})).starts_with("Active project: second"));
    assert!(
        p.err("activate_project", json!({"project": "no-such-project"}))
            .contains("neither a directory nor a registered project")
    );
    assert!(p.ok("remove_project", json!({"project_name": "second"})).contains("Removed project 'second'"));
    assert!(p.err("activate_project", json!({"project": "second"})).contains("neither a directory"));
}

#[test]
fn switching_to_planning_turns_editing_tools_off() {
    let mut p = TestProject::fixture("files");
    let a = p.ok("switch_modes", json!({"modes": ["planning"]}));
    assert!(a.starts_with("Active modes: planning."), "{a}");
    let activation = p.session().activation();
    let replace = arborist::tools::find("replace_content").unwrap();
    assert!(!activation.is_active(replace));
    assert!(
        arborist::tools::inactive_error(&activation, "replace_content")
            .starts_with("Tool 'replace_content' is not active. Active tools: [")
    );
    assert!(activation.is_active(arborist::tools::find("find_symbol").unwrap()));
    assert!(p.err("switch_modes", json!({"modes": ["sleepy"]})).contains("unknown mode `sleepy`"));
}

#[test]
fn custom_contexts_and_modes_come_from_toml_files() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("modes")).unwrap();
    std::fs::write(
        dir.path().join("modes/no-shell.toml"),
        "description = \"no shell\"\nexcluded_tools = [\"execute_shell_command\"]\n",
    )
    .unwrap();
    std::fs::create_dir_all(dir.path().join("contexts")).unwrap();
    std::fs::write(dir.path().join("contexts/lines.toml"), "included_optional_tools = [\"delete_lines\"]\n").unwrap();
    let config = arborist::settings::ProjectConfig::default();
    let a = arborist::contexts::Activation::load("lines", &["no-shell".into()], &config, Some(dir.path())).unwrap();
    assert!(a.is_active(arborist::tools::find("delete_lines").unwrap()));
    assert!(!a.is_active(arborist::tools::find("execute_shell_command").unwrap()));
}

#[test]
fn workflow_prompts_answer() {
    let mut p = TestProject::fixture("files");
    assert!(p.ok("initial_instructions", json!({})).contains("find_symbol"));
    assert!(p.ok("onboarding", json!({})).contains("write_memory"));
    assert!(p.ok("check_onboarding_performed", json!({})).starts_with("Onboarding was not performed yet"));
    p.ok("write_memory", json!({"memory_name": "suggested_commands", "content": "cargo test"}));
    assert!(p.ok("check_onboarding_performed", json!({})).contains("suggested_commands"));
    for tool in [
        "think_about_collected_information",
        "think_about_task_adherence",
        "think_about_whether_you_are_done",
        "summarize_changes",
        "prepare_for_new_conversation",
    ] {
        assert!(!p.ok(tool, json!({})).is_empty(), "{tool}");
    }
    let config = p.ok("get_current_config", json!({}));
    assert!(config.contains("Context: desktop-app") && config.contains("Modes: interactive, editing"), "{config}");
}

#[test]
fn the_agent_loop_context_turns_on_its_read_and_search_tools_and_the_default_does_not() {
    let config = arborist::settings::ProjectConfig::default();
    let active = |context: &str, tool: &str| {
        let a = arborist::contexts::Activation::new(context, &[], &config).unwrap();
        a.is_active(arborist::tools::find(tool).unwrap_or_else(|| panic!("no tool {tool}")))
    };
    for tool in ["read_file", "glob", "grep", "get_diagnostics_for_symbol", "rust_replace_block", "shell"] {
        assert!(active("agent-loop", tool), "{tool} in agent-loop");
    }
    for tool in ["glob", "grep", "get_diagnostics_for_symbol"] {
        assert!(!active("desktop-app", tool), "{tool} is optional, off in desktop-app");
        assert!(!active("claude-code", tool), "{tool} off in claude-code");
    }
    assert!(active("desktop-app", "read_file"));
}

#[test]
fn every_tool_a_built_in_context_or_mode_names_exists() {
    let sets = arborist::contexts::builtin_contexts().into_iter().chain(arborist::contexts::builtin_modes());
    for set in sets {
        for name in set.excluded_tools.iter().chain(&set.included_optional_tools) {
            assert!(arborist::tools::find(name).is_some(), "{} names `{name}`, which is no tool", set.name);
        }
    }
}

/// The block tools run the language's check command from grammars.toml when asked, by the agent loop's
/// names too (`run_cargo_check`), with `{path}` standing for the edited file; its outcome is in the answer.
#[test]
fn block_edits_run_the_languages_check_when_asked() {
    let mut p = TestProject::empty();
    p.write("m.js", "function f() {\n  return 1;\n}\n");
    p.write(".arborist/project.toml", "included_optional_tools = [\"replace_block\"]\n");
    let args = json!({"path": "m.js", "kind": "function", "name": "f", "new_block": "function f() {\n  return 2;\n}",
                      "run_cargo_check": true});
    let a = p.ok("replace_block", args);
    let node = std::process::Command::new("node").arg("--version").output().is_ok_and(|o| o.status.success());
    if node {
        assert!(a.contains("\nCheck `node --check m.js` passed."), "{a}");
    } else {
        assert!(a.contains("\nCheck command node is not installed; skipped."), "{a}");
    }
    assert!(p.read("m.js").contains("return 2;"));
}
