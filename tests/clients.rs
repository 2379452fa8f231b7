//! Client set-up: each MCP client's snippet in the README parses in that client's format, is the one
//! `arborist doctor` prints (with `arborist` on PATH), and starts a server that exits cleanly when its
//! client goes away; `arborist doctor` on a project; `serve`, `index`, `loop` and `tool` refuse the home directory.

use arborist::doctor::clients::{self, WORKSPACE_FOLDER};
use std::io::Read;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_arborist");
const CLIENTS: [&str; 5] = ["claude-code", "cursor", "vscode", "codex", "gemini"];

/// How a client would start the server.
#[derive(Debug)]
struct Launch {
    command: String,
    args: Vec<String>,
}

/// The fenced block after `<!-- client: NAME -->` in the README.
fn readme_snippet(client: &str) -> String {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let marker = format!("<!-- client: {client} -->");
    let after = readme.split_once(&marker).unwrap_or_else(|| panic!("README.md has no {marker}")).1;
    let mut lines = after.lines().skip_while(|l| l.trim().is_empty());
    assert!(lines.next().is_some_and(|l| l.starts_with("```")), "{marker} is not followed by a fenced block");
    lines.take_while(|l| !l.starts_with("```")).map(|l| format!("{l}\n")).collect()
}

/// Reads a snippet the way its client does.
fn launch(client: &str, text: &str) -> Launch {
    let strings = |v: &serde_json::Value| -> Vec<String> {
        v.as_array().unwrap().iter().map(|a| a.as_str().unwrap().to_string()).collect()
    };
    match client {
        "claude-code" => {
            let words = shell_words(text.trim());
            let (head, tail) = words.split_at(words.iter().position(|w| w == "--").expect("a `--`") + 1);
            assert_eq!(head, ["claude", "mcp", "add", "arborist", "--"], "{text}");
            Launch { command: tail[0].clone(), args: tail[1..].to_vec() }
        }
        "codex" => {
            let doc: toml::Table = toml::from_str(text).unwrap_or_else(|e| panic!("{client}: {e}\n{text}"));
            let server = &doc["mcp_servers"]["arborist"];
            let args = server["args"].as_array().unwrap().iter().map(|a| a.as_str().unwrap().to_string()).collect();
            Launch { command: server["command"].as_str().unwrap().to_string(), args }
        }
        _ => {
            let doc: serde_json::Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("{client}: {e}\n{text}"));
            let key = if client == "vscode" { "servers" } else { "mcpServers" };
            let server = &doc[key]["arborist"];
            if client == "vscode" {
                assert_eq!(server["type"], "stdio", "{text}");
            }
            Launch { command: server["command"].as_str().unwrap().to_string(), args: strings(&server["args"]) }
        }
    }
}

/// Words of a command line: blanks separate, single quotes group (with `'\''` for a quote).
fn shell_words(line: &str) -> Vec<String> {
    let (mut words, mut word, mut quoted, mut started) = (Vec::new(), String::new(), false, false);
    for c in line.chars() {
        match c {
            '\'' => (quoted, started) = (!quoted, true),
            '\\' if !quoted => started = true,
            c if c.is_whitespace() && !quoted => {
                if started {
                    words.push(std::mem::take(&mut word));
                }
                started = false;
            }
            c => (word, started) = (word + &c.to_string(), true),
        }
    }
    if started {
        words.push(word);
    }
    words
}

/// Runs the server as the client would, with stdin closed: it must end by itself, with status 0 and
/// nothing on stdout. Returns the output.
fn serve_until_stdin_closes(args: &[String], home: &Path) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .env("ARBORIST_LOG", "warn")
        .env("HOME", home)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            panic!("`arborist {}` still runs 10 s after its stdin closed", args.join(" "));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// The client's arguments with the project filled in: `${workspaceFolder}` replaced, else appended.
fn with_project(args: &[String], project: &Path) -> Vec<String> {
    let dir = project.to_str().unwrap().to_string();
    let mut out: Vec<String> =
        args.iter().map(|a| if a == WORKSPACE_FOLDER { dir.clone() } else { a.clone() }).collect();
    if !args.iter().any(|a| a == WORKSPACE_FOLDER) {
        out.push(dir);
    }
    out
}

#[test]
fn readme_client_snippets_parse_and_start_a_server_that_exits_with_its_client() {
    let tmp = tempfile::tempdir().unwrap();
    let project = tmp.path().join("project");
    std::fs::create_dir_all(&project).unwrap();
    std::fs::write(project.join("a.py"), "def f():\n    return 1\n").unwrap();
    let expected = clients::snippets("arborist", None);
    let runs: Vec<_> = CLIENTS
        .iter()
        .map(|client| {
            let text = readme_snippet(client);
            let doctor = expected.iter().find(|s| s.client == *client).unwrap();
            assert_eq!(text, doctor.text, "README's {client} snippet differs from doctor's");
            let l = launch(client, &text);
            assert_eq!(l.command, "arborist", "{client}");
            assert_eq!(l.args.first().map(String::as_str), Some("serve"), "{client}: {:?}", l.args);
            let args = with_project(&l.args, &project);
            let home = tmp.path().to_path_buf();
            (client, std::thread::spawn(move || serve_until_stdin_closes(&args, &home)))
        })
        .collect();
    for (client, run) in runs {
        let o = run.join().unwrap();
        assert_eq!(o.status.code(), Some(0), "{client}: {}", String::from_utf8_lossy(&o.stderr));
        assert!(o.stdout.is_empty(), "{client} printed on stdout: {}", String::from_utf8_lossy(&o.stdout));
    }
}

