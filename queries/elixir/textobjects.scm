; arborist textobjects for Elixir (helix convention). Definitions are calls (see tags.scm): the
; inside of a function or module is its do_block, or the `do: expr` keywords of the one-line form.

((call
  target: (identifier) @_kw
  [
    (do_block) @function.inside
    (arguments (keywords) @function.inside)
  ]) @function.around
  (#any-of? @_kw "def" "defp" "defmacro" "defmacrop" "defn" "defnp"))
; function heads without a body (`def f(a, b \\ 1)`, protocol functions), guards, delegates
((call
  target: (identifier) @_kw
  (arguments . (_) .) .) @function.around
  (#any-of? @_kw "def" "defp" "defmacro" "defmacrop" "defn" "defnp" "defguard" "defguardp"))
((call
  target: (identifier) @_kw) @function.around
  (#eq? @_kw "defdelegate"))

((call
  target: (identifier) @_kw
  (do_block) @class.inside) @class.around
  (#any-of? @_kw "defmodule" "defprotocol" "defimpl"))
((call
  target: (identifier) @_kw
  (arguments) @class.inside) @class.around
  (#any-of? @_kw "defstruct" "defexception"))

; ---- what belongs to a definition from outside it ------------------------------------------------
; `@doc`/`@typedoc` and `#` comments directly above a definition are its doc; `@spec`, `@impl`,
; `@deprecated` and the like are preambles (kept with the definition when it is replaced, inserted
; before or deleted). Other module attributes above it are constants of their own (tags.scm), not
; preambles. The operand is a call: only a call and an access_call (`doc[x]`) have a `target:`, and
; only an access_call has a `key:` (a wildcard parent here is much cheaper to compile than `(call …)`).

(comment) @preamble.doc

((unary_operator
  operator: "@"
  operand: (_ target: (identifier) @_attr !key)) @preamble.doc
  (#any-of? @_attr "doc" "typedoc"))
((unary_operator
  operator: "@"
  operand: (_ target: (identifier) @_attr !key)) @preamble
  (#any-of? @_attr "spec" "impl" "deprecated" "dialyzer" "compile"))
