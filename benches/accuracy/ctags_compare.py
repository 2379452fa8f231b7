#!/usr/bin/env python3
"""Accuracy of arborist's symbols against universal-ctags (an independent parser), per language.

    benches/accuracy/ctags_compare.py TREE LANG [ARBORIST_BIN]
    LANG: c cpp objc csharp kotlin ruby php lua bash r julia elixir haskell ocaml python typescript
          javascript rust go java

Oracle: `ctags -R --output-format=json --fields=+neKZS --languages=L --langmap=L:EXTS` (EXTS: the
extensions arborist gives that language, so both tools read the same files as the same language).
Candidate: `arborist index TREE --dump`. Both sides are mapped into comparable groups:
  fn:    functions, methods, constructors (and declarations where arborist tags them);
  type:  classes, structs, unions, interfaces/protocols/traits, enums, type aliases, and modules or
         namespaces where both tools tag them;
  macro: function-like macros (C family `#define F(x)`, Rust `macro_rules!`, Julia `macro`, Elixir
         `defmacro`/`defguard`): arborist reports them as Function, so they are told apart by their
         source line.
Per language (ctags kinds -> group; everything else is excluded, with the reason):
  go:     func, methodSpec -> fn; struct, interface, type, talias -> type.
  java:   method (constructors included) -> fn; class, interface, enum, annotation -> type.
  c:      function -> fn; struct, union, enum, typedef -> type; macro with a signature -> macro.
          Excluded: prototype (off in ctags; arborist skips declarations in .c files), object-like
          macros (arborist: constant), variable, member, enumerator (not functions or types).
  cpp:    function, prototype (enabled: arborist tags declarations, `void f();` in a class) -> fn;
          class, struct, union, enum, typedef, namespace -> type; macro with a signature -> macro.
          Excluded: alias (namespace aliases) and using-declarations (arborist tags neither),
          variable, member, enumerator, local, externvar.
  objc:   method, class (ctags' kind for `+` class methods), function -> fn; interface, protocol,
          struct, enum, typedef -> type; macro with a signature -> macro. ctags names a method by
          its whole selector (`initWithFrame:style:`), arborist by the first keyword: compared by
          the first keyword. Excluded: implementation and category (arborist: containers whose
          members go to the class, not symbols), property, field, var.
  csharp: method -> fn (ctags' method also covers constructors and operators); class, struct,
          interface, enum, namespace -> type. Excluded: property, field, event, enumerator, local,
          macro (#define has no arguments in C#).
  kotlin: method -> fn; class, interface, object, typealias -> type. Excluded: package (arborist
          does not tag the header), constant, variable.
  ruby:   method, singletonMethod -> fn; class, module -> type. Excluded: accessor, alias
          (arborist does not tag `attr_*`/`alias`), constant, library (require).
  php:    function (methods included) -> fn; class, interface, trait, namespace -> type. Excluded:
          define, variable, alias, local.
  lua:    function -> fn (ctags names `function M.f` / `M:f` as written: compared by the last
          segment).
  bash:   function -> fn. Excluded: alias, heredoc, script.
  r:      function (R), method (R6Class), generic and method (S4Class) -> fn; class (R6Class,
          S4Class) -> type. Excluded: globalVar, functionVar, list/vector/dataframe/nameattr
          (variables), library, source, R6 field/activeBindingFunc, S4 repr.
  julia:  function -> fn; struct, type, module -> type; macro -> macro. Excluded: constant, field.
  elixir: function, delegate, operator, callback -> fn; module, protocol -> type (`@type` is
          type: arborist's type kind); macro, guard -> macro. Excluded: implementation (defimpl:
          an arborist container), exception/record (arborist names a struct `defexception`), test.
  haskell: function -> fn; type, module -> type. Excluded: constructor (data constructors:
          arborist enum members only for multi-constructor types). A record field is its accessor
          function: ctags tags it as a function, arborist as a Field, compared as fn.
  ocaml:  function, method, val -> fn; module, class, type -> type. Excluded: Constructor,
          Exception, RecordField, var.
  python: function, member -> fn; class -> type. Excluded: variable, namespace/module (imports),
          unknown, local.
  typescript: function, method, generator -> fn; class, interface, enum, alias, namespace -> type.
          Excluded: property, variable, constant, enumerator, local.
  javascript: function, method, generator, getter, setter -> fn; class -> type. Excluded:
          property, field, variable, constant. arborist tags functions assigned to members
          (`Foo.prototype.bar = function`, `exports.f = ...`) and function members of object literals
          that are declared, exported or assigned (queries/javascript/tags.scm), as ctags does.
  rust:   function, method -> fn; struct, enum, interface (trait), typedef, module -> type;
          macro -> macro. Excluded: implementation (an arborist container), field, enumerator,
          variable.
Arborist kinds: Function/Method/Constructor -> fn (macro when the source line is a macro
definition); Struct/Interface/Class/Enum/TypeParameter (type aliases and named types), and
Module/Namespace -> type. Go's synthetic `Object` holders of methods whose type is in another file
are not symbols of the source and are left out (as are such holders in other languages).

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

FN, TY, MAC = "fn", "type", "macro"
CTAGS_KINDS = {
    "go": {"func": FN, "methodSpec": FN, "struct": TY, "interface": TY, "type": TY, "talias": TY},
    "java": {"method": FN, "class": TY, "interface": TY, "enum": TY, "annotation": TY},
    "c": {"function": FN, "struct": TY, "union": TY, "enum": TY, "typedef": TY, "macro": MAC},
    "cpp": {"function": FN, "prototype": FN, "class": TY, "struct": TY, "union": TY, "enum": TY, "typedef": TY,
            "namespace": TY, "macro": MAC},
    "objc": {"method": FN, "class": FN, "function": FN, "interface": TY, "protocol": TY, "struct": TY, "enum": TY,
             "typedef": TY, "macro": MAC},
    "csharp": {"method": FN, "class": TY, "struct": TY, "interface": TY, "enum": TY, "namespace": TY},
    "kotlin": {"method": FN, "class": TY, "interface": TY, "object": TY, "typealias": TY},
    "ruby": {"method": FN, "singletonMethod": FN, "class": TY, "module": TY},
    "php": {"function": FN, "class": TY, "interface": TY, "trait": TY, "namespace": TY},
    "lua": {"function": FN},
    "bash": {"function": FN},
    "r": {("R", "function"): FN, ("R6Class", "method"): FN, ("S4Class", "generic"): FN, ("S4Class", "method"): FN,
          ("R6Class", "class"): TY, ("S4Class", "class"): TY},
    "julia": {"function": FN, "struct": TY, "type": TY, "module": TY, "macro": MAC},
    "elixir": {"function": FN, "delegate": FN, "operator": FN, "callback": FN, "module": TY, "protocol": TY,
               "type": TY, "macro": MAC, "guard": MAC},
    "haskell": {"function": FN, "type": TY, "module": TY},
    "ocaml": {"function": FN, "method": FN, "val": FN, "module": TY, "class": TY, "type": TY},
    "python": {"function": FN, "member": FN, "class": TY},
    "typescript": {"function": FN, "method": FN, "generator": FN, "class": TY, "interface": TY, "enum": TY,
                   "alias": TY, "namespace": TY},
    "javascript": {"function": FN, "method": FN, "generator": FN, "getter": FN, "setter": FN, "class": TY},
    "rust": {"function": FN, "method": FN, "struct": TY, "enum": TY, "interface": TY, "typedef": TY, "module": TY,
             "macro": MAC},
}
CTAGS_LANG = {
    "go": "Go", "java": "Java", "c": "C", "cpp": "C++", "objc": "ObjectiveC", "csharp": "C#", "kotlin": "Kotlin",
    "ruby": "Ruby", "php": "PHP", "lua": "Lua", "bash": "Sh", "r": "R", "julia": "Julia", "elixir": "Elixir",
    "haskell": "Haskell", "ocaml": "OCaml", "python": "Python", "typescript": "TypeScript",
    "javascript": "JavaScript", "rust": "Rust",
}
# the extensions arborist gives each language (`arborist languages`), also given to ctags (--langmap)
EXTS = {
    "go": [".go"], "java": [".java"], "c": [".c"],
    "cpp": [".cpp", ".cc", ".cxx", ".c++", ".hpp", ".hh", ".hxx", ".h++", ".h", ".ipp", ".tpp", ".inl"],
    "objc": [".m"], "csharp": [".cs"], "kotlin": [".kt", ".kts"], "ruby": [".rb", ".rake", ".gemspec", ".ru"],
    "php": [".php", ".phtml"], "lua": [".lua"], "bash": [".sh", ".bash"], "r": [".r", ".R"], "julia": [".jl"],
    "elixir": [".ex", ".exs"], "haskell": [".hs"], "ocaml": [".ml"], "python": [".py", ".pyi"],
    "typescript": [".ts", ".mts", ".cts"], "javascript": [".js", ".mjs", ".cjs", ".jsx"], "rust": [".rs"],
}
EXT = {lang: tuple(e) for lang, e in EXTS.items()}
CTAGS_EXTRA = {  # kinds ctags leaves off by default
    "cpp": ["--kinds-C++=+p"],
}
ARBORIST_KINDS = {
    "Function": FN, "Method": FN, "Constructor": FN,
    "Struct": TY, "Interface": TY, "Class": TY, "Enum": TY, "TypeParameter": TY, "Module": TY, "Namespace": TY,
}
# per language: arborist kinds compared although ARBORIST_KINDS leaves them out
ARBORIST_LANG_KINDS = {
    "haskell": {"Field": FN},  # a record field is its accessor function (ctags: function)
}
# source lines of macro definitions (arborist reports macros as Function)
MACRO_LINE = {
    "c": r"^\s*#\s*define\b", "cpp": r"^\s*#\s*define\b", "objc": r"^\s*#\s*define\b",
    "rust": r"\bmacro_rules!", "julia": r"^\s*macro\b", "elixir": r"^\s*(defmacrop?|defguardp?)\b",
}
SHOW = int(os.environ.get("SHOW", "8"))


def segments(name_path):
    """A name path's segments: `/` separates them, `\\/` is a slash inside a name (`( \\/ )`)."""
    return [p.replace("\\/", "/") for p in re.split(r"(?<!\\)/", name_path)]


