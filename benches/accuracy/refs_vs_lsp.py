#!/usr/bin/env python3
"""Heuristic (tree-sitter) references against a language server's, on real code.

Usage: refs_vs_lsp.py PROJECT_DIR [ARBORIST_BIN] [N=50] [--lang LANG] [--seed 7] [--samples 15]
                      [--details FILE.jsonl] [--max-minutes M] [--server-answers DETAILS.jsonl]

LANG is python, typescript, javascript, go, rust, java, c or cpp; without --lang it is the language with the most
definitions in the project. Picks N top-level functions, N top-level types ("Class": classes, Go structs and
interfaces, Rust structs, enums and traits) and N methods of those types (Go methods `Type/method` grouped by
receiver, Rust impl methods `Type/method`), a fixed sample per kind (seed 7; names starting with `_`, overload
repeats `name[i]`, tests, test data, vendored and generated declaration files left out), asks one
`arborist serve` session find_referencing_symbols with backend "heuristic" and with backend "lsp" (the
language server of grammars.toml), and compares the referencing lines (file, 0-based line), counting only
files of the language (a server's uses in other languages' files are counted and printed apart). Prints
recall and precision of the heuristic against the server, for each kind, for all uses and for the uses not
marked `"uncertain": true` (what a heuristic rename changes), pooled over all lines (micro) and as the mean
over symbols (macro); how long each backend took; and a sample of misses (server only) and false positives
(heuristic only) with their line text. --server-answers takes the server's lines from an earlier run's
--details file instead of starting the server. --details writes every symbol's sets as JSON lines.
"""
import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time

KINDS = ("Function", "Class", "Method")

# Per language: file extensions (definitions are sampled from and uses counted in these), the symbol kinds
# that count as a "Class" (a type that has methods), and paths left out of the sample.
LANGS = {
    "python": {"ext": (".py", ".pyi"), "types": ("Class",), "skip": ("/tests/", "/test/")},
    "typescript": {"ext": (".ts", ".tsx", ".mts", ".cts"), "types": ("Class",),
                   "skip": ("/tests/", "/test/", "/spec/", "/__tests__/", ".d.ts", ".spec.", ".test.")},
    "javascript": {"ext": (".js", ".jsx", ".mjs", ".cjs"), "types": ("Class",),
                   "skip": ("/tests/", "/test/", "/spec/", "/__tests__/", ".min.js", ".spec.", ".test.")},
    "go": {"ext": (".go",), "types": ("Struct", "Interface", "TypeParameter"),
           "skip": ("_test.go", "/testdata/", "/vendor/")},
    "rust": {"ext": (".rs",), "types": ("Struct", "Enum", "Interface"),
             "skip": ("/tests/", "/benches/", "/examples/", "/target/")},
    "java": {"ext": (".java",), "types": ("Class", "Interface", "Enum"), "skip": ("/test/", "/tests/")},
    "c": {"ext": (".c", ".h"), "types": ("Struct",), "skip": ("/test/", "/tests/")},
    "cpp": {"ext": (".cc", ".cpp", ".cxx", ".hpp", ".hh", ".h"), "types": ("Class", "Struct"),
            "skip": ("/test/", "/tests/")},
}


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("project")
    ap.add_argument("binary", nargs="?", default="arborist")
    ap.add_argument("n", nargs="?", type=int, default=50)
    ap.add_argument("--lang", choices=sorted(LANGS))
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--samples", type=int, default=15, help="misses and false positives printed per kind")
    ap.add_argument("--details", help="write each symbol's lines (server, heuristic, certain) as JSON lines")
    ap.add_argument("--max-minutes", type=float, default=0, help="stop sampling after this long (0: no limit)")
    ap.add_argument("--server-answers", metavar="DETAILS.jsonl",
                    help="the server's lines from an earlier run's --details (same project, same sample) instead "
                         "of asking the server: a new build measured without starting it")
    return ap.parse_args()


