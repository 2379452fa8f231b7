#!/usr/bin/env python3
"""Heuristic rename_symbol on real Python code, checked by pyright.

Usage: rename_check.py PROJECT_DIR [ARBORIST_BIN] [N=20]

Picks N symbols (top-level functions and classes, methods of top-level classes; a fixed sample, names starting
with `_` and test files left out), and for each, in a fresh copy of the project: asks
`arborist tool rename_symbol` (backend "heuristic") to rename NAME to NAME_rn. A refusal (uses the rename
would leave unchanged) is counted, and the rename is then made with allow_unchanged_uses=true. pyright then
checks the files the rename changed and the files that mention the new or the old name, before and after:
an error after that was not there before (an undefined name, an unknown attribute or import) is a broken
rename. Prints one line per symbol and the totals: renames refused, renames whose code pyright still accepts.
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


def sample(root, binary, n):
    dump = subprocess.run([binary, "index", root, "--dump"], check=True, capture_output=True, text=True).stdout
    symbols = [json.loads(line) for line in dump.splitlines()]

    def wanted(s):
        depth = 1 if s["kind"] == "Method" else 0
        last = s["name_path"].rsplit("/", 1)[-1]
        return (s["kind"] in KINDS and s["name_path"].count("/") == depth and s["file"].endswith(".py")
                and "/tests/" not in "/" + s["file"] and not s["name_path"].startswith("_")
                and not last.startswith("_") and len(last) > 3)
    pool = [s for s in symbols if wanted(s)]
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


def mentioning(root, names):
    pattern = r"\b(" + "|".join(re.escape(n) for n in names) + r")\b"
    found = subprocess.run(["rg", "-l", "-t", "py", pattern, "."], cwd=root, capture_output=True, text=True).stdout
    return sorted(f[2:] if f.startswith("./") else f for f in found.split())


def rename(binary, root, sym, new, allow):
    args = {"name_path": sym["name_path"], "relative_path": sym["file"], "new_name": new, "backend": "heuristic",
            "allow_unchanged_uses": allow}
    r = subprocess.run([binary, "tool", "rename_symbol", json.dumps(args), "--project", root],
                       capture_output=True, text=True, env={**os.environ, "ARBORIST_LOG": "off"})
    return r.returncode == 0 and r.stdout.startswith("Successfully"), r.stdout + r.stderr


def main():
    source = sys.argv[1]
    binary = sys.argv[2] if len(sys.argv) > 2 else "arborist"
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    refused = clean = done = 0
    for sym in sample(source, binary, n):
        old = sym["name_path"].rsplit("/", 1)[-1]
        new = old + "_rn"
        with tempfile.TemporaryDirectory() as tmp:
            root = os.path.join(tmp, "p")
            shutil.copytree(source, root, ignore=shutil.ignore_patterns(".arborist"))
            files = mentioning(root, [old])
            before = pyright_errors(root, files)
            ok, answer = rename(binary, root, sym, new, False)
            was_refused = not ok and "Nothing was renamed" in answer
            if was_refused:
                refused += 1
                ok, answer = rename(binary, root, sym, new, True)
            if not ok:
                print(f"{sym['kind']:<8} {sym['file']}:{sym['name_path']}: rename failed: {answer[:300]}")
                continue
            done += 1
            after = pyright_errors(root, sorted(set(files) | set(mentioning(root, [new]))))
            # the same error naming the symbol's new name is not new
            after = {(f, rule, re.sub(rf"\b{re.escape(new)}\b", old, m)) for f, rule, m in after}
            new_errors = sorted(after - before)
            clean += not new_errors
            changes = re.search(r"\((\d+) changes applied\)", answer)
            listed = answer.split("Left unchanged", 1)[1].split("): ", 1)[-1] if "Left unchanged" in answer else ""
            left = len(listed.split("; ")) if listed.strip() else 0
            print(f"{sym['kind']:<8} {sym['file']}:{sym['name_path']:<45} files {changes.group(1) if changes else '?':>3}"
                  f"  {'refused first, ' if was_refused else ''}left {left:>3}  new pyright errors {len(new_errors)}",
                  flush=True)
            for e in new_errors[:5]:
                print(f"    {e[0]}: [{e[1]}] {e[2][:160]}")
    print(f"renamed {done}, refused first {refused}, pyright accepts {clean} of {done}")


if __name__ == "__main__":
    main()