def norm(path):
    return path[2:] if path.startswith("./") else path


def ctags_name(root, lang, t):
    name = t["name"]
    if lang == "objc" and t["kind"] in ("method", "class"):
        return name.split(":")[0]  # the selector's first keyword, as arborist names methods
    if lang == "kotlin" and t["kind"] == "object" and name == "Companion":
        return "companion"  # an unnamed companion object: arborist names it `companion`
    if lang == "cpp" and name.startswith("operator "):
        return re.sub(r"^operator (?=\W)", "operator", name)  # `operator ==`: arborist `operator==`
    if lang == "haskell" and t["kind"] == "module":
        m = re.match(r"\s*module\s+([\w.']+)", source_line(root, norm(t["path"]), t["line"] - 1))
        return m.group(1) if m else name  # ctags keeps the first segment of `module A.B.C`
    if lang == "elixir" and t["kind"] in ("module", "protocol"):
        m = re.match(r"\s*(?:defmodule|defprotocol)\s+([\w.]+)", source_line(root, norm(t["path"]), t["line"] - 1))
        return m.group(1) if m else name  # ctags keeps the last segment of `defmodule A.B`
    if lang == "csharp" and name.startswith("operator "):
        return name[len("operator "):]  # arborist names an operator by its token
    if lang == "csharp":
        name = name.split(".")[-1]  # `IFoo.Bar` (explicit interface implementation): arborist names it `Bar`
        return name[1:] if name.startswith("~") else name  # a finalizer: arborist names it like its class
    if lang == "lua":
        return re.split(r"[.:]", name)[-1]  # `function M.f` / `M:f`: the member's own name
    return name


