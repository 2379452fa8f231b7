#!/usr/bin/env python3
"""Accuracy of arborist's document symbols against universal-ctags: Markdown headings, JSON keys, CSS
selectors and HTML element ids.

    benches/accuracy/documents_compare.py TREE [ARBORIST_BIN]

TREE: real documents, e.g. the `documents` corpus that benches/throughput.py fetches from npm and PyPI
(package.json and tsconfig files, READMEs and docs, theme stylesheets and templates). Per format, ctags'
tags (`ctags -R --output-format=json --languages=L`) are matched with `arborist index TREE --dump` by
(file, name, 0-based start line) as multisets; the JSON kind (object, array, string, number, boolean,
null) must agree too. Compared kinds:
  markdown: chapter .. l5subsection (headings #..######, setext included) -> arborist sections (String);
  json:     every key of an object (ctags' kinds are the value's type) -> arborist keys (same kinds);
            array elements are left out: ctags tags them only inside objects, by index;
  css:      class, id and selector (ctags: one tag per simple selector of a rule's selector list) ->
            arborist rule sets (Class, named by the whole selector list) match when one of the list's
            selectors is ctags' name on the same line;
  html:     id (elements with an id attribute) -> arborist elements with an id (Field).
YAML is not compared: ctags' YAML parser tags only anchors (`&name`), arborist tags keys.
Prints recall and precision per format and the first misses of each side (SHOW=N, default 8).
"""

import collections
import json
import os
import re
import subprocess
import sys

from ctags_compare import run_ctags, segments

FORMATS = {  # format -> (ctags language, extensions, ctags kinds compared)
    "markdown": ("Markdown", (".md", ".markdown"),
                 {"chapter", "section", "subsection", "subsubsection", "l4subsection", "l5subsection"}),
    "json": ("JSON", (".json",), {"object", "array", "string", "number", "boolean", "null"}),
    "css": ("CSS", (".css",), {"class", "id", "selector"}),
    "html": ("HTML", (".html", ".htm"), {"id"}),
}
SHOW = int(os.environ.get("SHOW", "8"))


def ctags_items(root, fmt):
    lang, exts, kinds = FORMATS[fmt]
    items = []
    for t in run_ctags(root, lang, exts):
        if t.get("kind") not in kinds or not t["path"].endswith(exts):
            continue
        if fmt == "json" and t.get("scopeKind") == "array":
            continue  # an array element, named by its index
        name = t["name"]
        if fmt == "css":
            name = re.sub(r"\s+", " ", name.strip())
        items.append({"file": t["path"][2:] if t["path"].startswith("./") else t["path"], "name": name,
                      "start": t["line"] - 1, "kind": t["kind"]})
    return items


def arborist_items(dump, fmt):
    _, exts, _ = FORMATS[fmt]
    items = []
    for s in dump:
        if not s["file"].endswith(exts):
            continue
        last = segments(s["name_path"])[-1]  # `a/.\/lib`: `./lib`
        if fmt == "css" and s["kind"] != "Class":
            continue  # at-rules (`@media`): ctags tags only the rule sets inside
        if fmt == "json" and re.fullmatch(r"\[\d+\]", last):
            continue  # an array element (`contributors/[0]`)
        last = re.sub(r"\[\d+\]$", "", last)  # `name[1]`: the second symbol of that name
        items.append({"file": s["file"], "name": last, "start": s["start_line"], "end": s["end_line"],
                      "kind": s["kind"].lower(), "name_path": s["name_path"]})
    return items


def css_names(item):
    return {re.sub(r"\s+", "", p) for p in item["name"].split(",")}


def css_match(names, name):
    """ctags names a selector by its last compound when it starts with an attribute or element
    (`[data-bs-theme=dark] .btn::after` is `.btn::after`): a suffix match, whitespace ignored."""
    name = re.sub(r"\s+", "", name)
    return any(n == name or n.endswith(name) for n in names)


def match(fmt, want, got):
    by_key = collections.defaultdict(list)
    for g in got:
        if fmt == "css":  # a selector list spans lines; ctags tags each selector on its own line
            g["names"] = css_names(g)
            for line in range(g["start"], g["end"] + 1):
                by_key[(g["file"], line)].append(g)
        elif fmt == "markdown":
            by_key[(g["file"], g["start"])].append(g)
        else:
            by_key[(g["file"], g["name"], g["start"])].append(g)
    used = set()
    missing = []
    for w in want:
        if fmt == "css":
            cands = [g for g in by_key.get((w["file"], w["start"]), []) if css_match(g["names"], w["name"])]
        elif fmt == "markdown":  # ctags cuts a heading at an attribute list: `Block Processors {: #bp }`
            cands = [g for g in by_key.get((w["file"], w["start"]), []) if g["name"] == w["name"]
                     or ("{" in w["name"] and g["name"].startswith(w["name"]))]
        else:
            cands = [g for g in by_key.get((w["file"], w["name"], w["start"]), [])
                     if (fmt != "json" or g["kind"] == w["kind"]) and id(g) not in used]
        if cands:
            used.add(id(cands[0]))
        else:
            missing.append(w)
    extra = [g for g in got if id(g) not in used]
    return missing, extra


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    root = os.path.abspath(sys.argv[1])
    binary = sys.argv[2] if len(sys.argv) > 2 else "arborist"
    out = subprocess.run([binary, "index", root, "--dump"], check=True, capture_output=True, text=True).stdout
    dump = [json.loads(line) for line in out.splitlines()]
    print("| format | files | ctags items | arborist items | recall | precision |")
    print("|---|---:|---:|---:|---:|---:|")
    details = []
    for fmt in FORMATS:
        want = ctags_items(root, fmt)
        files = {w["file"] for w in want}
        got = [g for g in arborist_items(dump, fmt) if g["file"] in files or not want]
        missing, extra = match(fmt, want, got)
        recall = 100 * (len(want) - len(missing)) / max(len(want), 1)
        precision = 100 * (len(got) - len(extra)) / max(len(got), 1)
        print(f"| {fmt} | {len(files)} | {len(want)} | {len(got)} | {recall:.2f}% | {precision:.2f}% |")
        details.append((fmt, missing, extra))
    for fmt, missing, extra in details:
        print(f"\n{fmt}: missing (ctags, not arborist): {len(missing)}")
        for w in missing[:SHOW]:
            print(f"    {w['file']}:{w['start'] + 1} ctags {w['kind']} {w['name']!r}")
        print(f"{fmt}: extra (arborist, not ctags): {len(extra)}")
        for g in extra[:SHOW]:
            print(f"    {g['file']}:{g['start'] + 1} arborist {g['kind']} {g['name_path']!r}")


if __name__ == "__main__":
    main()
