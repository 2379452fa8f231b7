#!/usr/bin/env python3
"""arborist's symbol overview against each language's usual language server (textDocument/documentSymbol).

Usage: overview_vs_lsp.py [ARBORIST_BIN] [LANG...]

LANG is any of: python typescript tsx javascript go c cpp bash rust (default: all). For each language the
fixture files of fixtures/<lang>/ (not broken.*, not *.symbols.txt) are copied into a fresh temp dir (with the
minimal project the server needs: go.mod, Cargo.toml + src/lib.rs, compile_flags.txt), indexed with
`ARBORIST_BIN index DIR --dump`, and opened one by one in the language server, spoken to over stdio by this
script (one server at a time, 60 s limit per server). The DocumentSymbol tree is flattened into
(name path, kind, start line) and matched against arborist's symbols of the same file:

1. same name path and start line within 3 lines (decorators, attributes and doc comments may be inside
   one side's range and not the other's; the selection range's line is tried too): "both";
   among those, a different SymbolKind is a "kind disagreement";
2. what is left, same last name segment and line within 3 but another parent: "nesting differs";
3. what is still left: "only arborist", "only server"; a server-only symbol below a function, method or
   constructor (a local variable, a parameter, an anonymous callback) is counted as "server local":
   arborist tags no locals by design (queries/README.md, Conventions).

A few server naming habits are normalised first, so that only real differences remain: gopls' method names
`(*T).M` become `T/M`; rust-analyzer's `impl … T<…>` blocks are dissolved and their items moved under `T`
(as arborist does); clangd's qualified out-of-line names `A::b` become name paths `A/b`.

Prints a table per language and up to 20 examples of each kind of difference. Exit status 0.
"""
import json
import os
import queue
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "fixtures")
TIMEOUT = 60.0
EXAMPLES = 20

KINDS = {1: "File", 2: "Module", 3: "Namespace", 4: "Package", 5: "Class", 6: "Method", 7: "Property",
         8: "Field", 9: "Constructor", 10: "Enum", 11: "Interface", 12: "Function", 13: "Variable",
         14: "Constant", 15: "String", 16: "Number", 17: "Boolean", 18: "Array", 19: "Object", 20: "Key",
         21: "Null", 22: "EnumMember", 23: "Struct", 24: "Event", 25: "Operator", 26: "TypeParameter"}
KIND_NUMBERS = {v: k for k, v in KINDS.items()}
# What each server needs besides the files to treat the temp dir as a project (Rust's lib.rs is added
# per run: it names the files).
_TSCONFIG = json.dumps({"compilerOptions": {"allowJs": True, "jsx": "preserve", "noEmit": True}})
PROJECT_FILES = {
    "go": {"go.mod": "module example.com/fixture\n\ngo 1.21\n"},
    "rust": {"Cargo.toml": '[package]\nname = "fixture"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n'},
    "c": {"compile_flags.txt": "-std=c11\n"},
    "cpp": {"compile_flags.txt": "-xc++\n-std=c++17\n"},
    "typescript": {"tsconfig.json": _TSCONFIG},
    "tsx": {"tsconfig.json": _TSCONFIG},
    "javascript": {"tsconfig.json": _TSCONFIG},
}
FUNCTION_LIKE = {6, 9, 12}  # Method, Constructor, Function
VALUE_LIKE = {7, 8, 13, 14}  # Property, Field, Variable, Constant

LANG_IDS = {".py": "python", ".ts": "typescript", ".tsx": "typescriptreact", ".js": "javascript",
            ".jsx": "javascriptreact", ".go": "go", ".c": "c", ".h": "cpp", ".cpp": "cpp", ".cc": "cpp",
            ".hpp": "cpp", ".sh": "shellscript", ".bash": "shellscript", ".rs": "rust"}

# lang -> (server command, initializationOptions)
SERVERS = {
    "python": (["pyright-langserver", "--stdio"], {}),
    "typescript": (["typescript-language-server", "--stdio"], {}),
    "tsx": (["typescript-language-server", "--stdio"], {}),
    "javascript": (["typescript-language-server", "--stdio"], {}),
    "go": (["gopls"], {}),
    "c": (["clangd", "--background-index=false", "-j=1", "--log=error"], {}),
    "cpp": (["clangd", "--background-index=false", "-j=1", "--log=error"], {}),
    "bash": (["bash-language-server", "start"], {}),
    "rust": (["rust-analyzer"], {"checkOnSave": False, "cargo": {"buildScripts": {"enable": False}, "sysroot": None},
                                 "procMacro": {"enable": False}, "cachePriming": {"enable": False}}),
}
LANGS = list(SERVERS)


