//! The shell tool: background children do not outlive a command, output is bounded, and the guard refuses
//! destructive commands (judged without running them) while letting ordinary ones through.

use crate::util::TestProject;
use arborist::shell::{MAX_CAPTURE_BYTES, dangerous};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// Commands the guard must refuse. Never run any of them: the tests only ask `dangerous`.
const REFUSED: &[&str] = &[
    // recursive delete of /, ~, system directories, everything here
    "rm -rf /",
    "rm -rf \"/\"",
    "rm -rf '/'",
    "rm -rf -- /",
    "rm -r -f /",
    "rm -fr /",
    "rm -Rf /",
    "rm --recursive --force /",
    "rm / -rf",
    "rm -rf /*",
    "rm -rf \"/\"*",
    "rm -rf //",
    "rm -rf /.",
    "rm -rf /tmp/../",
    "rm -rf / --no-preserve-root",
    "rm --no-preserve-root -rf /",
    "rm -rf ~",
    "rm -rf ~/",
    "rm -rf ~/*",
    "rm -rf $HOME",
    "rm -rf \"$HOME\"",
    "rm -rf ${HOME}/",
    "rm -rf \"${HOME}/\"*",
    "rm -rf *",
    "rm -rf ./*",
    "rm -rf .*",
    "rm -rf ../*",
    "rm -rf /usr",
    "rm -rf /etc/",
    "rm -rf /home/*",
    "rm -rf \"$ARBORIST_UNSET_DIR/\"*",
    "rm -rf $(git rev-parse --show-toplevel)/",
    // wrappers
    "sudo rm -rf /",
    "sudo -u root rm -rf /",
    "sudo -E -- rm -rf /",
    "doas rm -rf /",
    "env rm -rf /",
    "env -i PATH=/bin rm -rf /",
    "env -S 'rm -rf /'",
    "command rm -rf /*",
    "exec rm -rf /",
    "nice -n 10 rm -rf /",
    "nohup rm -rf / &",
    "timeout 10 rm -rf /",
    "timeout -s KILL 5s rm -rf /",
    "time rm -rf /",
    "busybox rm -rf /",
    "/bin/rm -rf /",
    "/usr/bin/rm -rf /",
    // quoting and expansion
    "\\rm -rf /",
    "r\\m -rf /",
    "'rm' -rf /",
    "\"r\"m -rf /",
    "$'\\x72\\x6d' -rf /",
    "{rm,-rf,/}",
    "x=rm; $x -rf /",
    "x=\"rm -rf /\"; $x",
    "a=`echo rm`; $a -rf /",
    "$(echo rm) -rf /",
    // xargs
    "echo / | xargs rm -rf",
    "printf '/' | xargs rm -rf",
    "find / -print0 | xargs -0 rm -rf",
    "echo / | xargs -I{} rm -rf {}",
    // shell strings, heredocs, eval
    "sh -c 'rm -rf /'",
    "bash -c \"rm -rf ~\"",
    "bash -lc 'rm -rf /*'",
    "sh -e -c 'rm -rf /'",
    "zsh -c 'rm -rf /'",
    "sudo sh -c 'rm -rf /'",
    "sh -c \"sh -c 'rm -rf /'\"",
    "eval 'rm -rf /'",
    "eval rm -rf /",
    "sh <<EOF\nrm -rf /\nEOF",
    "bash <<< 'rm -rf /'",
    "echo 'rm -rf /' | sh",
    "echo 'rm -rf /' | sudo bash",
    "cat <<EOF | sh\nrm -rf /\nEOF",
    "trap 'rm -rf /' EXIT",
    "su -c 'rm -rf /'",
    "watch 'rm -rf /'",
    "alias x='rm -rf /'",
    // lists, subshells, substitutions, bodies
    "echo hi && rm -rf /",
    "true; rm -rf /",
    "false || rm -rf /",
    "(rm -rf /)",
    "{ rm -rf /; }",
    "if true; then rm -rf /; fi",
    "for i in 1; do rm -rf /; done",
    "while true; do rm -rf /; done",
    "echo \"$(rm -rf /)\"",
    "cat `rm -rf /`",
    "f() { rm -rf /; }; f",
    // find
    "find / -delete",
    "find / -name '*.log' -delete",
    "find ~ -delete",
    "find / -exec rm -rf {} \\;",
    "find / -maxdepth 0 -exec rm -rf {} +",
    "find . -exec rm -rf / \\;",
    // file systems, wiping
    "mkfs /dev/sda",
    "mkfs.ext4 /dev/sda1",
    "mk''fs /dev/sda",
    "mke2fs /dev/sdb",
    "sudo mkfs.xfs -f /dev/nvme0n1",
    "wipefs -a /dev/sda",
    "blkdiscard /dev/sda",
    "shred /dev/sda",
    "shred -n 3 -z /dev/nvme0n1",
    // writes onto devices
    "dd if=/dev/zero of=/dev/sda",
    "dd if=/dev/urandom of=/dev/sda bs=1M",
    "dd of=/dev/mmcblk0 if=image.img",
    "dd if=x of=/dev/disk2",
    "echo x > /dev/sda",
    "> /dev/sda",
    "cat image > /dev/nvme0n1",
    ": >| /dev/sdb",
    "echo x &> /dev/vda",
    "echo x >> /dev/hda",
    "cat /dev/zero | tee /dev/sda",
    "cp /dev/zero /dev/sda",
    "echo b > /proc/sysrq-trigger",
    // recursive chmod/chown/chgrp
    "chmod -R 777 /",
    "chmod 777 -R /",
    "chmod -R 000 /*",
    "chmod --recursive 777 /",
    "chown -R nobody /",
    "chown -R nobody:nobody /usr",
    "chgrp -R users /",
    "chmod -R 777 ~",
    "sudo chmod -R 777 /",
    // killing everything
    "kill -9 -1",
    "kill -KILL -1",
    "kill -s KILL -1",
    "kill -SIGKILL -1",
    "kill -- -1",
    "kill -TERM -1",
    "kill -9 1",
    "pkill -9 -1",
    "pkill .",
    "pkill -9 -f '.*'",
    "killall -r '.*'",
    "killall5 -9",
    // fork bombs
    ":(){ :|:& };:",
    "f(){ f|f& };f",
    "bomb() { bomb | bomb & }; bomb",
    "function f { f | f & }; f",
    "f() { f & f; }; f",
    // stopping the machine
    "shutdown now",
    "shutdown -h now",
    "sudo shutdown -r +1",
    "reboot",
    "halt",
    "poweroff",
    "/sbin/reboot",
    "systemctl poweroff",
    "systemctl reboot",
    "systemctl halt",
    "sudo systemctl --force poweroff",
    "systemctl isolate rescue.target",
    "loginctl reboot",
    "init 0",
    "init 6",
    "telinit 0",
    "echo ok; reboot",
    "nohup shutdown -h now &",
];

