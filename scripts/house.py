#!/usr/bin/env python3
"""The shape of the code base, measured: modules, lines per layer, import cycles, upward edges, function
sizes, and the places where behaviour still branches on a language name or a grammar node kind.

    scripts/house.py [ARBORIST_BIN]

Function sizes come from arborist's own symbol index (`arborist index --dump` on this checkout): every
Function/Method/Constructor under a `src/` folder outside `tests` modules, in lines. The module graph comes
from `crate::x`, `super::x` and `arborist_<crate>::x` paths in each file. Run from anywhere; prints a
Markdown table.
"""

import collections
import json
import os
import re
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The layers of DESIGN.md, lowest first; a module may use modules of its own layer or below.
LAYERS = ["syntax", "lsp", "engine", "surface"]
LAYER_OF_MODULE = {
    "text": "syntax", "error": "syntax", "config": "syntax", "language": "syntax", "query": "syntax",
    "syntax": "syntax", "symbols": "syntax", "plan": "syntax", "grammars": "syntax",
    "lsp": "lsp",
    "project": "engine", "cache": "engine", "index": "engine", "search": "engine", "files": "engine",
    "refs": "engine", "memory": "engine", "engine": "engine", "external": "engine", "shell": "engine",
    "commit": "engine", "resolve": "engine", "edit": "engine", "settings": "engine",
    "tools": "surface", "session": "surface", "contexts": "surface", "server": "surface", "main": "surface",
    "lib": "surface", "cli": "surface",
}
CRATE_LAYER = {"arborist-syntax": "syntax", "arborist-lsp": "lsp", "arborist-engine": "engine", "arborist": "surface"}
LANG_NAMES = ["rust", "python", "typescript", "tsx", "javascript", "java", "go"]


def source_files():
    """(crate, module, path) of every .rs file under a src/ folder."""
    out = []
    for top in ["src", "crates"]:
        base = os.path.join(ROOT, top)
        for dirpath, _, files in os.walk(base):
            if "/target" in dirpath:
                continue
            for f in files:
                if not f.endswith(".rs"):
                    continue
                path = os.path.join(dirpath, f)
                rel = os.path.relpath(path, ROOT)
                parts = rel.split("/")
                if parts[0] == "crates":
                    crate, inner = parts[1], parts[3:]
                else:
                    crate, inner = "arborist", parts[1:]
                module = inner[0][:-3] if inner[0].endswith(".rs") else inner[0]
                out.append((crate, module, rel))
    return sorted(out)


def strip_tests(text):
    """The text before a `#[cfg(test)]` module (tests may use anything)."""
    i = text.find("#[cfg(test)]")
    return text if i < 0 else text[:i]


def layer(crate, module):
    if crate != "arborist":
        return CRATE_LAYER.get(crate, crate)
    return LAYER_OF_MODULE.get(module, "?")


def graph(files):
    edges = collections.defaultdict(set)
    for crate, module, rel in files:
        text = strip_tests(open(os.path.join(ROOT, rel)).read())
        me = (crate, module)
        for m in re.finditer(r"\bcrate::(\w+)", text):
            edges[me].add((crate, m.group(1)))
        for m in re.finditer(r"\buse crate::\{([^}]*)\}", text):
            for name in re.findall(r"(?:^|,)\s*(\w+)", m.group(1)):
                edges[me].add((crate, name))
        for m in re.finditer(r"\barborist_(\w+)::(\w+)", text):
            edges[me].add(("arborist-" + m.group(1), m.group(2)))
        for m in re.finditer(r"\buse arborist_(\w+)::\{([^}]*)\}", text):
            for name in re.findall(r"(?:^|,)\s*(\w+)", m.group(2)):
                edges[me].add(("arborist-" + m.group(1), name))
    known = {(c, m) for c, m, _ in files}
    return {a: {b for b in bs if b in known and b != a} for a, bs in edges.items()}


def cycles(edges):
    """Strongly connected components with more than one module (Tarjan)."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in list(edges):
        if v not in index:
            visit(v)
    return out


def function_sizes(binary):
    dump = subprocess.run([binary, "index", ROOT, "--dump"], check=True, capture_output=True, text=True).stdout
    sizes = []
    for line in dump.splitlines():
        s = json.loads(line)
        in_src = s["file"].startswith("src/") or re.match(r"crates/[^/]+/src/", s["file"])
        if not in_src or s["kind"] not in ("Function", "Method", "Constructor"):
            continue
        if s["name_path"].split("/")[0] == "tests":
            continue
        sizes.append(s["end_line"] - s["start_line"] + 1)
    return sizes


def branches(files):
    """Lines that branch on a language name, and lines that compare a grammar node kind with a literal."""
    names = "|".join(LANG_NAMES)
    lang_re = re.compile(rf'(==\s*"({names})"|"({names})"\s*(=>|\|))')
    kind_re = re.compile(r'(kind\(\)\s*[!=]=\s*"|matches!\([^;]*kind\(\)[^;]*"\w+"|"(\w+_item|decorator|decorated_definition|export_statement|marker_annotation|annotation)")')
    langs, kinds = [], []
    for crate, module, rel in files:
        for n, line in enumerate(strip_tests(open(os.path.join(ROOT, rel)).read()).splitlines(), 1):
            code = line.split("//")[0]
            if lang_re.search(code):
                langs.append(f"{rel}:{n}")
            if kind_re.search(code):
                kinds.append(f"{rel}:{n}")
    return langs, kinds


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "target/release/arborist")
    files = source_files()
    lines = collections.Counter()
    for crate, module, rel in files:
        lines[layer(crate, module)] += sum(1 for _ in open(os.path.join(ROOT, rel)))
    edges = graph(files)
    upward = sorted(
        f"{a[0]}::{a[1]} -> {b[0]}::{b[1]}"
        for a, bs in edges.items() for b in bs
        if LAYERS.index(layer(*b)) > LAYERS.index(layer(*a)) if layer(*a) in LAYERS and layer(*b) in LAYERS
    )
    sizes = sorted(function_sizes(binary))
    langs, kinds = branches(files)
    crates = sorted({c for c, _, _ in files})
    print("| measure | value |\n|---|---|")
    print(f"| crates | {len(crates)} ({', '.join(crates)}) |")
    print(f"| modules (.rs files under src/) | {len(files)} |")
    print(f"| lines per layer | {', '.join(f'{l} {lines[l]}' for l in LAYERS)} |")
    cyc = cycles(edges)
    print(f"| import cycles | {len(cyc)}{': ' + '; '.join(' ↔ '.join(m for _, m in c) for c in cyc) if cyc else ''} |")
    print(f"| upward edges | {len(upward)}{': ' + '; '.join(upward) if upward else ''} |")
    p90 = sizes[int(len(sizes) * 0.9)] if sizes else 0
    print(f"| functions | {len(sizes)}; lines median {statistics.median(sizes):.0f}, p90 {p90}, max {sizes[-1]} |")
    print(f"| branches on a language name | {len(langs)}{': ' + ', '.join(langs) if langs else ''} |")
    print(f"| grammar node kinds in code | {len(kinds)}{': ' + ', '.join(kinds) if kinds else ''} |")


if __name__ == "__main__":
    main()
