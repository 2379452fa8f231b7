//! The sandbox table: hostile path arguments against every path-taking tool. Each must be refused (or,
//! for odd but harmless names, stay inside the project); nothing outside the project or in .git/ is
//! read, listed or written, and no answer leaks an absolute path it was not given.

use crate::util::{TestProject, snapshot};
use serde_json::{Value, json};

/// What a hostile path must come to.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Expect {
    /// The call fails.
    Refused,
    /// A strange name that is still inside the project: the call may succeed or fail, harmlessly.
    Harmless,
}

fn hostile_paths(p: &TestProject) -> Vec<(String, Expect)> {
    use Expect::*;
    let root = p.root.display().to_string();
    let outside = p.outside.display().to_string();
    let tmp = p.tmp.path().display().to_string();
    let mut cases: Vec<(String, Expect)> = [
        ("../outside/secret.txt", Refused),
        ("../outside", Refused),
        ("..", Refused),
        ("../", Refused),
        ("../../../../../../etc/passwd", Refused),
        ("sub/../../outside/secret.txt", Refused),
        ("./../outside/secret.txt", Refused),
        ("sub/./../../outside", Refused),
        ("sub/../../project/../outside/secret.txt", Refused),
        ("/etc/passwd", Refused),
        ("/", Refused),
        ("link_dir/secret.txt", Refused),
        ("link_dir", Refused),
        ("link_file", Refused),
        ("dangling", Refused),
        ("link_dir/new.txt", Refused),
        ("sub/link_up/outside/secret.txt", Refused),
        ("secret.txt\0", Refused),
        ("\0", Refused),
        ("sub/\0/../x", Refused),
        (".git/config", Refused),
        (".git", Refused),
        ("sub/../.git/config", Refused),
        ("./.git/HEAD", Refused),
        (".git/../.git/config", Refused),
        ("git_link", Refused),
        ("git_dir_link/config", Refused),
        ("\u{202e}txt.terces/../../outside/secret.txt", Refused),
        ("\u{2025}/outside/secret.txt", Harmless),
        ("\u{ff0e}\u{ff0e}/outside/secret.txt", Harmless),
        ("..\\outside\\secret.txt", Harmless),
        ("%2e%2e/outside/secret.txt", Harmless),
        ("~/secret.txt", Harmless),
        ("sub/..../secret.txt", Harmless),
    ]
    .into_iter()
    .map(|(s, e)| (s.to_string(), e))
    .collect();
    cases.push((format!("{outside}/secret.txt"), Refused));
    cases.push((tmp, Refused));
    cases.push((format!("{root}/../outside/secret.txt"), Refused));
    cases.push((format!("{root}/.git/config"), Refused));
    cases.push(("a/".repeat(3000) + "x", Refused));
    cases
}

/// Every tool that takes a path, called with `path` and arguments that would do damage if obeyed.
fn calls_with(path: &str) -> Vec<(&'static str, Value)> {
    vec![
        ("read_file", json!({"relative_path": path})),
        ("create_text_file", json!({"relative_path": path, "content": "pwned"})),
        ("list_dir", json!({"relative_path": path, "recursive": true})),
        ("find_file", json!({"file_mask": "*", "relative_path": path})),
        (
            "replace_content",
            json!({"relative_path": path, "needle": "SECRET", "repl": "pwned", "mode": "literal", "allow_multiple_occurrences": true}),
        ),
        ("replace_in_files", json!({"relative_path": path, "needle": "SECRET", "repl": "pwned", "mode": "literal"})),
        ("delete_lines", json!({"relative_path": path, "start_line": 0, "end_line": 0})),
        ("replace_lines", json!({"relative_path": path, "start_line": 0, "end_line": 0, "content": "pwned"})),
        ("insert_at_line", json!({"relative_path": path, "line": 0, "content": "pwned"})),
        ("search_for_pattern", json!({"substring_pattern": "SECRET", "relative_path": path})),
    ]
}

