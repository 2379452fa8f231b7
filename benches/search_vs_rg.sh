#!/usr/bin/env bash
# search_vs_rg.sh CORPUS_DIR [ARBORIST_BIN]
#
# Times arborist's `search_for_pattern` (one-shot CLI: process start + walk + search + JSON answer)
# against ripgrep on the same trees with hyperfine, for a literal, a regex and a multi-line (DOTALL)
# pattern per language corpus (CORPUS_DIR/{python,go,java,typescript,rust}, whichever exist; made by
# `shared/corpus.sh DIR --no-large`). Before timing each case it checks that both tools find the same
# files and the same matched lines, then prints a summary table (mean wall time, ratio arborist/rg).
#
# Environment: RUNS (default 10), WARMUP (default 2), CASES_FILTER (regex on "corpus/case", optional),
# RG=path/to/rg (default: rg on PATH), KEEP_JSON=DIR to keep hyperfine's JSON exports.
set -euo pipefail

usage() { echo "usage: $0 CORPUS_DIR [ARBORIST_BIN]" >&2; exit 2; }
[[ $# -ge 1 && $# -le 2 ]] || usage
CORPUS=$(cd "$1" && pwd) || usage
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
BIN=${2:-}
if [[ -z $BIN ]]; then
    for b in "$HERE/../target/release/arborist" "$(command -v arborist || true)"; do
        [[ -n $b && -x $b ]] && BIN=$b && break
    done
fi
[[ -n $BIN && -x $BIN ]] || { echo "arborist binary not found; pass it as the 2nd argument" >&2; exit 2; }
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
RG=${RG:-rg}
for tool in "$RG" hyperfine python3; do
    command -v "$tool" >/dev/null || { echo "missing: $tool (apt-get install ripgrep hyperfine python3)" >&2; exit 2; }
done
RUNS=${RUNS:-10}
WARMUP=${WARMUP:-2}
CASES_FILTER=${CASES_FILTER:-}

# ripgrep flags equivalent to arborist's walker (src/project.rs `Project::walker`): hidden files are
# searched, `.git` never, .gitignore honoured even outside a git repository (the corpora are plain
# trees), no .ignore/.rgignore files, no parent-directory or global git excludes.
RG_FLAGS=(-n --hidden --no-require-git --no-ignore-dot --no-ignore-parent --no-ignore-global -g '!.git')

# corpus | case | pattern (Rust regex syntax, same for both tools) | multi-line (rg -U --multiline-dotall)
CASES=$(cat <<'EOF'
python|literal|import os|0
python|regex|def \w+\(self, request|0
python|multiline|class \w+\(.*?\):\n\s+"""|1
go|literal|func main|0
go|regex|func \(\w+ \*\w+\) Serve\w*\(|0
go|multiline|if err != nil \{\n\s*return nil, err\n\s*\}|1
java|literal|import java.util.List;|0
java|regex|public static \w+ \w+\(String|0
java|multiline|@Override\n\s+public \w+ \w+\(|1
typescript|literal|export default|0
typescript|regex|export (async )?function \w+\(|0
typescript|multiline|interface \w+ \{\n\s+\w+\??:|1
rust|literal|use std::|0
rust|regex|fn \w+<'a>\(|0
rust|multiline|#\[test\]\n\s*fn \w+|1
EOF
)

WORK=$(mktemp -d "${TMPDIR:-/tmp}/arborist-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

# Single-quote a word for hyperfine's shell-word splitting (-N runs commands without a shell).
q() { local s=${1//\'/\'\\\'\'}; printf "'%s'" "$s"; }

# Files and matched lines found by each tool; prints "files rg=.. arb=.. lines rg=.. arb=.. OK|DIFF".
sanity() { # rg.json arborist.json
    python3 - "$1" "$2" <<'PY'
import json, re, sys
rg_lines, arb_lines = set(), set()
for raw in open(sys.argv[1], encoding="utf-8"):
    ev = json.loads(raw)
    if ev["type"] != "match":
        continue
    d = ev["data"]
    path = d["path"].get("text") or d["path"].get("bytes")
    path = path[2:] if path.startswith("./") else path
    text = d["lines"].get("text", "")
    n = text.count("\n") + (0 if text.endswith("\n") else 1)
    for i in range(n):
        rg_lines.add((path, d["line_number"] - 1 + i))
answer = json.load(open(sys.argv[2], encoding="utf-8"))
if not isinstance(answer, dict):
    sys.exit(f"arborist answer is not a JSON object: {str(answer)[:200]}")
head = re.compile(r"^  >\s*(\d+):")
for path, blocks in answer.items():
    for block in blocks:
        for line in block.split("\n"):
            m = head.match(line)
            if m:
                arb_lines.add((path, int(m.group(1))))
rf = {p for p, _ in rg_lines}
af = {p for p, _ in arb_lines}
ok = rf == af and rg_lines == arb_lines
print(f"files rg={len(rf)} arborist={len(af)}  matched lines rg={len(rg_lines)} arborist={len(arb_lines)}  "
      + ("OK" if ok else "DIFF"))
if not ok:
    for p in sorted(rf - af)[:3]:
        print(f"    only rg: {p}")
    for p in sorted(af - rf)[:3]:
        print(f"    only arborist: {p}")
    for p, l in sorted(rg_lines ^ arb_lines)[:3]:
        print(f"    line differs: {p}:{l}")
PY
}

mean_ms() { python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"]; print(" ".join("%.1f %.1f %.1f" % (x["mean"]*1e3, x["stddev"]*1e3, x["min"]*1e3) for x in r))' "$1"; }

SUMMARY=$WORK/summary.tsv
: > "$SUMMARY"
echo "arborist: $BIN"
echo "ripgrep:  $RG ($("$RG" --version | head -1))   flags: ${RG_FLAGS[*]}"
echo "runs=$RUNS warmup=$WARMUP, wall time per full search incl. process start; output drained through a pipe"
while IFS='|' read -r corpus name pattern multi; do
    dir=$CORPUS/$corpus
    [[ -d $dir ]] || continue
    [[ -z $CASES_FILTER || "$corpus/$name" =~ $CASES_FILTER ]] || continue
    rg_extra=()
    [[ $multi == 1 ]] && rg_extra=(-U --multiline-dotall)
    args=$(python3 -c 'import json,sys; print(json.dumps({"substring_pattern": sys.argv[1], "multiline": True, "max_answer_chars": 100000000}))' "$pattern")
    echo
    echo "== $corpus / $name: $pattern"
    # Sanity: same files and matched lines (paths relative to the corpus directory for both).
    (cd "$dir" && "$RG" "${RG_FLAGS[@]}" "${rg_extra[@]}" --json -e "$pattern" . < /dev/null > "$WORK/rg.json" || true)
    (cd "$dir" && "$BIN" tool search_for_pattern "$args" --project . < /dev/null > "$WORK/arb.json")
    echo "   sanity: $(sanity "$WORK/rg.json" "$WORK/arb.json")"
    rg_cmd=$(q "$RG")
    for a in "${RG_FLAGS[@]}" "${rg_extra[@]}"; do rg_cmd+=" $(q "$a")"; done
    rg_cmd+=" -e $(q "$pattern") ."
    arb_cmd="$(q "$BIN") tool search_for_pattern $(q "$args") --project ."
    out=$WORK/$corpus-$name.json
    (cd "$dir" && hyperfine -N -i --output=pipe --warmup "$WARMUP" --runs "$RUNS" \
        --style basic --export-json "$out" -n rg "$rg_cmd" -n arborist "$arb_cmd" | sed 's/^/   /')
    read -r rg_ms rg_sd rg_min arb_ms arb_sd arb_min <<< "$(mean_ms "$out")"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$corpus" "$name" "$rg_ms" "$rg_sd" "$rg_min" "$arb_ms" "$arb_sd" "$arb_min" >> "$SUMMARY"
    [[ -n ${KEEP_JSON:-} ]] && mkdir -p "$KEEP_JSON" && cp "$out" "$KEEP_JSON/"
done <<< "$CASES"

echo
echo "Summary (wall ms: mean ± stddev, and min; ratio = arborist/rg of the means, and of the mins;"
echo "goal: ratio <= 1.5 on python and go; on a busy machine trust the min columns)"
python3 - "$SUMMARY" <<'PY'
import sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
print(f"{'corpus':<11} {'case':<10} {'rg ms':>15} {'arborist ms':>15} {'ratio':>6} {'rg min':>7} {'arb min':>7} {'ratio':>6}")
for corpus, case, rg, rgsd, rgmin, arb, arbsd, arbmin in rows:
    ratio = float(arb) / float(rg)
    rmin = float(arbmin) / float(rgmin)
    flag = "" if max(ratio, rmin) <= 1.5 else "  > 1.5x"
    print(f"{corpus:<11} {case:<10} {rg:>8} ± {rgsd:>4} {arb:>8} ± {arbsd:>4} {ratio:>6.2f} {rgmin:>7} {arbmin:>7} {rmin:>6.2f}{flag}")
PY