fn doctor(args: &[&str], home: &Path) -> std::thread::JoinHandle<Output> {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let home = home.to_path_buf();
    std::thread::spawn(move || {
        Command::new(BIN)
            .arg("doctor")
            .args(&args)
            .env("ARBORIST_LOG", "off")
            .env("HOME", &home)
            .env_remove("ARBORIST_CONFIG_DIR")
            .env_remove("XDG_CONFIG_HOME")
            .output()
            .unwrap()
    })
}

/// The indented snippet after `<name> (<place>):` in doctor's text.
fn doctor_snippet(text: &str, name: &str) -> String {
    let after = text.split_once(&format!("\n{name} (")).unwrap_or_else(|| panic!("no {name} in:\n{text}")).1;
    let body = after.lines().skip(1).take_while(|l| l.starts_with("    "));
    body.map(|l| format!("{}\n", &l[4..])).collect()
}

#[test]
fn doctor_reports_grammars_and_prints_snippets_for_this_binary_and_project() {
    let tmp = tempfile::tempdir().unwrap();
    let project = tmp.path().join("my project");
    std::fs::create_dir_all(&project).unwrap();
    std::fs::write(project.join("a.py"), "def f():\n    return 1\n").unwrap();
    std::fs::write(project.join(".gitignore"), "build/\n").unwrap();
    let dir = project.to_str().unwrap();
    let o = doctor(&[dir], tmp.path()).join().unwrap();
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    assert_eq!(o.status.code(), Some(0), "{text}{}", String::from_utf8_lossy(&o.stderr));
    let count = arborist::language::all().len();
    assert!(text.contains(&format!("\ngrammars: {count} compiled in, every one's queries load\n")), "{text}");
    assert!(text.contains("\nproject: ") && text.contains(".gitignore           read"), "{text}");
    assert!(text.contains("index: none saved yet") && text.contains("\nok: 0 problems"), "{text}");
    for s in clients::snippets(BIN, Some(dir)) {
        let printed = doctor_snippet(&text, s.name);
        assert_eq!(printed, s.text, "{}", s.name);
        let l = launch(s.client, &printed);
        assert_eq!(l.command, BIN, "{}", s.name);
        assert_eq!(l.args.first().map(String::as_str), Some("serve"));
        assert_eq!(l.args.last().map(String::as_str), Some(dir), "{}: {:?}", s.name, l.args);
    }
}

#[test]
fn doctor_json_exits_one_when_the_project_cannot_be_opened() {
    let tmp = tempfile::tempdir().unwrap();
    let project = tmp.path().join("p");
    std::fs::create_dir_all(project.join(".arborist")).unwrap();
    std::fs::write(project.join(".arborist/project.toml"), "bogus_setting = 1\n").unwrap();
    let o = doctor(&[project.to_str().unwrap(), "--json"], tmp.path()).join().unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", String::from_utf8_lossy(&o.stdout));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let problems = v["problems"].as_array().unwrap();
    assert!(problems.len() == 1 && problems[0].as_str().unwrap().contains("project.toml"), "{problems:?}");
    assert_eq!(v["grammars"]["count"], arborist::language::all().len());
    assert_eq!(v["clients"].as_array().unwrap().len(), CLIENTS.len());
    for s in v["language_servers"].as_array().unwrap() {
        assert!(s["path"].is_string() || s["install"].is_string(), "a missing server without an install hint: {s}");
    }
}

#[test]
fn serve_index_loop_and_tool_refuse_the_home_directory_unless_insisted_on() {
    let home = tempfile::tempdir().unwrap();
    std::fs::write(home.path().join("a.py"), "def f():\n    return 1\n").unwrap();
    let dir = home.path().to_str().unwrap();
    let run = |args: &[&str], cwd: &Path| {
        let mut child = Command::new(BIN)
            .args(args)
            .current_dir(cwd)
            .env("HOME", home.path())
            .env("ARBORIST_LOG", "off")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut err = String::new();
        child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
        (child.wait().unwrap().code(), err)
    };
    let all_tools = [
        &["serve", dir][..],
        &["serve"],
        &["index", dir],
        &["index", "--dump"],
        &["loop", dir],
        &["tool", "find_symbol", r#"{"name_path_pattern": "f"}"#],
        &["tool", "search_for_pattern", r#"{"substring_pattern": "f"}"#, "--project", dir],
    ];
    for args in all_tools {
        let (code, err) = run(args, home.path());
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains("is your home directory") && err.contains("--allow-home-or-root"), "{err}");
        assert!(!home.path().join(".arborist").exists(), "{args:?} indexed the home directory");
    }
    let (code, err) = run(&["index", dir, "--allow-home-or-root"], Path::new("/"));
    assert_eq!(code, Some(0), "{err}");
    assert!(err.is_empty(), "no progress bar when stderr is not a terminal: {err:?}");
    let (code, err) = run(&["serve", "--allow-home-or-root"], home.path());
    assert_eq!(code, Some(0), "{err}");
    let (code, err) =
        run(&["tool", "get_symbols_overview", r#"{"relative_path": "a.py"}"#, "--allow-home-or-root"], home.path());
    assert_eq!(code, Some(0), "{err}");
}
