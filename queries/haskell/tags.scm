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

; ---- module ------------------------------------------------------------------------------------

(header module: (module) @name) @definition.module

; ---- data types --------------------------------------------------------------------------------

(data_type
  name: (name) @name
  constructors: (data_constructors (data_constructor) (data_constructor))) @definition.enum
(data_type
  name: (name) @name
  constructors: (gadt_constructors)) @definition.enum
(data_type
  name: (name) @name
  constructors: (data_constructors . (data_constructor) .)) @definition.struct
(data_type
  name: (name) @name
  !constructors) @definition.struct
(newtype name: (name) @name) @definition.struct

; constructors of a data type with several (each one has another before or after it)
(data_constructors
  (data_constructor)
  (data_constructor
    constructor: [
      (prefix name: (constructor) @name)
      (record name: (constructor) @name)
      (infix operator: (constructor_operator) @name)
    ]) @definition.enum_member)
(data_constructors
  (data_constructor
    constructor: [
      (prefix name: (constructor) @name)
      (record name: (constructor) @name)
      (infix operator: (constructor_operator) @name)
    ]) @definition.enum_member
  (data_constructor))
(gadt_constructor name: (constructor) @name) @definition.enum_member
(gadt_constructor names: (binding_list (constructor) @name)) @definition.enum_member

; record fields (declarations only: record expressions and patterns have no `fields` node)
(fields (field name: (field_name) @name) @definition.field)
(newtype_constructor (record (field name: (field_name) @name) @definition.field))

; ---- type synonyms and families ------------------------------------------------------------------

(type_synonym name: (name) @name) @definition.type
(type_family name: (name) @name) @definition.type
(data_family name: (name) @name) @definition.type

; ---- classes and instances ------------------------------------------------------------------------

(class name: (name) @name) @definition.interface
(class_declarations (signature name: (variable) @name) @definition.method)
(class_declarations (signature name: (prefix_id (operator) @name)) @definition.method)
(class_declarations (signature names: (binding_list (variable) @name)) @definition.method)

(instance
  name: (_) @trait
  patterns: (type_patterns
    . [
      (name) @name
      (qualified (name) @name)
      (parens (name) @name)
      (parens (qualified (name) @name))
      (parens (apply constructor: (name) @name))
      (parens (apply constructor: (qualified (name) @name)))
      (parens (apply constructor: (apply constructor: (name) @name)))
      (parens (apply constructor: (apply constructor: (apply constructor: (name) @name))))
    ])) @definition.impl
; heads that are not a named type: named after the class
(instance
  name: [(name) (qualified)] @name
  patterns: (type_patterns
    . [
      (list) (tuple) (unit) (variable) (function)
      (parens [(list) (tuple) (unit) (variable) (function) (apply constructor: (variable))])
    ])) @definition.impl

(instance_declarations (function name: (variable) @name) @definition.method)
(instance_declarations (function name: (prefix_id (operator) @name)) @definition.method)
(instance_declarations (function (infix operator: (operator) @name)) @definition.method)
(instance_declarations (function (infix operator: (infix_id (variable) @name))) @definition.method)
(instance_declarations (bind name: (variable) @name) @definition.method)
(instance_declarations (bind name: (prefix_id (operator) @name)) @definition.method)

; ---- top-level functions --------------------------------------------------------------------------
; The signature directly above the first equation (and the Haddock comment directly above the
; signature) is its @doc; these patterns come first and win.

((declarations
  (haddock) @doc @_haddock
  .
  (signature name: [(variable) @_sig (prefix_id (operator) @_sig)]) @doc
  .
  [
    (function name: (variable) @name)
    (function name: (prefix_id (operator) @name))
    (function (infix operator: (operator) @name))
    (function (infix operator: (infix_id (variable) @name)))
    (bind name: (variable) @name)
    (bind name: (prefix_id (operator) @name))
  ] @definition.function)
  (#match? @_haddock "^(--[ \t]*[|]|[{]-[ \t]*[|])")
  (#eq? @_sig @name))

((declarations
  (signature name: [(variable) @_sig (prefix_id (operator) @_sig)]) @doc
  .
  [
    (function name: (variable) @name)
    (function name: (prefix_id (operator) @name))
    (function (infix operator: (operator) @name))
    (function (infix operator: (infix_id (variable) @name)))
    (bind name: (variable) @name)
    (bind name: (prefix_id (operator) @name))
  ] @definition.function)
  (#eq? @_sig @name))

(declarations (function name: (variable) @name) @definition.function)
(declarations (function name: (prefix_id (operator) @name)) @definition.function)
(declarations (function (infix operator: (operator) @name)) @definition.function)
(declarations (function (infix operator: (infix_id (variable) @name))) @definition.function)
(declarations (bind name: (variable) @name) @definition.function)
(declarations (bind name: (prefix_id (operator) @name)) @definition.function)

(foreign_import signature: (signature name: (variable) @name)) @definition.function

; ---- references ------------------------------------------------------------------------------------

(apply function: (variable) @name) @reference.call
(apply function: (qualified (variable) @name)) @reference.call
