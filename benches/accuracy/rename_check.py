#!/usr/bin/env python3
"""Heuristic rename_symbol on real code, checked by the language's own checker.

Usage: rename_check.py PROJECT_DIR [ARBORIST_BIN] [N=20] [--lang python|typescript|go|rust|java]

Picks N symbols of the language (top-level functions and classes or types, methods of top-level classes or
types; a fixed sample, names starting with `_`, tests, test data and declaration files left out), and for
each, in a fresh copy of the project: asks `arborist tool rename_symbol` (backend "heuristic") to rename
NAME to NAME_rn. A refusal (uses the rename would leave unchanged) is counted, and the rename is then made
with allow_unchanged_uses=true. The checker then runs before and after: pyright on the files the rename
changed and the files that mention the new or the old name (Python), `tsc --noEmit -p .` (TypeScript) or
`go build ./...` (Go), `cargo check --offline --lib --tests` (Rust) or `javac` on every `.java` file (Java; a
project with a `module-info.java` is compiled as that module's patch, `--patch-module NAME=.`, so OpenJDK's
`jdk.compiler` builds against the installed JDK of its version) on the whole project. A Java class renamed
in a file named after it needs the file renamed too, which rename_symbol does not do: javac's "should be
declared in a file named" error is not counted. An error after
that was not there before (an undefined name,
an unknown attribute or import) is a broken rename; errors are compared by file, code and message, with
the new name read as the old. Prints one line per symbol and the totals: renames refused, renames whose
code the checker still accepts.
"""
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

KINDS = ("Function", "Class", "Method")
LANGS = {
    "python": {"ext": (".py",), "rg": "py", "skip": ("/tests/",)},
    "typescript": {"ext": (".ts",), "rg": "ts", "skip": (".d.ts", ".spec.", "/spec/", "/test/")},
    "go": {"ext": (".go",), "rg": "go", "skip": ("_test.go", "/testdata/")},
    "rust": {"ext": (".rs",), "rg": "rust", "skip": ("/tests/", "/benches/", "/examples/", "/target/")},
    "java": {"ext": (".java",), "rg": "java", "skip": ("/test/", "/tests/", "module-info.java")},
}
TYPE_KINDS = {"Class", "Struct", "Interface", "Enum", "TypeParameter"}


def sample(root, binary, n, lang):
    dump = subprocess.run([binary, "index", root, "--dump"], check=True, capture_output=True, text=True).stdout
    symbols = [json.loads(line) for line in dump.splitlines()]

    spec = LANGS[lang]

    def kind(s):
        return "Class" if s["kind"] in TYPE_KINDS else s["kind"]

    def wanted(s):
        depth = 1 if s["kind"] == "Method" else 0
        last = s["name_path"].rsplit("/", 1)[-1]
        return (kind(s) in KINDS and s["name_path"].count("/") == depth and s["file"].endswith(spec["ext"])
                and not any(x in "/" + s["file"] for x in spec["skip"]) and not s["name_path"].startswith("_")
                and not last.startswith("_") and len(last) > 3 and "[" not in s["name_path"])
    # a name path that names one symbol of its file (`TRUSTEE/TrusteeValue` and a top-level `TrusteeValue`:
    # the top-level one needs `TrusteeValue[0]`, left out)
    seen = {}
    for s in symbols:
        key = (s["file"], s["name_path"].rsplit("/", 1)[-1])
        seen[key] = seen.get(key, 0) + 1
    pool = [dict(s, kind=kind(s)) for s in symbols if wanted(s)
            and seen[(s["file"], s["name_path"].rsplit("/", 1)[-1])] == 1]
    random.Random(11).shuffle(pool)
    per_kind = {k: [s for s in pool if s["kind"] == k] for k in KINDS}
    picked = []
    while len(picked) < n and any(per_kind.values()):
        for k in KINDS:
            if per_kind[k] and len(picked) < n:
                picked.append(per_kind[k].pop())
    return picked


def pyright_errors(root, files):
    if not files:
        return set()
    out = subprocess.run(["pyright", "--outputjson", *files], cwd=root, capture_output=True, text=True).stdout
    try:
        diags = json.loads(out)["generalDiagnostics"]
    except (ValueError, KeyError):
        return {("?", out[-300:])}
    # by file, rule and message (lines shift with renames of other lengths, so they are left out)
    return {(os.path.relpath(d["file"], root), d.get("rule", ""), d["message"]) for d in diags if d["severity"] == "error"}


def project_errors(root, command, line_re):
    """Errors of a whole-project checker, by file and code, numbered (the messages print types as the
    checker met them first, which a rename elsewhere can change; the first message is kept for display)."""
    r = subprocess.run(command, cwd=root, capture_output=True, text=True, env={**os.environ, "GOFLAGS": "-mod=mod"})
    out, count = {}, {}
    for line in (r.stdout + r.stderr).splitlines():
        m = re.match(line_re, line)
        if m:
            key = (m.group("file"), m.groupdict().get("code") or "")
            count[key] = count.get(key, 0) + 1
            out.setdefault((*key, count[key]), m.group("msg"))
    return {(f, f"{code}#{n}".lstrip("#"), msg) for (f, code, n), msg in out.items()}