/// Ordinary commands, some of them naming dangerous things, that must run.
const HARMLESS: &[&str] = &[
    "man reboot",
    "man shutdown",
    "echo reboot",
    "grep -r shutdown .",
    "grep -rn mkfs docs",
    "cat shutdown.log",
    "./reboot.sh",
    "rm -rf ./build",
    "rm -rf /tmp/x/build",
    "rm -rf build",
    "rm -f a.txt",
    "rm -r node_modules target",
    "rm *.o",
    "rm -rf ~/build",
    "rm -rf \"$TMPDIR/arborist-test\"",
    "d=build; rm -rf \"$d\"/*",
    "ls /",
    "cargo test",
    "git status",
    "git commit -m \"fix: do not rm -rf /\"",
    "echo 'rm -rf /'",
    "printf 'rm -rf /\\n' > notes.txt",
    "find . -name '*.pyc' -delete",
    "find /tmp/x -delete",
    "find . -exec rm {} \\;",
    "echo / | xargs ls",
    "dd if=/dev/zero of=/dev/null count=1",
    "dd if=/dev/zero of=out.img bs=1M count=1",
    "cat /dev/sda | head -c 512 | xxd",
    "echo x > /dev/null",
    "make 2>/dev/null",
    "echo x >&2",
    "echo x > /dev/stderr",
    "chmod -R 755 ./scripts",
    "chmod 777 /tmp/x",
    "chown -R me ./dir",
    "kill -9 1234",
    "kill %1",
    "pkill -f my-server",
    "killall node",
    "systemctl status nginx",
    "systemctl restart nginx",
    "sh -c 'cargo build'",
    "bash -c \"echo hi\"",
    "python -c 'print(1)'",
    "timeout 5 cargo test",
    "sudo apt-get install -y jq",
    "nohup ./server > server.log 2>&1 &",
    "f() { echo hi; }; f",
    "[[ $x =~ (a|b) ]] && echo y",
    "init_db --force",
    "cat <<'EOF' > script.sh\nrm -rf /\nEOF",
];

