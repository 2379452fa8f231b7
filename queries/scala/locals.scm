; arborist locals for scala: none yet (references fall back to name matching narrowed by syntax and imports).
