; arborist locals for zig: none yet (references fall back to name matching narrowed by syntax and imports).
