#!/usr/bin/env python3
"""Symbol accuracy against universal-ctags (an independent parser), for Go or Java.

Usage: ctags_compare.py TREE go|java [ARBORIST_BIN]

Compares functions/methods and types (structs, interfaces, other named types, classes, enums) by (file, name, 0-based start
line). ctags `func` covers Go functions and methods; `methodSpec` interface methods. Prints recall (ctags
items arborist found) and precision (arborist items ctags confirms) and the first mismatches each way.
"""
import collections
import json
import subprocess
import sys

CTAGS_KINDS = {
    "go": {"func": "fn", "methodSpec": "fn", "struct": "type", "interface": "type", "type": "type", "talias": "type"},
    "java": {"method": "fn", "class": "type", "interface": "type", "enum": "type", "annotation": "type"},
}
ARBORIST_KINDS = {"Function": "fn", "Method": "fn", "Constructor": "fn", "Struct": "type", "Interface": "type", "Class": "type", "Enum": "type", "TypeParameter": "type"}
EXT = {"go": ".go", "java": ".java"}


def ctags_items(root, lang):
    out = subprocess.run(
        ["ctags", "-R", "--output-format=json", "--fields=+nK", f"--languages={lang.capitalize()}", "-f", "-", "."],
        cwd=root, check=True, capture_output=True, text=True,
    ).stdout
    items = collections.Counter()
    for line in out.splitlines():
        t = json.loads(line)
        group = CTAGS_KINDS[lang].get(t.get("kind"))
        if group and t["path"].endswith(EXT[lang]):
            path = t["path"][2:] if t["path"].startswith("./") else t["path"]
            items[(path, t["name"], t["line"] - 1, group)] += 1
    return items


def arborist_items(root, lang, binary):
    out = subprocess.run([binary, "index", root, "--dump"], check=True, capture_output=True, text=True).stdout
    items = collections.Counter()
    for line in out.splitlines():
        s = json.loads(line)
        group = ARBORIST_KINDS.get(s["kind"])
        if group and s["file"].endswith(EXT[lang]):
            name = s["name_path"].split("/")[-1].split("[")[0]
            items[(s["file"], name, s["start_line"], group)] += 1
    return items


def main():
    root, lang = sys.argv[1], sys.argv[2]
    binary = sys.argv[3] if len(sys.argv) > 3 else "arborist"
    want, got = ctags_items(root, lang), arborist_items(root, lang, binary)
    found = sum((want & got).values())
    print(f"ctags: {sum(want.values())} functions/methods/types; arborist: {sum(got.values())}")
    print(f"recall {found / max(1, sum(want.values())):.4%}  precision {found / max(1, sum(got.values())):.4%}")
    for title, diff in (("missed by arborist", want - got), ("not confirmed by ctags", got - want)):
        print(f"-- {title}: {sum(diff.values())}")
        for key in sorted(diff)[:12]:
            print("   ", key)


if __name__ == "__main__":
    main()