# ---------------------------------------------------------------------------------------------- inputs

def fixture_files(lang):
    d = os.path.join(FIXTURES, lang)
    return sorted(f for f in os.listdir(d) if os.path.isfile(os.path.join(d, f))
                  and not f.startswith("broken.") and not f.endswith(".symbols.txt"))


def make_project(lang, tmp):
    """Copies the fixtures into tmp with the project files the server needs; returns {rel path: fixture name}."""
    files = {}
    src = os.path.join(FIXTURES, lang)
    for f in fixture_files(lang):
        if lang == "go":
            rel = os.path.join(os.path.splitext(f)[0], f)  # one package per directory
        elif lang == "rust":
            rel = os.path.join("src", f)
        else:
            rel = f
        os.makedirs(os.path.dirname(os.path.join(tmp, rel)) or tmp, exist_ok=True)
        shutil.copy(os.path.join(src, f), os.path.join(tmp, rel))
        files[rel] = f
    project_files = dict(PROJECT_FILES.get(lang, {}))
    if lang == "rust":
        project_files["src/lib.rs"] = "".join(f"pub mod {os.path.splitext(f)[0]};\n" for f in files.values())
    for name, content in project_files.items():
        with open(os.path.join(tmp, name), "w") as fh:
            fh.write(content)
    return files


def arborist_symbols(binary, tmp, files):
    out = subprocess.run([binary, "index", tmp, "--dump"], capture_output=True, text=True, timeout=TIMEOUT).stdout
    per_file = {rel: [] for rel in files}
    for line in out.splitlines():
        s = json.loads(line)
        if s["file"] in per_file:
            path = "/".join(re.sub(r"\[\d+\]$", "", seg) for seg in s["name_path"].split("/"))  # `f[0]`, `f[1]`: repeats
            if s["file"].endswith((".c", ".h", ".cpp", ".cc", ".hpp")):  # `namespace a::b` is one symbol `a::b`
                path = "/".join(p for p in re.split(r"/|::", path) if p)
            per_file[s["file"]].append({"path": path, "kind": KIND_NUMBERS.get(s["kind"], 0),
                                        "line": s["start_line"], "lines": {s["start_line"]}})
    return per_file


# ------------------------------------------------------------------------------------------ LSP client

