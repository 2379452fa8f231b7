#!/usr/bin/env python3
"""Token economy: the answer size of 30 typical calls (overview, find_symbol with and without body,
references, search) on Django, against the same answers in the reference server's recorded shapes
(serena-api.md: the same JSON, without the fields arborist adds).

    python3 benches/token_economy.py [--arborist PATH] [--project DIR]

Runs every call through one `arborist loop` process (heuristic references, so no language server is
involved) and prints a Markdown table: characters and estimated tokens (characters / 4) per call kind,
ours and the reference shape, and which added fields make the difference. Exit status 1 when ours is
larger than the reference shape in any kind for any other reason than `backend` (said once per references
answer: a heuristic answer must say so).
"""

import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_PROJECT = "/work/corpus/python/Django-5.1.4"

OVERVIEW = [
    "django/core/paginator.py",
    "django/db/models/query.py",
    "django/http/request.py",
    "django/utils/text.py",
    "django/forms/forms.py",
    "django/contrib/auth/models.py",
    "django/views/generic/list.py",
    "django/db/models/fields/__init__.py",
]
FIND = ["Paginator", "QuerySet/filter", "HttpRequest/get_host", "slugify", "BaseForm", "AbstractUser",
        "ListView", "Field/clean"]
FIND_BODY = ["Paginator/page", "slugify", "HttpRequest/get_host", "QuerySet/exists", "Field/clean",
             "MultipleObjectMixin/paginate_queryset"]
REFERENCES = [
    ("Paginator", "django/core/paginator.py"),
    ("slugify", "django/utils/text.py"),
    ("Paginator/validate_number", "django/core/paginator.py"),
    ("MultipleObjectMixin", "django/views/generic/list.py"),
]
SEARCH = [r"def slugify", r"class \w*Paginator", r"ELLIPSIS", r"get_host\("]

MAX = 10**8


def calls():
    for rel in OVERVIEW:
        yield "overview", "get_symbols_overview", {"relative_path": rel}
    for name in FIND:
        yield "find_symbol", "find_symbol", {"name_path_pattern": name, "max_answer_chars": MAX}
    for name in FIND_BODY:
        yield "find_symbol + body", "find_symbol", {"name_path_pattern": name, "include_body": True,
                                                    "max_answer_chars": MAX}
    for name, rel in REFERENCES:
        yield "references", "find_referencing_symbols", {"name_path": name, "relative_path": rel,
                                                         "backend": "heuristic", "max_answer_chars": MAX}
    for pattern in SEARCH:
        yield "search", "search_for_pattern", {"substring_pattern": pattern, "relative_path": "django",
                                               "max_answer_chars": MAX}


# Fields arborist adds to the reference's answers, per tool.
ADDED = {
    "find_symbol": ("body_sha256", "resolution"),
    "find_referencing_symbols": ("backend",),
}


def reference_shape(tool, text):
    """The answer as the reference server shapes it: the same JSON without arborist's added fields."""
    added = ADDED.get(tool)
    if not added:
        return text, []
    value = json.loads(text)
    removed = []
    if isinstance(value, dict):
        for key in added:
            if key in value:
                removed.append(key)
                del value[key]
    elif isinstance(value, list):
        for item in value:
            for key in added:
                if key in item:
                    removed.append(key)
                    del item[key]
    # the reference writes Python's json.dumps: ", " and ": ", non-ASCII kept
    return json.dumps(value, ensure_ascii=False), sorted(set(removed))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--arborist", default=os.path.join(HERE, "..", "target", "release", "arborist"))
    ap.add_argument("--project", default=DEFAULT_PROJECT)
    args = ap.parse_args()
    plan = list(calls())
    lines = "".join(json.dumps({"action": "tool_call", "tool": t, "args": a}) + "\n" for _, t, a in plan)
    env = dict(os.environ, ARBORIST_LOG="error")
    out = subprocess.run([args.arborist, "loop", args.project, "--context", "desktop-app"], input=lines,
                         capture_output=True, text=True, env=env, timeout=600)
    answers = [json.loads(l) for l in out.stdout.splitlines() if l.strip()]
    if len(answers) != len(plan):
        sys.exit(f"expected {len(plan)} answers, got {len(answers)}:\n{out.stderr[-2000:]}")
    rows = {}
    failed = []
    for (kind, tool, a), ans in zip(plan, answers):
        if not ans["ok"]:
            failed.append(f"{tool} {a}: {ans['result'][:200]}")
            continue
        ours = ans["result"]
        ref, removed = reference_shape(tool, ours)
        r = rows.setdefault(kind, {"calls": 0, "ours": 0, "ref": 0, "added": set()})
        r["calls"] += 1
        r["ours"] += len(ours)
        r["ref"] += len(ref)
        r["added"].update(removed)
        if set(removed) - {"backend"}:
            r["unjustified"] = True
    print("| calls | n | ours (chars) | reference shape (chars) | ours / reference | ~tokens ours | added fields |")
    print("|---|---|---|---|---|---|---|")
    larger = False
    total_ours = total_ref = 0
    for kind, r in rows.items():
        ratio = r["ours"] / r["ref"] if r["ref"] else 1.0
        larger |= r.get("unjustified", False)
        total_ours += r["ours"]
        total_ref += r["ref"]
        added = ", ".join(f"`{f}`" for f in sorted(r["added"])) or "none"
        print(f"| {kind} | {r['calls']} | {r['ours']:,} | {r['ref']:,} | {ratio:.3f} | {r['ours'] // 4:,} | {added} |")
    print(f"| **all** | {sum(r['calls'] for r in rows.values())} | {total_ours:,} | {total_ref:,} | "
          f"{total_ours / max(total_ref, 1):.3f} | {total_ours // 4:,} | |")
    for f in failed:
        print(f"\nFAILED: {f}")
    return 1 if larger or failed else 0


if __name__ == "__main__":
    sys.exit(main())