def run_ctags(root, ctags_lang, exts, extra=()):
    """Every tag ctags finds under root in files of those extensions, read as that language."""
    out = subprocess.run(
        ["ctags", "-R", "--output-format=json", "--fields=+neKZSl", f"--languages={ctags_lang}",
         f"--langmap={ctags_lang}:{''.join(exts)}", *extra, "-f", "-", "."],
        cwd=root, check=True, capture_output=True, text=True,
    ).stdout
    for line in out.splitlines():
        try:
            t = json.loads(line)
        except json.JSONDecodeError:  # ctags 5.9 writes some names (with control characters) unescaped
            continue
        if t.get("_type") == "tag":
            yield t


def ctags_items(root, lang):
    items = []
    for t in run_ctags(root, CTAGS_LANG[lang], EXTS[lang], CTAGS_EXTRA.get(lang, [])):
        kinds = CTAGS_KINDS[lang]
        group = kinds.get((t.get("language"), t.get("kind")), kinds.get(t.get("kind")))
        if lang == "csharp" and t["kind"] == "method" and re.search(r"\bdelegate\b", source_line(root, norm(t["path"]), t["line"] - 1)):
            group = TY  # ctags tags a delegate as a method; it is a type (arborist: type)
        if group == MAC and lang in ("c", "cpp", "objc") and "signature" not in t:
            continue  # an object-like macro (`#define N 1`): arborist tags it as a constant
        if not group or not t["path"].endswith(EXT[lang]):
            continue
        if re.match(r"__anon|AnonymousClass[0-9a-f]+$|AnonymousFunction[0-9a-f]+$|anonFunc[0-9a-f]+$|<lambda>$", t["name"]):
            continue  # ctags' name for an anonymous struct/enum/namespace/class/function: nothing to name
        scope = t.get("scope")
        container = re.split(r"::|\.|\\", scope)[-1] if scope and t.get("scopeKind") not in (None, "package") else None
        items.append({
            "file": norm(t["path"]), "name": ctags_name(root, lang, t), "group": group, "kind": t["kind"],
            "start": t["line"] - 1, "end": t["end"] - 1 if "end" in t else None, "container": container,
            "scope_kind": t.get("scopeKind"),
        })
    return items


LINES = {}


def source_line(root, file, n):
    if file not in LINES:
        with open(os.path.join(root, file), encoding="utf-8", errors="replace") as f:
            LINES[file] = f.read().split("\n")
    lines = LINES[file]
    return lines[n] if n < len(lines) else ""


ALL = {}  # (file, name_path) -> kind, every arborist symbol
RANGE = {}  # (file, name_path) -> its lines
AT = collections.defaultdict(list)  # (file, 0-based line, name) -> kinds of arborist symbols there


def arborist_items(root, lang, binary):
    out = subprocess.run([binary, "index", root, "--dump"], check=True, capture_output=True, text=True).stdout
    items = []
    for line in out.splitlines():
        s = json.loads(line)
        ALL[(s["file"], s["name_path"])] = s["kind"]
        RANGE[(s["file"], s["name_path"])] = {"start": s["start_line"], "end": s["end_line"], "name_path": s["name_path"]}
        last = re.sub(r"\[\d+\]$", "", segments(s["name_path"])[-1])
        for ln in range(s["start_line"], s["end_line"] + 1):
            AT[(s["file"], ln, last)].append(s["kind"])
        group = ARBORIST_KINDS.get(s["kind"]) or ARBORIST_LANG_KINDS.get(lang, {}).get(s["kind"])
        if not group or not s["file"].endswith(EXT[lang]):
            continue
        if group == FN and lang in MACRO_LINE and re.search(MACRO_LINE[lang], source_line(root, s["file"], s["start_line"])):
            group = MAC
        segs = [re.sub(r"\[\d+\]$", "", p) for p in segments(s["name_path"])]
        if lang == "julia" and "." in segs[-1]:
            segs[-1] = segs[-1].split(".")[-1].lstrip(":")  # `Base.show`: ctags names it `show` (scope Base)
        if lang in ("csharp", "cpp") and s["kind"] == "Namespace":
            segs[-1] = re.split(r"::|\.", segs[-1])[-1]  # ctags names `namespace A.B` / `a::b` by its last part
        items.append({
            "file": s["file"], "name": segs[-1], "group": group, "kind": s["kind"], "name_path": s["name_path"],
            "start": s["start_line"], "end": s["end_line"], "container": segs[-2] if len(segs) > 1 else None,
        })
    return items


