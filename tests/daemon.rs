//! One server per repository: `serve` clients of one project share a daemon, which outlives a client,
//! replaces itself when killed, kills a leaving client's shell commands, and exits when idle.

use crate::mcp::RawSession;
use crate::util::{TestProject, alive, processes_running, wait_until};
use serde_json::{Value, json};
use std::time::Duration;

fn call(s: &mut RawSession, id: i64, tool: &str, args: Value) -> Value {
    s.send(
        &json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": tool, "arguments": args}})
            .to_string(),
    );
    s.response(id)
}

fn text(answer: &Value) -> String {
    answer["result"]["content"][0]["text"].as_str().unwrap_or_default().to_string()
}

/// The daemon's pid, as `get_current_config` reports it to a client.
fn daemon_of(s: &mut RawSession, id: i64) -> (u32, usize) {
    let config = text(&call(s, id, "get_current_config", json!({})));
    let line = config.lines().find(|l| l.starts_with("Served by: the project's daemon")).expect(&config);
    let pid = line.split("pid ").nth(1).unwrap().split(')').next().unwrap().parse().unwrap();
    let clients = line.split("), ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
    (pid, clients)
}

fn serve(p: &TestProject, idle_secs: &str) -> RawSession {
    let mut s =
        RawSession::start_with_env(&["serve", p.root.to_str().unwrap()], &[("ARBORIST_DAEMON_IDLE_SECS", idle_secs)]);
    s.initialize();
    s
}

#[test]
fn two_clients_share_one_daemon_that_outlives_the_first() {
    let p = TestProject::fixture("python");
    let mut a = serve(&p, "30");
    let mut b = serve(&p, "30");
    let (pid, _) = daemon_of(&mut a, 2);
    assert_eq!(daemon_of(&mut b, 2), (pid, 2), "the second client attached to the same daemon");
    assert_ne!(pid, a.pid());
    use std::os::unix::fs::PermissionsExt;
    let socket = std::fs::metadata(p.root.join(".arborist/daemon.sock")).unwrap();
    assert_eq!(socket.permissions().mode() & 0o077, 0, "only the owner may connect");
    // an edit through one client is seen by the other
    let edit = call(
        &mut a,
        3,
        "replace_symbol_body",
        json!({"name_path": "Sku/__str__", "relative_path": "inventory.py",
        "body": "def __str__(self) -> str:\n        return 'edited'"}),
    );
    assert_eq!(edit["result"]["isError"], false, "{edit}");
    let body = call(&mut b, 3, "find_symbol", json!({"name_path_pattern": "Sku/__str__", "include_body": true}));
    assert!(text(&body).contains("edited"), "{body}");
    // the daemon writes a JSON answer's structured content as the answer's text (server::raw)
    let listed: Value = serde_json::from_str(&text(&body)).unwrap();
    assert_eq!(body["result"]["structuredContent"], json!({ "result": listed }), "{body}");
    assert!(a.close_stdin_and_wait(Duration::from_secs(1)), "a client ends within a second of closing stdin");
    wait_until("the daemon serves on", Duration::from_secs(2), || daemon_of(&mut b, 4) == (pid, 1));
}

#[test]
fn a_killed_daemon_is_replaced_and_the_running_call_gets_an_error() {
    let p = TestProject::fixture("python");
    let mut s = serve(&p, "30");
    let (pid, _) = daemon_of(&mut s, 2);
    s.send(
        &json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "execute_shell_command",
        "arguments": {"command": "sleep 9.87", "timeout": 30}}})
        .to_string(),
    );
    std::thread::sleep(Duration::from_millis(300));
    // SAFETY: SIGKILL of the daemon this test's client started.
    unsafe { libc::kill(pid as i32, libc::SIGKILL) };
    let running = s.response(3);
    assert!(running["error"]["message"].as_str().unwrap_or_default().contains("daemon"), "{running}");
    let (next, clients) = daemon_of(&mut s, 4);
    assert!(next != pid && clients == 1, "a new daemon took over: {next} (was {pid}), {clients} client(s)");
    let found = call(&mut s, 5, "find_symbol", json!({"name_path_pattern": "Sku"}));
    assert!(text(&found).contains("inventory.py"), "{found}");
}

#[test]
fn a_leaving_clients_shell_commands_die_and_an_idle_daemon_exits() {
    let p = TestProject::fixture("python");
    let mut a = serve(&p, "1");
    let mut b = serve(&p, "1");
    let (pid, _) = daemon_of(&mut a, 2);
    a.send(
        &json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "execute_shell_command",
        "arguments": {"command": "sleep 19.876", "timeout": 60}}})
        .to_string(),
    );
    b.send(
        &json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "execute_shell_command",
        "arguments": {"command": "sleep 18.765", "timeout": 60}}})
        .to_string(),
    );
    wait_until("both commands run", Duration::from_secs(5), || running("sleep 19.876") && running("sleep 18.765"));
    assert!(a.close_stdin_and_wait(Duration::from_secs(1)));
    wait_until("the leaving client's command died", Duration::from_secs(2), || !running("sleep 19.876"));
    assert!(running("sleep 18.765"), "the other client's command runs on");
    assert!(b.close_stdin_and_wait(Duration::from_secs(1)));
    wait_until("the daemon exits once idle", Duration::from_secs(5), || !alive(pid));
    assert!(!p.root.join(".arborist/daemon.sock").exists(), "and removes its socket");
    assert!(!running("sleep 18.765"));
}

#[test]
fn no_daemon_serves_in_process() {
    let p = TestProject::fixture("python");
    let mut s = RawSession::start(&["serve", p.root.to_str().unwrap(), "--no-daemon"]);
    s.initialize();
    let config = text(&call(&mut s, 2, "get_current_config", json!({})));
    assert!(config.contains("Active project") && !config.contains("Served by"), "{config}");
    assert!(!p.root.join(".arborist/daemon.lock").exists());
}

fn running(command: &str) -> bool {
    processes_running(command) > 0
}