class Server:
    def __init__(self, cmd, root, init_options):
        env = dict(os.environ, CARGO_TARGET_DIR=os.path.join(root, "target"), GOFLAGS="-mod=mod",
                   GOPROXY="off", GOTOOLCHAIN="local", GOTELEMETRY="off")
        self.proc = subprocess.Popen(cmd, cwd=root, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, env=env)
        self.root = root
        self.inbox = queue.Queue()
        self.ids = iter(range(1, 10**9))
        self.lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()
        self.deadline = time.time() + TIMEOUT
        uri = "file://" + root
        self.request("initialize", {
            "processId": os.getpid(), "rootUri": uri, "rootPath": root,
            "workspaceFolders": [{"uri": uri, "name": "fixture"}],
            "initializationOptions": init_options,
            "capabilities": {
                "textDocument": {"documentSymbol": {"hierarchicalDocumentSymbolSupport": True,
                                                    "symbolKind": {"valueSet": list(range(1, 27))}},
                                 "synchronization": {"didSave": False}},
                "workspace": {"configuration": True, "workspaceFolders": True},
                "window": {"workDoneProgress": True}}})
        self.notify("initialized", {})

    def _read(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self.inbox.put(None)
                    return
                line = line.strip()
                if not line:
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            if length is None:
                continue
            self.inbox.put(json.loads(out.read(length)))

    def _send(self, msg):
        body = json.dumps(msg).encode()
        with self.lock:
            self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
            self.proc.stdin.flush()

    def notify(self, method, params):
        self._send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method, params):
        i = next(self.ids)
        self._send({"jsonrpc": "2.0", "id": i, "method": method, "params": params})
        while True:
            left = self.deadline - time.time()
            if left <= 0:
                raise TimeoutError(method)
            try:
                msg = self.inbox.get(timeout=left)
            except queue.Empty:
                raise TimeoutError(method)
            if msg is None:
                raise EOFError("server exited")
            if "method" in msg and "id" in msg:  # a request from the server: answer it plainly
                result = None
                if msg["method"] == "workspace/configuration":
                    result = [None for _ in msg.get("params", {}).get("items", [])]
                elif msg["method"] == "workspace/workspaceFolders":
                    result = [{"uri": "file://" + self.root, "name": "fixture"}]
                self._send({"jsonrpc": "2.0", "id": msg["id"], "result": result})
            elif msg.get("id") == i:
                return msg

    def close(self):
        try:
            self.deadline = time.time() + 5
            self.request("shutdown", None)
            self.notify("exit", None)
            self.proc.wait(timeout=5)
        except Exception:
            pass
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def document_symbols(server, path, lang_id):
    with open(path, encoding="utf-8", errors="replace") as fh:
        text = fh.read()
    uri = "file://" + path
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": lang_id, "version": 1, "text": text}})
    # rust-analyzer and gopls may answer "content modified" while the workspace loads; bash-language-server
    # analyses the opened file asynchronously and answers [] until it is done: ask again for up to 10 s
    for _ in range(20):
        msg = server.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
        if "error" not in msg and msg.get("result"):
            break
        time.sleep(0.5)
    server.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    if "error" in msg:
        raise RuntimeError(msg["error"].get("message"))
    return msg.get("result") or []


# ------------------------------------------------------------------------------- normalising LS names

GO_METHOD = re.compile(r"^\(\*?([A-Za-z_][A-Za-z0-9_]*)(?:\[[^\]]*\])?\)\.(.+)$")


def strip_generics(s):
    out, depth = [], 0
    for c in s:
        if c == "<":
            depth += 1
        elif c == ">":
            depth -= 1
        elif depth == 0:
            out.append(c)
    return "".join(out).strip()


def rust_impl_target(name):
    """`impl<K: Hash> LruCache<K, V>` -> LruCache; `impl fmt::Display for CacheError` -> CacheError."""
    m = re.match(r"^impl\b", name)
    if not m:
        return None
    rest = name[4:].lstrip()
    if rest.startswith("<"):  # impl's own generics
        depth = 0
        for i, c in enumerate(rest):
            depth += c == "<"
            depth -= c == ">"
            if depth == 0:
                rest = rest[i + 1:]
                break
    rest = strip_generics(rest)
    if " for " in f" {rest} ":
        rest = rest.split(" for ", 1)[1]
    rest = rest.split(" where ")[0].strip().lstrip("&").strip()
    return rest.split("::")[-1].strip() or None


def flatten(lang, symbols):
    """DocumentSymbol[] (or SymbolInformation[]) -> [{path, kind, line, lines, parents}]."""
    flat = []
    if symbols and "location" in symbols[0]:  # flat SymbolInformation
        for s in symbols:
            parts = [p for p in re.split(r"::|\.", s.get("containerName") or "") if p] + [s["name"]]
            line = s["location"]["range"]["start"]["line"]
            flat.append({"path": "/".join(parts), "kind": s["kind"], "line": line, "lines": {line}, "parents": []})
        return flat
    moved = {}  # Rust: impl children, by type name

    def walk(nodes, prefix, parents):
        for s in nodes:
            name, kind = s["name"], s["kind"]
            if len(name) > 1 and name[0] == name[-1] and name[0] in "\"'":  # `"delete"`, `"events"`
                name = name[1:-1]
            line = s["range"]["start"]["line"]
            sel = s.get("selectionRange", s["range"])["start"]["line"]
            segs = prefix + [name]
            if lang == "go":
                m = GO_METHOD.match(name)
                if m:
                    segs = prefix + [m.group(1), m.group(2)]
            elif lang == "rust":
                target = rust_impl_target(name)
                if target is not None:
                    moved.setdefault(target, []).append((s.get("children") or [], parents))
                    continue
            elif lang in ("c", "cpp"):
                if name == "(anonymous namespace)":  # arborist puts its members in the enclosing scope
                    walk(s.get("children") or [], prefix, parents)
                    continue
                if "::" in name and not name.startswith("operator"):
                    parts = [p for p in re.split(r"::(?![^<]*>)", name) if p]  # not inside `<…>`
                    segs = prefix + [p if p.startswith("operator") else strip_generics(p) for p in parts]
            flat.append({"path": "/".join(segs), "kind": kind, "line": line, "lines": {line, sel},
                         "parents": [k for k in parents], "name": name})
            walk(s.get("children") or [], segs, parents + [kind])

    walk(symbols, [], [])
    for target, groups in moved.items():
        for children, parents in groups:
            walk(children, [target], parents + [KIND_NUMBERS["Struct"]])
    return flat


