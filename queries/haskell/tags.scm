; arborist tags for Haskell (tree-sitter-haskell 0.24). Vocabulary: queries/README.md.
;
; Kinds:
;   module M (...) where               module     the header only (`module ... where`): the grammar keeps
;                                                 the declarations outside it, so top-level names are not
;                                                 nested under the module (`area`, not `Data.Shapes/area`)
;   data, several constructors / GADT  enum       constructors are enum_member (`Shape/Circle`); record
;                                                 fields of a constructor nest in it (`Shape/Rect/width`)
;   data, one constructor or none      struct     record fields are fields (`Point/px`); the constructor
;                                                 itself is not a symbol (it usually repeats the type name)
;   newtype                            struct     same rules as a one-constructor data type
;   type, type family, data family     type       also associated types in a class
;   class                              interface  its signatures are methods (`HasArea/areaOf`); default
;                                                 method equations in the class body are not symbols
;   instance C T                       impl       a container, not a symbol (like Rust `impl C for T`): its
;                                                 equations become methods of the type T of the same file
;                                                 (`Shape/perimeter`), or of an object named T when T is
;                                                 defined elsewhere; detail "impl C for T". An instance
;                                                 head that is not a named type (`[a]`, `(a, b)`) is named
;                                                 after the class.
;   top-level equation / binding       function   `f x = ...` and `main = do ...` alike (Haskell has no
;                                                 other kind of value); operators are named without
;                                                 parentheses (`<+>`). `where` bindings are locals.
; One symbol per EQUATION: the grammar has no node for a function's equations together, so a function
; defined by several equations gives same-named siblings (`area[0]`, `area[1]`, ...). The type signature
; is not a symbol: it is the first equation's @doc, with the Haddock comment above it.
;
; Compile cost (tree-sitter analyses every named parent node of a pattern, and generic ones such as `parens`,
; `apply`, `infix`, `signature` or `prefix_id` cost a lot): where node-types.json allows only one kind in a
; field or position, that kind is written as a wildcard `(_ …)` (a comment says which), and a definition
; that sits directly in a container is rooted at the definition with `#parent-is?` on the container.

; ---- module ------------------------------------------------------------------------------------

(header module: (module) @name) @definition.module

; ---- data types --------------------------------------------------------------------------------

; `constructors:` holds data_constructors or gadt_constructors: only the former has data_constructor children
(data_type
  name: (name) @name
  constructors: (_ (data_constructor) (data_constructor))) @definition.enum
(data_type
  name: (name) @name
  constructors: (gadt_constructors)) @definition.enum
(data_type
  name: (name) @name
  constructors: (_ . (data_constructor) .)) @definition.struct
(data_type
  name: (name) @name
  !constructors) @definition.struct
(newtype name: (name) @name) @definition.struct

; constructors of a data type with several (each one has another before or after it). A data_constructor's
; `constructor:` is a prefix, record, infix or special: only prefix and record have a `name:` field, only
; infix an `operator:` field.
(data_constructors
  (data_constructor)
  (data_constructor
    constructor: [
      (_ name: (constructor) @name)
      (_ operator: (constructor_operator) @name)
    ]) @definition.enum_member)
(data_constructors
  (data_constructor
    constructor: [
      (_ name: (constructor) @name)
      (_ operator: (constructor_operator) @name)
    ]) @definition.enum_member
  (data_constructor))
(gadt_constructor name: (constructor) @name) @definition.enum_member
(gadt_constructor names: (binding_list (constructor) @name)) @definition.enum_member

; record fields (declarations only: record expressions and patterns have no `fields` node)
(fields (field name: (field_name) @name) @definition.field)
; the only child of a newtype_constructor that can hold a field is a record
(newtype_constructor (_ (field name: (field_name) @name) @definition.field))

; ---- type synonyms and families ------------------------------------------------------------------

(type_synonym name: (name) @name) @definition.type
(type_family name: (name) @name) @definition.type
(data_family name: (name) @name) @definition.type

