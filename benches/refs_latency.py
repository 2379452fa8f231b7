#!/usr/bin/env python3
"""refs_latency.py PROJECT_DIR [ARBORIST_BIN] — heuristic find_referencing_symbols latency on a warm server.

Spawns `arborist serve PROJECT_DIR --no-daemon` (stdio), waits until get_current_config says the symbol
index is ready, then for each target (default: Django's Model, QuerySet/filter, Field, HttpResponse and
slugify; override with TARGETS="name_path@relative_path,...") asks find_referencing_symbols with backend
"heuristic" N+1 times (default N=9): the first answer is the server's first query of that name (its
files' uses not yet analysed), the next N are repeats. Prints the number of referencing entries, the
first time and the p50 / max of the repeats, in ms. Goal (issue 15): p50 <= 50 ms for a class with 1,000+
uses (Model).
"""

import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

N = int(os.environ.get("N", "9"))
DEFAULT = ("Model@django/db/models/base.py,QuerySet/filter@django/db/models/query.py,"
           "Field@django/db/models/fields/__init__.py,HttpResponse@django/http/response.py,"
           "slugify@django/utils/text.py")
TARGETS = [t.split("@") for t in os.environ.get("TARGETS", DEFAULT).split(",")]


def find_binary() -> str:
    if len(sys.argv) > 2:
        return sys.argv[2]
    cand = Path(__file__).resolve().parent.parent / "target" / "release" / "arborist"
    return str(cand) if cand.exists() else shutil.which("arborist") or sys.exit("arborist binary not found")


class Server:
    def __init__(self, binary, project):
        self.proc = subprocess.Popen([binary, "serve", project, "--no-daemon"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     env={**os.environ, "ARBORIST_LOG": "off"}, text=True, bufsize=1)
        self.next_id = 0
        self.rpc("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                "clientInfo": {"name": "refs_latency", "version": "0"}})
        self.proc.stdin.write(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}) + "\n")

    def rpc(self, method, params):
        self.next_id += 1
        self.proc.stdin.write(json.dumps({"jsonrpc": "2.0", "id": self.next_id, "method": method,
                                          "params": params}) + "\n")
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit("arborist closed stdout")
            msg = json.loads(line)
            if msg.get("id") == self.next_id:
                return msg

    def tool(self, name, args):
        result = self.rpc("tools/call", {"name": name, "arguments": args})["result"]
        text = result["content"][0]["text"]
        if result.get("isError"):
            sys.exit(f"{name} {args}: {text}")
        return text


def main():
    project = sys.argv[1]
    server = Server(find_binary(), project)
    started = time.perf_counter()
    while "Symbol index: ready" not in server.tool("get_current_config", {}):
        time.sleep(0.2)
    print(f"index ready after {time.perf_counter() - started:.1f} s")
    for name_path, rel in TARGETS:
        args = {"name_path": name_path, "relative_path": rel, "backend": "heuristic", "max_answer_chars": 10**9}
        times, entries = [], 0
        for _ in range(N + 1):
            t = time.perf_counter()
            answer = json.loads(server.tool("find_referencing_symbols", args))
            times.append((time.perf_counter() - t) * 1000)
            answer.pop("backend", None)
            entries = sum(len(v) for kinds in answer.values() for v in kinds.values())
        repeats = times[1:]
        print(f"{name_path:<18} {entries:>5} entries: first {times[0]:7.1f} ms, repeats p50 "
              f"{statistics.median(repeats):7.1f} / max {max(repeats):7.1f} ms")
    server.proc.stdin.close()
    server.proc.wait(timeout=30)


if __name__ == "__main__":
    main()
