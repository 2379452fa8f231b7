#!/usr/bin/env bash
# run.sh CORPUS_DIR [ARBORIST_BIN] — the performance figures of issue 11 and the README, in one run, as
# ratios against the raw parse and universal-ctags; writes benches/RESULTS.md (and prints it).
#
# CORPUS_DIR is what ../shared/corpus/corpus.sh downloads: python/, go/, java/, typescript/, rust/ (each
# with one or more projects). For each language directory, all its projects together:
#   - cold `arborist index` (2 threads, .arborist deleted first), `arborist index --parse-only` (2 threads),
#     and `ctags -R -f -` (tags to stdout, discarded: with `-f /dev/null` ctags gives up on a large tree,
#     "failed to truncate the tag file"), one after another in each of RUNS (default 3) rounds, so that a
#     slow spell of a shared machine falls on all three: best wall times and best CPU times (user + system),
#     and the ratios index/parse-only (goal >= 85 % of the parse throughput) and index/ctags (goal <= 2.5x),
#     by wall time and by CPU time;
#   - warm restart: `arborist index` again with the cache on disk (goal <= 2 s);
#   - peak RSS of the cold index (`/usr/bin/time`) over the source bytes it indexed (goal <= 1.5x).
# Then, unless skipped:
#   - FIRST_QUERY=0: benches/first_query.py on the first Python project (20 names; goal: every name within
#     300 ms of spawn);
#   - REFS=0: benches/refs_latency.py on Django (heuristic find_referencing_symbols, first and repeated;
#     goal: repeated p50 <= 50 ms for Model, 2,000+ uses);
#   - EDIT=0: `cargo bench --bench edit_latency` (replace_symbol_body p50; goal <= 3 ms on 5,000 lines);
#   - STARTUP=0: benches/startup.py (spawn to tools/list on 10,000 files);
#   - QUERIES=0: `cargo run --release --example query_cost` (each language's query compile, in ms);
#   - SESSIONS=0: benches/sessions.py on the first Python project, when pyright is installed (8 stdio
#     sessions with precise references: in-process against one daemon; goal <= 1.3x one session).
# Not measured here: search against ripgrep (benches/search_vs_rg.sh, slow: it runs hyperfine on every
# case).
#
# Needs: a release or profiling build of arborist, universal-ctags, /usr/bin/time (package `time`), python3,
# and cargo for EDIT. Deletes CORPUS_DIR/*/*/.arborist. The machine should be otherwise idle.
set -euo pipefail

corpus=$(cd "${1:?usage: run.sh CORPUS_DIR [ARBORIST_BIN]}" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
bin=${2:-$here/../target/release/arborist}
runs=${RUNS:-3}
out=$here/RESULTS.md
for tool in ctags /usr/bin/time python3; do
    command -v "$tool" >/dev/null || { echo "missing: $tool" >&2; exit 1; }
done
[[ -x $bin ]] || { echo "no arborist binary at $bin (build it, or pass it)" >&2; exit 1; }

# best wall time (s) and the peak RSS (KB) of that run: best_of CMD...
best_of() {
    local best=999999 rss=0 w m
    for _ in $(seq "${BEST_RUNS:-$runs}"); do
        read -r w _ m < <(timed "$@")
        if [[ $(min "$best" "$w") != "$best" ]]; then best=$w; rss=$m; fi
    done
    echo "$best $rss"
}

# one run: wall time (s), CPU time (user + system, s) and peak RSS (KB): timed CMD...
timed() {
    local timing
    timing=$(mktemp)
    /usr/bin/time -o "$timing" -f "%e %U %S %M" "$@" >/dev/null 2>&1
    tail -1 "$timing" | awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }'
    rm -f "$timing"
}
min() { awk -v a="$1" -v b="$2" 'BEGIN { print (a + 0 < b + 0) ? a : b }'; }

ratio() { python3 -c "print(f'{$1 / $2:.2f}')"; }
sum() { python3 -c "print(f'{$1 + $2:.2f}')"; }
# peak RSS (KB) of indexing an empty project: the process, before any source
empty=$(mktemp -d)
read -r _ base_rss < <(BEST_RUNS=1 best_of "$bin" index "$empty" --threads 2)
rm -rf "$empty"
pct() { python3 -c "print(f'{$1 / $2 * 100:.0f} %')"; }

{
echo "# Benchmark results"
echo
echo "Commit $(git -C "$here" rev-parse --short HEAD) ($(git -C "$here" log -1 --format=%cs)), measured $(date -u +%Y-%m-%d)"
echo "with \`benches/run.sh $corpus\` on $(nproc) cores, $(ctags --version | head -1 | cut -d, -f1). Best of $runs"
echo "rounds (each: cold index, parse only, ctags); times are wall (CPU: user + system)."
echo
echo "| corpus | files | MB | cold index | parse only | index / parse | ctags -R | index / ctags | warm restart | peak RSS / source |"
echo "|---|---|---|---|---|---|---|---|---|---|"
} > "$out"