def walked_files(root, exts):
    """The files arborist's walker sees: .gitignore honoured outside git repos, hidden files included."""
    globs = [a for e in exts for a in ("-g", f"*{e}")]
    out = subprocess.run(
        ["rg", "--files", "--hidden", "--no-require-git", "--no-ignore-dot", "--no-ignore-parent",
         "--no-ignore-global", "-g", "!.git", "-g", "!.arborist", *globs, "."],
        cwd=root, capture_output=True, text=True).stdout
    return {norm(f) for f in out.split()}


SEXP = os.environ.get("SEXP") or next(
    (p for p in (os.path.join(os.path.dirname(__file__), "../../target", d, "examples/sexp") for d in ("release", "debug"))
     if os.path.exists(p)), None)
BROKEN = {}


def parse_broken(root, lang, file):
    """Whether tree-sitter's tree of the file has an ERROR or MISSING node (the repo's examples/sexp)."""
    if not SEXP:
        return False
    if file not in BROKEN:
        out = subprocess.run([SEXP, lang, os.path.join(root, file)], capture_output=True, text=True).stdout
        BROKEN[file] = "(ERROR" in out or "(MISSING" in out
    return BROKEN[file]


def layout_end(root, w):
    """Without an end line from ctags: the last line before the next one indented no deeper than the start
    (a closing `}`/`end` included)."""
    first = source_line(root, w["file"], w["start"])
    indent = len(first) - len(first.lstrip())
    n = w["start"] + 1
    while n < w["start"] + 200 and n < len(LINES[w["file"]]):
        line = LINES[w["file"]][n]
        if line.strip() and len(line) - len(line.lstrip()) <= indent and line.strip() not in ("{", "(", "do", "begin"):
            return n if re.match(r"\s*(\}|end\b|@end)", line) else n - 1
        n += 1
    return n - 1


def found_alone(root, lang, binary, missing):
    """The missed items (ids) that arborist finds when the lines ctags gives them (line..end) are a file of
    their own: then the miss comes from the context (a syntax error earlier in the file), not the query."""
    import tempfile
    found = set()
    with tempfile.TemporaryDirectory() as tmp:
        names = {}
        for i, w in enumerate(missing):
            end = w["end"] if w["end"] is not None else layout_end(root, w)
            if end - w["start"] > 2000 or not parse_broken(root, lang, w["file"]):
                continue
            lines = [source_line(root, w["file"], n) for n in range(w["start"], end + 1)]
            ext = next(e for e in EXTS[lang] if w["file"].endswith(e))
            with open(os.path.join(tmp, f"s{i}{ext}"), "w") as f:
                f.write("\n".join(lines) + "\n")
            names[f"s{i}{ext}"] = w
        if not names:
            return found
        out = subprocess.run([binary, "index", tmp, "--dump"], capture_output=True, text=True).stdout
        for line in out.splitlines():
            s = json.loads(line)
            w = names.get(s["file"])
            last = re.sub(r"\[\d+\]$", "", segments(s["name_path"])[-1])
            if w is not None and last == w["name"]:
                found.add(id(w))
    return found


# Per-language explanations of differences: f(root, item) -> cause or None.
def _line(root, w, n=0):
    return source_line(root, w["file"], w["start"] + n)


def _body(root, w):
    end = w["end"] if w["end"] is not None else w["start"]
    return "\n".join(source_line(root, w["file"], n) for n in range(w["start"], min(end, w["start"] + 30) + 1))


def _macro_function_around(w):
    """An arborist function around the item named like a macro (`GMOCK_DEFINE_..._`), when ctags puts the item in
    a class or namespace: a macro call (arguments that are types, or empty) that tree-sitter read as a function
    definition swallowing what follows (a parse artifact, not a function body)."""
    if w.get("scope_kind") not in ("class", "struct", "union", "namespace"):
        return None
    for (file, name_path), kind in ALL.items():
        if file == w["file"] and kind in ("Function", "Method", "Constructor"):
            r = RANGE[(file, name_path)]
            last = re.sub(r"\[\d+\]$", "", segments(name_path)[-1])
            if r["start"] < w["start"] <= r["end"] and re.fullmatch(r"[A-Z][A-Z0-9]*_[A-Z0-9_]*", last):
                return name_path
    return None


