; arborist locals for dart: none yet (references fall back to name matching narrowed by syntax and imports).
