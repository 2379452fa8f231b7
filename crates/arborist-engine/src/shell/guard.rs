//! The destructive-command guard. A command line is parsed with tree-sitter-bash; every simple command in
//! it (in pipelines, lists, subshells, substitutions, bodies of `if`/`for`/functions) has its words
//! resolved (quotes, escapes, `$'…'`, braces, variables assigned in the same line), its wrappers stripped
//! (`sudo`, `env`, `timeout N`, `xargs`, `/bin/…`), and `sh -c`, `eval`, heredocs fed to a shell parsed
//! in turn; then its name and arguments are judged. Output redirections onto devices and self-forking
//! functions are judged too. A line that does not parse cleanly is also read by a rough lexer and judged
//! the same way. Pure: nothing is run.

use regex::Regex;
use std::collections::HashMap;
use std::sync::OnceLock;
use tree_sitter::{Node, Parser, Tree};

/// Why a command is refused, if it is.
pub type Verdict = Option<&'static str>;

const WIDE_DELETE: &str = "recursive delete of /, a system directory, the home directory or everything here";
const EMPTY_VAR_DELETE: &str =
    "recursive delete that reaches / or ~ when a variable is empty or unset (write ${VAR:?} to stop on it)";
const NO_PRESERVE_ROOT: &str = "rm --no-preserve-root";
const FIND_DELETE: &str = "deleting with find under /, a system directory or the home directory";
const MKFS: &str = "making a file system";
const WIPE: &str = "wiping a device";
const DEVICE: &str = "writing onto a device under /dev";
const SYSRQ: &str = "writing to /proc/sysrq-trigger";
const WIDE_CHMOD: &str = "recursive chmod/chown/chgrp of /, a system directory or the home directory";
const KILL_ALL: &str = "signalling every process (kill -1, pkill .)";
const KILL_INIT: &str = "signalling init (pid 1)";
const POWER: &str = "shutting down or rebooting the machine";
const FORK_BOMB: &str = "fork bomb";
const TOO_DEEP: &str = "commands nested too deeply to check";

/// Shell strings inside shell strings checked before giving up (and refusing).
const MAX_DEPTH: usize = 8;
/// Wrappers (`sudo env nice …`) stripped from one command before giving up (and refusing).
const MAX_WRAPPERS: usize = 32;
/// Words one brace expansion may produce.
const MAX_BRACE_WORDS: usize = 256;

/// Top-level directories whose recursive deletion (or chmod) wrecks the system.
const SYSTEM_DIRS: &str = "bin boot dev etc home lib lib32 lib64 libx32 media mnt opt proc root run sbin snap \
    srv sys usr var Applications Library System Users Volumes private";
/// Devices (under /dev) that writing to harms nothing; any other device counts as a disk.
const HARMLESS_DEVICES: &[&str] = &[
    "null", "zero", "full", "random", "urandom", "stdin", "stdout", "stderr", "console", "kmsg", "ptmx", "fd/", "pts/",
    "shm/", "mqueue/", "tcp/", "udp/",
];
/// Reserved words the rough lexer may leave in front of a command (`{ rm …; }`, `if rm …`).
const KEYWORDS: &str = "{ } ! if then else elif fi do done while until";
const SHELLS: &str = "sh bash dash zsh ksh ksh93 mksh pdksh ash yash posh rbash fish";
const POWER_VERBS: &str = "poweroff reboot halt kexec soft-reboot suspend hibernate hybrid-sleep \
    suspend-then-hibernate emergency rescue";
const POWER_TARGETS: &str = "poweroff.target reboot.target halt.target kexec.target soft-reboot.target \
    rescue.target emergency.target runlevel0.target runlevel1.target runlevel6.target";

/// Options of `sudo` whose value is the next word.
const SUDO_VALUES: &str = "-u -g -h -p -C -D -r -t -T -U --user --group --host --prompt --close-from --chdir \
    --role --type --command-timeout --other-user";
/// Options of `xargs` whose value is the next word.
const XARGS_VALUES: &str = "-a --arg-file -d --delimiter -E -I -L -n --max-args -P --max-procs -s --max-chars \
    --process-slot-var";

/// Whether `word` is one of the space-separated words of `list`.
fn listed(list: &str, word: &str) -> bool {
    list.split_whitespace().any(|w| w == word)
}

/// Why `command` (a `sh -c` string) is refused, if it is.
pub fn check(command: &str) -> Verdict {
    script(command, 0)
}

/// Judges a shell script found at nesting `depth`.
fn script(text: &str, depth: usize) -> Verdict {
    if depth > MAX_DEPTH {
        return Some(TOO_DEEP);
    }
    let Some(tree) = parse(text) else { return rough(text, depth) };
    let root = tree.root_node();
    if tree_depth(&tree) > MAX_TREE_DEPTH {
        // words are resolved recursively; no real command nests this deep
        return Some(TOO_DEEP);
    }
    let nodes = preorder(root);
    let script = Script::new(text, &nodes, depth);
    nodes.iter().find_map(|n| script.judge(*n)).or_else(|| if root.has_error() { rough(text, depth) } else { None })
}

/// Syntax nesting (substitutions in substitutions, blocks in blocks) past which a command is refused.
const MAX_TREE_DEPTH: usize = 256;

/// The depth of the deepest node, found with a cursor (no recursion).
fn tree_depth(tree: &Tree) -> usize {
    let (mut cursor, mut depth, mut deepest) = (tree.walk(), 0usize, 0usize);
    loop {
        if cursor.goto_first_child() {
            depth += 1;
            deepest = deepest.max(depth);
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                return deepest;
            }
            depth -= 1;
        }
    }
}

