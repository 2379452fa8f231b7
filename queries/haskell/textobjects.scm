; arborist textobjects for Haskell (helix convention). A function is one equation (see tags.scm); its
; inside is its right-hand side (`match`: `= ...` or the guards).

(function match: (match) @function.inside) @function.around
(bind match: (match) @function.inside) @function.around
(signature) @function.around
(foreign_import) @function.around

(data_type constructors: (_) @class.inside) @class.around
(data_type !constructors) @class.around
(newtype constructor: (_) @class.inside) @class.around
(newtype constructors: (_) @class.inside) @class.around
(class declarations: (_) @class.inside) @class.around
(class !declarations) @class.around
(instance declarations: (_) @class.inside) @class.around
(instance !declarations) @class.around

; ---- what belongs to a definition from outside it ------------------------------------------------
; Haddock comments (`-- |`, `{- |`) directly above a declaration are its doc; pragmas (`{-# INLINE f #-}`)
; directly above it are preambles. A type signature is NOT a preamble of the equation below it: a
; replacement starting with the function's name would then be taken to bring the signature along and
; replace it (the signature is the equation's @doc in tags.scm instead).

((haddock) @preamble.doc (#match? @preamble.doc "^(--[ \t]*[|]|[{]-[ \t]*[|])"))
(pragma) @preamble