fn hostile_project() -> TestProject {
    let mut p = TestProject::empty();
    p.write(".git/config", "[remote]\n  token = SECRET git credentials\n").write(".git/HEAD", "ref: refs/heads/main\n");
    p.write("sub/ok.txt", "fine\n").write("ok.txt", "fine\n");
    #[cfg(unix)]
    {
        use std::os::unix::fs::symlink;
        symlink("../outside", p.root.join("link_dir")).unwrap();
        symlink("../outside/secret.txt", p.root.join("link_file")).unwrap();
        symlink("../outside/new.txt", p.root.join("dangling")).unwrap();
        symlink(".git/config", p.root.join("git_link")).unwrap();
        symlink(".git", p.root.join("git_dir_link")).unwrap();
        symlink("../..", p.root.join("sub/link_up")).unwrap();
    }
    p
}

fn leaks(answer: &str, input: &str, p: &TestProject) -> Option<String> {
    if answer.contains("SECRET") || answer.contains("token") {
        return Some("secret content".into());
    }
    let tmp = p.tmp.path().display().to_string();
    (answer.contains(&tmp) && !input.contains(&tmp)).then(|| "an absolute path".into())
}

#[test]
fn hostile_paths_are_refused_by_every_path_tool() {
    let mut p = hostile_project();
    p.write(
        ".arborist/project.toml",
        "included_optional_tools = [\"delete_lines\", \"replace_lines\", \"insert_at_line\"]\n",
    );
    let outside_before = snapshot(&p.outside);
    let git_before = snapshot(&p.root.join(".git"));
    let cases = hostile_paths(&p);
    assert!(cases.len() >= 25);
    let mut failures = Vec::new();
    let mut checked = 0;
    for (path, expect) in &cases {
        for (tool, args) in calls_with(path) {
            checked += 1;
            let outcome = p.call(tool, args);
            let answer = match &outcome {
                Ok(a) | Err(a) => a.clone(),
            };
            if let Some(what) = leaks(&answer, path, &p) {
                failures.push(format!("{tool}({path:?}) leaked {what}: {answer}"));
            }
            if *expect == Expect::Refused && outcome.is_ok() {
                failures.push(format!("{tool}({path:?}) was not refused: {answer}"));
            }
        }
    }
    assert!(failures.is_empty(), "{} of {checked} calls misbehaved:\n{}", failures.len(), failures.join("\n"));
    assert_eq!(snapshot(&p.outside), outside_before, "something outside the project was written");
    assert_eq!(snapshot(&p.root.join(".git")), git_before, ".git was written");
}

#[test]
fn whole_project_tools_do_not_follow_links_out_or_into_git() {
    let mut p = hostile_project();
    assert_eq!(
        p.ok("search_for_pattern", json!({"substring_pattern": "SECRET|token", "skip_ignored_files": false})),
        "{}"
    );
    let listing = p.ok("list_dir", json!({"relative_path": ".", "recursive": true}));
    assert!(
        !listing.contains("secret.txt") && !listing.contains(".git/") && !listing.contains("\".git\""),
        "{listing}"
    );
    let found = p.ok("find_file", json!({"file_mask": "*", "relative_path": "."}));
    assert!(!found.contains("secret") && !found.contains(".git"), "{found}");
    let dry = p.ok("replace_in_files", json!({"needle": "SECRET", "repl": "x", "mode": "literal", "dry_run": true}));
    assert!(dry.starts_with("Found 0 occurrence(s) in 0 file(s)."), "{dry}");
}

#[test]
fn error_messages_name_only_relative_paths() {
    let mut p = hostile_project();
    let e = p.err("read_file", json!({"relative_path": "link_dir/secret.txt"}));
    assert_eq!(
        e,
        "Error executing tool read_file: path `link_dir/secret.txt` is outside the project: a symlink leads out of the project; use a path relative to the project root"
    );
    let e = p.err("read_file", json!({"relative_path": "git_link"}));
    assert_eq!(
        e,
        "Error executing tool read_file: path `git_link` points into .git/, which the file tools never read or write"
    );
    let e = p.err("read_file", json!({"relative_path": "x\u{0}y"}));
    assert!(e.contains("`x\\0y`") && e.contains("NUL byte"), "{e}");
}

#[test]
fn absolute_paths_inside_the_project_are_accepted() {
    let mut p = hostile_project();
    let abs = p.root.join("sub/ok.txt").display().to_string();
    assert_eq!(p.ok("read_file", json!({"relative_path": abs})), "fine\n");
}
