#!/usr/bin/env bash
# fuzz.sh [SECONDS]  — runs each fuzz target of tests/fuzz.rs for SECONDS (default 300) and prints how many
# inputs each ran. A failure prints the input that broke it. The targets: the name-path parser, the JSON
# arguments of every tool (shell, project switching and language-server restarts left out), random edits
# of random symbols in every language's fixtures. CI runs a short pass of each (150 inputs) with the tests.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# The profiling profile: release code that keeps its symbols, so a panic's backtrace names functions.
ARBORIST_FUZZ_SECONDS=${1:-300} cargo test --profile profiling -q --test tests fuzz_ -- --nocapture --test-threads 3 2>&1 |
  grep -E "^fuzz |panicked|test result"