#[test]
fn the_guard_refuses_destructive_variants() {
    let missed: Vec<&str> = REFUSED.iter().copied().filter(|c| dangerous(c).is_none()).collect();
    assert!(missed.is_empty(), "not refused: {missed:#?}");
    assert!(REFUSED.len() >= 100, "{}", REFUSED.len());
}

#[test]
fn the_guard_lets_ordinary_commands_through() {
    let refused: Vec<(&str, &str)> = HARMLESS.iter().filter_map(|c| Some((*c, dangerous(c)?))).collect();
    assert!(refused.is_empty(), "refused: {refused:#?}");
    assert!(HARMLESS.len() >= 20, "{}", HARMLESS.len());
}

/// Hostile command lines (thousands of brace groups, deep substitutions) are judged quickly, without
/// exhausting the stack or memory.
#[test]
fn the_guard_survives_hostile_command_lines() {
    let started = Instant::now();
    let braces = format!("echo {}", "{a,b}".repeat(20_000));
    assert_eq!(dangerous(&braces), None);
    let nested = format!("{}echo hi{}", "$(".repeat(20_000), ")".repeat(20_000));
    let _ = dangerous(&nested);
    let rm_deep = format!("{}rm -rf /{}", "$(".repeat(20_000), ")".repeat(20_000));
    assert!(dangerous(&rm_deep).is_some(), "a deep rm -rf / is still refused");
    assert!(started.elapsed() < Duration::from_secs(20), "took {:?}", started.elapsed());
}

#[test]
fn refusals_name_the_reason_and_run_nothing() {
    let mut p = TestProject::fixture("files");
    // Each matches a rule, and would do nothing if the guard failed: no such tool, no such directory.
    for command in [
        "mkfs.arborist-no-such-tool /dev/null && touch ran.txt",
        "echo x > /dev/sdz-arborist-no-such-dir/x && touch ran.txt",
        "dd if=/dev/zero of=/dev/sdz-arborist-no-such-dir/x count=1 && touch ran.txt",
    ] {
        let e = p.err("execute_shell_command", json!({"command": command}));
        assert!(e.contains("refused to run a dangerous command ("), "{e}");
        assert!(e.contains("nothing was run"), "{e}");
        assert!(!p.root.join("ran.txt").exists(), "{command}");
    }
    let e = p.err("execute_shell_command", json!({"command": "echo x > /dev/sdz-arborist-no-such-dir/x"}));
    assert!(e.contains("(writing onto a device under /dev)"), "{e}");
}

#[cfg(target_os = "linux")]
#[test]
fn background_children_die_when_the_shell_exits() {
    let mut p = TestProject::fixture("files");
    let marker = sleep_marker(1);
    let started = Instant::now();
    let a = p.ok("execute_shell_command", json!({"command": format!("sleep {marker} & echo started"), "timeout": 2}));
    let took = started.elapsed();
    let v: Value = serde_json::from_str(&a).unwrap();
    assert_eq!((&v["stdout"], &v["return_code"]), (&json!("started\n"), &json!(0)), "{a}");
    assert!(v.get("timed_out").is_none(), "{a}");
    assert!(took < Duration::from_secs(3), "took {took:?}");
    assert!(gone(&marker), "`sleep {marker}` survived the command");
    eprintln!("background child: answered in {took:?}");
}

#[cfg(target_os = "linux")]
#[test]
fn the_timeout_kills_background_children_too() {
    let mut p = TestProject::fixture("files");
    let (first, second) = (sleep_marker(2), sleep_marker(3));
    let started = Instant::now();
    let command = format!("sleep {first} & sleep {second}");
    let a = p.ok("execute_shell_command", json!({"command": command, "timeout": 2}));
    let took = started.elapsed();
    assert!(a.contains("\"timed_out\": \"killed after 2 s"), "{a}");
    assert!(took < Duration::from_secs(4), "took {took:?}");
    assert!(gone(&first) && gone(&second), "children survived the time-out");
    eprintln!("time-out with a background child: answered in {took:?}");
}

#[test]
fn output_is_bounded_and_the_cut_is_said() {
    let mut p = TestProject::fixture("files");
    let total: u64 = 50_000_000;
    let dropped = (total - MAX_CAPTURE_BYTES as u64).to_string();
    let command = format!("yes | head -c {total}");
    let started = Instant::now();
    let a = p.ok("execute_shell_command", json!({"command": command, "max_answer_chars": 3_000_000}));
    let took = started.elapsed();
    let v: Value = serde_json::from_str(&a).unwrap();
    assert_eq!(v["stdout"].as_str().map(str::len), Some(MAX_CAPTURE_BYTES));
    assert_eq!(v["return_code"], 0);
    let cut = v["output_cut"].as_str().unwrap_or_default();
    assert!(cut.contains(&format!("{dropped} bytes of stdout")), "{cut}");
    // With the default answer limit the answer is shortened, and still says what was cut.
    let a = p.ok("execute_shell_command", json!({"command": command}));
    assert!(a.len() < 1_000 && a.contains("Shortened result") && a.contains(&dropped), "{a}");
    eprintln!("50 MB of output: answered in {took:?}");
}