def language_of(path):
    for lang, conf in LANGS.items():
        if lang != "cpp" and path.endswith(conf["ext"]):
            return lang
    return "cpp" if path.endswith(LANGS["cpp"]["ext"]) else None


def built_files(root):
    """The Go files the build for this platform has, tests included (`go list ./...`, relative to root):
    gopls knows only these, so definitions are sampled from them; uses elsewhere (other platforms' files,
    testdata) still count, and the heuristic's there are counted apart."""
    fmt = ("{{$d := .Dir}}{{range .GoFiles}}{{$d}}/{{.}}\n{{end}}{{range .CgoFiles}}{{$d}}/{{.}}\n{{end}}"
           "{{range .TestGoFiles}}{{$d}}/{{.}}\n{{end}}{{range .XTestGoFiles}}{{$d}}/{{.}}\n{{end}}")
    out = subprocess.run(["go", "list", "-e", "-f", fmt, "./..."], cwd=root, capture_output=True, text=True).stdout
    base = os.path.realpath(root)
    return {os.path.relpath(os.path.realpath(l), base) for l in out.splitlines() if l}


def main():
    args = parse_args()
    root, binary, n = args.project, args.binary, args.n
    dump = subprocess.run([binary, "index", root, "--dump"], check=True, capture_output=True, text=True).stdout
    symbols = [json.loads(l) for l in dump.splitlines()]
    lang = args.lang
    if lang is None:
        counts = {}
        for s in symbols:
            l = language_of(s["file"])
            if l:
                counts[l] = counts.get(l, 0) + 1
        lang = max(counts, key=counts.get)
    conf = LANGS[lang]
    ext, types = conf["ext"], conf["types"]

    def in_lang(path):
        return path.endswith(ext)

    def skipped(path):
        p = "/" + path
        return any(x in p for x in conf["skip"])

    # a method's type may be defined in another file (Go methods, Rust impls): matched by name
    type_names = {s["name_path"] for s in symbols if s["kind"] in types and "/" not in s["name_path"]}

    def kind_of(s):
        path = s["name_path"]
        if "[" in path or s["kind"] not in ("Function", "Method") + types:
            return None
        parts = path.split("/")
        if any(p.startswith("_") for p in parts):
            return None
        if len(parts) == 1:
            return "Function" if s["kind"] == "Function" else ("Class" if s["kind"] in types else None)
        if len(parts) == 2 and s["kind"] == "Method" and parts[0] in type_names:
            return "Method"
        return None

    built = built_files(root) if lang == "go" else None
    pool = [(kind_of(s), s) for s in symbols if in_lang(s["file"]) and not skipped(s["file"])
            and (built is None or s["file"] in built)]
    pool = [(k, s) for k, s in pool if k]
    random.Random(args.seed).shuffle(pool)
    stored = {}
    if args.server_answers:
        with open(args.server_answers) as f:
            for row in map(json.loads, f):
                stored[(row["file"], row["name_path"])] = {tuple(l) for l in row["lsp"]}
        pool = [(k, s) for k, s in pool if (s["file"], s["name_path"]) in stored]
    if built is not None:
        print(f"{len(built)} files in the build (go list ./...): definitions sampled from these")
    print(f"language {lang}: {len(symbols)} symbols indexed, sample pool "
          + ", ".join(f"{k} {sum(1 for kk, _ in pool if kk == k)}" for k in KINDS), flush=True)

    proc = subprocess.Popen([binary, "serve", root, "--index-threads", "1"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
    ids = iter(range(1, 10**9))

    def call(method, params):
        i = next(ids)
        proc.stdin.write(json.dumps({"jsonrpc": "2.0", "id": i, "method": method, "params": params}) + "\n")
        while True:
            line = proc.stdout.readline()
            if not line:
                raise RuntimeError("arborist serve exited")
            msg = json.loads(line)
            if msg.get("id") == i:
                return msg

    call("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                        "clientInfo": {"name": "bench", "version": "0"}})
    proc.stdin.write(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}) + "\n")

    times = {"lsp": [], "heuristic": []}
    other_lang_lines = [0]

    def refs(sym, backend):
        # absolute (`/Name`): a Java class's name path would also match its constructor `Name/Name`
        args_ = {"name_path": "/" + sym["name_path"], "relative_path": sym["file"], "backend": backend,
                 "max_answer_chars": 10**8}
        t0 = time.monotonic()
        r = call("tools/call", {"name": "find_referencing_symbols", "arguments": args_})["result"]
        times[backend].append(time.monotonic() - t0)
        text = r["content"][0]["text"]
        if r.get("isError"):
            return None, text
        lines, certain = set(), set()
        answer = json.loads(text)
        said = answer.pop("backend", "")
        if backend == "lsp" and not said.startswith("precise"):
            return None, said
        for path, kinds in answer.items():
            for items in kinds.values():
                for item in items:
                    if item.get("unconfirmed"):
                        continue  # the heuristic's uses that the server did not return, listed with its answer
                    for l in item["content_around_reference"].split("\n"):
                        if l.startswith("  >"):
                            line = (path, int(l[3:].split(":")[0]))
                            if not in_lang(path):
                                if backend == "lsp":
                                    other_lang_lines[0] += 1
                                continue
                            lines.add(line)
                            if not item.get("uncertain"):
                                certain.add(line)
        return (lines, certain), None

    totals = {k: [0, 0, 0] for k in KINDS}  # both, heuristic, lsp
    sure = {k: [0, 0] for k in KINDS}  # both, heuristic: the uses not marked uncertain
    per_symbol = {k: [] for k in KINDS}  # (recall, precision) per symbol
    misses = {k: [] for k in KINDS}  # (symbol, (file, line)) server only
    false_pos = {k: [] for k in KINDS}  # (symbol, (file, line), certain?) heuristic only
    unused, failed, outside = {k: 0 for k in KINDS}, {k: 0 for k in KINDS}, {k: 0 for k in KINDS}
    # Go: the heuristic lines in files of this platform's build (all, certain), the only ones gopls sees
    in_build = {k: [0, 0] for k in KINDS}
    first_error = {}
    details = open(args.details, "w") if args.details else None
    started = time.monotonic()
    done = 0
    for kind, sym in pool:
        if len(per_symbol[kind]) >= n:
            continue
        if args.max_minutes and time.monotonic() - started > args.max_minutes * 60:
            print(f"stopped after {args.max_minutes} minutes", flush=True)
            break
        if stored:
            lsp, err = (stored[(sym["file"], sym["name_path"])], None), None
        else:
            lsp, err = refs(sym, "lsp")
        if lsp is None:
            failed[kind] += 1
            first_error.setdefault(kind, err)
            continue
        if not lsp[0]:
            unused[kind] += 1
            continue  # unreferenced: not informative
        lsp = lsp[0]
        (heur, certain), _ = refs(sym, "heuristic")
        sure[kind][0] += len(certain & lsp)
        sure[kind][1] += len(certain)
        t = totals[kind]
        t[0] += len(heur & lsp); t[1] += len(heur); t[2] += len(lsp)
        per_symbol[kind].append((len(heur & lsp) / len(lsp), len(heur & lsp) / max(1, len(heur))))
        misses[kind].extend((sym, l) for l in sorted(lsp - heur))
        false_pos[kind].extend((sym, l, l in certain) for l in sorted(heur - lsp))
        if built is not None:
            outside[kind] += sum(1 for l in heur - lsp if l[0] not in built)
            in_build[kind][0] += sum(1 for l in heur if l[0] in built)
            in_build[kind][1] += sum(1 for l in certain if l[0] in built)
        if details:
            details.write(json.dumps({"kind": kind, "file": sym["file"], "name_path": sym["name_path"],
                                      "lsp": sorted(lsp), "heuristic": sorted(heur),
                                      "certain": sorted(certain)}) + "\n")
        done += 1
        print(f"{kind:<8} {sym['file']}:{sym['name_path']:<40} lsp {len(lsp):>4}  heuristic {len(heur):>4}  "
              f"certain {len(certain):>4}  common {len(heur & lsp):>4}  certain common {len(certain & lsp):>4}",
              flush=True)
    proc.stdin.close()
    try:
        proc.wait(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
    if details:
        details.close()

    cache = {}

    def text_of(path, line):
        if path not in cache:
            try:
                with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
                    cache[path] = f.read().split("\n")
            except OSError:
                cache[path] = []
        lines = cache[path]
        return lines[line].strip()[:110] if line < len(lines) else "?"

    rng = random.Random(args.seed)
    for kind in KINDS:
        for title, items in (("misses (server only)", misses[kind]),
                             ("false positives, certain (heuristic only)", [x for x in false_pos[kind] if x[2]]),
                             ("false positives, uncertain", [x for x in false_pos[kind] if not x[2]])):
            if not items:
                continue
            print(f"\n{kind} {title}: {len(items)}, a sample:")
            for item in sorted(rng.sample(items, min(args.samples, len(items))), key=lambda x: x[1]):
                sym, (path, line) = item[0], item[1]
                print(f"  {path}:{line + 1}  [{sym['name_path']}]  {text_of(path, line)}")

    print(f"\n== {lang}: {os.path.basename(os.path.normpath(root))}")
    both = [sum(t[i] for t in totals.values()) for i in range(3)]
    for name, t in list(totals.items()) + [("all", both)]:
        if t[2]:
            print(f"{name:<9} recall {t[0] / t[2]:.1%}  precision {t[0] / max(1, t[1]):.1%}  "
                  f"(server lines {t[2]}, heuristic lines {t[1]})")
    sure_all = [sum(v[i] for v in sure.values()) for i in range(2)]
    for name, (common, said) in list(sure.items()) + [("all", sure_all)]:
        t = totals[name] if name in totals else both
        if said or t[2]:
            print(f"{name:<9} without the uses marked uncertain (what a rename changes): recall "
                  f"{common / max(1, t[2]):.1%}  precision {common / max(1, said):.1%}  (heuristic lines {said})")
    for name, pairs in per_symbol.items():
        if pairs:
            r = sum(p[0] for p in pairs) / len(pairs)
            pr = sum(p[1] for p in pairs) / len(pairs)
            print(f"{name:<9} per-symbol mean: recall {r:.1%}  precision {pr:.1%}  ({len(pairs)} symbols; "
                  f"{unused[name]} without a use, {failed[name]} the server failed on)")
    for name, err in first_error.items():
        print(f"{name:<9} first server failure: {err[:300]}")
    if built is not None:
        print("heuristic-only lines in files outside this platform's build (other GOOS/GOARCH, testdata): "
              + ", ".join(f"{k} {v}" for k, v in outside.items()))
        for name, (said, said_certain) in in_build.items():
            t, s = totals[name], sure[name]
            if t[2]:
                print(f"{name:<9} in this platform's build only (what gopls sees): precision "
                      f"{t[0] / max(1, said):.1%}, without the uses marked uncertain {s[0] / max(1, said_certain):.1%}"
                      f"  (heuristic lines {said}, {said_certain} certain)")
    if other_lang_lines[0]:
        print(f"server uses in files of other languages (not counted): {other_lang_lines[0]}")
    for backend, ts in times.items():
        if ts:
            print(f"time {backend:<9} calls {len(ts):>4}  total {sum(ts):7.1f} s  median {statistics.median(ts) * 1000:8.1f} ms"
                  f"  max {max(ts) * 1000:8.1f} ms  first {ts[0] * 1000:8.1f} ms")
    print(f"symbols compared: {done}")


if __name__ == "__main__":
    main()