/// The raw tree-sitter-bash grammar (no parse masks, which could hide text from the guard).
fn parse(text: &str) -> Option<Tree> {
    let lang = arborist_syntax::language::by_name("bash")?;
    let mut parser = Parser::new();
    parser.set_language(&lang.grammar).ok()?;
    parser.parse(text, None)
}

/// `node` and all its descendants in document order.
fn preorder(node: Node<'_>) -> Vec<Node<'_>> {
    let mut out = Vec::new();
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        out.push(n);
        let mut cursor = n.walk();
        let children: Vec<Node> = n.children(&mut cursor).collect();
        stack.extend(children.into_iter().rev());
    }
    out
}

fn children(node: Node<'_>) -> Vec<Node<'_>> {
    let mut cursor = node.walk();
    node.children(&mut cursor).collect()
}

/// One word after quote removal and expansion. `maybe_empty`: an unknown variable or substitution
/// went into it as the empty string (what an unset variable gives).
#[derive(Debug, Clone, Default)]
struct Word {
    text: String,
    maybe_empty: bool,
}

impl Word {
    fn plain(text: &str) -> Word {
        Word { text: text.to_string(), maybe_empty: false }
    }
}

fn plain_words(text: &str) -> impl Iterator<Item = Word> + '_ {
    text.split_whitespace().map(Word::plain)
}

fn join(words: &[Word]) -> String {
    words.iter().map(|w| w.text.as_str()).collect::<Vec<_>>().join(" ")
}

// ------------------------------------------------------------ the parsed script

/// A parsed script: its text and the variables it assigns.
struct Script<'a> {
    src: &'a str,
    vars: HashMap<String, String>,
    depth: usize,
}

impl<'a> Script<'a> {
    /// Reads the assignments among `nodes` in order (`x=rm; $x -rf /`).
    fn new(src: &'a str, nodes: &[Node], depth: usize) -> Script<'a> {
        let mut script = Script { src, vars: HashMap::new(), depth };
        for n in nodes.iter().filter(|n| n.kind() == "variable_assignment") {
            let Some(name) = n.child_by_field_name("name") else { continue };
            let value = n.child_by_field_name("value").map(|v| join(&script.words(v))).unwrap_or_default();
            script.vars.insert(script.text(name).to_string(), value);
        }
        script
    }

    fn text(&self, node: Node) -> &'a str {
        self.src.get(node.byte_range()).unwrap_or_default()
    }

    fn judge(&self, node: Node) -> Verdict {
        match node.kind() {
            "command" => judge_words(self.command_words(node), self.stdin_of(node).as_deref(), self.depth),
            "file_redirect" => self.redirect(node),
            "function_definition" => self.fork_bomb(node),
            _ => None,
        }
    }

    /// The name and arguments of a `command` node.
    fn command_words(&self, node: Node) -> Vec<Word> {
        let mut cursor = node.walk();
        let args: Vec<Node> = node.children_by_field_name("argument", &mut cursor).collect();
        node.child_by_field_name("name").into_iter().chain(args).flat_map(|n| self.words(n)).collect()
    }

    /// An output redirection onto a device (`> /dev/sda`).
    fn redirect(&self, node: Node) -> Verdict {
        if !children(node).iter().any(|c| !c.is_named() && c.kind().contains('>')) {
            return None;
        }
        let mut cursor = node.walk();
        let targets: Vec<Node> = node.children_by_field_name("destination", &mut cursor).collect();
        targets.into_iter().flat_map(|t| self.words(t)).find_map(|w| device_write(&w.text))
    }

    /// A function that runs itself in a pipeline or in the background (`:(){ :|:& };:`).
    fn fork_bomb(&self, def: Node) -> Verdict {
        let name = self.text(def.child_by_field_name("name")?);
        let body = def.child_by_field_name("body")?;
        let calls_itself = |c: &Node| self.command_words(*c).first().is_some_and(|w| w.text == name);
        let mut commands = preorder(body).into_iter().filter(|c| c.kind() == "command");
        let bomb = commands.any(|c| calls_itself(&c) && forks(c, body));
        bomb.then_some(FORK_BOMB)
    }

    /// What a command reads on stdin when the guard can know it: a heredoc or herestring, or the output
    /// of the pipeline stage before it when that is `echo`, `printf`, `cat <<EOF` or `find`.
    fn stdin_of(&self, command: Node) -> Option<String> {
        if let Some(text) = self.here_text(command) {
            return Some(text);
        }
        let mut node = command;
        loop {
            let parent = node.parent()?;
            match parent.kind() {
                "redirected_statement" => match self.here_text(parent) {
                    Some(text) => return Some(text),
                    None => node = parent,
                },
                "pipeline" => return self.output_before(node, parent),
                _ => return None,
            }
        }
    }

    /// What the pipeline stage before `stage` prints. In `cat <<EOF | sh` the pipeline sits inside the
    /// heredoc and `cat <<EOF` comes before it.
    fn output_before(&self, stage: Node, pipeline: Node) -> Option<String> {
        if let Some(before) = stage.prev_named_sibling() {
            return self.output_of(before);
        }
        let heredoc = pipeline.parent().filter(|p| p.kind() == "heredoc_redirect")?;
        self.output_of(heredoc.parent()?)
    }

    /// The text of a heredoc or herestring among `node`'s children.
    fn here_text(&self, node: Node) -> Option<String> {
        children(node).into_iter().find_map(|c| match c.kind() {
            "heredoc_redirect" => {
                children(c).into_iter().find(|b| b.kind() == "heredoc_body").map(|b| self.text(b).to_string())
            }
            "herestring_redirect" => children(c).into_iter().rfind(|w| w.is_named()).map(|w| join(&self.words(w))),
            _ => None,
        })
    }

