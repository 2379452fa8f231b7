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
; definition and the engine would not see them: they are its @doc here. These patterns come first and
; win over the plain ones below for the same node. The bodies' owners are named (no `_`), so extraction
; runs these patterns only at them.

[
  (class (comment)+ @doc . body: (body_statement . [
    (module name: [(constant) @name (scope_resolution name: (constant) @name)]) @definition.module
    (class name: [(constant) @name (scope_resolution name: (constant) @name)]) @definition.class
    (method name: (_) @name) @definition.method
    (singleton_method name: (_) @name) @definition.method
    (assignment left: [(constant) @name (left_assignment_list (constant) @name)]) @definition.constant
  ]))
  (module (comment)+ @doc . body: (body_statement . [
    (module name: [(constant) @name (scope_resolution name: (constant) @name)]) @definition.module
    (class name: [(constant) @name (scope_resolution name: (constant) @name)]) @definition.class
    (method name: (_) @name) @definition.method
    (singleton_method name: (_) @name) @definition.method
    (assignment left: [(constant) @name (left_assignment_list (constant) @name)]) @definition.constant
  ]))
  (singleton_class (comment)+ @doc . body: (body_statement . [
    (module name: [(constant) @name (scope_resolution name: (constant) @name)]) @definition.module
    (class name: [(constant) @name (scope_resolution name: (constant) @name)]) @definition.class
    (method name: (_) @name) @definition.method
    (singleton_method name: (_) @name) @definition.method
    (assignment left: [(constant) @name (left_assignment_list (constant) @name)]) @definition.constant
  ]))
  (method (comment)+ @doc . body: (body_statement . [
    (module name: [(constant) @name (scope_resolution name: (constant) @name)]) @definition.module
    (class name: [(constant) @name (scope_resolution name: (constant) @name)]) @definition.class
    (method name: (_) @name) @definition.method
    (singleton_method name: (_) @name) @definition.method
    (assignment left: [(constant) @name (left_assignment_list (constant) @name)]) @definition.constant
  ]))
  (singleton_method (comment)+ @doc . body: (body_statement . [
    (module name: [(constant) @name (scope_resolution name: (constant) @name)]) @definition.module
    (class name: [(constant) @name (scope_resolution name: (constant) @name)]) @definition.class
    (method name: (_) @name) @definition.method
    (singleton_method name: (_) @name) @definition.method
    (assignment left: [(constant) @name (left_assignment_list (constant) @name)]) @definition.constant
  ]))
  (do_block (comment)+ @doc . body: (body_statement . [
    (module name: [(constant) @name (scope_resolution name: (constant) @name)]) @definition.module
    (class name: [(constant) @name (scope_resolution name: (constant) @name)]) @definition.class
    (method name: (_) @name) @definition.method
    (singleton_method name: (_) @name) @definition.method
    (assignment left: [(constant) @name (left_assignment_list (constant) @name)]) @definition.constant
  ]))
]

; ---- modules and classes -------------------------------------------------------------------

(module name: [
  (constant) @name
  (scope_resolution name: (constant) @name)
]) @definition.module

(class name: [
  (constant) @name
  (scope_resolution name: (constant) @name)
]) @definition.class

; ---- methods ---------------------------------------------------------------------------------
; A def directly in the file is a function; every other def (class/module bodies, `class << self`,
; blocks, `private def x` arguments) is a method.

(program (method name: (_) @name) @definition.function)
(method name: (_) @name) @definition.method
(singleton_method name: (_) @name) @definition.method

; ---- constants -----------------------------------------------------------------------------------
; Ruby forbids constant assignment in a def body, so every constant assignment is at file, module or
; class level (possibly inside a block, `if`/`unless` or `begin`): tagged wherever it is, which also
; keeps them when an ERROR node replaces their module.

(assignment left: [
  (constant) @name
  (left_assignment_list (constant) @name)
]) @definition.constant
(operator_assignment left: (constant) @name) @definition.constant

; ---- references ------------------------------------------------------------------------------

(call method: (identifier) @name) @reference.call
(call receiver: (constant) @name method: (identifier) @_new (#eq? @_new "new")) @reference.class
(call receiver: (scope_resolution name: (constant) @name) method: (identifier) @_new
  (#eq? @_new "new")) @reference.class

(superclass [
  (constant) @name
  (scope_resolution name: (constant) @name)
] @reference.implementation)
(call
  method: (identifier) @_mixin
  arguments: (argument_list [
    (constant) @name
    (scope_resolution name: (constant) @name)
  ] @reference.implementation)
  (#any-of? @_mixin "include" "extend" "prepend"))
