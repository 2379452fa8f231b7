#!/usr/bin/env bash
# fuzz_coverage.sh [SECONDS] [TARGET...]  — coverage-guided fuzzing (libFuzzer through cargo-fuzz, nightly
# toolchain, AddressSanitizer) of every layer: `name_paths` (the name-path parser), `symbols` (arbitrary text
# in every language: parse masks, parse, syntax census, symbol table and name paths), `tool_args` (the JSON
# arguments of every tool over a project of fixtures; nothing outside it may change) and `edits` (random
# edits of random symbols in every language's fixtures: no new syntax error in a written file, a refused
# edit leaves the bytes identical). Runs each target (default: all) for SECONDS (default 300) and prints
# libFuzzer's last status line; a crash leaves its input in fuzz/artifacts/<target>/.
# Needs: rustup toolchain `nightly`, `cargo install cargo-fuzz`. The property-based targets of
# tests/fuzz.rs (`benches/fuzz.sh`, and a short pass in CI) cover the same ground without nightly.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
seconds=${1:-300}
shift || true
targets=${*:-name_paths symbols tool_args edits}
for target in $targets; do
  mkdir -p "fuzz/corpus/$target"
  # seed the symbols corpus with the language fixtures (first byte: the language's index)
  if [[ $target == symbols && -z $(ls -A fuzz/corpus/symbols) ]]; then
    i=0
    for lang in $(cargo run -q -- languages --json | python3 -c 'import json,sys; print(" ".join(r["name"] for r in json.load(sys.stdin)))'); do
      for f in fixtures/$lang/*; do
        [[ -f $f && $f != *.txt ]] || continue
        { printf "\\x$(printf %02x $i)"; head -c 20000 "$f"; } > "fuzz/corpus/symbols/$lang-$(basename "$f")"
      done
      i=$((i + 1))
    done
  fi
  cargo +nightly fuzz run -O "$target" "fuzz/corpus/$target" -- -max_total_time="$seconds" -max_len=20000 -rss_limit_mb=4096 2>&1 |
    grep -E "^#[0-9]+.*(DONE|pulse)|ERROR|panicked|SUMMARY" | tail -2
done
