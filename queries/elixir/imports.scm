; arborist imports for elixir: none yet (references do not narrow by imports in this language:
; `alias`/`import` name modules, and `import M, only: [f: 1]` has no node for `f` without its colon).
; Vocabulary: queries/python/imports.scm.