#[test]
fn endless_output_is_bounded_until_the_timeout() {
    let mut p = TestProject::fixture("files");
    let started = Instant::now();
    let a = p.ok("execute_shell_command", json!({"command": "yes", "timeout": 2, "max_answer_chars": 3_000_000}));
    let took = started.elapsed();
    // JSON escapes each `\n`: at most twice the bytes kept.
    assert!(a.len() < 2 * MAX_CAPTURE_BYTES + 10_000, "{} bytes", a.len());
    let v: Value = serde_json::from_str(&a).unwrap();
    assert!(v["timed_out"].is_string() && v["output_cut"].is_string(), "{}", &a[a.len() - 300..]);
    assert!(took < Duration::from_secs(4), "took {took:?}");
    eprintln!("endless output: answered in {took:?}, cut: {}", v["output_cut"]);
}

#[test]
fn stderr_is_bounded_too() {
    let mut p = TestProject::fixture("files");
    let command = "yes err | head -c 3000000 >&2; echo done";
    let a = p.ok("execute_shell_command", json!({"command": command, "max_answer_chars": 3_000_000}));
    let v: Value = serde_json::from_str(&a).unwrap();
    assert_eq!((&v["stdout"], v["stderr"].as_str().map(str::len)), (&json!("done\n"), Some(MAX_CAPTURE_BYTES)));
    let dropped = 3_000_000 - MAX_CAPTURE_BYTES;
    assert!(v["output_cut"].as_str().is_some_and(|c| c.contains(&format!("{dropped} bytes of stderr"))), "{a:.300}");
}

#[test]
fn quick_commands_keep_the_reference_answer_shape() {
    let mut p = TestProject::fixture("files");
    let a = p.ok("execute_shell_command", json!({"command": "echo out; echo err >&2", "capture_stderr": false}));
    assert_eq!(a, r#"{"stdout": "out\n", "return_code": 0, "cwd": ".", "stderr": null}"#);
}

#[cfg(target_os = "linux")]
/// A `sleep` duration no other process uses: the marker to look for afterwards.
fn sleep_marker(n: u32) -> String {
    format!("30.{}{n}", std::process::id())
}

/// Whether no live process has `marker` in its command line, waiting up to a second for kills to land.
#[cfg(target_os = "linux")]
fn gone(marker: &str) -> bool {
    let deadline = Instant::now() + Duration::from_secs(1);
    while live_with(marker) > 0 {
        if Instant::now() > deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    true
}

#[cfg(target_os = "linux")]
fn live_with(marker: &str) -> usize {
    let live = |pid: &std::path::Path| {
        let stat = std::fs::read_to_string(pid.join("stat")).unwrap_or_default();
        stat.rsplit_once(')').is_some_and(|(_, rest)| !rest.trim_start().starts_with('Z'))
    };
    std::fs::read_dir("/proc")
        .map(|dir| {
            dir.flatten()
                .map(|e| e.path())
                .filter(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.parse::<u32>().is_ok()))
                .filter(|p| live(p))
                .filter(|p| {
                    std::fs::read(p.join("cmdline")).is_ok_and(|c| c.split(|b| *b == 0).any(|a| a == marker.as_bytes()))
                })
                .count()
        })
        .unwrap_or(0)
}

/// The command sees no positional parameters and no extra file descriptor, as under plain `sh -c`.
#[test]
fn the_command_runs_as_under_plain_sh() {
    let mut p = TestProject::empty();
    // a builtin test, no pipeline: the shell's own pipe for `ls | grep` would be its fd 3 for a moment
    let command = "echo \"[$#][$1]\"; if [ -e /proc/$$/fd/3 ]; then echo fd3-open; else echo fd3-closed; fi";
    let a = p.ok("execute_shell_command", json!({"command": command}));
    let v: Value = serde_json::from_str(&a).unwrap();
    assert_eq!(v["stdout"].as_str().unwrap(), "[0][]\nfd3-closed\n", "the sentinel's pipe is not the command's");
}
