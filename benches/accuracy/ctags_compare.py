#!/usr/bin/env python3
"""Accuracy of arborist's Go or Java symbols against universal-ctags (an independent parser).

    benches/accuracy/ctags_compare.py TREE go|java [ARBORIST_BIN]

Oracle: `ctags -R --output-format=json --fields=+neKZ --languages=Go|Java`, kinds
  Go:   func (functions and methods), methodSpec (interface methods) -> fn;
        struct, interface, type, talias -> type
  Java: method (constructors included) -> fn; class, interface, enum, annotation -> type
Candidate: `arborist index TREE --dump`, kinds Function/Method/Constructor -> fn;
Struct/Interface/Class/Enum/TypeParameter -> type (Go's synthetic `Object` holders of methods whose type
is in another file are not symbols of the source and are left out).

Matching, per (file, last name-path segment, group), as multisets:
  1. exact: same start line (ctags' `line` is the line of the name);
  2. else "start differs": arborist's range contains ctags' line and both end on the same line (Java: the
     definition node starts at its annotations/Javadoc-free modifiers, ctags at the name).
Both count as found. Also reported for matched items: whether the end line agrees, and whether the
container agrees (ctags `scope` last component vs the parent segment of arborist's name path).
Only files both tools look at are compared (arborist's walker honours .gitignore; ctags -R does not).
"""

import collections
import json
import os
import re
import subprocess
import sys

CTAGS_KINDS = {
    "go": {"func": "fn", "methodSpec": "fn", "struct": "type", "interface": "type", "type": "type", "talias": "type"},
    "java": {"method": "fn", "class": "type", "interface": "type", "enum": "type", "annotation": "type"},
}
ARBORIST_KINDS = {
    "Function": "fn", "Method": "fn", "Constructor": "fn",
    "Struct": "type", "Interface": "type", "Class": "type", "Enum": "type", "TypeParameter": "type",
}
EXT = {"go": ".go", "java": ".java"}
SHOW = int(os.environ.get("SHOW", "8"))


def norm(path):
    return path[2:] if path.startswith("./") else path


def ctags_items(root, lang):
    out = subprocess.run(
        ["ctags", "-R", "--output-format=json", "--fields=+neKZ", f"--languages={lang.capitalize()}", "-f", "-", "."],
        cwd=root, check=True, capture_output=True, text=True,
    ).stdout
    items = []
    for line in out.splitlines():
        t = json.loads(line)
        group = CTAGS_KINDS[lang].get(t.get("kind"))
        if t.get("_type") != "tag" or not group or not t["path"].endswith(EXT[lang]):
            continue
        scope = t.get("scope")
        container = scope.split(".")[-1] if scope and t.get("scopeKind") not in (None, "package") else None
        items.append({
            "file": norm(t["path"]), "name": t["name"], "group": group, "kind": t["kind"],
            "start": t["line"] - 1, "end": t["end"] - 1 if "end" in t else None, "container": container,
        })
    return items


ALL = {}  # (file, name_path) -> kind, every arborist symbol
AT = collections.defaultdict(list)  # (file, 0-based line, name) -> kinds of arborist symbols there


def arborist_items(root, lang, binary):
    out = subprocess.run([binary, "index", root, "--dump"], check=True, capture_output=True, text=True).stdout
    items = []
    for line in out.splitlines():
        s = json.loads(line)
        ALL[(s["file"], s["name_path"])] = s["kind"]
        last = re.sub(r"\[\d+\]$", "", s["name_path"].split("/")[-1])
        for ln in range(s["start_line"], s["end_line"] + 1):
            AT[(s["file"], ln, last)].append(s["kind"])
        group = ARBORIST_KINDS.get(s["kind"])
        if not group or not s["file"].endswith(EXT[lang]):
            continue
        segs = [re.sub(r"\[\d+\]$", "", p) for p in s["name_path"].split("/")]
        items.append({
            "file": s["file"], "name": segs[-1], "group": group, "kind": s["kind"], "name_path": s["name_path"],
            "start": s["start_line"], "end": s["end_line"], "container": segs[-2] if len(segs) > 1 else None,
        })
    return items


def walked_files(root, ext):
    """The files arborist's walker sees: .gitignore honoured outside git repos, hidden files included."""
    out = subprocess.run(
        ["rg", "--files", "--hidden", "--no-require-git", "--no-ignore-dot", "--no-ignore-parent",
         "--no-ignore-global", "-g", "!.git", "-g", "!.arborist", "-g", f"*{ext}", "."],
        cwd=root, capture_output=True, text=True).stdout
    return {norm(f) for f in out.split()}