def checker_errors(lang, root, files):
    if lang == "python":
        return pyright_errors(root, files)
    if lang == "typescript":
        return project_errors(root, ["tsc", "--noEmit", "-p", ".", "--ignoreDeprecations", "6.0"],
                              r"(?P<file>[^(]+)\(\d+,\d+\): error (?P<code>TS\d+): (?P<msg>.*)")
    if lang == "rust":
        return project_errors(root, ["cargo", "check", "--offline", "--lib", "--tests", "--message-format", "short"],
                              r"(?P<file>[^:\s]+\.rs):\d+:\d+: error(\[(?P<code>E\d+)\])?: (?P<msg>.*)")
    if lang == "java":
        return java_errors(root)
    return project_errors(root, ["go", "build", "./..."], r"(?P<file>[^:\s]+\.go):\d+:\d+: (?P<msg>.*)")


def java_errors(root):
    """javac on every .java file of the project (as a patch of its module, if it has a module-info.java); a
    public class in a file of another name (what a class rename leaves) is not counted."""
    files = sorted(os.path.relpath(os.path.join(d, f), root) for d, _, fs in os.walk(root) for f in fs
                   if f.endswith(".java") and f != "module-info.java" and ".arborist" not in d)
    info = os.path.join(root, "module-info.java")
    module = re.search(r"\bmodule\s+([\w.]+)", open(info).read()) if os.path.exists(info) else None
    with tempfile.TemporaryDirectory() as out:
        patch = ["--patch-module", f"{module.group(1)}=."] if module else []
        listed = os.path.join(out, "files.txt")
        with open(listed, "w") as f:
            f.write("\n".join(files))
        command = ["javac", *patch, "-d", os.path.join(out, "classes"), "-proc:none", "-nowarn", "-Xmaxerrs", "100000",
                   f"@{listed}"]
        errors = project_errors(root, command, r"(?P<file>[^:\s]+\.java):\d+: error: (?P<msg>.*)")
    return {e for e in errors if "should be declared in a file named" not in e[2]}


def mentioning(root, names, lang):
    pattern = r"\b(" + "|".join(re.escape(n) for n in names) + r")\b"
    found = subprocess.run(["rg", "-l", "-t", LANGS[lang]["rg"], pattern, "."], cwd=root, capture_output=True,
                           text=True).stdout
    return sorted(f[2:] if f.startswith("./") else f for f in found.split())


def rename(binary, root, sym, new, allow):
    # absolute: a Java class's name is also its constructor's (`CRTable/CRTable`)
    args = {"name_path": "/" + sym["name_path"], "relative_path": sym["file"], "new_name": new, "backend": "heuristic",
            "allow_unchanged_uses": allow}
    r = subprocess.run([binary, "tool", "rename_symbol", json.dumps(args), "--project", root],
                       capture_output=True, text=True, env={**os.environ, "ARBORIST_LOG": "off"})
    return r.returncode == 0 and r.stdout.startswith("Successfully"), r.stdout + r.stderr


def main():
    # `--lang X` or `--lang=X`
    argv = [p for a in sys.argv[1:] for p in (a.split("=", 1) if a.startswith("--lang=") else [a])]
    lang = argv[argv.index("--lang") + 1] if "--lang" in argv[:-1] else "python"
    if lang not in LANGS:
        sys.exit(f"unknown --lang {lang}: one of {', '.join(LANGS)}")
    args = [a for i, a in enumerate(argv) if a != "--lang" and (i == 0 or argv[i - 1] != "--lang")]
    source = args[0]
    binary = args[1] if len(args) > 1 else "arborist"
    n = int(args[2]) if len(args) > 2 else 20
    refused = clean = done = 0
    whole = lang != "python"  # a whole-project checker: its errors before are the same for every symbol
    before_all = checker_errors(lang, source, []) if whole else None
    for sym in sample(source, binary, n, lang):
        old = sym["name_path"].rsplit("/", 1)[-1]
        new = old + "_rn"
        with tempfile.TemporaryDirectory() as tmp:
            root = os.path.join(tmp, "p")
            shutil.copytree(source, root, ignore=shutil.ignore_patterns(".arborist"))
            files = mentioning(root, [old], lang)
            before = before_all if whole else checker_errors(lang, root, files)
            ok, answer = rename(binary, root, sym, new, False)
            was_refused = not ok and "Nothing was renamed" in answer
            if was_refused:
                refused += 1
                ok, answer = rename(binary, root, sym, new, True)
            if not ok:
                print(f"{sym['kind']:<8} {sym['file']}:{sym['name_path']}: rename failed: {answer[:300]}")
                continue
            done += 1
            after = checker_errors(lang, root, sorted(set(files) | set(mentioning(root, [new], lang))))
            # the same error naming the symbol's new name is not new
            after = {(f, rule, re.sub(rf"\b{re.escape(new)}\b", old, m)) for f, rule, m in after}
            if whole:  # by file, code and number only
                known = {(f, rule) for f, rule, _ in before}
                new_errors = sorted(e for e in after if (e[0], e[1]) not in known)
            else:
                new_errors = sorted(after - before)
            clean += not new_errors
            changes = re.search(r"\((\d+) changes applied\)", answer)
            listed = answer.split("Left unchanged", 1)[1].split("): ", 1)[-1] if "Left unchanged" in answer else ""
            left = len(listed.split("; ")) if listed.strip() else 0
            print(f"{sym['kind']:<8} {sym['file']}:{sym['name_path']:<45} files {changes.group(1) if changes else '?':>3}"
                  f"  {'refused first, ' if was_refused else ''}left {left:>3}  new checker errors {len(new_errors)}",
                  flush=True)
            for e in new_errors[:5]:
                print(f"    {e[0]}: [{e[1]}] {e[2][:160]}")
    print(f"renamed {done}, refused first {refused}, the checker accepts {clean} of {done}")


if __name__ == "__main__":
    main()
