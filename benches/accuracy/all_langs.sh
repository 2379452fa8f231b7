#!/usr/bin/env bash
# all_langs.sh DIR [ARBORIST_BIN]
#
# Symbol accuracy against universal-ctags for every language ctags parses: fetches the pinned corpora
# into DIR (fetch_code.sh, skipped where already there), runs ctags_compare.py per language (full
# reports in DIR/.reports/<lang>.txt) and prints one summary table (Markdown): language, files,
# ctags items, arborist items, matched, recall, precision, recall without the ctags errors and design
# differences ctags_compare.py recognises, and the missed items by cause.
# LANGS="c cpp" restricts the languages. Needs: ctags (universal-ctags), rg, python3.
# Not parsed by ctags, so not compared: scala, swift, dart, zig, hcl.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
T=$(realpath -m "${1:?usage: all_langs.sh DIR [ARBORIST_BIN]}")
BIN=${2:-}
if [[ -z $BIN ]]; then
  if [[ -x "$HERE/../../target/release/arborist" ]]; then BIN="$HERE/../../target/release/arborist"; else BIN=arborist; fi
fi
read -r -a LANGS <<< "${LANGS:-c cpp objc csharp kotlin ruby php lua bash r julia elixir haskell ocaml python typescript javascript rust go java}"

"$HERE/fetch_code.sh" "$T" "${LANGS[@]}" >/dev/null
mkdir -p "$T/.reports"

printf '| language | files | ctags items | arborist items | matched | recall | precision | recall w/o ctags errors & design | missed: ctags errors / design / grammar / engine / other |\n'
printf '|---|---:|---:|---:|---:|---:|---:|---:|---|\n'
for l in "${LANGS[@]}"; do
  r="$T/.reports/$l.txt"
  python3 "$HERE/ctags_compare.py" "$T/$l" "$l" "$BIN" > "$r" || { echo "| $l | failed: see $r |"; continue; }
  awk -v lang="$l" '
    /^corpus:/     { match($0, /files compared: [0-9]+/); files = substr($0, RSTART + 16, RLENGTH - 16) }
    /^ctags items:/ { split($0, a, /[:;] */); want = a[2]; got = a[4]; match($0, /matched: [0-9]+/); m = substr($0, RSTART + 9, RLENGTH - 9) }
    /^recall:/     { rec = $2 }
    /^precision:/  { prec = $2 }
    /^recall without/ { match($0, /: [0-9.]+%/); adj = substr($0, RSTART + 2, RLENGTH - 2) }
    /^missing: [0-9]/ { split($0, b, /[:,] */); for (i = 2; i <= 6; i++) { split(b[i], c, " "); n[i] = c[1] }
                        why = n[2] " / " n[3] " / " n[4] " / " n[5] " / " n[6] }
    END { if (adj == "") adj = rec; if (why == "") why = "(see report)";
          printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", lang, files, want, got, m, rec, prec, adj, why }' "$r"
done
