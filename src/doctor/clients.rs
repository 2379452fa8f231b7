//! Set-up snippets for MCP clients (Claude Code, Cursor, VS Code, Codex, Gemini CLI): how each starts
//! `arborist serve`, in the client's own configuration format. `arborist doctor` prints them with this
//! binary and project; the README shows them with `arborist` on PATH (a test keeps the two in step).

use serde::Serialize;

/// The configuration language of a snippet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// A command line to run.
    Shell,
    Json,
    Toml,
}

/// One client's set-up.
#[derive(Debug, Clone, Serialize)]
pub struct Snippet {
    /// A short key: `claude-code`, `cursor`, `vscode`, `codex`, `gemini`.
    pub client: &'static str,
    /// The client's name as people write it.
    pub name: &'static str,
    /// Where the snippet goes.
    pub place: &'static str,
    pub format: Format,
    pub text: String,
}

/// What a workspace-relative client substitutes for the open folder.
pub const WORKSPACE_FOLDER: &str = "${workspaceFolder}";

/// The snippets for starting `command` (the arborist binary). With `project`, every client serves that
/// directory; without, each serves the folder it was started in: Claude Code, Codex and Gemini CLI start
/// servers in their working directory, Cursor and VS Code get `${workspaceFolder}`.
pub fn snippets(command: &str, project: Option<&str>) -> Vec<Snippet> {
    let args = |context: &str, workspace_var: bool| {
        let mut args = vec!["serve".to_string(), "--context".into(), context.into()];
        args.extend(project.map(str::to_string).or_else(|| workspace_var.then(|| WORKSPACE_FOLDER.to_string())));
        args
    };
    vec![
        Snippet {
            client: "claude-code",
            name: "Claude Code",
            place: "a command to run in the project",
            format: Format::Shell,
            text: format!("claude mcp add arborist -- {}\n", shell_words(command, &args("claude-code", false))),
        },
        Snippet {
            client: "cursor",
            name: "Cursor",
            place: ".cursor/mcp.json in the project, or ~/.cursor/mcp.json",
            format: Format::Json,
            text: json_servers("mcpServers", None, command, &args("ide", true)),
        },
        Snippet {
            client: "vscode",
            name: "VS Code",
            place: ".vscode/mcp.json in the project",
            format: Format::Json,
            text: json_servers("servers", Some("stdio"), command, &args("ide", true)),
        },
        Snippet {
            client: "codex",
            name: "Codex",
            place: "~/.codex/config.toml",
            format: Format::Toml,
            text: format!(
                "[mcp_servers.arborist]\ncommand = {}\nargs = {}\n",
                quoted(command),
                quoted_list(&args("codex", false))
            ),
        },
        Snippet {
            client: "gemini",
            name: "Gemini CLI",
            place: "~/.gemini/settings.json, or .gemini/settings.json in the project",
            format: Format::Json,
            text: json_servers("mcpServers", None, command, &args("codex", false)),
        },
    ]
}

/// `{"<key>": {"arborist": {"type"?, "command", "args"}}}`, indented, the arguments on one line.
fn json_servers(key: &str, kind: Option<&str>, command: &str, args: &[String]) -> String {
    let kind = kind.map(|k| format!("      \"type\": {},\n", quoted(k))).unwrap_or_default();
    format!(
        "{{\n  \"{key}\": {{\n    \"arborist\": {{\n{kind}      \"command\": {},\n      \"args\": {}\n    }}\n  }}\n}}\n",
        quoted(command),
        quoted_list(args)
    )
}

/// A string as a JSON string, which is also a TOML basic string.
fn quoted(s: &str) -> String {
    serde_json::Value::from(s).to_string()
}

fn quoted_list(items: &[String]) -> String {
    format!("[{}]", items.iter().map(|s| quoted(s)).collect::<Vec<_>>().join(", "))
}

/// The command and arguments as a POSIX shell reads them: words with anything but plain characters are
/// single-quoted.
fn shell_words(command: &str, args: &[String]) -> String {
    let plain = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c));
    let word = |w: &str| if plain(w) { w.to_string() } else { format!("'{}'", w.replace('\'', r"'\''")) };
    std::iter::once(command).chain(args.iter().map(String::as_str)).map(word).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_with_spaces_and_quotes_stay_one_word() {
        let s = snippets("/opt/my tools/arborist", Some("/src/it's here"));
        assert_eq!(
            s[0].text.trim_end(),
            r"claude mcp add arborist -- '/opt/my tools/arborist' serve --context claude-code '/src/it'\''s here'"
        );
        let cursor: serde_json::Value = serde_json::from_str(&s[1].text).unwrap();
        assert_eq!(cursor["mcpServers"]["arborist"]["args"][3], "/src/it's here");
        let codex: toml::Table = toml::from_str(&s[3].text).unwrap();
        assert_eq!(codex["mcp_servers"]["arborist"]["command"].as_str(), Some("/opt/my tools/arborist"));
    }
}
