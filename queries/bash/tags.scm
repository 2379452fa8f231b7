; arborist tags for Bash (tree-sitter-bash 0.25). Vocabulary: queries/README.md.
; `#` comments directly above are preceding siblings; the engine collects them (textobjects.scm).
;
; Kinds: `f() { ... }` and `function f { ... }` = function (wherever they are: one defined in another
; function or in an `if` nests by range). Variables only at the top of the script (never in a function
; body, a loop or an `if`): `X=1` (also `a=1 b=2`, one per name), `export X=1`, `declare X=1`,
; `typeset X=1` = variable; `readonly X=1` and `declare -r X=1` (any flag group with `r`) = constant.
; A declaration is the whole command (`export A=1 B=2` gives two names with its range). Not tagged:
; `X+=...` (it appends to a variable defined elsewhere), `export X` / `readonly X` without a value
; (they mark a variable defined elsewhere), `local` variables, assignments that prefix a command
; (`LANG=C sort`).

; ---- functions -----------------------------------------------------------------------------------

(function_definition name: (word) @name) @definition.function

; ---- top-level variables and constants -------------------------------------------------------------
; The constant patterns come first and win over the variable pattern for the same node. A file whose
; root is an ERROR node (a broken script) keeps its top-level variables.

([(program
  (declaration_command (variable_assignment name: (variable_name) @name "=")) @definition.constant)
  (ERROR
  (declaration_command (variable_assignment name: (variable_name) @name "=")) @definition.constant)]
  (#match? @definition.constant "^readonly"))
([(program
  (declaration_command (word) @_flags (variable_assignment name: (variable_name) @name "="))
    @definition.constant)
  (ERROR
  (declaration_command (word) @_flags (variable_assignment name: (variable_name) @name "="))
    @definition.constant)]
  (#match? @definition.constant "^(declare|typeset)")
  (#match? @_flags "^-[a-zA-Z]*r"))

([(program
  (declaration_command (variable_assignment name: (variable_name) @name "=")) @definition.variable)
  (ERROR
  (declaration_command (variable_assignment name: (variable_name) @name "=")) @definition.variable)]
  (#match? @definition.variable "^(export|declare|typeset)"))

[(program (variable_assignment name: (variable_name) @name "=") @definition.variable)
 (ERROR (variable_assignment name: (variable_name) @name "=") @definition.variable)]
[(program (variable_assignments
  (variable_assignment name: (variable_name) @name "=")) @definition.variable)
 (ERROR (variable_assignments
  (variable_assignment name: (variable_name) @name "=")) @definition.variable)]

; ---- references ----------------------------------------------------------------------------------

(command name: (command_name (word) @name)) @reference.call