    /// What a pipeline stage prints, when the guard can know it.
    fn output_of(&self, stage: Node) -> Option<String> {
        let command = match stage.kind() {
            "redirected_statement" => stage.child_by_field_name("body")?,
            _ => stage,
        };
        if command.kind() != "command" {
            return None;
        }
        let words = self.command_words(command);
        let (name, args) = words.split_first()?;
        match command_name(&name.text) {
            "echo" => Some(echo_text(args)),
            "printf" => Some(join(args).replace("\\n", "\n")),
            "cat" if args.is_empty() => self.here_text(stage),
            "find" => Some(find_starts(args).0.iter().map(|w| w.text.as_str()).collect::<Vec<_>>().join("\n")),
            _ => None,
        }
    }

    // -------------------------------------------------------- words

    /// The words a node expands to.
    fn words(&self, node: Node) -> Vec<Word> {
        let mut fields = Fields::default();
        self.resolve(node, false, &mut fields);
        let words = fields.finish();
        let braces = matches!(node.kind(), "word" | "concatenation" | "command_name") && self.text(node).contains('{');
        if !braces {
            return words;
        }
        let expand = |w: Word| {
            let maybe_empty = w.maybe_empty;
            expand_braces(&w.text).into_iter().map(move |text| Word { text, maybe_empty })
        };
        words.into_iter().flat_map(expand).collect()
    }

    fn resolve(&self, node: Node, quoted: bool, fields: &mut Fields) {
        let text = self.text(node);
        match node.kind() {
            "raw_string" => fields.literal(text.trim_start_matches('\'').trim_end_matches('\'')),
            "ansi_c_string" => fields.literal(&ansi_c(text.get(2..text.len().saturating_sub(1)).unwrap_or_default())),
            "string" | "translated_string" => {
                fields.literal("");
                self.parts(node, true, fields)
            }
            "concatenation" | "command_name" => self.parts(node, quoted, fields),
            "simple_expansion" | "expansion" => fields.value(self.expansion(text), quoted),
            "command_substitution" => fields.value(self.substitution(node), quoted),
            "word" | "string_content" => fields.literal(&unescape(text, quoted)),
            _ => fields.literal(text),
        }
    }

    /// The children of a string or concatenation in order, the text between them taken literally.
    fn parts(&self, node: Node, quoted: bool, fields: &mut Fields) {
        let (mut at, end) = inner_range(node, self.text(node));
        let end = end.max(at);
        let mut cursor = node.walk();
        let parts: Vec<Node> = node.named_children(&mut cursor).collect();
        for part in parts {
            let start = part.start_byte().clamp(at, end);
            fields.literal(&unescape(self.src.get(at..start).unwrap_or_default(), quoted));
            self.resolve(part, quoted, fields);
            at = part.end_byte().clamp(at, end);
        }
        fields.literal(&unescape(self.src.get(at..end).unwrap_or_default(), quoted));
    }

    /// `$x`, `${x}`, `${x:-default}`, `${x:?}`: the value when known, None otherwise.
    fn expansion(&self, text: &str) -> Option<String> {
        let inner = text.strip_prefix("${").and_then(|t| t.strip_suffix('}')).or_else(|| text.strip_prefix('$'))?;
        let name_len = inner.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(inner.len());
        let (name, op) = inner.split_at(name_len);
        let value = self.lookup(name);
        if op.is_empty() {
            return value;
        }
        if op.starts_with(":?") || op.starts_with('?') {
            // Stops the shell when unset: never empty.
            return Some(value.unwrap_or_else(|| text.to_string()));
        }
        let default = [":-", "-", ":=", "="].iter().find_map(|p| op.strip_prefix(p));
        value.or_else(|| default.map(|d| d.trim_matches(|c| c == '"' || c == '\'').to_string()))
    }

    fn lookup(&self, name: &str) -> Option<String> {
        self.vars.get(name).cloned().or_else(|| match name {
            "HOME" => Some("~".into()),
            "PWD" => Some(".".into()),
            _ => None,
        })
    }

    /// `$(echo x)`, `$(printf x)`, `$(pwd)`: what they print; None for anything else.
    fn substitution(&self, node: Node) -> Option<String> {
        let mut cursor = node.walk();
        let inner: Vec<Node> = node.named_children(&mut cursor).collect();
        let [command] = inner.as_slice() else { return None };
        if command.kind() != "command" {
            return None;
        }
        let words = self.command_words(*command);
        let (name, args) = words.split_first()?;
        match command_name(&name.text) {
            "echo" => Some(echo_text(args)),
            "printf" => Some(join(args)),
            "pwd" => Some(".".into()),
            _ => None,
        }
    }
}

/// The byte range inside a string's quotes, or a node's whole range.
fn inner_range(node: Node, text: &str) -> (usize, usize) {
    let (start, end) = (node.start_byte(), node.end_byte());
    if !matches!(node.kind(), "string" | "translated_string") {
        return (start, end);
    }
    let open = if text.starts_with('$') { 2 } else { 1 };
    let close = usize::from(text.len() > open && text.ends_with('"'));
    (start + open.min(end - start), end - close)
}

/// Whether `node` runs in a pipeline or in the background (`&`), up to `top`.
fn forks(node: Node, top: Node) -> bool {
    let mut n = node;
    while n.id() != top.id() {
        if n.next_sibling().is_some_and(|s| s.kind() == "&") {
            return true;
        }
        let Some(parent) = n.parent() else { return false };
        if parent.kind() == "pipeline" {
            return true;
        }
        n = parent;
    }
    false
}

/// Words being built: a literal joins the current field; an unquoted known value is split on blanks;
/// an unknown value counts as empty and marks the field it ends up in.
#[derive(Default)]
struct Fields {
    done: Vec<Word>,
    current: Option<Word>,
    unknown: bool,
}

impl Fields {
    fn literal(&mut self, text: &str) {
        let unknown = self.unknown;
        let word = self.current.get_or_insert_with(Word::default);
        word.text.push_str(text);
        word.maybe_empty |= unknown;
    }

