#!/usr/bin/env python3
"""soak.py PROJECT_DIR [ARBORIST_BIN] — load and soak over streamable HTTP (CLIENTS, CALLS in the environment).

Copies PROJECT_DIR (Django, from ../shared/corpus/corpus.sh, is the reference) to a temp dir, starts
`arborist serve --transport http` on it, and runs CLIENTS concurrent MCP clients (default 20), CALLS calls
in all (default 20,000), each client with its own session: find_symbol, get_symbols_overview,
search_for_pattern, find_referencing_symbols (heuristic) and edits of a file of its own. Prints errors, p50
and p99 latency per tool, and the server's RSS, threads and open file descriptors after warm-up (the first
10% of the calls) and at the end: a leak shows as growth.
"""

import http.client
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

CLIENTS = int(os.environ.get("CLIENTS", 20))
CALLS = int(os.environ.get("CALLS", 20000))
NAMES = ["get", "filter", "Model", "QuerySet/filter", "Field", "render", "save", "__init__", "as_sql",
         "CharField", "Form/clean", "HttpResponse", "reverse", "urlpatterns", "Migration", "resolve"]
PATTERNS = ["def get_queryset", "class .*Admin\\(", "TODO", "raise ValueError", "import json"]


def process_stats(pid):
    status = open(f"/proc/{pid}/status").read()
    rss = int(re.search(r"VmRSS:\s+(\d+)", status).group(1)) / 1024
    threads = int(re.search(r"Threads:\s+(\d+)", status).group(1))
    fds = len(os.listdir(f"/proc/{pid}/fd"))
    return rss, threads, fds


class Client:
    def __init__(self, port):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        self.session = None
        self.next_id = 1
        init = self.rpc("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                       "clientInfo": {"name": "soak", "version": "0"}})
        assert "result" in init, init
        self.post({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def post(self, message):
        headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
                   "MCP-Protocol-Version": "2025-06-18"}
        if self.session:
            headers["Mcp-Session-Id"] = self.session
        self.conn.request("POST", "/mcp", body=json.dumps(message), headers=headers)
        response = self.conn.getresponse()
        self.session = self.session or response.getheader("mcp-session-id")
        body = response.read().decode()
        for line in body.splitlines():
            line = line[6:] if line.startswith("data: ") else line
            if line.startswith("{") and '"id"' in line:
                return json.loads(line)
        return None

    def rpc(self, method, params):
        self.next_id += 1
        return self.post({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})

    def call(self, tool, args):
        answer = self.rpc("tools/call", {"name": tool, "arguments": args})
        ok = answer is not None and "result" in answer and not answer["result"].get("isError")
        return ok, answer


def client_loop(k, port, files, calls, results, lock):
    rnd = random.Random(k)
    c = Client(port)
    own = f"soak_{k}.py"
    c.call("create_text_file", {"relative_path": own, "content": "def soak_0():\n    return 0\n"})
    version = 0
    for _ in range(calls):
        roll = rnd.random()
        if roll < 0.40:
            tool, args = "find_symbol", {"name_path_pattern": rnd.choice(NAMES), "max_answer_chars": 20000}
        elif roll < 0.65:
            tool, args = "get_symbols_overview", {"relative_path": rnd.choice(files)}
        elif roll < 0.80:
            tool, args = "search_for_pattern", {"substring_pattern": rnd.choice(PATTERNS),
                                                "relative_path": "django/db", "max_answer_chars": 20000}
        elif roll < 0.90:
            tool, args = "find_referencing_symbols", {"name_path": "get_version", "relative_path": "django/utils/version.py",
                                                      "backend": "heuristic", "max_answer_chars": 20000}
        else:
            tool = "replace_symbol_body"
            args = {"name_path": f"soak_{version}", "relative_path": own,
                    "body": f"def soak_{version + 1}():\n    return {version + 1}"}
        started = time.perf_counter()
        ok, answer = c.call(tool, args)
        elapsed = time.perf_counter() - started
        if tool == "replace_symbol_body" and ok:
            version += 1
        with lock:
            results.append((tool, elapsed, ok, None if ok else str(answer)[:300]))


def main():
    src = sys.argv[1]
    binary = sys.argv[2] if len(sys.argv) > 2 else "arborist"
    work = tempfile.mkdtemp(prefix="arborist-soak-")
    project = os.path.join(work, "project")
    shutil.copytree(src, project, ignore=shutil.ignore_patterns(".arborist", ".git"))
    os.makedirs(os.path.join(project, ".arborist"), exist_ok=True)
    with open(os.path.join(project, ".arborist", "project.toml"), "w") as f:
        f.write('references_backend = "heuristic"\n')
    files = [os.path.relpath(os.path.join(d, n), project) for d, _, ns in os.walk(os.path.join(project, "django"))
             for n in ns if n.endswith(".py")][:500]
    server = subprocess.Popen([binary, "serve", project, "--transport", "http", "--port", "0"],
                              stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, env={**os.environ, "ARBORIST_LOG": "info"})
    port = None
    for line in server.stderr:
        m = re.search(rb"http://127\.0\.0\.1:(\d+)/mcp", line)
        if m:
            port = int(m.group(1))
            break
    threading.Thread(target=lambda: server.stderr.read(), daemon=True).start()
    results, lock = [], threading.Lock()
    per_client = CALLS // CLIENTS
    warm = {}

    def watch():
        # after warm-up (10% of the calls), then at each further 10%: a leak keeps growing, a cache levels off
        for tenth in range(1, 10):
            while len(results) < CALLS * tenth // 10:
                time.sleep(0.2)
            warm.setdefault("stats", process_stats(server.pid))
            warm.setdefault("rss", []).append(round(process_stats(server.pid)[0]))

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    started = time.time()
    threads = [threading.Thread(target=client_loop, args=(k, port, files, per_client, results, lock))
               for k in range(CLIENTS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.time() - started
    end = process_stats(server.pid)
    server.terminate()
    server.wait(timeout=10)
    shutil.rmtree(work, ignore_errors=True)

    errors = [r for r in results if not r[2]]
    print(f"{len(results)} calls from {CLIENTS} clients in {wall:.1f} s ({len(results) / wall:.0f} calls/s); "
          f"errors: {len(errors)}")
    for e in errors[:5]:
        print("  error:", e[0], e[3])
    by_tool = {}
    for tool, elapsed, _, _ in results:
        by_tool.setdefault(tool, []).append(elapsed * 1000)
    allms = sorted(e * 1000 for _, e, _, _ in results)
    q = lambda xs, p: sorted(xs)[min(len(xs) - 1, int(p * len(xs)))]
    print(f"all: p50 {q(allms, 0.5):.1f} ms, p99 {q(allms, 0.99):.1f} ms")
    for tool, xs in sorted(by_tool.items()):
        print(f"  {tool:<26} {len(xs):>6} calls  p50 {q(xs, 0.5):8.1f} ms  p99 {q(xs, 0.99):8.1f} ms")
    w = warm.get("stats", end)
    print(f"server after warm-up: RSS {w[0]:.0f} MB, {w[1]} threads, {w[2]} fds; at the end: RSS {end[0]:.0f} MB, "
          f"{end[1]} threads, {end[2]} fds; RSS drift {100 * (end[0] - w[0]) / w[0]:+.1f}%")
    print(f"RSS (MB) at each 10% of the calls: {warm.get('rss', [])} -> {end[0]:.0f}")


if __name__ == "__main__":
    main()