def _objc_prev_code_line(root, w, n):
    """The last line before line n that is not blank or a comment ("" at the top of the file)."""
    for k in range(n - 1, max(-1, n - 50), -1):
        prev = source_line(root, w["file"], k).strip()
        if prev and not prev.startswith(("//", "/*", "*")) and not prev.endswith("*/"):
            return prev
    return ""


def _objc_miss(root, w, line):
    if w["kind"] in ("method", "class"):
        for n in range(w["start"] - 1, max(-1, w["start"] - 400), -1):
            prev = source_line(root, w["file"], n).strip()
            if prev.startswith(("@interface", "@implementation", "@protocol", "@end", "#endif", "#else", "#elif")):
                break
            if re.match(r"#\s*ifn?def\b", prev):
                return ("grammar: a method with parameters in an `#ifdef`/`#ifndef` block inside @interface/"
                        "@implementation (tree-sitter-objc parses the block as C statements; `#if` blocks parse)")
            if prev.startswith("#if"):
                break
        # ctags' line of a method is the line of its `{`: the macro call is on it or just above
        for text in (line, _line(root, w, -1) if w["start"] > 0 else ""):
            if re.fullmatch(r"[A-Z][A-Z0-9_]*", w["name"]) and re.match(r"\s*" + re.escape(w["name"]) + r"\s*\(", text):
                return ("ctags error: a macro that expands to a method (`RCT_CUSTOM_VIEW_PROPERTY(name, type, View) "
                        "{...}`) read as a method named by the macro")
    if (w["kind"] == "function" and not re.fullmatch(r"[A-Z][A-Z0-9_]*", w["name"])
            and re.match(r"\s*" + re.escape(w["name"]) + r"\s*\(", line)):
        prev = _objc_prev_code_line(root, w, w["start"])
        if not prev or prev.startswith("#") or prev.endswith((";", "}", "{")):
            # no return type before the name, on its line or the line above: a call, not a function
            return ("ctags error: a call at the start of a statement (`PyDoc_STRVAR(name, \"...\");`, "
                    "`NSLog(...);`) read as a function definition or prototype")
    if w["kind"] == "function" and re.search(r"=\s*(?:\([^()]*\)\s*)?" + re.escape(w["name"]) + r"\s*\(", line):
        return "ctags error: a call in an initializer or assignment (`x = CFSTR(\"...\");`) read as a function"
    if w["kind"] == "function" and re.match(r"\s*[\w\s*]*[\s*]" + re.escape(w["name"]) + r"\s*\([^;{]*\)\s*;", line):
        return "design: a function prototype (declarations are not tagged in .m files, as in C)"
    if w["kind"] == "interface" and re.match(r"\s*@interface\s+\w+\s*\(\s*\)", line):
        return ("design: a class extension `@interface Foo ()` is a block of Foo's members (an impl container, "
                "as categories are), not a declaration of Foo")
    return None


def c_family_miss(root, w, other):
    line = _line(root, w)
    if w["name"] in ("__attribute__", "__declspec", "__asm__", "__extension__"):
        return "ctags error: `__attribute__((...))` read as a function name"
    if lang_of(root) == "objc":
        cause = _objc_miss(root, w, line)
        if cause:
            return cause
    if re.fullmatch(r"[A-Z][A-Z0-9_]*", w["name"]) and re.match(r"\s*" + re.escape(w["name"]) + r"\s*\(", line):
        return "ctags error: a macro call (`TEST(...)`, `ASSERT(...)`) read as a function definition or prototype"
    if lang_of(root) == "cpp" and w["kind"] == "prototype" and re.fullmatch(r"[A-Z][A-Z0-9]*_[A-Za-z0-9_]*", w["name"]) and (
            re.match(r"\s*" + re.escape(w["name"]) + r"\s*\(.*\)\s*;", line)
            or re.search(r"\bstatic_assert\s*\(.*\b" + re.escape(w["name"]) + r"\s*\(", line)):
        # `GTEST_DECLARE_bool_(flag);` at namespace level has no return type: no function is declared;
        # `static_assert(!GMOCK_PP_IS_EMPTY(x), "")` is a macro call inside an assertion
        return "ctags error: a macro call (`TEST(...)`, `ASSERT(...)`) read as a function definition or prototype"
    if lang_of(root) == "cpp" and not other and _macro_function_around(w):
        return ("grammar: a macro call read as a function definition swallows the declarations after it "
                "(`GMOCK_DEFINE_DEFAULT_ACTION_FOR_RETURN_TYPE_(signed char, '\\0');`)")
    if w["kind"] in ("struct", "union", "enum") and re.search(r"\b(struct|union|enum)\s+" + re.escape(w["name"]) + r"\s+\**\w+\s*(=|;|\[)", line):
        return "ctags error: a variable declaration `struct S v = {...}` read as a definition of S"
    if w["name"].startswith("operator ") and re.match(r"operator [A-Za-z_]", w["name"]):
        # a real miss: a symbol's name is the text of one node, and no node of tree-sitter-cpp spans
        # `operator bool` without its parameters (operator_cast holds `operator bool() const`)
        return "engine: a conversion operator (`operator bool`) has no name node (the engine names a symbol by one node)"
    if re.search(r"\(\s*[A-Z][A-Z0-9_]+\s+\*\s*" + re.escape(w["name"]), line):
        return "grammar: a calling-convention macro in a declarator (`typedef R (WINAPI *fn)(...)`) breaks its parse"
    if w["kind"] in ("function", "prototype") and re.match(r"\s*(?:[A-Z][A-Z0-9_]+(?:\([^)]*\))?\s+)+\S", line) and not other:
        return "grammar: an unknown macro before the declaration (`GTEST_API_ std::string f(...)`) breaks its parse"
    if w["kind"] == "function" and lang_of(root) == "objc":
        body = _body(root, w)
        if ";" in body.split("{")[0] and "{" not in body.split(";")[0]:
            return "design: a function prototype (declarations are not tagged in .m files, as in C)"