    fn value(&mut self, value: Option<String>, quoted: bool) {
        match value {
            None => {
                self.unknown = true;
                if quoted {
                    self.literal("");
                }
            }
            Some(v) if quoted => self.literal(&v),
            Some(v) => {
                for (i, piece) in v.split(char::is_whitespace).enumerate() {
                    if i > 0 {
                        self.end();
                    }
                    if !piece.is_empty() {
                        self.literal(piece);
                    }
                }
            }
        }
    }

    fn end(&mut self) {
        if let Some(mut word) = self.current.take() {
            word.maybe_empty |= self.unknown;
            self.done.push(word);
        }
        self.unknown = false;
    }

    fn finish(mut self) -> Vec<Word> {
        self.end();
        self.done
    }
}

/// Backslash removal: unquoted, `\x` is `x`; in double quotes only before `$ \` " \`.
fn unescape(text: &str, quoted: bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('\n') => {}
            Some(n) if !quoted || "$`\"\\".contains(n) => out.push(n),
            Some(n) => out.extend(['\\', n]),
            None => out.push('\\'),
        }
    }
    out
}

/// The inside of `$'…'` with its escapes decoded (`\x72m` is `rm`).
fn ansi_c(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let Some(e) = chars.next() else {
            out.push('\\');
            break;
        };
        let decoded = match e {
            'n' => '\n',
            't' => '\t',
            'r' => '\r',
            'a' => '\x07',
            'b' => '\x08',
            'e' | 'E' => '\x1b',
            'f' => '\x0c',
            'v' => '\x0b',
            'x' => code(&mut chars, 16, 2, 0),
            'u' => code(&mut chars, 16, 4, 0),
            'U' => code(&mut chars, 16, 8, 0),
            '0'..='7' => code(&mut chars, 8, 2, e.to_digit(8).unwrap_or(0)),
            'c' => chars.next().map_or('\\', |c| char::from((c as u8) & 0x1f)),
            other => other,
        };
        out.push(decoded);
    }
    out
}

/// Reads up to `max` more digits in `radix` after `start`.
fn code(chars: &mut std::iter::Peekable<std::str::Chars>, radix: u32, max: usize, start: u32) -> char {
    let mut value = start;
    for _ in 0..max {
        let Some(d) = chars.peek().and_then(|c| c.to_digit(radix)) else { break };
        value = value.saturating_mul(radix).saturating_add(d);
        chars.next();
    }
    char::from_u32(value).unwrap_or('\u{fffd}')
}

/// Brace expansion: `{rm,-rf,/}` gives `rm`, `-rf`, `/`; `a{b,c}d` gives `abd`, `acd`.
fn expand_braces(text: &str) -> Vec<String> {
    if text.len() > MAX_BRACE_WORD_BYTES {
        return vec![text.to_string()];
    }
    // depth first with a work list, in the order bash writes the words (no recursion: a word may hold
    // thousands of groups)
    let mut out = Vec::new();
    let mut work = vec![text.to_string()];
    while let Some(word) = work.pop() {
        if out.len() >= MAX_BRACE_WORDS {
            break;
        }
        let Some((open, close, commas)) = brace_group(&word) else {
            out.push(word);
            continue;
        };
        let (pre, body, post) = (&word[..open], &word[open + 1..close], &word[close + 1..]);
        let cuts: Vec<(usize, usize)> = [0]
            .into_iter()
            .chain(commas.iter().map(|c| c + 1))
            .zip(commas.iter().copied().chain([body.len()]))
            .collect();
        work.extend(cuts.iter().rev().map(|&(s, e)| format!("{pre}{}{post}", &body[s..e])));
    }
    out
}

/// A longer word is judged as written: expanding its braces would cost more than any command line needs.
const MAX_BRACE_WORD_BYTES: usize = 4096;

/// The first `{…}` with a comma at its own level: its brace offsets and its commas' offsets in its body.
fn brace_group(text: &str) -> Option<(usize, usize, Vec<usize>)> {
    let bytes = text.as_bytes();
    (0..bytes.len()).filter(|&i| bytes[i] == b'{').find_map(|open| {
        let (mut depth, mut commas) = (0usize, Vec::new());
        for (i, b) in bytes.iter().enumerate().skip(open + 1) {
            match b {
                b'{' => depth += 1,
                b'}' if depth == 0 => return (!commas.is_empty()).then_some((open, i, commas)),
                b'}' => depth -= 1,
                b',' if depth == 0 => commas.push(i - open - 1),
                _ => {}
            }
        }
        None
    })
}

fn echo_text(args: &[Word]) -> String {
    let skip = args.iter().take_while(|a| matches!(a.text.as_str(), "-n" | "-e" | "-E" | "-ne" | "-en")).count();
    join(&args[skip..])
}

// ------------------------------------------------------------ simple commands

/// What to do with a command once its first word is known.
enum Step {
    /// A wrapper: judge these words instead.
    Run(Vec<Word>),
    /// Runs these strings as shell scripts: parse and judge them.
    Scripts(Vec<String>),
    /// Runs nothing the guard can see.
    Harmless,
    /// A command in its own right: judge it by name.
    Judge,
}

/// Judges a simple command given as words; `stdin` is what it reads, when known.
fn judge_words(mut words: Vec<Word>, stdin: Option<&str>, depth: usize) -> Verdict {
    let mut stdin = stdin.map(str::to_string);
    for _ in 0..MAX_WRAPPERS {
        let first = words.first()?;
        if is_assignment(&first.text) || listed(KEYWORDS, &first.text) {
            words.remove(0);
            continue;
        }
        let name = command_name(&first.text).to_string();
        let args = &words[1..];
        match unwrap(&name, args, stdin.as_deref()) {
            Step::Run(rest) => words = rest,
            Step::Scripts(texts) => return texts.iter().find_map(|t| script(t, depth + 1)),
            Step::Harmless => return None,
            Step::Judge => return judge(&name, args, depth),
        }
        if name == "xargs" {
            stdin = None;
        }
    }
    Some(TOO_DEEP)
}

