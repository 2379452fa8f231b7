#!/usr/bin/env bash
# index.sh CORPUS_DIR [ARBORIST_BIN] — cold full index vs universal-ctags, peak RSS, and the first query.
#
# 1. hyperfine (1 warm-up, RUNS timed runs; the page cache is warm, CORPUS_DIR/.arborist is deleted before
#    every run): `arborist index DIR --threads 1`, `--threads 2`, `ctags -R -f - DIR` (every language
#    ctags knows, as asked) and `ctags -R -f - --languages=<arborist's seven> DIR` (same languages).
#    Goal: arborist at 2 threads within 3x of ctags.
# 2. Peak RSS of one cold run of each (`/usr/bin/time -v`, "Maximum resident set size").
# 3. benches/first_query.py DIR: spawn `arborist serve DIR` with no cache on disk, initialize, and time
#    spawn -> first find_symbol answer for 20 common and rare names (PATTERNS to choose others; goal <= 300 ms).
#    Skipped with FIRST_QUERY=0.
#
# Environment: RUNS (default 5), PATTERNS, FIRST_QUERY. Deletes CORPUS_DIR/.arborist. Needs hyperfine,
# ctags (universal-ctags), /usr/bin/time (package `time`), python3.
set -euo pipefail

dir=$(cd "${1:?usage: index.sh CORPUS_DIR [ARBORIST_BIN]}" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
bin=${2:-}
if [[ -z $bin ]]; then
    if [[ -x $here/../target/release/arborist ]]; then bin=$here/../target/release/arborist; else bin=$(command -v arborist); fi
fi
runs=${RUNS:-5}
langs=Python,Go,Java,JavaScript,TypeScript,Rust
for tool in hyperfine ctags /usr/bin/time python3; do
    command -v "$tool" >/dev/null || { echo "missing: $tool" >&2; exit 1; }
done

echo "corpus: $dir"
echo "arborist: $bin"
echo "code files: $("$bin" index "$dir" --threads 2 | sed -n 's/^files: \([0-9]*\).*/\1/p'), load: $(cut -d' ' -f1-3 /proc/loadavg), cores: $(nproc)"

prep="rm -rf '$dir/.arborist'"
hyperfine -N --warmup 1 --runs "$runs" --prepare "$prep" \
    -n "arborist index --threads 1" "$bin index $dir --threads 1" \
    -n "arborist index --threads 2" "$bin index $dir --threads 2" \
    -n "ctags -R (all languages)" "ctags -R -f - $dir" \
    -n "ctags -R --languages=$langs" "ctags -R -f - --languages=$langs $dir"

echo
echo "peak RSS (one cold run each):"
peak() {
    rm -rf "$dir/.arborist"
    local out
    out=$(/usr/bin/time -v "$@" 2>&1 >/dev/null | grep -E 'Maximum resident|Elapsed' || true)
    printf '  %-60s %s\n' "$*" "$(echo "$out" | awk -F': ' '/Maximum resident/ {printf "%.1f MB", $2/1024} /Elapsed/ {printf "  wall %s", $2}')"
}
peak "$bin" index "$dir" --threads 1
peak "$bin" index "$dir" --threads 2
peak ctags -R -f - "$dir"
peak ctags -R -f - --languages=$langs "$dir"
rm -rf "$dir/.arborist"

if [[ ${FIRST_QUERY:-1} != 0 ]]; then
    echo
    python3 "$here/first_query.py" "$dir" "$bin" || true
fi
