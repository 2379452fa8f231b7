; arborist tags for Python (tree-sitter-python 0.25). Vocabulary: queries/README.md.
; The definition node never includes decorators (it is the function_definition/class_definition
; inside decorated_definition), so line ranges match Python's ast lineno/end_lineno.

; ---- classes and functions -------------------------------------------------------------------
; One pattern each, wherever they are: the engine nests them by range and makes a function that sits
; directly in a class a method (kept simple on purpose: this query is compiled on the first query and
; alternations over every block context made it ten times slower to compile). A docstring (the body's
; first statement when it is a lone string) is read from the tree, not matched here (grammars.toml
; body_docstrings): a pattern for it visits every statement of every body. A body is written `(_ …)`:
; it is always a block, and tree-sitter does not analyse a wildcard when the query compiles.

(class_definition name: (identifier) @name) @definition.class

(function_definition name: (identifier) @name) @definition.function

; ---- class attributes: assignments directly in a class body. pyright reports them as variables
; (constants when named in upper case: grammars.toml upper_case_constants) ------------------------

(class_definition
  body: (_
    (expression_statement
      (assignment left: [
        (identifier) @name
        (pattern_list (identifier) @name)
      ])) @definition.variable))

; ---- module variables: assignments at module level, or one level down in a module-level
; if/elif/else or try/except/else block (never inside functions) -----------------------------

; (rooted at the statement, its place checked with #parent-is?: a pattern rooted at the module reads every
; top-level statement's subtree to the pattern's depth, class and function bodies included)
((expression_statement
    (assignment left: [
      (identifier) @name
      (pattern_list (identifier) @name)
    ])) @definition.variable
  (#parent-is? @definition.variable module))

; the blocks of a module-level if/elif/else or try/except/else are module scopes: one short pattern
; captures them, and the assignments there are another pattern (the assignments repeated inside each of the
; six blocks' patterns cost 60 % of this query's compile)
([
  (if_statement consequence: (block) @module.scope)
  (if_statement alternative: (elif_clause consequence: (block) @module.scope))
  (if_statement alternative: (else_clause body: (block) @module.scope))
  (try_statement body: (block) @module.scope)
  (try_statement (except_clause (block) @module.scope))
  (try_statement (else_clause body: (block) @module.scope))
] @_top
  (#parent-is? @_top module))

((expression_statement (assignment left: (identifier) @name)) @definition.variable
  (#parent-is? @definition.variable module.scope))

; ---- references ------------------------------------------------------------------------------

(call
  function: [
    (identifier) @name
    (attribute attribute: (identifier) @name)
  ]) @reference.call

(class_definition
  superclasses: (argument_list [
    (identifier) @name @reference.implementation
    (attribute attribute: (identifier) @name) @reference.implementation
  ]))