for lang in python go java typescript rust; do
    [[ -d $corpus/$lang ]] || continue
    dirs=("$corpus/$lang"/*/)
    rm -rf "$corpus/$lang"/*/.arborist
    files=0; bytes=0
    idx=0; parse=0; tags=0; idx_cpu=0; parse_cpu=0; tags_cpu=0; warm=0; rss=0; worst=0
    for d in "${dirs[@]}"; do
        d=${d%/}
        # per project, best of the rounds: wall and CPU of each command, and the cold index's peak RSS
        # in its fastest round
        iw=999999; ic=999999; pw=999999; pc=999999; tw=999999; tc=999999; r=0
        for _ in $(seq "$runs"); do
            rm -rf "$d/.arborist"
            read -r w c m < <(timed "$bin" index "$d" --threads 2)
            if [[ $(min "$w" "$iw") == "$w" ]]; then iw=$w; r=$m; fi
            ic=$(min "$c" "$ic")
            read -r w c _ < <(timed "$bin" index "$d" --threads 2 --parse-only)
            pw=$(min "$w" "$pw"); pc=$(min "$c" "$pc")
            read -r w c _ < <(timed ctags -R -f - "$d")
            tw=$(min "$w" "$tw"); tc=$(min "$c" "$tc")
        done
        idx=$(sum "$idx" "$iw"); idx_cpu=$(sum "$idx_cpu" "$ic"); rss=$(( r > rss ? r : rss ))
        parse=$(sum "$parse" "$pw"); parse_cpu=$(sum "$parse_cpu" "$pc")
        tags=$(sum "$tags" "$tw"); tags_cpu=$(sum "$tags_cpu" "$tc")
        stats=$("$bin" index "$d" --threads 2)
        files=$(( files + $(sed -n 's/^files: \([0-9]*\).*/\1/p' <<<"$stats") ))
        b=$(sed -n 's/^bytes: \([0-9]*\).*/\1/p' <<<"$stats")
        bytes=$(( bytes + b ))
        worst=$(python3 -c "print(max($worst, ($r - $base_rss) * 1024 / $b))")
        read -r t _ < <(best_of "$bin" index "$d" --threads 2)
        warm=$(python3 -c "print(max($warm, $t))")
        rm -rf "$d/.arborist"
    done
    mb=$(python3 -c "print(f'{$bytes / 1e6:.1f}')")
    echo "| $lang ($(basename -a "${dirs[@]}" | paste -sd' ')) | $files | $mb | ${idx} s (${idx_cpu} s) | ${parse} s (${parse_cpu} s) | $(pct "$parse" "$idx") ($(pct "$parse_cpu" "$idx_cpu")) | ${tags} s (${tags_cpu} s) | $(ratio "$idx" "$tags")x ($(ratio "$idx_cpu" "$tags_cpu")x) | ${warm} s | $(python3 -c "print(f'{$worst:.2f}x (largest {$rss // 1024} MB)')") |" >> "$out"
done

{
echo
echo "Cold index and parse-only are summed over a language's projects; warm restart is the slowest project;"
echo "peak RSS / source is the worst project's peak RSS of a cold index, less that of indexing an empty"
echo "directory ($((base_rss / 1024)) MB), over its source bytes. The raw parse is the goal's"
echo "reference: the index reaching 85 % of it means symbol extraction, reading and hashing cost 15 %."
} >> "$out"

if [[ ${FIRST_QUERY:-1} != 0 ]]; then
    project=$(ls -d "$corpus"/python/*/ 2>/dev/null | head -1)
    if [[ -n $project ]]; then
        echo -e "\n## First find_symbol, fresh serve, no cache ($(basename "$project"))\n" >> "$out"
        echo '```' >> "$out"
        python3 "$here/first_query.py" "$project" "$bin" 2>&1 | grep -v '^  then' | sed 's/ (initialize answered[^)]*)//' >> "$out" || true
        echo '```' >> "$out"
    fi
fi

if [[ ${REFS:-1} != 0 ]]; then
    project=$(ls -d "$corpus"/python/Django*/ 2>/dev/null | head -1)
    if [[ -n $project ]]; then
        echo -e "\n## Heuristic references on a warm server ($(basename "$project"), \`benches/refs_latency.py\`)\n" >> "$out"
        echo '```' >> "$out"
        python3 "$here/refs_latency.py" "$project" "$bin" 2>&1 >> "$out" || true
        echo '```' >> "$out"
    fi
fi

if [[ ${EDIT:-1} != 0 ]]; then
    echo -e "\n## Edit latency (\`cargo bench --bench edit_latency\`)\n" >> "$out"
    echo '```' >> "$out"
    (cd "$here/.." && cargo bench -q --bench edit_latency 2>/dev/null | grep replace_symbol_body) >> "$out" || true
    echo '```' >> "$out"
fi

if [[ ${STARTUP:-1} != 0 ]]; then
    echo -e "\n## Start-up (\`benches/startup.py\`)\n" >> "$out"
    echo '```' >> "$out"
    python3 "$here/startup.py" "$bin" 2>&1 | tail -3 >> "$out" || true
    echo '```' >> "$out"
fi

if [[ ${QUERIES:-1} != 0 ]]; then
    echo -e "\n## Query compile per language (\`cargo run --release --example query_cost\`)\n" >> "$out"
    echo "What a process pays once per language before its first symbol, edit or reference query there." >> "$out"
    echo '```' >> "$out"
    (cd "$here/.." && cargo run -q --release --example query_cost 2>/dev/null) >> "$out" || true
    echo '```' >> "$out"
fi

if [[ ${SESSIONS:-1} != 0 ]] && command -v pyright-langserver >/dev/null; then
    project=$(ls -d "$corpus"/python/*/ 2>/dev/null | head -1)
    if [[ -n $project ]]; then
        echo -e "\n## 8 agent sessions on $(basename "$project") (\`benches/sessions.py\`, pyright)\n" >> "$out"
        echo '```' >> "$out"
        python3 "$here/sessions.py" "$project" "$bin" 8 2>&1 >> "$out" || true
        echo '```' >> "$out"
    fi
fi

echo -e "\nNot measured: search against ripgrep (\`benches/search_vs_rg.sh\`)." >> "$out"
cat "$out"
