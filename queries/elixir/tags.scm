; arborist tags for Elixir (tree-sitter-elixir 0.3). Vocabulary: queries/README.md.
;
; Everything is a `call` in this grammar: `defmodule X do ... end` is a call of `defmodule` with the
; arguments `X` and a do_block. The definition node is always the whole call (or the whole `@attr ...`
; unary_operator for attributes). Kinds:
;   defmodule                       module     named as written: `defmodule A.B` is `A.B`; nested modules
;                                              nest by range (`Shop.Inventory/Item`)
;   defprotocol                     interface  its `def` heads become methods (the engine's rule for
;                                              functions directly in a type)
;   defimpl P, for: T               impl       a container, not a symbol: its functions move to an object
;                                              named `T` ("impl P for T"), like Rust's `impl P for T`,
;                                              and show as methods (`Shop.Item/price`);
;                                              `defimpl P do` (inside the module it implements P for) and
;                                              `for: [A, B]` are named after the protocol `P`
;   def / defp / defdelegate /      function   not method: a module is not a type; clauses of one
;   defn / defnp                               function (`def f(0)`, `def f(n)`) are same-named siblings
;                                              with overload indices (`f[0]`, `f[1]`)
;   defmacro / defmacrop /          macro
;   defguard / defguardp
;   defstruct / defexception        struct     named `defstruct` / `defexception` (a symbol's name is the
;                                              text of a node, and the struct has no node of its own name:
;                                              it is the enclosing module's `__struct__`); its fields are
;                                              not symbols (`:sku` / `quantity:` have no node without the
;                                              colon)
;   @type / @typep / @opaque t      type
;   @callback / @macrocallback f    function   a behaviour's required function
;   @name value (module level)      constant   except the compiler's own attributes (@doc, @spec,
;                                              @impl, @behaviour, ... listed below)
; `@moduledoc` is the module's @doc; `@doc`/`@typedoc` and `#` comments above a definition are its doc
; and `@spec`/`@impl`/`@deprecated` its preambles (textobjects.scm). ExUnit `test "..."`/`describe`
; blocks are not symbols (their names are free text, often with `/`).

