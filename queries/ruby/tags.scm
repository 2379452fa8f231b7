; arborist tags for Ruby (tree-sitter-ruby 0.23). Vocabulary: queries/README.md.
; Doc comments (`#` lines directly above) are preceding siblings; the engine collects them
; (textobjects.scm).
;
; Kinds: `module` = module, `class` = class, `def` in a class/module/`class << self` body (or in a block
; or another def) = method, `def` at the top of the file = function, `def self.x` / `def obj.x` = method
; (named `x`, so it is an overload sibling of an instance method `x`), setters and operators are named
; as written (`total=`, `==`, `[]`). Constants (`FOO = ...`, `A, B = ...`, `FOO ||= ...`) = constant.
; `class A::B` / `module A::B` are named by their last segment (`B`).
; Not tagged: `attr_accessor :x` (a symbol's name is the node text `:x`; the engine cannot strip the
; colon), `alias`, `define_method`, locals, instance variables.

; ---- doc comments above the first statement of a body ------------------------------------------
; The grammar puts comments that come before the first statement of a class/module/def body outside
; its body_statement (children of the class node), so they are no preceding siblings of the first
; definition and the engine would not see them: they are its @doc here. This pattern comes first and
; wins over the plain ones below for the same node. The bodies' owners are named (no `_`), so extraction
; runs it only at them.
; Written for a cheap compile (tree-sitter analyses every named parent of a pattern, six times over
; here): the nodes below the owner are wildcards and `#parent-is?` on a captured child names their
; kind instead. `@_first` is a child of a body_statement (a def's `body:` may also be an endless
; def's expression); `@_module_name`/`@_class_name`/`@_method_name`/`@_left` are children of a
; module/class/def/assignment, so the wildcard holding them is one; `@_listed` is a constant in a
; left_assignment_list (`A, B = ...`). The name of a module or class is a constant or a
; scope_resolution, whose `name:` is a constant.

([
  (class (comment)+ @doc . body: (_ . [
    (_ name: [(constant) @name (_ name: (constant) @name)] @_module_name) @definition.module
    (_ name: [(constant) @name (_ name: (constant) @name)] @_class_name) @definition.class
    (_ name: (_) @name @_method_name) @definition.method
    (_ left: [(constant) @name (_ (constant) @name @_listed)] @_left) @definition.constant
  ] @_first))
  (module (comment)+ @doc . body: (_ . [
    (_ name: [(constant) @name (_ name: (constant) @name)] @_module_name) @definition.module
    (_ name: [(constant) @name (_ name: (constant) @name)] @_class_name) @definition.class
    (_ name: (_) @name @_method_name) @definition.method
    (_ left: [(constant) @name (_ (constant) @name @_listed)] @_left) @definition.constant
  ] @_first))
  (singleton_class (comment)+ @doc . body: (_ . [
    (_ name: [(constant) @name (_ name: (constant) @name)] @_module_name) @definition.module
    (_ name: [(constant) @name (_ name: (constant) @name)] @_class_name) @definition.class
    (_ name: (_) @name @_method_name) @definition.method
    (_ left: [(constant) @name (_ (constant) @name @_listed)] @_left) @definition.constant
  ] @_first))
  (method (comment)+ @doc . body: (_ . [
    (_ name: [(constant) @name (_ name: (constant) @name)] @_module_name) @definition.module
    (_ name: [(constant) @name (_ name: (constant) @name)] @_class_name) @definition.class
    (_ name: (_) @name @_method_name) @definition.method
    (_ left: [(constant) @name (_ (constant) @name @_listed)] @_left) @definition.constant
  ] @_first))
  (singleton_method (comment)+ @doc . body: (_ . [
    (_ name: [(constant) @name (_ name: (constant) @name)] @_module_name) @definition.module
    (_ name: [(constant) @name (_ name: (constant) @name)] @_class_name) @definition.class
    (_ name: (_) @name @_method_name) @definition.method
    (_ left: [(constant) @name (_ (constant) @name @_listed)] @_left) @definition.constant
  ] @_first))
  (do_block (comment)+ @doc . body: (_ . [
    (_ name: [(constant) @name (_ name: (constant) @name)] @_module_name) @definition.module
    (_ name: [(constant) @name (_ name: (constant) @name)] @_class_name) @definition.class
    (_ name: (_) @name @_method_name) @definition.method
    (_ left: [(constant) @name (_ (constant) @name @_listed)] @_left) @definition.constant
  ] @_first))
]
  (#parent-is? @_first body_statement)
  (#parent-is? @_module_name module)
  (#parent-is? @_class_name class)
  (#parent-is? @_method_name method singleton_method)
  (#parent-is? @_left assignment)
  (#parent-is? @_listed left_assignment_list))

; ---- modules and classes -------------------------------------------------------------------
; A name is a constant or a scope_resolution (`A::B`), whose `name:` is a constant.

(module name: [
  (constant) @name
  (_ name: (constant) @name)
]) @definition.module

(class name: [
  (constant) @name
  (_ name: (constant) @name)
]) @definition.class

; ---- methods ---------------------------------------------------------------------------------
; A def directly in the file is a function; every other def (class/module bodies, `class << self`,
; blocks, `private def x` arguments) is a method.

((method name: (_) @name) @definition.function (#parent-is? @definition.function program))
(method name: (_) @name) @definition.method
(singleton_method name: (_) @name) @definition.method

; ---- constants -----------------------------------------------------------------------------------
; Ruby forbids constant assignment in a def body, so every constant assignment is at file, module or
; class level (possibly inside a block, `if`/`unless` or `begin`): tagged wherever it is, which also
; keeps them when an ERROR node replaces their module.

; `@_listed`: a constant in a left_assignment_list (`A, B = ...`).
((assignment left: [
  (constant) @name
  (_ (constant) @name @_listed)
]) @definition.constant (#parent-is? @_listed left_assignment_list))
(operator_assignment left: (constant) @name) @definition.constant

; ---- references ------------------------------------------------------------------------------
; `arguments:` is always an argument_list.

(call method: (identifier) @name) @reference.call
(call
  receiver: [
    (constant) @name
    (scope_resolution name: (constant) @name)
  ]
  method: (identifier) @_new
  (#eq? @_new "new")) @reference.class

(superclass [
  (constant) @name
  (scope_resolution name: (constant) @name)
] @reference.implementation)
(call
  method: (identifier) @_mixin
  arguments: (_ [
    (constant) @name
    (scope_resolution name: (constant) @name)
  ] @reference.implementation)
  (#any-of? @_mixin "include" "extend" "prepend"))
