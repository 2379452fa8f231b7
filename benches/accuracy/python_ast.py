#!/usr/bin/env python3
"""Accuracy of arborist's Python symbols against Python's own `ast` module.

    benches/accuracy/python_ast.py DIR [ARBORIST_BIN]

Oracle: every ClassDef, FunctionDef and AsyncFunctionDef of every `.py` file arborist indexes, with its
name path (the nesting of classes and functions, e.g. `QuerySet/filter`, `outer/inner`) and its 0-based
line range (lineno-1, end_lineno-1: decorators excluded, as arborist's definition node excludes them).

Candidate: `arborist index DIR --dump` restricted to kinds Class, Method, Function and Constructor.

A match is the same (file, name path, start line, end line); overload suffixes (`name[1]`) are dropped
on both sides and items are compared as multisets. Files that `ast` cannot parse (e.g. test fixtures
with deliberate syntax errors, Python 2 files) are skipped on both sides. Prints recall (oracle items
found by arborist), precision (arborist items confirmed by the oracle) and the mismatches grouped by
cause. Exit status 1 when either is below GOAL (default 99.5%).
"""

import ast
import json
import os
import re
import subprocess
import sys
import warnings
from collections import Counter, defaultdict

KINDS = {"Class", "Method", "Function", "Constructor"}
GOAL = float(os.environ.get("GOAL", "99.5"))
SHOW = int(os.environ.get("SHOW", "20"))


def find_binary(arg):
    if arg:
        return arg
    here = os.path.dirname(os.path.abspath(__file__))
    for cand in (os.path.join(here, "../../target/release/arborist"),):
        if os.path.exists(cand):
            return cand
    return "arborist"


def strip_overloads(name_path):
    return "/".join(re.sub(r"\[\d+\]$", "", seg) for seg in name_path.split("/"))