def csharp_miss(root, w, other):
    if w["kind"] == "class" and re.fullmatch(r"[A-Z]", w["name"]) and "where" in _line(root, w):
        return "ctags error: a `where T : ...` constraint read as a class `T`"


def kotlin_miss(root, w, other):
    if w["container"] == "<lambda>":
        return "ctags error: a lambda parameter, or a member of an anonymous object, tagged as a method"
    for n in range(w["start"], -1, -1):  # the file-level declaration holding it
        line = source_line(root, w["file"], n)
        if re.match(r"(public|private|internal|protected)\s", line):
            k = n - 1
            while k >= 0 and (not source_line(root, w["file"], k).strip() or source_line(root, w["file"], k).lstrip().startswith(("*", "/*", "//"))):
                k -= 1
            if k >= 0 and source_line(root, w["file"], k).startswith("@"):
                return ("grammar: a file-level declaration with a visibility modifier below an annotation line "
                        "(`@DoNotStrip` / `public interface X`) parses as an expression (tree-sitter-kotlin)")
            break
        if re.match(r"[a-z@]", line) and not line.startswith(("import", "package")):
            break
    line = _line(root, w)
    indent = len(line) - len(line.lstrip())
    for n in range(w["start"] - 1, max(-1, w["start"] - 200), -1):
        prev = source_line(root, w["file"], n)
        if prev.strip() and len(prev) - len(prev.lstrip()) < indent:
            if re.search(r"\bobject\s*:", prev):
                return "design: members of anonymous objects (`object : T { override fun ... }`) are not tagged"
            break


def ruby_miss(root, w, other):
    return None


def haskell_miss(root, w, other):
    line = _line(root, w)
    if "Field" in other:
        return "design: a record field (ctags: its accessor function; arborist: field)"
    if w["name"] in ("class", "instance", "data", "type", "newtype", "where", "let", "in", "import", "deriving"):
        return "ctags error: a keyword read as a function name"
    if re.match(r"\s*\w+'*\s+[!#$%&*+./<=>?@\\^|~:-]+\s", line) and w["kind"] == "function":
        return "ctags error: an operator definition (`arr ! i = ...`) named by its first argument"
    if re.match(r"\s*\S+\s+`\w+`", line) or re.match(r"\s*[A-Z]", line) and w["kind"] == "function":
        return "ctags error: an infix definition (`x `op` y = ...`) or a constructor pattern named by its first token"
    if "::" in line and w["kind"] == "function":
        return "design: ctags tags the names of a type signature (`f, g :: T`); arborist tags equations"


def ocaml_miss(root, w, other):
    line = _line(root, w)
    stem = os.path.splitext(os.path.basename(w["file"]))[0]
    if w["kind"] == "module" and w["start"] == 0 and w["name"].lower() == stem.lower():
        return "design: ctags tags each file as a module of its name (arborist: the file is no symbol)"
    if w["name"] in ("include", "open", "()", "_", "struct", "sig", "nonrec", "val"):
        return "ctags error: `include`, `let open`, `let ()` read as definitions"
    if w["kind"] == "val" and "Variable" in other:
        return "design: a `val x : t` whose type is no function type is a variable in arborist"
    if w["kind"] == "function" and "Variable" in other:
        return "design: `let x = <not a fun>` (`let ( % ) = ( %. )`) is a variable in arborist"
    if w["kind"] == "type" and re.search(r"\+=", line):
        return "design: a type extension `type t += C` adds constructors, it defines no type"
    if w["kind"] == "module" and not re.match(r"\s*(module|and)\b", line):
        return "ctags error: a first-class module `(module M : S)` or `with module M` read as a definition"
    if w["kind"] == "type" and (not re.match(r"\s*(type|and)\b", line) or ":=" in line):
        return "ctags error: a type in a constraint (`with type t = ...`) or a path read as a definition"


JS_FN_STARTS = {}  # (file, 0-based start line) -> names of arborist function-like symbols starting there


