#!/usr/bin/env python3
"""Symbol accuracy against Python's own parser.

Usage: python_ast.py PYTHON_TREE [ARBORIST_BIN]

Python's `ast` module lists every class, function and method (ClassDef, FunctionDef, AsyncFunctionDef) with
its name path (nesting of classes and functions) and 0-based line range (lineno-1 .. end_lineno-1,
decorators excluded). `arborist index --dump` lists arborist's symbols. A match is the same file, name path
(overload suffixes like `[1]` dropped; compared as multisets) and line range. Prints recall (oracle items
arborist found) and precision (arborist items the oracle confirms), and the first mismatches each way.
"""
import ast
import collections
import json
import os
import subprocess
import sys

KINDS = {"Class", "Method", "Function", "Constructor"}


def oracle(root):
    items, skipped = collections.Counter(), 0
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in (".git", ".arborist")]
        for name in filenames:
            if not name.endswith(".py"):
                continue
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, root)
            try:
                tree = ast.parse(open(path, encoding="utf-8").read())
            except (SyntaxError, UnicodeDecodeError, ValueError):
                skipped += 1
                continue
            walk(tree, [], rel, items)
    return items, skipped


def walk(node, prefix, rel, items):
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            path = prefix + [child.name]
            items[(rel, "/".join(path), child.lineno - 1, child.end_lineno - 1)] += 1
            walk(child, path, rel, items)
        else:
            walk(child, prefix, rel, items)


def strip_overloads(name_path):
    return "/".join(seg.split("[")[0] for seg in name_path.split("/"))


def arborist_items(root, binary):
    out = subprocess.run([binary, "index", root, "--dump"], check=True, capture_output=True, text=True).stdout
    items = collections.Counter()
    for line in out.splitlines():
        s = json.loads(line)
        if s["kind"] in KINDS and s["file"].endswith(".py"):
            items[(s["file"], strip_overloads(s["name_path"]), s["start_line"], s["end_line"])] += 1
    return items


def main():
    root = sys.argv[1]
    binary = sys.argv[2] if len(sys.argv) > 2 else "arborist"
    want, skipped = oracle(root)
    got = arborist_items(root, binary)
    got = collections.Counter({k: v for k, v in got.items() if not skipped or os.path.exists(os.path.join(root, k[0]))})
    found = sum((want & got).values())
    recall, precision = found / max(1, sum(want.values())), found / max(1, sum(got.values()))
    print(f"oracle (ast): {sum(want.values())} classes/functions/methods; arborist: {sum(got.values())}; files ast could not parse: {skipped}")
    print(f"recall {recall:.4%}  precision {precision:.4%}")
    for title, diff in (("missed by arborist", want - got), ("not confirmed by ast", got - want)):
        print(f"-- {title}: {sum(diff.values())}")
        for key in sorted(diff)[:15]:
            print("   ", key)


if __name__ == "__main__":
    main()