/// The name a command runs by: `/bin/rm` and `./rm` are `rm`.
fn command_name(word: &str) -> &str {
    word.rsplit('/').next().unwrap_or(word)
}

fn is_assignment(word: &str) -> bool {
    word.split_once('=').is_some_and(|(name, _)| {
        name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

/// Strips a wrapper, or finds the shell strings a command runs.
fn unwrap(name: &str, args: &[Word], stdin: Option<&str>) -> Step {
    let rest = |with_value: &str| after_options(args, with_value);
    let after_first = |with_value: &str| Step::Run(rest(with_value).into_iter().skip(1).collect());
    match name {
        "sudo" => Step::Run(rest(SUDO_VALUES)),
        "doas" => Step::Run(rest("-u -C")),
        "env" => env(args),
        "command" if leading_options(args).any(|o| o.contains(['v', 'V'])) => Step::Harmless,
        "command" | "builtin" | "exec" | "nohup" | "setsid" | "unbuffer" | "eatmydata" | "busybox" => {
            Step::Run(rest("-a"))
        }
        "nice" => Step::Run(rest("-n --adjustment")),
        "ionice" if leading_options(args).any(|o| o == "-p" || o == "--pid") => Step::Harmless,
        "ionice" => Step::Run(rest("-c -n --class --classdata")),
        "time" => Step::Run(rest("-o -f --output --format")),
        "stdbuf" => Step::Run(rest("-i -o -e --input --output --error")),
        "timeout" => after_first("-s -k --signal --kill-after"),
        "chroot" => after_first("--userspec --groups"),
        "taskset" if leading_options(args).any(|o| o.contains('p')) => Step::Harmless,
        "taskset" => after_first(""),
        "xargs" => Step::Run(xargs(args, stdin)),
        "su" | "runuser" => option_value(args, 'c', "--command").map_or(Step::Harmless, |s| Step::Scripts(vec![s])),
        "flock" => flock(args),
        "watch" => watch(args),
        "eval" => Step::Scripts(vec![join(args)]),
        "trap" => rest("").first().map_or(Step::Harmless, |w| Step::Scripts(vec![w.text.clone()])),
        "alias" => Step::Scripts(args.iter().filter_map(|a| Some(a.text.split_once('=')?.1.to_string())).collect()),
        n if listed(SHELLS, n) => shell(args, stdin),
        _ => Step::Judge,
    }
}

/// The arguments after the leading options (and `NAME=value` words); `with_value` lists (separated by
/// spaces) the options whose value is the next word.
fn after_options(args: &[Word], with_value: &str) -> Vec<Word> {
    let mut i = 0;
    while let Some(a) = args.get(i).map(|w| w.text.as_str()) {
        if a == "--" {
            i += 1;
            break;
        }
        if !is_assignment(a) && (!a.starts_with('-') || a == "-") {
            break;
        }
        i += if listed(with_value, a) { 2 } else { 1 };
    }
    args.get(i..).unwrap_or_default().to_vec()
}

fn leading_options(args: &[Word]) -> impl Iterator<Item = &str> {
    args.iter().map(|w| w.text.as_str()).take_while(|a| a.starts_with('-') && *a != "--")
}

/// The value of `-c VALUE` (also `-lc VALUE`) or `--command=VALUE` / `--command VALUE`.
fn option_value(args: &[Word], short: char, long: &str) -> Option<String> {
    args.iter().enumerate().find_map(|(i, a)| {
        let t = a.text.as_str();
        if let Some(v) = t.strip_prefix(long).and_then(|r| r.strip_prefix('=')) {
            return Some(v.to_string());
        }
        let flag = t == long || (t.starts_with('-') && !t.starts_with("--") && t.ends_with(short));
        if flag { args.get(i + 1).map(|w| w.text.clone()) } else { None }
    })
}

/// `env [-i] [-u NAME] [NAME=value] [-S 'string'] command…`.
fn env(args: &[Word]) -> Step {
    let mut i = 0;
    while let Some(a) = args.get(i).map(|w| w.text.as_str()) {
        let split = a.strip_prefix("--split-string=").or_else(|| a.strip_prefix("-S").filter(|s| !s.is_empty()));
        let (string, next) = match (split, a) {
            (Some(s), _) => (s, i + 1),
            (None, "-S" | "--split-string") => (args.get(i + 1).map_or("", |w| w.text.as_str()), i + 2),
            _ => ("", 0),
        };
        if next > 0 {
            return Step::Run(
                plain_words(string).chain(args.get(next..).unwrap_or_default().iter().cloned()).collect(),
            );
        }
        match a {
            "--" => return Step::Run(args.get(i + 1..).unwrap_or_default().to_vec()),
            "-u" | "--unset" | "-C" | "--chdir" => i += 2,
            _ if a.starts_with('-') || is_assignment(a) => i += 1,
            _ => break,
        }
    }
    Step::Run(args.get(i..).unwrap_or_default().to_vec())
}

/// `sh -c STRING`, `bash -lc STRING`; a shell with no script reads `stdin`; a script file is not read.
fn shell(args: &[Word], stdin: Option<&str>) -> Step {
    let (mut i, mut has_c) = (0, false);
    while let Some(a) = args.get(i).map(|w| w.text.as_str()) {
        if a == "--" || a == "-" {
            i += 1;
            break;
        }
        if a.len() < 2 || !(a.starts_with('-') || a.starts_with('+')) {
            break;
        }
        let takes_value = if a.starts_with("--") {
            matches!(a, "--rcfile" | "--init-file")
        } else {
            has_c |= a.starts_with('-') && a.contains('c');
            a.ends_with(['o', 'O'])
        };
        i += if takes_value { 2 } else { 1 };
    }
    match (has_c, args.get(i)) {
        (true, Some(string)) => Step::Scripts(vec![string.text.clone()]),
        (false, None) => stdin.map_or(Step::Harmless, |s| Step::Scripts(vec![s.to_string()])),
        _ => Step::Harmless,
    }
}

/// `xargs [options] command…`: the command, with the words it reads on stdin when known.
fn xargs(args: &[Word], stdin: Option<&str>) -> Vec<Word> {
    let mut run = after_options(args, XARGS_VALUES);
    if run.is_empty() {
        run.push(Word::plain("echo"));
    }
    run.extend(plain_words(stdin.unwrap_or_default()));
    run
}

/// `watch [options] command…`: a shell string unless `-x`.
fn watch(args: &[Word]) -> Step {
    let rest = after_options(args, "-n --interval -q --equexit");
    match (rest.is_empty(), args.iter().any(|a| a.text == "-x" || a.text == "--exec")) {
        (true, _) => Step::Harmless,
        (false, true) => Step::Run(rest),
        (false, false) => Step::Scripts(vec![join(&rest)]),
    }
}

/// `flock FILE -c STRING` or `flock FILE command…`.
fn flock(args: &[Word]) -> Step {
    if let Some(string) = option_value(args, 'c', "--command") {
        return Step::Scripts(vec![string]);
    }
    let rest = after_options(args, "-w --timeout --wait -E --conflict-exit-code");
    if rest.len() > 1 { Step::Run(rest[1..].to_vec()) } else { Step::Harmless }
}

// ------------------------------------------------------------ the rules

/// Judges a command by its name and arguments.
fn judge(name: &str, args: &[Word], depth: usize) -> Verdict {
    match name {
        "rm" => rm(args),
        "find" => find(args, depth),
        "dd" => args.iter().filter_map(|a| a.text.strip_prefix("of=")).find_map(device_write),
        "tee" | "shred" | "truncate" | "mkswap" => operands(args).iter().find_map(|a| device_write(&a.text)),
        "cp" | "mv" | "install" | "rsync" => operands(args).last().and_then(|a| device_write(&a.text)),
        "chmod" | "chown" | "chgrp" => recursive_change(args),
        "kill" => kill(args),
        "pkill" | "killall" => kill_by_name(name, args),
        "killall5" => Some(KILL_ALL),
        "shutdown" | "reboot" | "halt" | "poweroff" => Some(POWER),
        "init" | "telinit" => {
            operands(args).first().filter(|a| matches!(a.text.as_str(), "0" | "6" | "1" | "s" | "S")).map(|_| POWER)
        }
        "systemctl" | "loginctl" => power_verb(args),
        "wipefs" | "blkdiscard" => Some(WIPE),
        "mke2fs" | "mkdosfs" | "mkntfs" | "mkexfatfs" => Some(MKFS),
        n if n.starts_with("mkfs") => Some(MKFS),
        _ => None,
    }
}

/// GNU argument order: every `-x` before `--` is an option, wherever it stands; the rest are operands.
fn split_options(args: &[Word]) -> (Vec<&Word>, Vec<&Word>) {
    let end = args.iter().position(|a| a.text == "--").unwrap_or(args.len());
    let (options, operands): (Vec<&Word>, Vec<&Word>) =
        args[..end].iter().partition(|a| a.text.starts_with('-') && a.text.len() > 1);
    (options, operands.into_iter().chain(args.get(end + 1..).unwrap_or_default()).collect())
}

fn operands(args: &[Word]) -> Vec<&Word> {
    split_options(args).1
}

/// Whether a short-option cluster (`-rf`) holds one of `letters`.
fn short_flag(option: &str, letters: &[char]) -> bool {
    option.starts_with('-') && !option.starts_with("--") && option.chars().skip(1).any(|c| letters.contains(&c))
}

fn rm(args: &[Word]) -> Verdict {
    let (options, operands) = split_options(args);
    if options.iter().any(|o| o.text == "--no-preserve-root") {
        return Some(NO_PRESERVE_ROOT);
    }
    let recursive = options.iter().any(|o| o.text == "--recursive" || short_flag(&o.text, &['r', 'R']));
    let wide = operands.iter().find(|w| is_wide(&w.text)).filter(|_| recursive)?;
    Some(if wide.maybe_empty { EMPTY_VAR_DELETE } else { WIDE_DELETE })
}

fn recursive_change(args: &[Word]) -> Verdict {
    let (options, operands) = split_options(args);
    let recursive = options.iter().any(|o| o.text == "--recursive" || short_flag(&o.text, &['R']));
    (recursive && operands.iter().any(|w| is_wide(&w.text))).then_some(WIDE_CHMOD)
}

/// `find`'s start paths (default `.`) and its expression.
fn find_starts(args: &[Word]) -> (Vec<Word>, &[Word]) {
    let mut i = 0;
    while let Some(a) = args.get(i).map(|w| w.text.as_str()) {
        match a {
            "-H" | "-L" | "-P" => i += 1,
            "-D" => i += 2,
            _ if a.starts_with("-O") => i += 1,
            _ => break,
        }
    }
    let args = args.get(i..).unwrap_or_default();
    let split = args.iter().position(|a| a.text.starts_with('-') || a.text == "(" || a.text == "!");
    let (starts, expr) = args.split_at(split.unwrap_or(args.len()));
    let starts = if starts.is_empty() { vec![Word::plain(".")] } else { starts.to_vec() };
    (starts, expr)
}

/// `find / -delete`, `find ~ -exec rm -rf {} +`; any `-exec` command is judged with `{}` filled in.
fn find(args: &[Word], depth: usize) -> Verdict {
    let (starts, expr) = find_starts(args);
    let wide = starts.iter().any(|s| is_wide(&s.text));
    if wide && expr.iter().any(|a| a.text == "-delete") {
        return Some(FIND_DELETE);
    }
    exec_commands(expr).into_iter().find_map(|command| {
        let name = command.first().map(|w| command_name(&w.text)).unwrap_or_default();
        if wide && matches!(name, "rm" | "unlink" | "shred" | "rmdir") {
            return Some(FIND_DELETE);
        }
        starts.iter().find_map(|start| judge_words(fill_in(&command, start), None, depth + 1))
    })
}

/// The commands of `-exec`, `-execdir`, `-ok`, `-okdir` up to `;` or `+`.
fn exec_commands(expr: &[Word]) -> Vec<Vec<Word>> {
    let mut out = Vec::new();
    let mut words = expr.iter();
    while let Some(w) = words.next() {
        if matches!(w.text.as_str(), "-exec" | "-execdir" | "-ok" | "-okdir") {
            out.push(words.by_ref().take_while(|w| w.text != ";" && w.text != "+").cloned().collect());
        }
    }
    out
}

fn fill_in(command: &[Word], start: &Word) -> Vec<Word> {
    let fill = |w: &Word| Word {
        text: w.text.replace("{}", &start.text),
        maybe_empty: w.maybe_empty || (start.maybe_empty && w.text.contains("{}")),
    };
    command.iter().map(fill).collect()
}

/// `kill -9 -1`, `kill -s KILL -1`, `kill -- -1` (every process), `kill 1` (init); not signal 0, which
/// only asks whether a process exists.
fn kill(args: &[Word]) -> Verdict {
    let texts: Vec<&str> = args.iter().take(2).map(|w| w.text.as_str()).collect();
    let skip = match texts.as_slice() {
        ["-l" | "-L" | "--list", ..] | ["-0", ..] | ["-s" | "-n", "0"] => return None,
        [first, ..] => match *first {
            "-s" | "-n" => 2,
            a if a.starts_with('-') && a != "--" => 1,
            _ => 0,
        },
        [] => return None,
    };
    let mut pids = args.get(skip..).unwrap_or_default();
    if pids.first().is_some_and(|w| w.text == "--") {
        pids = &pids[1..];
    }
    if pids.iter().any(|w| w.text == "-1") {
        return Some(KILL_ALL);
    }
    pids.iter().any(|w| w.text == "1").then_some(KILL_INIT)
}

/// `pkill -9 -1`, `pkill .`, `killall -r '.*'`: a pattern every process matches.
fn kill_by_name(name: &str, args: &[Word]) -> Verdict {
    if args.iter().any(|a| a.text == "-1") {
        return Some(KILL_ALL);
    }
    let regex = name == "pkill" || args.iter().any(|a| a.text == "-r" || a.text == "--regexp");
    let everything = |p: &str| matches!(p, "" | "." | ".*" | ".+" | "^" | "$" | "^.*" | ".*$" | "^.*$" | "^.+");
    (regex && operands(args).iter().any(|o| everything(&o.text))).then_some(KILL_ALL)
}

/// `systemctl poweroff`, `systemctl isolate rescue.target`, `loginctl reboot`.
fn power_verb(args: &[Word]) -> Verdict {
    let operands = operands(args);
    let (verb, rest) = operands.split_first()?;
    let target = |w: &&Word| listed(POWER_TARGETS, &w.text);
    let starts = matches!(verb.text.as_str(), "start" | "isolate" | "restart" | "reload-or-restart");
    (listed(POWER_VERBS, &verb.text) || (starts && rest.iter().any(target))).then_some(POWER)
}

/// A write onto `path` that harms the machine: a disk-like device, /proc/sysrq-trigger.
fn device_write(path: &str) -> Verdict {
    if !path.starts_with('/') {
        return None;
    }
    let path = format!("/{}", lexical(path).join("/"));
    if path == "/proc/sysrq-trigger" {
        return Some(SYSRQ);
    }
    let device = path.strip_prefix("/dev/")?;
    let harmless = device.starts_with("tty")
        || HARMLESS_DEVICES.iter().any(|h| device == *h || (h.ends_with('/') && device.starts_with(h)));
    (!harmless).then_some(DEVICE)
}

/// Path components with `.` and empty ones dropped and `..` applied.
fn lexical(path: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for c in path.split('/') {
        match c {
            "" | "." => {}
            ".." => {
                out.pop();
            }
            _ => out.push(c),
        }
    }
    out
}

/// A component that matches everything in its directory: `*`, `.*`, `**`.
fn glob_all(component: &str) -> bool {
    component.contains('*') && component.chars().all(|c| matches!(c, '*' | '.' | '?'))
}

/// A path whose recursive deletion wrecks the machine or the user: `/`, `/*`, a system directory (or
/// everything in it), `~`, `~/`, `~/*`, and everything in the current or a parent directory (`*`, `../*`).
fn is_wide(path: &str) -> bool {
    if let Some(rest) = path.strip_prefix('~') {
        let below_home = rest.find('/').map_or("", |i| &rest[i..]);
        return lexical(below_home).iter().all(|c| glob_all(c));
    }
    if path.starts_with('/') {
        let comps = lexical(path);
        let dir = match comps.split_last() {
            Some((last, dir)) if glob_all(last) => dir,
            _ => &comps[..],
        };
        return dir.len() <= 1 && dir.iter().all(|d| listed(SYSTEM_DIRS, d));
    }
    let comps: Vec<&str> = path.split('/').filter(|c| !c.is_empty() && *c != ".").collect();
    matches!(comps.split_last(), Some((last, up)) if glob_all(last) && up.iter().all(|c| *c == ".."))
}

// ------------------------------------------------------------ lines that do not parse cleanly

/// Judges a line tree-sitter could not parse cleanly: a rough lexer splits it into simple commands
/// (quotes resolved, braces expanded) and redirection targets, judged by the same rules.
fn rough(text: &str, depth: usize) -> Verdict {
    if fork_bomb_text(text) {
        return Some(FORK_BOMB);
    }
    let lexed = Rough::lex(text);
    lexed
        .targets
        .iter()
        .find_map(|t| device_write(t))
        .or_else(|| lexed.commands.into_iter().find_map(|words| judge_words(words, None, depth)))
}

/// `name() { … name | name … }` or `name() { … name & … }` in raw text.
fn fork_bomb_text(text: &str) -> bool {
    static DEFINITION: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(definition) = DEFINITION.get_or_init(|| Regex::new(r"([^\s(){}|;&<>]+)\s*\(\s*\)\s*\{").ok()) else {
        return false;
    };
    definition.captures_iter(text).any(|c| {
        let (Some(whole), Some(name)) = (c.get(0), c.get(1)) else { return false };
        let body: String = text[whole.end()..].chars().filter(|c| !c.is_whitespace()).collect();
        let name = name.as_str();
        body.contains(&format!("{name}|{name}")) || body.contains(&format!("{name}&"))
    })
}

/// What the rough lexer found.
#[derive(Default)]
struct Rough {
    commands: Vec<Vec<Word>>,
    targets: Vec<String>,
    words: Vec<Word>,
    word: Option<String>,
    braces: bool,
    redirect_next: bool,
}

impl Rough {
    fn lex(text: &str) -> Rough {
        let mut r = Rough::default();
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\\' => r.push_escaped(chars.next()),
                '\'' => r.quoted(chars.by_ref().take_while(|n| *n != '\'')),
                '"' => r.double_quoted(&mut chars),
                ' ' | '\t' => r.end_word(),
                '\n' | ';' | '&' | '|' | '(' | ')' | '`' => r.end_command(),
                '$' if chars.peek() == Some(&'(') => r.end_command(),
                '>' => {
                    r.end_word();
                    while chars.next_if(|n| matches!(n, '>' | '&' | '|')).is_some() {}
                    r.redirect_next = true;
                }
                '<' => r.end_word(),
                '{' => {
                    r.braces = true;
                    r.push(c);
                }
                _ => r.push(c),
            }
        }
        r.end_command();
        r
    }

    fn push(&mut self, c: char) {
        self.word.get_or_insert_with(String::new).push(c);
    }

    fn push_escaped(&mut self, c: Option<char>) {
        match c {
            Some('\n') | None => {}
            Some(c) => self.push(c),
        }
    }

    fn quoted(&mut self, chars: impl Iterator<Item = char>) {
        self.word.get_or_insert_with(String::new).extend(chars);
    }

    fn double_quoted(&mut self, chars: &mut std::iter::Peekable<std::str::Chars>) {
        self.quoted(std::iter::empty());
        while let Some(c) = chars.next() {
            match c {
                '"' => break,
                '\\' => self.push_escaped(chars.next()),
                _ => self.push(c),
            }
        }
    }

    fn end_word(&mut self) {
        let Some(word) = self.word.take() else { return };
        let word = match word.strip_prefix("${HOME}").or_else(|| word.strip_prefix("$HOME")) {
            Some(rest) => format!("~{rest}"),
            None => word,
        };
        if std::mem::take(&mut self.redirect_next) {
            self.targets.push(word);
        } else if std::mem::take(&mut self.braces) {
            self.words.extend(expand_braces(&word).iter().map(|w| Word::plain(w)));
        } else {
            self.words.push(Word::plain(&word));
        }
    }

    fn end_command(&mut self) {
        self.end_word();
        if !self.words.is_empty() {
            self.commands.push(std::mem::take(&mut self.words));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_resolve_quotes_escapes_and_braces() {
        let words = |s: &str| {
            let tree = parse(s).unwrap();
            let nodes = preorder(tree.root_node());
            let script = Script::new(s, &nodes, 0);
            let command = nodes.iter().find(|n| n.kind() == "command").unwrap();
            script.command_words(*command).into_iter().map(|w| w.text).collect::<Vec<_>>()
        };
        assert_eq!(words(r#"mk''fs 'a'b"c" r\m $'\x72m'"#), ["mkfs", "abc", "rm", "rm"]);
        assert_eq!(words(r#"x="rm -rf /"; $x"#), ["rm", "-rf", "/"]);
        assert_eq!(words(r#"echo "$HOME"/ a{b,c}d"#), ["echo", "~/", "abd", "acd"]);
        assert_eq!(words(r#"echo "$UNSET/" ${A:?}"#), ["echo", "/", "${A:?}"]);
    }

    #[test]
    fn wide_paths() {
        for p in [
            "/", "/*", "//", "/.", "/tmp/..", "/usr", "/usr/*", "/home/", "~", "~/", "~/*", "~root", "*", "./*", ".*",
            "../*",
        ] {
            assert!(is_wide(p), "{p}");
        }
        for p in ["", ".", "build", "./build", "/tmp", "/tmp/x/build", "/usr/local/lib", "~/build", "*.o", "build/*"] {
            assert!(!is_wide(p), "{p}");
        }
    }

    #[test]
    fn devices() {
        for p in ["/dev/sda", "/dev/nvme0n1", "/dev/mapper/root", "/dev/../dev/sdb", "/proc/sysrq-trigger"] {
            assert!(device_write(p).is_some(), "{p}");
        }
        for p in ["/dev/null", "/dev/stderr", "/dev/fd/2", "/dev/tty", "/dev/pts/3", "dev/sda", "/tmp/sda"] {
            assert!(device_write(p).is_none(), "{p}");
        }
    }
}
