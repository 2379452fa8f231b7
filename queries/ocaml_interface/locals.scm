; arborist locals for ocaml_interface: none yet (references fall back to name matching narrowed by syntax and imports).