; ---- classes and instances ------------------------------------------------------------------------

(class name: (name) @name) @definition.interface
; a signature's `name:` is a variable (a leaf) or a prefix_id (`(<+>)`), its `names:` a binding_list
((signature name: [(variable) @name (_ (operator) @name)]) @definition.method
  (#parent-is? @definition.method class_declarations))
((signature names: (_ (variable) @name)) @definition.method
  (#parent-is? @definition.method class_declarations))

; `T`, `M.T`, `(T a …)`, `(M.T a …)`: the type constructor, at most three applications deep. The `apply`
; nodes are wildcards with a field only apply and record have, checked to be apply with `#parent-is?` on
; their child (each alternative captures other nodes, so none is a subset of another that could hide it).
((instance
  name: (_) @trait
  patterns: (type_patterns
    . [
      (name) @name
      (qualified (name) @name)
      (parens [
        (name) @name
        (qualified (name) @name)
        (_ constructor: [
          (name) @name
          (qualified (name) @name)
          (_ constructor: [
            (name) @name
            (_ constructor: (name) @name @_apply)
          ] @_apply)
        ] @_apply)
      ])
    ])) @definition.impl
  (#parent-is? @_apply apply))
; heads that are not a named type: named after the class. `(_ constructor: …)` is an apply as above; @_head
; (on whichever alternative matched) keeps the captureless ones from being a capture subset of it.
((instance
  name: [(name) (qualified)] @name
  patterns: (type_patterns
    . [
      (list) (tuple) (unit) (variable) (function)
      (parens [(list) (tuple) (unit) (variable) (function) (_ constructor: (variable) @_apply)] @_head)
    ])) @definition.impl
  (#parent-is? @_apply apply))

; A function's or bind's `name:` is a variable (a leaf) or a prefix_id (`(<+>)`); the only child of a
; function with an `operator:` field is an infix (`x <+> y = …`, ``x `op` y = …``).
([
  (function name: [(variable) @name (_ (operator) @name)])
  (function (_ operator: [(operator) @name (infix_id (variable) @name)]))
  (bind name: [(variable) @name (_ (operator) @name)])
] @definition.method
  (#parent-is? @definition.method instance_declarations))

; ---- top-level functions --------------------------------------------------------------------------
; The signature directly above the first equation (and the Haddock comment directly above the
; signature) is its @doc; these patterns come first and win.

((declarations
  (haddock) @doc @_haddock
  .
  (signature name: [(variable) @_sig (_ (operator) @_sig)]) @doc
  .
  [
    (function name: [(variable) @name (_ (operator) @name)])
    (function (_ operator: [(operator) @name (infix_id (variable) @name)]))
    (bind name: [(variable) @name (_ (operator) @name)])
  ] @definition.function)
  (#match? @_haddock "^(--[ \t]*[|]|[{]-[ \t]*[|])")
  (#eq? @_sig @name))

((declarations
  (signature name: [(variable) @_sig (_ (operator) @_sig)]) @doc
  .
  [
    (function name: [(variable) @name (_ (operator) @name)])
    (function (_ operator: [(operator) @name (infix_id (variable) @name)]))
    (bind name: [(variable) @name (_ (operator) @name)])
  ] @definition.function)
  (#eq? @_sig @name))

([
  (function name: [(variable) @name (_ (operator) @name)])
  (function (_ operator: [(operator) @name (infix_id (variable) @name)]))
  (bind name: [(variable) @name (_ (operator) @name)])
] @definition.function
  (#parent-is? @definition.function declarations))

; `signature:` holds only a signature
(foreign_import signature: (_ name: (variable) @name)) @definition.function

; ---- references ------------------------------------------------------------------------------------

(apply function: (variable) @name) @reference.call
((apply function: (_ (variable) @name @_qualified)) @reference.call
  (#parent-is? @_qualified qualified))
