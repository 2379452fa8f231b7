#!/usr/bin/env python3
"""prefilter_check.py CORPUS_DIR [ARBORIST_BIN] — are the definition prefilters a superset on real code?

Indexes CORPUS_DIR (`arborist index --dump`, then deletes CORPUS_DIR/.arborist) and, for every symbol of a
language with a `definition_prefilter` in grammars.toml, checks that the prefilter for the symbol's name
matches somewhere in its file (what the search-first lookup asks before the index is ready: a file without
a match is never parsed for that name). Prints up to 15 misses per language with the definition's line,
then per language the symbols checked and the misses; exits 1 when there is a miss.

The patterns are read from this checkout's grammars.toml and run with Python's `re` (multi-line), which
reads them as the Rust regex crate does for the constructs they use.
"""

import json
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
GRAMMARS = HERE.parent.parent / "grammars.toml"


def main() -> int:
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    root = Path(sys.argv[1]).resolve()
    binary = sys.argv[2] if len(sys.argv) > 2 else shutil.which("arborist") or sys.exit("pass the arborist binary")
    by_ext = {}
    for lang in tomllib.loads(GRAMMARS.read_text())["language"]:
        if lang.get("definition_prefilter"):
            for ext in lang["extensions"]:
                by_ext[ext] = lang
    dump = subprocess.run([binary, "index", str(root), "--dump"], capture_output=True, text=True, check=True).stdout
    shutil.rmtree(root / ".arborist", ignore_errors=True)
    texts, regexes, checked, misses = {}, {}, {}, {}
    for line in dump.splitlines():
        sym = json.loads(line)
        rel = sym["file"]
        lang = by_ext.get(rel.rsplit(".", 1)[-1])
        if not lang:
            continue
        # the last segment of the name path, unescaped, without an overload index
        name = re.split(r"(?<!\\)/", sym["name_path"])[-1].replace("\\/", "/")
        name = re.sub(r"\[\d+\]$", "", name)
        if not name:
            continue
        if rel not in texts:
            text = (root / rel).read_text(encoding="utf-8", errors="replace")
            texts[rel] = (text, text.splitlines())
        key = (lang["name"], name)
        if key not in regexes:
            parts = [p.replace("{name}", re.escape(name)) for p in lang["definition_prefilter"]]
            regexes[key] = re.compile("|".join(f"(?:{p})" for p in parts), re.M)
        checked[lang["name"]] = checked.get(lang["name"], 0) + 1
        text, lines = texts[rel]
        # the definition's own lines first (fast), then anywhere in the file
        near = "\n".join(lines[sym["start_line"] : sym["end_line"] + 1][:20])
        if not regexes[key].search(near) and not regexes[key].search(text):
            misses[lang["name"]] = misses.get(lang["name"], 0) + 1
            if misses[lang["name"]] <= 15:
                line_text = lines[sym["start_line"]][:100]
                print(f"MISS {rel}:{sym['start_line'] + 1} {sym['name_path']} {sym['kind']}: {line_text!r}")
    for lang, n in sorted(checked.items()):
        print(f"{lang}: {n} symbols checked, {misses.get(lang, 0)} in files the prefilter would skip")
    return 1 if misses else 0


if __name__ == "__main__":
    sys.exit(main())