def oracle_file(source):
    """(name_path, start, end, kind) of every class/function in a module."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        tree = ast.parse(source)
    out = []

    def walk(node, path):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                p = path + [child.name]
                kind = "class" if isinstance(child, ast.ClassDef) else "def"
                out.append(("/".join(p), child.lineno - 1, child.end_lineno - 1, kind))
                walk(child, p)
            else:
                walk(child, path)

    walk(tree, [])
    return out


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    root = os.path.abspath(sys.argv[1])
    binary = find_binary(sys.argv[2] if len(sys.argv) > 2 else None)

    dump = subprocess.run([binary, "index", root, "--dump"], capture_output=True, text=True, check=True)
    cand = defaultdict(Counter)  # file -> Counter[(name_path, start, end)]
    kinds = {}
    for line in dump.stdout.splitlines():
        d = json.loads(line)
        if not d["file"].endswith(".py") or d["kind"] not in KINDS:
            continue
        key = (strip_overloads(d["name_path"]), d["start_line"], d["end_line"])
        cand[d["file"]][key] += 1
        kinds[(d["file"],) + key] = d["kind"]

    # The files arborist indexed (respecting .gitignore) are the universe; ast parses the same files.
    indexed = sorted({json.loads(l)["file"] for l in dump.stdout.splitlines() if json.loads(l)["file"].endswith(".py")})
    # Files with no symbol at all do not appear in the dump: add every .py file under root that is not ignored.
    listed = subprocess.run(
        ["rg", "--files", "--hidden", "--no-require-git", "--no-ignore-dot", "--no-ignore-parent",
         "--no-ignore-global", "-g", "!.git", "-g", "!.arborist", "-g", "*.py", "."],
        cwd=root, capture_output=True, text=True)
    files = sorted(set(indexed) | {f[2:] if f.startswith("./") else f for f in listed.stdout.split()})

    oracle = defaultdict(Counter)
    oracle_kind = {}
    skipped = []
    for rel in files:
        try:
            with open(os.path.join(root, rel), "rb") as fh:
                src = fh.read()
            items = oracle_file(src)
        except (SyntaxError, ValueError, UnicodeDecodeError, RecursionError) as e:
            skipped.append((rel, type(e).__name__))
            continue
        for (np, s, e, kind) in items:
            oracle[rel][(np, s, e)] += 1
            oracle_kind[(rel, np, s, e)] = kind
    skipped_set = {r for r, _ in skipped}

    n_oracle = n_cand = found = confirmed = 0
    missing, extra = [], []
    for rel in files:
        if rel in skipped_set:
            continue
        o, c = oracle.get(rel, Counter()), cand.get(rel, Counter())
        common = o & c
        n_oracle += sum(o.values())
        n_cand += sum(c.values())
        found += sum(common.values())
        confirmed += sum(common.values())
        for k, n in (o - c).items():
            missing.extend([(rel,) + k] * n)
        for k, n in (c - o).items():
            extra.extend([(rel,) + k] * n)

    # Explain each mismatch by what the other side has for the same name / same start line.
    by_name_o = defaultdict(list)
    by_name_c = defaultdict(list)
    for rel, cnt in oracle.items():
        for (np, s, e) in cnt:
            by_name_o[(rel, np)].append((s, e))
    for rel, cnt in cand.items():
        for (np, s, e) in cnt:
            by_name_c[(rel, np)].append((s, e))
    by_start_c = defaultdict(list)
    for rel, cnt in cand.items():
        for (np, s, e) in cnt:
            by_start_c[(rel, s)].append(np)
    by_start_o = defaultdict(list)
    for rel, cnt in oracle.items():
        for (np, s, e) in cnt:
            by_start_o[(rel, s)].append(np)

    lines_cache = {}

    def only_comments(rel, first, last):
        """Whether 0-based lines first..=last of a file are all blank or comments."""
        if rel not in lines_cache:
            with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as fh:
                lines_cache[rel] = fh.read().split("\n")
        lines = lines_cache[rel][first:last + 1]
        return all(not l.strip() or l.strip().startswith("#") for l in lines)

    def end_cause(rel, s, ast_end, arb_ends):
        if any(a > ast_end and only_comments(rel, ast_end + 1, a) for a in arb_ends):
            return "arborist's end includes trailing comments of the body (ast ends at the last statement)"
        return "same name+start, different end line"

    def cause_missing(rel, np, s, e):
        other = by_name_c.get((rel, np))
        if other:
            if any(os_ == s for os_, _ in other):
                return end_cause(rel, s, e, [oe for os_, oe in other if os_ == s]), f"arborist {other}"
            return "same name path, different lines", f"arborist {other}"
        at = by_start_c.get((rel, s))
        if at:
            return "different name path (nesting)", f"arborist {at}"
        return "not found at all", ""

    def cause_extra(rel, np, s, e):
        other = by_name_o.get((rel, np))
        if other:
            if any(os_ == s for os_, _ in other):
                return end_cause(rel, s, min(oe for os_, oe in other if os_ == s), [e]), f"ast {other}"
            return "same name path, different lines", f"ast {other}"
        at = by_start_o.get((rel, s))
        if at:
            return "different name path (nesting)", f"ast {at}"
        return "not a class/def for ast", ""

    def report(title, items, cause):
        groups = defaultdict(list)
        for it in items:
            c, detail = cause(*it)
            groups[c].append((it, detail))
        print(f"\n{title}: {len(items)}")
        shown = 0
        for c, lst in sorted(groups.items(), key=lambda kv: -len(kv[1])):
            print(f"  [{len(lst)}] {c}")
            for (rel, np, s, e), detail in lst[: max(1, SHOW // max(1, len(groups)))]:
                print(f"      {rel}:{s + 1} {np} [{s}-{e}] {detail}")
                shown += 1

    recall = 100.0 * found / n_oracle if n_oracle else 100.0
    precision = 100.0 * confirmed / n_cand if n_cand else 100.0
    print(f"corpus: {root}")
    print(f"files: {len(files)} .py, {len(skipped)} skipped (ast cannot parse)")
    for rel, why in skipped[:10]:
        print(f"  skipped {rel} ({why})")
    print(f"oracle (ast) items: {n_oracle}; arborist items: {n_cand}; matched: {found}")
    print(f"recall:    {recall:.3f}%")
    print(f"precision: {precision:.3f}%")
    report("missing (in ast, not in arborist)", missing, cause_missing)
    report("extra (in arborist, not in ast)", extra, cause_extra)
    ok = recall >= GOAL and precision >= GOAL
    print(f"\ngoal {GOAL}%: {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
