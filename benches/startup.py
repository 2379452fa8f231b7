#!/usr/bin/env python3
"""startup.py [ARBORIST_BIN] — MCP start-up latency of `arborist serve` on a 10,000-file project.

Creates a temporary project (nested directories, a realistic mix of small .py/.rs/.go files plus a
.gitignore and a few other files), then N times: spawns `arborist serve DIR`, sends `initialize`,
`notifications/initialized` and `tools/list` (newline-delimited JSON-RPC on stdin/stdout), and measures
wall time from spawn to the `tools/list` response. Reports min/median/p90 in ms (goal: < 20 ms).

Environment: N (default 20), FILES (default 10000).
"""

import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

N = int(os.environ.get("N", "20"))
FILES = int(os.environ.get("FILES", "10000"))
GOAL_MS = 20.0

PY = '''"""Module {i}."""
import os


class Thing{i}:
    def run(self, request):
        return os.path.join("a", str(request))


def helper_{i}(x):
    return Thing{i}().run(x)
'''
RS = '''//! Module {i}.
use std::fmt;

pub struct Thing{i} {{
    value: u32,
}}

impl fmt::Display for Thing{i} {{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {{
        write!(f, "{{}}", self.value)
    }}
}}
'''
GO = '''// Package pkg{d} is module {i}.
package pkg{d}

import "fmt"

type Thing{i} struct{{ Value int }}

func (t *Thing{i}) String() string {{
	return fmt.Sprintf("%d", t.Value)
}}
'''


def find_binary() -> str:
    if len(sys.argv) > 1:
        return sys.argv[1]
    here = Path(__file__).resolve().parent
    cand = here.parent / "target" / "release" / "arborist"
    if cand.exists():
        return str(cand)
    found = shutil.which("arborist")
    if found:
        return found
    sys.exit("arborist binary not found; pass it as the first argument")


def make_project(root: Path, files: int) -> None:
    """`files` files in a tree about 3 levels deep (~20 files per directory)."""
    rng = random.Random(42)
    (root / ".gitignore").write_text("build/\n*.log\n")
    (root / "README.md").write_text("# bench project\n")
    templates = [(".py", PY), (".rs", RS), (".go", GO)]
    made = 2
    i = 0
    while made < files:
        d = i // 20
        rel = Path(f"pkg{d // 100}", f"mod{(d // 10) % 10}", f"sub{d % 10}")
        ext, tpl = templates[rng.randrange(3)]
        path = root / "src" / rel / f"file{i}{ext}"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(tpl.format(i=i, d=d))
        made += 1
        i += 1


def rpc(proc, obj) -> None:
    proc.stdin.write((json.dumps(obj) + "\n").encode())
    proc.stdin.flush()


def read_response(proc, want_id):
    while True:
        line = proc.stdout.readline()
        if not line:
            err = proc.stderr.read().decode(errors="replace")[-2000:]
            raise RuntimeError(f"arborist closed stdout before answering id {want_id}; stderr:\n{err}")
        msg = json.loads(line)
        if msg.get("id") == want_id:
            if "error" in msg:
                raise RuntimeError(f"error answer to id {want_id}: {msg['error']}")
            return msg


def one_run(binary: str, project: Path) -> tuple[float, int]:
    start = time.perf_counter()
    proc = subprocess.Popen(
        [binary, "serve", str(project), "--no-daemon"],  # a fresh process each run, not a warm daemon
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        rpc(proc, {
            "jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "arborist-startup-bench", "version": "0.1"},
            },
        })
        read_response(proc, 1)
        rpc(proc, {"jsonrpc": "2.0", "method": "notifications/initialized"})
        rpc(proc, {"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}})
        tools = read_response(proc, 2)["result"]["tools"]
        elapsed = (time.perf_counter() - start) * 1e3
    finally:
        proc.stdin.close()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        proc.stdout.close()
        proc.stderr.close()
    return elapsed, len(tools)


def percentile(xs, p):
    xs = sorted(xs)
    k = (len(xs) - 1) * p
    lo, hi = int(k), min(int(k) + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def main() -> int:
    binary = find_binary()
    tmp = Path(tempfile.mkdtemp(prefix="arborist-startup-"))
    try:
        project = tmp / "project"
        project.mkdir()
        make_project(project, FILES)
        count = sum(len(f) for _, _, f in os.walk(project))
        one_run(binary, project)  # warm the page cache and the binary
        times, ntools = [], 0
        for _ in range(N):
            t, ntools = one_run(binary, project)
            times.append(t)
        print(f"arborist: {binary}")
        print(f"project: {count} files; {N} runs; spawn -> initialize -> initialized -> tools/list ({ntools} tools)")
        med, p90 = statistics.median(times), percentile(times, 0.9)
        print(f"min {min(times):.1f} ms   median {med:.1f} ms   p90 {p90:.1f} ms   max {max(times):.1f} ms")
        print(f"goal < {GOAL_MS:.0f} ms (median): {'met' if med < GOAL_MS else 'MISSED'}")
        return 0 if med < GOAL_MS else 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