def javascript_miss(root, w, other):
    line = _line(root, w)
    if not JS_FN_STARTS:
        for (file, name_path), kind in ALL.items():
            if kind in ("Function", "Method", "Constructor"):
                last = re.sub(r"\[\d+\]$", "", segments(name_path)[-1])
                JS_FN_STARTS.setdefault((file, RANGE[(file, name_path)]["start"]), set()).add(last)
    here = JS_FN_STARTS.get((w["file"], w["start"]), set())
    m = re.match(r"\s*module\.exports\s*=\s*function\s+([\w$]+)", line)
    if w["kind"] in ("function", "method") and (w["name"] in here or m and m.group(1) in here):
        return ("ctags error: one definition tagged twice (`res.json = function json`: as the member and by the "
                "function expression's own name; `module.exports = function query`: as `exports` and `query`)")
    if w["kind"] == "class" and not re.search(r"\bclass\b", line):
        return "design: ctags infers a class from a constructor function, prototype or object literal"
    if re.match(r"\s*[\w$.]+\.prototype\.constructor\s*=", line):
        return "design: `Foo.prototype.constructor = Foo` restores the constructor link, it defines no method"
    if re.match(r"\s*[\w$.]+\.prototype\.[\w$]+\.prototype\s*=", line):
        return "ctags error: `A.prototype.init.prototype = A.prototype` read as a definition of the method `init`"
    if re.match(r"\s*(var\s+|let\s+|const\s+)?[\w$.]+\s*=\s*\(\s*function\b", line):
        if w["kind"] == "function" and "Variable" in other:
            return ("design: `var f = (function () { ... }())`: the value of an immediately invoked function is a "
                    "variable in arborist (ctags: function)")
        if re.search(r"\.[\w$]+\s*=\s*\(", line):
            return "ctags error: the value of an immediately invoked function `a.b = (function () {...})()` read as a function"
    if re.match(r"\s*[\w$.]+\[[^\]]+\][\w$.]*\s*=\s*function\b", line):
        return ("ctags error: a function assigned to a computed member (`jQuery.fn[ name ] = function`) named by "
                "its object (no static name: arborist does not tag it)")
    if re.match(r"\s*" + re.escape(w["name"]) + r"\.[\w$]+\s*=\s*function\b", line) and here:
        return "ctags error: `res.get = function` named by its object `res` (arborist: `get`)"
    if w["kind"] == "function" and re.match(r"\s*" + re.escape(w["name"]) + r"\s*=\s*function\b", line) and any(
            re.match(r"\s*var\s+" + re.escape(w["name"]) + r"\s*=", source_line(root, w["file"], n))
            for n in range(max(0, w["start"] - 40), w["start"])):
        return ("design: reassigning a declared variable (`var getTag = baseGetTag; if (...) getTag = function`) "
                "is not another definition (arborist tags the `var`)")
    if (w["container"] or "").startswith("AnonymousFunction"):
        return "design: inside an anonymous function (an IIFE/UMD wrapper): arborist tags no locals"
    if w["kind"] == "method" and re.match(r"\s*[\w$\"']+\s*:\s*(async\s+)?function\b", line) and not other:
        indent = len(line) - len(line.lstrip())
        for n in range(w["start"] - 1, max(-1, w["start"] - 300), -1):
            prev = source_line(root, w["file"], n)
            if prev.strip() and len(prev) - len(prev.lstrip()) < indent:
                if re.match(r"\s*[\w$\"']+\s*:\s*\{\s*$", prev):
                    return ("design: members of nested object literals (`special: { click: { setup: function } }`) "
                            "are not tagged")
                break


def typescript_miss(root, w, other):
    if w["name"] == "new":
        return "design: construct signatures (`new (...): T`) are not tagged"


def php_miss(root, w, other):
    if w["kind"] == "namespace" and re.match(r"\s*namespace\s+[\w\\]+\s*;", _line(root, w)):
        return "design: the statement form `namespace X;` is not tagged (queries/php/tags.scm)"


def r_miss(root, w, other):
    line = _line(root, w)
    if not re.match(r"\s*[\w.$@\"'`]+\s*(<<?-|=)\s*function\b", line) and "R6Class" not in line and "set" not in line:
        return "design: a function passed as a (named) argument (`error = function(e)`, `hooks$set(f = function)`)"


def bash_miss(root, w, other):
    if not re.fullmatch(r"[\w.:@+-]+", w["name"]) or w["name"] in ("--",):
        return "ctags error: `name=(...)`, `-- ...(` or `{` read as a function definition"


def lua_miss(root, w, other):
    line = _line(root, w)
    if "function" not in re.sub(r"[\"'][^\"']*[\"']", "", line):
        return "ctags error: `[\"function\"] = ...` or a pattern string read as a definition"
    if re.match(r"\s*\[", line):
        return "design: a function-valued field with a computed key (`[k] = function`)"
    if re.match(r"\s+local\s+function\b", line):
        return "design: a `local function` in a block (`do ... end`, `if`) at chunk level is block-local"
    if re.search(r"=\s*[\w.:]+\s*\(.*\bfunction\b", line) or re.search(r"[/(,]\s*function\s*\(", line):
        return "ctags error: an anonymous function passed as an argument, named after the variable it is assigned to"
    if re.match(r"\s*(local\s+)?[\w.:]+\s*=\s*function", line) and not re.match(r"\s*(local\s+)?\w+(\s*[.:]\s*\w+)?\s*=", line):
        return "design: a function assigned to a deeper field (`a.b.c = function`)"
    if re.match(r"\s*\w+\s*=\s*function", line) or re.search(r"[{,]\s*\w+\s*=\s*function", line):
        return "design: a function-valued field of a table that is not tagged (a metatable literal, a nested table)"
    if "Class" in other:
        return "design: `local t = setmetatable({}, ...)` and the like are tables (class), ctags sees a function"
    for n in range(w["start"] - 1, -1, -1):  # the enclosing column-0 statement, when the code is not indented
        prev = source_line(root, w["file"], n)
        if re.match(r"(end|local function|function)\b", prev):
            break
        if re.match(r"(return\s+function|if|do|for|while)\b", prev) or re.match(r"\S.*=\s*function\s*\(", prev):
            return ("design: a local function of a chunk-level block or of an anonymous function "
                    "(`if ... then`, `return function(...)`), written without indentation")


