#!/usr/bin/env python3
"""Heuristic (tree-sitter) references against a language server's, on real code.

Usage: refs_vs_lsp.py PROJECT_DIR [ARBORIST_BIN] [N=50]

Picks N top-level functions, N top-level classes and N methods of top-level classes (a fixed sample per
kind; names starting with `_` left out), asks one `arborist serve` session for
find_referencing_symbols with backend "heuristic" and with backend "lsp" (pyright for Python), and compares
the referencing lines (file, 0-based line). Prints recall and precision of the heuristic against the server,
for each kind, pooled over all lines (micro) and as the mean over symbols (macro).
"""
import json
import random
import subprocess
import sys


KINDS = ("Function", "Class", "Method")


def main():
    root = sys.argv[1]
    binary = sys.argv[2] if len(sys.argv) > 2 else "arborist"
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 50
    dump = subprocess.run([binary, "index", root, "--dump"], check=True, capture_output=True, text=True).stdout
    symbols = [json.loads(l) for l in dump.splitlines()]
    def wanted(s):
        depth = 1 if s["kind"] == "Method" else 0
        last = s["name_path"].rsplit("/", 1)[-1]
        return (s["kind"] in KINDS and s["name_path"].count("/") == depth and s["file"].endswith(".py")
                and "/tests/" not in "/" + s["file"] and not s["name_path"].startswith("_") and not last.startswith("_"))
    pool = [s for s in symbols if wanted(s)]
    random.Random(7).shuffle(pool)
    proc = subprocess.Popen([binary, "serve", root, "--index-threads", "1"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, bufsize=1)
    ids = iter(range(1, 10**9))

    def call(method, params):
        i = next(ids)
        proc.stdin.write(json.dumps({"jsonrpc": "2.0", "id": i, "method": method, "params": params}) + "\n")
        while True:
            msg = json.loads(proc.stdout.readline())
            if msg.get("id") == i:
                return msg

    call("initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "bench", "version": "0"}})
    proc.stdin.write(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}) + "\n")

    def refs(sym, backend):
        args = {"name_path": sym["name_path"], "relative_path": sym["file"], "backend": backend, "max_answer_chars": 10**8}
        r = call("tools/call", {"name": "find_referencing_symbols", "arguments": args})["result"]
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
                            lines.add(line)
                            if not item.get("uncertain"):
                                certain.add(line)
        return (lines, certain), None

    totals = {k: [0, 0, 0] for k in KINDS}  # both, heuristic, lsp
    sure = {k: [0, 0] for k in KINDS}  # both, heuristic: the uses not marked uncertain
    per_symbol = {k: [] for k in KINDS}  # (recall, precision) per symbol
    done = 0
    for sym in pool:
        if len(per_symbol[sym["kind"]]) >= n:
            continue
        lsp, err = refs(sym, "lsp")
        if lsp is None or not lsp[0]:
            continue  # unreferenced or the server failed: not informative
        lsp = lsp[0]
        (heur, certain), _ = refs(sym, "heuristic")
        sure[sym["kind"]][0] += len(certain & lsp)
        sure[sym["kind"]][1] += len(certain)
        t = totals[sym["kind"]]
        t[0] += len(heur & lsp); t[1] += len(heur); t[2] += len(lsp)
        per_symbol[sym["kind"]].append((len(heur & lsp) / len(lsp), len(heur & lsp) / max(1, len(heur))))
        done += 1
        print(f"{sym['kind']:<8} {sym['file']}:{sym['name_path']:<40} lsp {len(lsp):>4}  heuristic {len(heur):>4}  "
              f"certain {len(certain):>4}  common {len(heur & lsp):>4}  certain common {len(certain & lsp):>4}", flush=True)
    proc.stdin.close()
    proc.wait(timeout=30)
    both = [sum(t[i] for t in totals.values()) for i in range(3)]
    for name, t in list(totals.items()) + [("all", both)]:
        if t[2]:
            print(f"{name:<9} recall {t[0] / t[2]:.1%}  precision {t[0] / max(1, t[1]):.1%}  (server lines {t[2]}, heuristic lines {t[1]})")
    for name, (common, said) in sure.items():
        if said:
            t = totals[name]
            print(f"{name:<9} without the uses marked uncertain (what a rename changes): recall "
                  f"{common / max(1, t[2]):.1%}  precision {common / said:.1%}  (heuristic lines {said})")
    for name, pairs in per_symbol.items():
        if pairs:
            r = sum(p[0] for p in pairs) / len(pairs)
            pr = sum(p[1] for p in pairs) / len(pairs)
            print(f"{name:<9} per-symbol mean: recall {r:.1%}  precision {pr:.1%}  ({len(pairs)} symbols)")
    print(f"symbols compared: {done}")


if __name__ == "__main__":
    main()