ANON = re.compile(r"<function>|<anonymous>|callback|^<|^\(anonymous|^\{|^\[")


# ------------------------------------------------------------------------------------------- matching

def compare(ours, theirs):
    both, kinds, nesting = [], [], []
    ours_left, theirs_left = list(ours), list(theirs)

    def take(key_ours, key_theirs, slack=3):
        nonlocal ours_left, theirs_left
        pairs = []
        for o in list(ours_left):
            best = None
            for t in theirs_left:
                if key_ours(o) != key_theirs(t):
                    continue
                d = min(abs(o["line"] - l) for l in t["lines"])
                if d <= slack and (best is None or d < best[0]):
                    best = (d, t)
            if best:
                ours_left.remove(o)
                theirs_left.remove(best[1])
                pairs.append((o, best[1]))
        return pairs

    for o, t in take(lambda s: s["path"], lambda s: s["path"]):
        both.append((o, t))
        if o["kind"] != t["kind"]:
            kinds.append((o, t))
    nesting = take(lambda s: s["path"].split("/")[-1], lambda s: s["path"].split("/")[-1])
    far = take(lambda s: s["path"], lambda s: s["path"], 10**9)
    locals_, only_theirs = [], []
    our_functions = {o["path"] for o in ours if o["kind"] in FUNCTION_LIKE}
    our_values = {o["path"] for o in ours if o["kind"] in VALUE_LIKE}
    for t in theirs_left:
        segs = t["path"].split("/")
        prefixes = {"/".join(segs[:i]) for i in range(1, len(segs))}
        below_function = any(k in FUNCTION_LIKE for k in t["parents"]) or bool(prefixes & our_functions)
        # members of an object literal assigned to a variable, constant or field (`const api = { get() {} }`)
        below_value = bool(t["parents"]) and (t["parents"][-1] in VALUE_LIKE or bool(prefixes & our_values))
        if below_value and t["kind"] in (6, 7, 8, 12, 13, 14, 20):
            locals_.append(t)
            continue
        if below_function and (t["kind"] not in (5, 12, 6, 23, 11) or ANON.search(t.get("name", t["path"]))):
            locals_.append(t)
        else:
            only_theirs.append(t)
    return both, kinds, nesting, far, ours_left, only_theirs, locals_


# ------------------------------------------------------------------------------------------------ main

def kind_name(k):
    return KINDS.get(k, str(k))