def main():
    if len(sys.argv) < 3 or sys.argv[2] not in EXT:
        sys.exit(__doc__)
    root, lang = os.path.abspath(sys.argv[1]), sys.argv[2]
    binary = sys.argv[3] if len(sys.argv) > 3 else "arborist"
    want, got = ctags_items(root, lang), arborist_items(root, lang, binary)
    universe = walked_files(root, EXT[lang])
    dropped = {w["file"] for w in want if w["file"] not in universe}
    want = [w for w in want if w["file"] in universe]
    got = [g for g in got if g["file"] in universe]

    buckets = collections.defaultdict(lambda: ([], []))
    for w in want:
        buckets[(w["file"], w["name"], w["group"])][0].append(w)
    for g in got:
        buckets[(g["file"], g["name"], g["group"])][1].append(g)

    pairs, shifted, missing, extra = [], [], [], []
    for key, (ws, gs) in buckets.items():
        ws, gs = sorted(ws, key=lambda x: x["start"]), sorted(gs, key=lambda x: x["start"])
        for w in list(ws):  # pass 1: exact start line
            g = next((g for g in gs if g["start"] == w["start"]), None)
            if g:
                pairs.append((w, g)); ws.remove(w); gs.remove(g)
        for w in list(ws):  # pass 2: arborist range contains the name line, same end
            g = next((g for g in gs if g["start"] <= w["start"] <= g["end"] and w["end"] in (None, g["end"])), None)
            if g:
                pairs.append((w, g)); shifted.append((w, g)); ws.remove(w); gs.remove(g)
        missing += ws
        extra += gs

    n_want, n_got, found = len(want), len(got), len(pairs)
    print(f"corpus: {root} ({lang}); files compared: {len(universe)}; ctags-only files (ignored by arborist): {len(dropped)}")
    print(f"ctags items: {n_want}; arborist items: {n_got}; matched: {found} ({len(shifted)} with a different start line)")
    print(f"recall:    {100.0 * found / max(1, n_want):.3f}%")
    print(f"precision: {100.0 * found / max(1, n_got):.3f}%")
    with_end = [(w, g) for w, g in pairs if w["end"] is not None]
    end_ok = sum(1 for w, g in with_end if w["end"] == g["end"])
    print(f"matched items with a ctags end line: {len(with_end)}; same end line: {end_ok} ({100.0 * end_ok / max(1, len(with_end)):.3f}%)")
    with_cont = [(w, g) for w, g in pairs if w["container"] or g["container"]]
    cont_ok = sum(1 for w, g in with_cont if w["container"] == g["container"])
    print(f"matched items with a container on either side: {len(with_cont)}; same container: {cont_ok}")

    def show(title, items, fmt):
        print(f"\n{title}: {len(items)}")
        groups = collections.Counter(fmt(i)[0] for i in items)
        for cause, n in groups.most_common():
            print(f"  [{n}] {cause}")
            for i in [i for i in items if fmt(i)[0] == cause][:SHOW]:
                print(f"      {fmt(i)[1]}")

    def miss_cause(w):
        where = f"{w['file']}:{w['start'] + 1} ctags {w['kind']} {w['name']} scope={w['container']}"
        if "/testdata/" in w["file"]:
            return "in testdata/ (often deliberately invalid code)", where
        other = [k for k in AT.get((w["file"], w["start"], w["name"]), []) if ARBORIST_KINDS.get(k) != w["group"]]
        if other:
            return f"ctags {w['kind']}, arborist {other[0]} (kind differs)", where + f"; arborist {other[0]}"
        return f"ctags {w['kind']} not in arborist", where

    def extra_cause(g):
        where = f"{g['file']}:{g['start'] + 1}-{g['end'] + 1} {g['kind']} {g['name_path']}"
        if "/testdata/" in g["file"]:
            return "in testdata/ (often deliberately invalid code)", where
        segs = g["name_path"].split("/")
        kinds = [ALL.get((g["file"], "/".join(segs[:i]))) for i in range(1, len(segs))]
        if "EnumMember" in kinds:
            return f"{g['kind']} in an enum constant's body (ctags takes `C(..) {{` for a method, skips the body)", where
        if any(ARBORIST_KINDS.get(k) == "fn" for k in kinds):
            return f"{g['kind']} inside a function/method body (local type or its member)", where
        return f"arborist {g['kind']} not in ctags", where

    show("missing (ctags, not arborist)", missing, miss_cause)
    show("extra (arborist, not ctags)", extra, extra_cause)

    if shifted:
        print(f"\nstart line differs but same end (first {SHOW}):")
        for w, g in shifted[:SHOW]:
            print(f"      {g['file']}: ctags {w['name']} line {w['start'] + 1}, arborist {g['name_path']} {g['start'] + 1}-{g['end'] + 1}")
    bad_end = [(w, g) for w, g in with_end if w["end"] != g["end"]]
    if bad_end:
        print(f"\nend line differs (first {SHOW} of {len(bad_end)}):")
        for w, g in bad_end[:SHOW]:
            print(f"      {g['file']}:{g['start'] + 1} {g['name_path']}: ctags end {w['end'] + 1}, arborist end {g['end'] + 1}")
    bad_cont = [(w, g) for w, g in with_cont if w["container"] != g["container"]]
    if bad_cont:
        print(f"\ncontainer differs (first {SHOW} of {len(bad_cont)}):")
        for w, g in bad_cont[:SHOW]:
            print(f"      {g['file']}:{g['start'] + 1} {w['name']}: ctags scope {w['container']}, arborist {g['name_path']}")


if __name__ == "__main__":
    main()
