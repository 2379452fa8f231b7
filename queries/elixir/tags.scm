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

; ---- modules, protocols, impls -------------------------------------------------------------

; A `@moduledoc "..."` in the body is the module's doc (these patterns come first and win).
((call
  target: (identifier) @_kw
  (arguments . (alias) @name)
  (do_block
    (unary_operator
      operand: (call
        target: (identifier) @_md
        (arguments . [(string) (sigil)] @doc))))) @definition.module
  (#eq? @_kw "defmodule")
  (#eq? @_md "moduledoc"))
((call
  target: (identifier) @_kw
  (arguments . (alias) @name)
  (do_block
    (unary_operator
      operand: (call
        target: (identifier) @_md
        (arguments . [(string) (sigil)] @doc))))) @definition.interface
  (#eq? @_kw "defprotocol")
  (#eq? @_md "moduledoc"))

((call
  target: (identifier) @_kw
  (arguments . (alias) @name)) @definition.module
  (#eq? @_kw "defmodule"))

((call
  target: (identifier) @_kw
  (arguments . (alias) @name)) @definition.interface
  (#eq? @_kw "defprotocol"))

; `defimpl Proto, for: Type`
((call
  target: (identifier) @_kw
  (arguments
    . (alias) @trait
    (keywords
      (pair
        key: (keyword) @_for
        value: (alias) @name)))) @definition.impl
  (#eq? @_kw "defimpl")
  (#match? @_for "^for:"))

; `defimpl Proto do` (for the enclosing module), `defimpl Proto, for: [A, B]`
((call
  target: (identifier) @_kw
  (arguments . (alias) @name .)) @definition.impl
  (#eq? @_kw "defimpl"))
((call
  target: (identifier) @_kw
  (arguments
    . (alias) @name
    (keywords
      (pair
        key: (keyword) @_for
        value: [(list) (identifier) (atom)])))) @definition.impl
  (#eq? @_kw "defimpl")
  (#match? @_for "^for:"))

; ---- functions and macros --------------------------------------------------------------------
; `def f`, `def f(x)`, `def f(x) when guard`, `def f when guard`

((call
  target: (identifier) @_kw
  (arguments
    . [
      (identifier) @name
      (call target: (identifier) @name)
      (binary_operator
        left: [
          (identifier) @name
          (call target: (identifier) @name)
        ]
        operator: "when")
    ])) @definition.function
  (#any-of? @_kw "def" "defp" "defdelegate" "defn" "defnp"))

((call
  target: (identifier) @_kw
  (arguments
    . [
      (identifier) @name
      (call target: (identifier) @name)
      (binary_operator
        left: [
          (identifier) @name
          (call target: (identifier) @name)
        ]
        operator: "when")
    ])) @definition.macro
  (#any-of? @_kw "defmacro" "defmacrop" "defguard" "defguardp"))

; ---- structs -----------------------------------------------------------------------------------

((call
  target: (identifier) @name
  (arguments)) @definition.struct
  (#any-of? @name "defstruct" "defexception"))

; ---- module attributes: types, callbacks, constants -------------------------------------------

((unary_operator
  operator: "@"
  operand: (call
    target: (identifier) @_kw
    (arguments
      . (binary_operator
        left: [
          (identifier) @name
          (call target: (identifier) @name)
        ]
        operator: "::")))) @definition.type
  (#any-of? @_kw "type" "typep" "opaque"))

((unary_operator
  operator: "@"
  operand: (call
    target: (identifier) @_kw
    (arguments
      . [
        (binary_operator
          left: [
            (identifier) @name
            (call target: (identifier) @name)
          ]
          operator: "::")
        (binary_operator
          left: (binary_operator
            left: [
              (identifier) @name
              (call target: (identifier) @name)
            ]
            operator: "::")
          operator: "when")
      ]))) @definition.function
  (#any-of? @_kw "callback" "macrocallback"))

; `@name value` directly in a module, protocol or impl body (an attribute read, `@name`, has no
; arguments; attributes set inside functions do not exist in Elixir)
((call
  target: (identifier) @_kw
  (do_block
    (unary_operator
      operator: "@"
      operand: (call
        target: (identifier) @name
        (arguments))) @definition.constant))
  (#any-of? @_kw "defmodule" "defprotocol" "defimpl")
  (#not-any-of? @name
    "doc" "moduledoc" "typedoc" "spec" "type" "typep" "opaque" "callback" "macrocallback"
    "optional_callbacks" "behaviour" "impl" "derive" "enforce_keys" "compile" "deprecated" "dialyzer"
    "external_resource" "file" "on_load" "on_definition" "before_compile" "after_compile"
    "after_verify" "vsn" "nifs"))

; the same inside an ERROR node (a module whose `end` is missing loses its do_block)
((ERROR
  (unary_operator
    operator: "@"
    operand: (call
      target: (identifier) @name
      (arguments))) @definition.constant)
  (#not-any-of? @name
    "doc" "moduledoc" "typedoc" "spec" "type" "typep" "opaque" "callback" "macrocallback"
    "optional_callbacks" "behaviour" "impl" "derive" "enforce_keys" "compile" "deprecated" "dialyzer"
    "external_resource" "file" "on_load" "on_definition" "before_compile" "after_compile"
    "after_verify" "vsn" "nifs"))

; ---- references ------------------------------------------------------------------------------

((call
  target: [
    (identifier) @name
    (dot right: (identifier) @name)
  ]) @reference.call
  (#not-any-of? @name
    "def" "defp" "defdelegate" "defn" "defnp" "defmacro" "defmacrop" "defguard" "defguardp"
    "defmodule" "defprotocol" "defimpl" "defstruct" "defexception" "alias" "import" "require" "use"))