LANG_OF = {}


def lang_of(root):
    return LANG_OF.get(root)


MISS_CAUSES = {
    "c": c_family_miss, "cpp": c_family_miss, "objc": c_family_miss, "csharp": csharp_miss, "kotlin": kotlin_miss,
    "ruby": ruby_miss, "haskell": haskell_miss, "ocaml": ocaml_miss, "javascript": javascript_miss,
    "typescript": typescript_miss, "php": php_miss, "r": r_miss, "bash": bash_miss, "lua": lua_miss,
}
EXTRA_CAUSES = {}


def main():
    if len(sys.argv) < 3 or sys.argv[2] not in EXT:
        sys.exit(__doc__)
    root, lang = os.path.abspath(sys.argv[1]), sys.argv[2]
    LANG_OF[root] = lang
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
    matched_keys = {(g["file"], g["name"], g["group"]) for w, g in pairs}
    extra_keys = collections.Counter((g["file"], g["name"], g["group"]) for g in extra)
    new_causes = lang not in ("go", "java")  # keeps the Go and Java reports as they were
    alone_found = found_alone(root, lang, binary, missing) if new_causes else set()
    fns_by_file = collections.defaultdict(list)  # every arborist function-like symbol, also of excluded kinds
    for (file, name_path), kind in ALL.items():
        if kind in ("Function", "Method", "Constructor"):
            fns_by_file[file].append(RANGE[(file, name_path)])
    for v in fns_by_file.values():
        v.sort(key=lambda g: (g["start"], -g["end"]))

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
        if new_causes:
            cause = MISS_CAUSES.get(lang, lambda *_: None)(root, w, other)
            outer = [g for g in fns_by_file.get(w["file"], []) if g["start"] < w["start"] <= g["end"]]
            if outer and not other and not (cause or "").startswith(("ctags error", "grammar", "engine")):
                cause = None  # inside a function body: said below
            if cause:
                return cause, where + (f"; arborist {other[0]}" if other else "")
        if other:
            return f"ctags {w['kind']}, arborist {other[0]} (kind differs)", where + f"; arborist {other[0]}"
        if new_causes:
            outer = [g for g in fns_by_file.get(w["file"], []) if g["start"] < w["start"] <= g["end"]]
            if outer:
                return f"design: ctags {w['kind']} inside a function body (arborist tags no locals)", where + f"; in {outer[-1]['name_path']}"
            if extra_keys[(w["file"], w["name"], w["group"])]:
                return "arborist has the name at another line (or another end)", where
            if parse_broken(root, lang, w["file"]):
                if id(w) in alone_found:
                    return (f"grammar: ctags {w['kind']} lost to a syntax error elsewhere in the file (arborist finds "
                            f"it when its lines are parsed alone)"), where
                return f"ctags {w['kind']} in a file tree-sitter parses with errors, not found alone either", where
        return f"ctags {w['kind']} not in arborist", where

    def extra_cause(g):
        where = f"{g['file']}:{g['start'] + 1}-{g['end'] + 1} {g['kind']} {g['name_path']}"
        if "/testdata/" in g["file"]:
            return "in testdata/ (often deliberately invalid code)", where
        segs = segments(g["name_path"])
        kinds = [ALL.get((g["file"], "/".join(segs[:i]))) for i in range(1, len(segs))]
        if "EnumMember" in kinds:
            return f"{g['kind']} in an enum constant's body (ctags takes `C(..) {{` for a method, skips the body)", where
        if any(ARBORIST_KINDS.get(k) == "fn" for k in kinds):
            if new_causes and g["group"] == FN:
                return f"{g['kind']} nested in a function body (ctags does not tag nested functions here)", where
            return f"{g['kind']} inside a function/method body (local type or its member)", where
        if new_causes:
            cause = EXTRA_CAUSES.get(lang, lambda *_: None)(root, g)
            if cause:
                return cause, where
            if (g["file"], g["name"], g["group"]) in matched_keys:
                return "same name as a matched item (another overload/clause/declaration ctags tags once)", where
        return f"arborist {g['kind']} not in ctags", where

    if new_causes:
        tags = collections.Counter(miss_cause(w)[0].split(":")[0] if re.match(r"(ctags error|design|grammar|engine):", miss_cause(w)[0])
                                   else "other" for w in missing)
        comparable = n_want - tags["ctags error"] - tags["design"]
        print(f"missing: {tags['ctags error']} ctags errors, {tags['design']} design differences, {tags['grammar']} grammar "
              f"(syntax errors), {tags['engine']} engine, {tags['other']} other")
        print(f"recall without ctags errors and design differences: {100.0 * found / max(1, comparable):.3f}% "
              f"({found} of {comparable})")
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
