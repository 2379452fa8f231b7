#!/usr/bin/env python3
"""sessions.py PROJECT_DIR [ARBORIST_BIN] [N=8] — memory of N agent sessions on one repository.

Starts one stdio `arborist serve --no-daemon` session, then N of them, then N `arborist serve` sessions
(which share the project's daemon). Each session initializes, asks for a symbol, and asks for precise
references (`backend: lsp`, so pyright starts for Python) of a fixed symbol. Then it sums the RSS of every
process involved: each session's process and its descendants (language servers, the daemon it started).
Prints each total and its ratio to the single session (and, for scale, one session asked the same
query N times at once: what pyright itself grows by under N concurrent requests). The goal of one server per repository: N
sessions through the daemon within 1.3x of one session.

PROJECT_DIR is copied to a temp dir first (Django from ../shared/corpus/corpus.sh is the reference);
SYMBOL and FILE in the environment choose the reference query (default: get_version in
django/utils/version.py).
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

SYMBOL = os.environ.get("SYMBOL", "get_version")
FILE = os.environ.get("FILE", "django/utils/version.py")


def children_map():
    kids = {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            stat = open(f"/proc/{pid}/stat").read()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        kids.setdefault(ppid, []).append(int(pid))
    return kids


def memory_kb(pid):
    """RSS and PSS (shared pages split among the processes that map them: the binary's own pages, mapped
    by every session process, count once in all)."""
    out = {}
    try:
        for line in open(f"/proc/{pid}/smaps_rollup"):
            key = line.split(":")[0]
            if key in ("Rss", "Pss"):
                out[key] = int(line.split()[1])
    except OSError:
        pass
    return out.get("Rss", 0), out.get("Pss", 0)


def process_name(pid):
    try:
        return open(f"/proc/{pid}/cmdline").read().replace("\0", " ").strip()[:60]
    except OSError:
        return "?"


def tree_memory(roots):
    kids, seen, stack = children_map(), set(), list(roots)
    while stack:
        pid = stack.pop()
        if pid in seen:
            continue
        seen.add(pid)
        stack.extend(kids.get(pid, []))
    memory = {pid: memory_kb(pid) for pid in seen}
    if os.environ.get("VERBOSE"):
        for pid, (rss, pss) in sorted(memory.items(), key=lambda kv: -kv[1][0]):
            print(f"    {pid:>7} RSS {rss / 1024:6.0f} MB  PSS {pss / 1024:6.0f} MB  {process_name(pid)}")
    rss = sum(r for r, _ in memory.values()) / 1024
    pss = sum(p for _, p in memory.values()) / 1024
    return rss, pss, len(seen)


class Session:
    def __init__(self, binary, root, extra):
        self.proc = subprocess.Popen([binary, "serve", root, *extra], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1,
                                     env={**os.environ, "ARBORIST_LOG": "off"})
        self.next = 0
        self.answers = {}  # answers that came before they were waited for

    def send(self, method, params=None, notify=False):
        message = {"jsonrpc": "2.0", "method": method, **({"params": params} if params is not None else {})}
        if not notify:
            self.next += 1
            message["id"] = self.next
        self.proc.stdin.write(json.dumps(message) + "\n")
        self.proc.stdin.flush()
        return None if notify else self.next

    def wait(self, id):
        while id not in self.answers:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("the server closed its output")
            message = json.loads(line)
            if "id" in message:
                self.answers[message["id"]] = message
        return self.answers.pop(id)

    def start_work(self, queries):
        self.wait(self.send("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                           "clientInfo": {"name": "sessions", "version": "0"}}))
        self.send("notifications/initialized", notify=True)
        self.wait(self.send("tools/call", {"name": "find_symbol", "arguments": {"name_path_pattern": "QuerySet/filter"}}))
        return [self.send("tools/call", {"name": "find_referencing_symbols", "arguments":
                                         {"name_path": SYMBOL, "relative_path": FILE, "backend": "lsp"}})
                for _ in range(queries)]

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def measure(binary, root, n, extra, queries=1):
    sessions = [Session(binary, root, extra) for _ in range(n)]
    pending = [s.start_work(queries) for s in sessions]
    answers = [s.wait(id) for s, ids in zip(sessions, pending) for id in ids]
    precise = sum('"precise' in a["result"]["content"][0]["text"] for a in answers)
    time.sleep(2)  # the servers settle
    daemon = []
    lock = os.path.join(root, ".arborist", "daemon.lock")
    if "--no-daemon" not in extra and os.path.exists(lock):
        daemon = [int(open(lock).read().strip() or 0)]
    rss, pss, processes = tree_memory([s.proc.pid for s in sessions] + daemon)
    for s in sessions:
        s.close()
    if daemon:  # the next measurement starts without it
        os.kill(daemon[0], 15)
        time.sleep(1)
    return rss, pss, processes, precise


def main():
    src = sys.argv[1]
    binary = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else "arborist")
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 8
    work = tempfile.mkdtemp(prefix="arborist-sessions-")
    root = os.path.join(work, "project")
    shutil.copytree(src, root, ignore=shutil.ignore_patterns(".arborist", ".git"))
    try:
        rss1, pss1, procs, precise = measure(binary, root, 1, ["--no-daemon"])
        print(f"1 session, in-process:   RSS {rss1:5.0f} MB, PSS {pss1:5.0f} MB in {procs} processes "
              f"({precise} precise answer)")
        rss, pss, procs, precise = measure(binary, root, 1, ["--no-daemon"], n)
        print(f"1 session, {n} queries:    RSS {rss:5.0f} MB, PSS {pss:5.0f} MB in {procs} processes "
              f"({precise} precise answers): the same work as the sessions below")
        for label, extra in ((f"{n} sessions, in-process:", ["--no-daemon"]), (f"{n} sessions, one daemon:", [])):
            rss, pss, procs, precise = measure(binary, root, n, extra)
            print(f"{label:<24} RSS {rss:5.0f} MB, PSS {pss:5.0f} MB in {procs} processes ({precise} precise "
                  f"answers): {rss / rss1:.2f}x one session's RSS, {pss / pss1:.2f}x its PSS")
        print("goal: the daemon's sessions within 1.3x of one session")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