def run_lang(binary, lang):
    cmd, init_options = SERVERS[lang]
    if shutil.which(cmd[0]) is None:
        print(f"{lang}: {cmd[0]} is not installed, skipped")
        return None
    if cmd[0] == "rust-analyzer":  # rustup installs a shim that fails without the rust-analyzer component
        try:
            v = subprocess.run([cmd[0], "--version"], capture_output=True, text=True, timeout=30)
            ok, why = v.returncode == 0, (v.stderr or v.stdout).strip().splitlines()[:1]
        except (OSError, subprocess.TimeoutExpired) as e:
            ok, why = False, [str(e)]
        if not ok:
            print(f"{lang}: {cmd[0]} is not usable ({' '.join(why)}), skipped")
            return None
    tmp = os.path.realpath(tempfile.mkdtemp(prefix=f"overview-{lang}-"))
    try:
        files = make_project(lang, tmp)
        ours = arborist_symbols(binary, tmp, files)
        try:
            server = Server(cmd, tmp, init_options)
        except (TimeoutError, EOFError, OSError) as e:
            print(f"{lang}: {cmd[0]} did not initialize ({type(e).__name__} {e}), skipped")
            return None
        result = {"files": 0, "both": [], "kinds": [], "nesting": [], "far": [], "ours": [], "theirs": [], "locals": [],
                  "n_ours": 0, "n_theirs": 0, "errors": []}
        try:
            for rel, name in files.items():
                try:
                    raw = document_symbols(server, os.path.join(tmp, rel), LANG_IDS[os.path.splitext(rel)[1]])
                except (TimeoutError, EOFError, RuntimeError) as e:
                    result["errors"].append(f"{name}: {type(e).__name__} {e}")
                    if isinstance(e, (TimeoutError, EOFError)):
                        break
                    continue
                theirs = flatten(lang, raw)
                for s in ours[rel] + theirs:
                    s["file"] = name
                both, kinds, nesting, far, only_ours, only_theirs, locals_ = compare(ours[rel], theirs)
                result["files"] += 1
                result["n_ours"] += len(ours[rel])
                result["n_theirs"] += len(theirs)
                result["both"] += both
                result["kinds"] += kinds
                result["nesting"] += nesting
                result["far"] += far
                result["ours"] += only_ours
                result["theirs"] += only_theirs
                result["locals"] += locals_
        finally:
            server.close()
        return result
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def report(lang, r):
    print(f"\n## {lang}: {SERVERS[lang][0][0]}")
    for e in r["errors"]:
        print(f"  error: {e}")

    def show(title, items, fmt):
        if not items:
            return
        print(f"  {title} ({len(items)}):")
        for it in items[:EXAMPLES]:
            print("    " + fmt(it))
        if len(items) > EXAMPLES:
            print(f"    ... {len(items) - EXAMPLES} more")

    show("kind disagreements (ours vs server)", r["kinds"],
         lambda p: f"{p[0]['file']}:{p[0]['line'] + 1} {p[0]['path']}: {kind_name(p[0]['kind'])} vs {kind_name(p[1]['kind'])}")
    show("nesting differs (ours vs server)", r["nesting"],
         lambda p: f"{p[0]['file']}:{p[0]['line'] + 1} {p[0]['path']} ({kind_name(p[0]['kind'])}) vs {p[1]['path']} ({kind_name(p[1]['kind'])})")
    show("same name path, start lines more than 3 apart (ours vs server)", r["far"],
         lambda p: f"{p[0]['file']} {p[0]['path']} ({kind_name(p[0]['kind'])}): line {p[0]['line'] + 1} vs {p[1]['line'] + 1}")
    show("only arborist", r["ours"], lambda s: f"{s['file']}:{s['line'] + 1} {s['path']} ({kind_name(s['kind'])})")
    show("only server", r["theirs"], lambda s: f"{s['file']}:{s['line'] + 1} {s['path']} ({kind_name(s['kind'])})")
    show("server lists locals and object-literal members (by design we do not)", r["locals"],
         lambda s: f"{s['file']}:{s['line'] + 1} {s['path']} ({kind_name(s['kind'])})")


def main():
    args = sys.argv[1:]
    binary = "arborist"
    if args and args[0] not in SERVERS:
        binary = args.pop(0)
    langs = args or LANGS
    for lang in langs:
        if lang not in SERVERS:
            print(f"{lang}: unknown language (one of {' '.join(LANGS)}), skipped")
    results = {}
    for lang in langs:
        if lang in SERVERS:
            t0 = time.time()
            r = run_lang(binary, lang)
            if r is not None:
                r["seconds"] = time.time() - t0
                results[lang] = r
    print("| language | server | files | arborist | server | both | same kind | kind differs | nesting differs "
          "| line differs | only arborist | only server | server locals (design) |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for lang, r in results.items():
        nb = len(r["both"])
        print(f"| {lang} | {SERVERS[lang][0][0]} | {r['files']} | {r['n_ours']} | {r['n_theirs']} | {nb} | "
              f"{nb - len(r['kinds'])} | {len(r['kinds'])} | {len(r['nesting'])} | {len(r['far'])} | {len(r['ours'])} | "
              f"{len(r['theirs'])} | {len(r['locals'])} |")
    for lang, r in results.items():
        report(lang, r)
    return 0


if __name__ == "__main__":
    sys.exit(main())