;
; Compile cost: every named parent below a pattern's root costs tree-sitter's query analysis (a
; `do_block` parent above all), so below the root the parents are wildcards `(_ …)` whose kind is
; pinned down by a field only that kind has (`operand:` is a unary_operator's; `target:` a call's or
; an access_call's, and only a call has `arguments`; `left: … operator: "when"` or `"::"` a
; binary_operator's; `right:` under a call's `target:` a dot's) or by a helper capture `@_in_<kind>`
; whose parent must be <kind> (`#parent-is?`; a helper capture an alternative does not bind is not
; checked). No two alternatives of a pattern can both match with one's captures a subset of the
; other's, so tree-sitter's merging of the matches of one pattern, which keeps the one with more
; captures, cannot drop a match that the predicates would keep.

; ---- modules, protocols, impls -------------------------------------------------------------

; A `@moduledoc "..."` in the body is the module's doc (these patterns come first and win).
((call
  target: (identifier) @_kw
  (_ . (alias) @name @_in_arguments)
  (_
    (_
      operand: (_
        target: (identifier) @_md
        (_ . [(string) (sigil)] @doc @_in_arguments))) @_in_do_block)) @definition.module
  (#eq? @_kw "defmodule")
  (#eq? @_md "moduledoc")
  (#parent-is? @_in_arguments arguments)
  (#parent-is? @_in_do_block do_block))
((call
  target: (identifier) @_kw
  (_ . (alias) @name @_in_arguments)
  (_
    (_
      operand: (_
        target: (identifier) @_md
        (_ . [(string) (sigil)] @doc @_in_arguments))) @_in_do_block)) @definition.interface
  (#eq? @_kw "defprotocol")
  (#eq? @_md "moduledoc")
  (#parent-is? @_in_arguments arguments)
  (#parent-is? @_in_do_block do_block))

((call
  target: (identifier) @_kw
  (_ . (alias) @name @_in_arguments)) @definition.module
  (#eq? @_kw "defmodule")
  (#parent-is? @_in_arguments arguments))

((call
  target: (identifier) @_kw
  (_ . (alias) @name @_in_arguments)) @definition.interface
  (#eq? @_kw "defprotocol")
  (#parent-is? @_in_arguments arguments))

; `defimpl Proto, for: Type`; `defimpl Proto do` (for the enclosing module), `defimpl Proto, for:
; [A, B]` (named after the protocol); one pattern, whose `#match?` holds when @_for is not bound
((call
  target: (identifier) @_kw
  [
    (_ . (alias) @trait @_in_arguments
      (keywords
        (pair
          key: (keyword) @_for
          value: (alias) @name)))
    (_ . (alias) @name @_in_arguments .)
    (_ . (alias) @name @_in_arguments
      (keywords
        (pair
          key: (keyword) @_for
          value: [(list) (identifier) (atom)])))
  ]) @definition.impl
  (#eq? @_kw "defimpl")
  (#match? @_for "^for:")
  (#parent-is? @_in_arguments arguments))

; ---- functions and macros --------------------------------------------------------------------
; `def f`, `def f(x)`, `def f(x) when guard`, `def f when guard`

((call
  target: (identifier) @_kw
  (_
    . [
      (identifier) @name
      (_ target: (identifier) @name @_in_call)
      (_
        left: [
          (identifier) @name
          (_ target: (identifier) @name @_in_call)
        ]
        operator: "when")
    ] @_in_arguments)) @definition.function
  (#any-of? @_kw "def" "defp" "defdelegate" "defn" "defnp")
  (#parent-is? @_in_arguments arguments)
  (#parent-is? @_in_call call))

((call
  target: (identifier) @_kw
  (_
    . [
      (identifier) @name
      (_ target: (identifier) @name @_in_call)
      (_
        left: [
          (identifier) @name
          (_ target: (identifier) @name @_in_call)
        ]
        operator: "when")
    ] @_in_arguments)) @definition.macro
  (#any-of? @_kw "defmacro" "defmacrop" "defguard" "defguardp")
  (#parent-is? @_in_arguments arguments)
  (#parent-is? @_in_call call))

; ---- structs -----------------------------------------------------------------------------------

((call
  target: (identifier) @name
  (arguments)) @definition.struct
  (#any-of? @name "defstruct" "defexception"))

; ---- module attributes: types, callbacks, constants -------------------------------------------

((unary_operator
  operator: "@"
  operand: (_
    target: (identifier) @_kw
    (_
      . (_
        left: [
          (identifier) @name
          (_ target: (identifier) @name @_in_call)
        ]
        operator: "::") @_in_arguments))) @definition.type
  (#any-of? @_kw "type" "typep" "opaque")
  (#parent-is? @_in_arguments arguments)
  (#parent-is? @_in_call call))

((unary_operator
  operator: "@"
  operand: (_
    target: (identifier) @_kw
    (_
      . [
        (_
          left: [
            (identifier) @name
            (_ target: (identifier) @name @_in_call)
          ]
          operator: "::")
        (_
          left: (_
            left: [
              (identifier) @name
              (_ target: (identifier) @name @_in_call)
            ]
            operator: "::")
          operator: "when")
      ] @_in_arguments))) @definition.function
  (#any-of? @_kw "callback" "macrocallback")
  (#parent-is? @_in_arguments arguments)
  (#parent-is? @_in_call call))

; `@name value` directly in a module, protocol or impl body (an attribute read, `@name`, has no
; arguments; attributes set inside functions do not exist in Elixir)
((call
  target: (identifier) @_kw
  (_
    (_
      operator: "@"
      operand: (_
        target: (identifier) @name
        (arguments))) @definition.constant))
  (#any-of? @_kw "defmodule" "defprotocol" "defimpl")
  (#parent-is? @definition.constant do_block)
  (#not-any-of? @name
    "doc" "moduledoc" "typedoc" "spec" "type" "typep" "opaque" "callback" "macrocallback"
    "optional_callbacks" "behaviour" "impl" "derive" "enforce_keys" "compile" "deprecated" "dialyzer"
    "external_resource" "file" "on_load" "on_definition" "before_compile" "after_compile"
    "after_verify" "vsn" "nifs"))

; the same inside an ERROR node (a module whose `end` is missing loses its do_block)
((unary_operator
  operator: "@"
  operand: (_
    target: (identifier) @name
    (arguments))) @definition.constant
  (#parent-is? @definition.constant ERROR)
  (#not-any-of? @name
    "doc" "moduledoc" "typedoc" "spec" "type" "typep" "opaque" "callback" "macrocallback"
    "optional_callbacks" "behaviour" "impl" "derive" "enforce_keys" "compile" "deprecated" "dialyzer"
    "external_resource" "file" "on_load" "on_definition" "before_compile" "after_compile"
    "after_verify" "vsn" "nifs"))

; ---- references ------------------------------------------------------------------------------

((call
  target: [
    (identifier) @name
    (_ right: (identifier) @name)
  ]) @reference.call
  (#not-any-of? @name
    "def" "defp" "defdelegate" "defn" "defnp" "defmacro" "defmacrop" "defguard" "defguardp"
    "defmodule" "defprotocol" "defimpl" "defstruct" "defexception" "alias" "import" "require" "use"))
