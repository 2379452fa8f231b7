#!/usr/bin/env python3
"""Generates queries/{typescript,tsx,javascript}/{tags,textobjects,locals,imports}.scm. A `const x = <value>`
is tagged exactly once: as a function when the value is a function, as a variable otherwise (`#not-kind?`)."""
import glob, json, re

# Usage: python3 queries/gen_js_family.py  (from anywhere; writes next to itself)
# Needs the grammar crates in the cargo registry (run a cargo build of the project first).
import os
QUERIES = os.path.dirname(os.path.abspath(__file__))
BASE = glob.glob(os.path.expanduser("~/.cargo/registry/src/*/"))[0]
GRAMMARS = {
    "typescript": BASE + "tree-sitter-typescript-0.23.2/typescript/src/node-types.json",
    "tsx": BASE + "tree-sitter-typescript-0.23.2/tsx/src/node-types.json",
    "javascript": BASE + "tree-sitter-javascript-0.25.0/src/node-types.json",
}
FUNCTION_VALUES = ["arrow_function", "function_expression", "generator_function"]


def wrap(items, indent):
    """Lays out `(a) (b) ...` over lines of at most 100 columns."""
    lines, cur = [], indent
    for it in items:
        tok = f"({it})"
        if len(cur) + len(tok) + 1 > 100 and cur.strip():
            lines.append(cur.rstrip())
            cur = indent
        cur += tok + " "
    lines.append(cur.rstrip())
    return "\n".join(lines)


def declarations(lang):
    """Module-level (and namespace-level) const/let/var declarations."""
    funcs = " ".join(f"({f})" for f in FUNCTION_VALUES)
    # A variable's value is any other expression: a wildcard whose kind #not-kind? checks. (An
    # alternative of every other expression kind costs tree-sitter's matcher a state per kind at each
    # declaration, and their pairwise comparison: ten times the wildcard's time.)
    not_function = " ".join(FUNCTION_VALUES)
    value_alts = ["value: (_) @_value"]
    not_kind = f"\n  (#not-kind? @_value {not_function})"
    if lang == "javascript":
        # `var runInContext = (function runInContext(context) {...})` is a function too.
        funcs += f"\n            (parenthesized_expression [{funcs}])"
        value_alts.append("value: (parenthesized_expression (_) @_inner)")
        not_kind = (f"\n  (#not-kind? @_value {not_function} parenthesized_expression)"
                    f"\n  (#not-kind? @_inner {not_function} comment)")
    variables = "\n".join(f"""      ({d}
        (variable_declarator
          name: (identifier) @name
          {v}))""" for d in ("lexical_declaration", "variable_declaration") for v in value_alts + ["!value"])
    decl_fn = f"""[
      (lexical_declaration
        (variable_declarator
          name: (identifier) @name
          value: [{funcs}]))
      (variable_declaration
        (variable_declarator
          name: (identifier) @name
          value: [{funcs}]))
    ] @definition.function"""
    decl_var = f"""[
{variables}
    ] @definition.variable"""
    # export_statement only occurs at module or namespace level, so it is a context of its own. The
    # declarations directly under program, export_statement (always its `declaration:` field) and TS
    # ambient_declaration are one pattern rooted at the declaration, its parent checked with #parent-is?
    # (cheaper to compile than a pattern per parent); a namespace body keeps its statement_block level
    # (the statement_block of a function is not module level), also checked with #parent-is? (a
    # statement_block under internal_module/module is always its `body:`).
    ts = lang != "javascript"
    top = ["program", "export_statement"] + (["ambient_declaration"] if ts else [])
    # JavaScript: function values are module level in the body of a function wrapping the file too (not
    # other values: `var` in a wrapper is most often a local of the library's code)
    fn_top = top + ([] if ts else ["module.scope"])
    out = []
    for body, pred, parents in ((decl_fn, "", fn_top), (decl_var, not_kind, top)):
        out.append(in_context("program", body, pred, parents=parents))
    if ts:
        for body, pred in ((decl_fn, ""), (decl_var, not_kind)):
            out.append(f"((statement_block\n    {body}) @_namespace\n  (#parent-is? @_namespace internal_module module){pred})")
    else:
        for ctx in JS_WRAPPER_SCOPES:
            out.append(module_scope(ctx, JS_WRAPPER_PREDICATE if "@_define" in ctx else ""))
    return "\n\n".join(out)


def module_scope(ctx, pred):
    """The pattern that captures the block a wrapper context opens last as `@module.scope`: its statements
    are module level for the patterns whose #parent-is? lists `module.scope`. (One pattern per wrapper with
    the module-level patterns inside it cost 44 % of JavaScript's query compile.)"""
    ctx = ctx[len("program "):]
    opens = ctx.count("(") - ctx.count(")")
    return f"({ctx}) @module.scope{')' * (opens - 1)} @_top{pred}\n  (#parent-is? @_top program))"


def in_context(ctx, body, pred, parents=("program",)):
    """The pattern of `body` inside `ctx` (nodes opened and not closed). A context that starts at the root
    (`program`) starts at the root's child instead, checked with #parent-is?: a pattern anchored at the root
    makes the query walk every top-level statement, even for a match in the few lines an edit re-reads.
    `parents`: for `program` itself, the parent kinds that #parent-is? allows."""
    if ctx == "program":
        capture = body.rsplit("@", 1)[1].split()[0]
        return f"({body}\n  (#parent-is? @{capture} {' '.join(parents)}){pred})"
    if ctx.startswith("program "):
        ctx = ctx[len("program "):]
        opens = ctx.count("(") - ctx.count(")")
        return f"({ctx}\n    {body}{')' * opens} @_top{pred}\n  (#parent-is? @_top program))"
    opens = ctx.count("(") - ctx.count(")")
    return f"({ctx}\n    {body}{')' * opens}{pred})"


# JavaScript: the body of a function that wraps a whole file is module scope too (its declarations are
# the module's): an IIFE `(function () { ... })()` / `(function () { ... }())` / `(function () {
# ... }.call(this))`, the factory of a UMD wrapper `(function (root, factory) { ... })(this, function
# (exports) { ... })`, and the callback of an AMD `define([...], function (dep) { ... })`.
JS_WRAPPER_SCOPES = [
    "program (expression_statement (_ function: (parenthesized_expression "
    "(function_expression body: (statement_block",
    "program (expression_statement (parenthesized_expression (_ function: "
    "(function_expression body: (statement_block",
    "program (expression_statement (parenthesized_expression (_ function: "
    "(member_expression object: (function_expression body: (statement_block",
    "program (expression_statement (_ function: (parenthesized_expression) arguments: "
    "(_ (function_expression body: (statement_block",
    "program (expression_statement (_ function: (parenthesized_expression) arguments: "
    "(_ (parenthesized_expression (function_expression body: (statement_block",
    "program (expression_statement (_ function: (identifier) @_define arguments: "
    "(_ (function_expression body: (statement_block",
]
JS_WRAPPER_PREDICATE = '\n  (#eq? @_define "define")'


def not_assignment(capture):
    """A wildcard with `left` and `right` fields is an assignment unless it is a binary or an augmented
    assignment, which have them too (JS_MEMBERS_HEADER writes this as `NOT_ASSIGNMENT(@capture)`)."""
    return f"(#not-kind? {capture} binary_expression augmented_assignment_expression)"


JS_NOT_ASSIGNMENT = not_assignment("@_assign")
FN_VALUES = "[(function_expression) (arrow_function) (generator_function)]"
# a function member of an object literal (js_members)
JS_OBJECT_MEMBER = f"""[
      (method_definition name: (_) @name)
      (pair key: (property_identifier) @name value: {FN_VALUES})
      (pair key: (string (string_fragment) @name) value: {FN_VALUES})
    ] @definition.method"""


def js_members():
    """JavaScript: functions assigned to members, and function members of object literals."""
    member = JS_OBJECT_MEMBER
    out = [re.sub(r"NOT_ASSIGNMENT\((@\w+)\)", lambda m: not_assignment(m[1]), JS_MEMBERS_HEADER)]
    decl = f"""[
      (lexical_declaration (variable_declarator value: (object
    {member})))
      (variable_declaration (variable_declarator value: (object
    {member})))
    ] @_decl"""
    # under program, export_statement (always its `declaration:`) or in the body of a function wrapping
    # the file: one pattern, see declarations()
    out.append(in_context("program", decl, "", parents=["program", "export_statement", "module.scope"]))
    out.append(f"""(export_statement value: (object
    {member}))""")
    out.append(f"""(expression_statement
  (_
    left: [(member_expression) (subscript_expression)]
    right: (object
    {member})) @_assign
  {JS_NOT_ASSIGNMENT})""")
    out.append(f"""(expression_statement
  (_
    function: (_ object: _ property: (property_identifier) @_extend)
    arguments: (_ (object
    {member})))
  (#any-of? @_extend "extend" "assign" "mixin"))""")
    return "\n\n".join(out) + "\n"


JS_DECL_NOTE = """
; JavaScript: in the body of a function wrapping the whole file, function-valued declarations are
; module level too (other values are not tagged there): an IIFE `(function () {...})()`, a UMD factory
; `(function (root, factory) {...})(this, function (exports) {...})`, an AMD `define([...], function (dep)
; {...})`. The patterns below capture that body as `@module.scope`; the patterns of module-level function
; declarations and of the function members of an object-valued declaration (see "function members of
; object literals" below) list `module.scope` among the parents their #parent-is? allows.

"""

JS_MEMBERS_HEADER = """
; ---- functions assigned to members (wherever a function declaration would be tagged) ----------
; The definition node is the expression statement; the name is the last property.
; `Foo.prototype.bar = function () {}` (or `= otherFunction`, an alias; also in a chain
; `A.prototype.x = A.prototype.y = f`) is a method `bar` of `Foo` (@receiver: under `function Foo` or
; `var Foo` of the same scope, grammars.toml `receivers_may_be_values`, else an Object `Foo`); `exports.parse = function`, `a.b.c = () => {}`,
; `this.f = function` are functions; `module.exports = function name () {}` is the function `name`.
; `X.y.get = function` (a property descriptor, `Object.defineProperties(...)`) is the function `y`.
; `Foo.prototype.constructor = Foo` restores a link: no definition.
; A member `a.b` is written `(_ object: … property: …)`: only a member_expression has both fields, and
; tree-sitter does not analyse a wildcard when the query compiles (written out, these patterns cost a
; third of the query's compile). So is an assignment, `(_ left: … right: …) @_assign` with a #not-kind?
; for the binary and augmented assignments that have those fields too, and a call, `(_ function: …)`
; (only a call has `function`), with its `arguments: (_ …)`: written out, they were half of it.

(expression_statement
  (_
    left: (_
      object: (_
        object: [(identifier) @receiver (member_expression) (this) (call_expression) (subscript_expression) (parenthesized_expression)]
        property: (property_identifier) @_proto)
      property: (property_identifier) @name)
    right: [
      (function_expression) (arrow_function) (generator_function) (class) (identifier) (member_expression)
      (assignment_expression)
    ]) @_assign
  NOT_ASSIGNMENT(@_assign)
  (#eq? @_proto "prototype")
  (#not-eq? @name "constructor")) @definition.method

(expression_statement
  (_
    right: (_
      left: (_
        object: (_
        object: [(identifier) @receiver (member_expression) (this) (call_expression) (subscript_expression) (parenthesized_expression)]
        property: (property_identifier) @_proto)
        property: (property_identifier) @name) @_assign2) @_assign)
  NOT_ASSIGNMENT(@_assign)
  NOT_ASSIGNMENT(@_assign2)
  (#eq? @_proto "prototype")
  (#not-eq? @name "constructor")) @definition.method

(expression_statement
  (_
    right: (_
      right: (_
        left: (_
          object: (_
        object: [(identifier) @receiver (member_expression) (this) (call_expression) (subscript_expression) (parenthesized_expression)]
        property: (property_identifier) @_proto)
          property: (property_identifier) @name) @_assign3) @_assign2) @_assign)
  NOT_ASSIGNMENT(@_assign)
  NOT_ASSIGNMENT(@_assign2)
  NOT_ASSIGNMENT(@_assign3)
  (#eq? @_proto "prototype")
  (#not-eq? @name "constructor")) @definition.method

(expression_statement
  (_
    left: (_
      object: [(identifier) (this)] @_obj
      property: (property_identifier) @name)
    right: [(function_expression) (arrow_function) (generator_function)]) @_assign
  NOT_ASSIGNMENT(@_assign)
  (#not-eq? @name "exports")) @definition.function

(expression_statement
  (_
    left: (_
      object: (_ object: _ property: (property_identifier) @_prop)
      property: (property_identifier) @name)
    right: [(function_expression) (arrow_function) (generator_function)]) @_assign
  NOT_ASSIGNMENT(@_assign)
  (#not-eq? @_prop "prototype")
  (#not-any-of? @name "get" "set" "exports")) @definition.function

(expression_statement
  (_
    left: (_
      object: (_ object: _ property: (property_identifier) @name)
      property: (property_identifier) @_accessor)
    right: [(function_expression) (arrow_function) (generator_function)]) @_assign
  NOT_ASSIGNMENT(@_assign)
  (#not-eq? @name "prototype")
  (#any-of? @_accessor "get" "set")) @definition.function

(expression_statement
  (_
    left: (_ object: (identifier) @_module property: (property_identifier) @_exports)
    right: (function_expression name: (identifier) @name)) @_assign
  NOT_ASSIGNMENT(@_assign)
  (#eq? @_module "module")
  (#eq? @_exports "exports")) @definition.function

; A named function expression passed to a call statement defines what the call registers:
; `defineGetter(req, 'ip', function ip () {...})` is the function `ip` (the node: the function).
(expression_statement
  (_
    function: (_)
    arguments: (_ (function_expression name: (identifier) @name) @definition.function)))

; ---- function members of object literals ----------------------------------------------------
; Methods and function-valued properties (`get() {}`, `put: function () {}`, `"catch": () => {}`) of
; an object literal that is the value of a module-level declaration (`const api = {...}`: api/get),
; of `export default`, of an assignment statement to a member (`module.exports = {...}`,
; `Foo.prototype = {...}`, `jQuery.event = {...}`, `hooks[ type ] = {...}`), or passed to a mixin call
; statement (`jQuery.extend({...})`, `Object.assign(Foo.prototype, {...})`, `_.mixin({...})`). Other
; objects passed as arguments or returned (option bags, callbacks) are not definitions; nor are the
; members of nested objects.
"""


HEADER = {
    "typescript": "; arborist tags for TypeScript (tree-sitter-typescript 0.23, LANGUAGE_TYPESCRIPT).",
    "tsx": "; arborist tags for TSX (tree-sitter-typescript 0.23, LANGUAGE_TSX): the TypeScript tags plus JSX.",
    "javascript": "; arborist tags for JavaScript and JSX (tree-sitter-javascript 0.25).",
}

COMMON_TOP = """; Vocabulary: queries/README.md. Generated by queries/gen_js_family.py; edit the generator, not this file.
; The definition node of `export function f` is the function_declaration, not the export_statement.
; Decorators of class members are preceding siblings in class_body; the engine collects them
; (like doc comments) for @*.around ranges.
"""

TS_TYPES = """
; ---- types -------------------------------------------------------------------------------

(class_declaration name: (type_identifier) @name) @definition.class
(abstract_class_declaration name: (type_identifier) @name) @definition.class
(interface_declaration name: (type_identifier) @name) @definition.interface
(type_alias_declaration name: (type_identifier) @name) @definition.type
(enum_declaration name: (identifier) @name) @definition.enum
(internal_module name: [(identifier) (nested_identifier)] @name) @definition.namespace
(internal_module name: (string (string_fragment) @name)) @definition.module
(module name: [(identifier) (nested_identifier)] @name) @definition.namespace
(module name: (string (string_fragment) @name)) @definition.module

(enum_body name: (_) @name @definition.enum_member)
(enum_body (enum_assignment name: (_) @name) @definition.enum_member)

; interface members, and members of an object type that is a type alias's value (an object_type under
; type_alias_declaration is always its `value:`). Patterns are rooted at the member (or the object_type) and
; check the parent with #parent-is?: cheaper to compile than a pattern rooted one level up.
((property_signature name: (_) @name) @definition.property
  (#parent-is? @definition.property interface_body))
((method_signature name: (_) @name) @definition.method
  (#parent-is? @definition.method interface_body))
((object_type [
    (property_signature name: (_) @name) @definition.property
    (method_signature name: (_) @name) @definition.method
  ]) @_alias
  (#parent-is? @_alias type_alias_declaration))

; ---- functions ---------------------------------------------------------------------------
; Overload signatures (function_signature) are same-named siblings of the implementation.

(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
(function_signature name: (identifier) @name) @definition.function

; ---- class members -----------------------------------------------------------------------

; (rooted at the member, its parent checked with #parent-is?: cheaper to compile than `(class_body …)`)
((method_definition name: (_) @name) @definition.constructor
  (#parent-is? @definition.constructor class_body)
  (#eq? @name "constructor"))
((method_definition name: (_) @name) @definition.method
  (#parent-is? @definition.method class_body)
  (#not-eq? @name "constructor"))
((method_signature name: (_) @name) @definition.constructor
  (#parent-is? @definition.constructor class_body)
  (#eq? @name "constructor"))
((method_signature name: (_) @name) @definition.method
  (#parent-is? @definition.method class_body)
  (#not-eq? @name "constructor"))
((abstract_method_signature name: (_) @name) @definition.method
  (#parent-is? @definition.method class_body))
((public_field_definition name: (_) @name) @definition.field
  (#parent-is? @definition.field class_body))
"""

JS_TYPES = """
; ---- classes -----------------------------------------------------------------------------

(class_declaration name: (identifier) @name) @definition.class

; ---- functions ---------------------------------------------------------------------------

(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function

; ---- class members -----------------------------------------------------------------------

; (rooted at the member, its parent checked with #parent-is?: cheaper to compile than `(class_body …)`)
((method_definition name: (_) @name) @definition.constructor
  (#parent-is? @definition.constructor class_body)
  (#eq? @name "constructor"))
((method_definition name: (_) @name) @definition.method
  (#parent-is? @definition.method class_body)
  (#not-eq? @name "constructor"))
((field_definition property: (_) @name) @definition.field
  (#parent-is? @definition.field class_body))
"""

DECL_HEADER = """
; ---- module-level and namespace-level const/let/var (never inside function bodies) ------------
; `const f = () => ...` / `= function () {}` is a function; any other value is a variable.
; The definition node is the whole lexical_declaration/variable_declaration statement.

"""

REFS_COMMON = """
; ---- references ----------------------------------------------------------------------------

(call_expression
  function: [
    (identifier) @name
    (member_expression property: (property_identifier) @name)
  ]) @reference.call

(new_expression
  constructor: [
    (identifier) @name
    (member_expression property: (property_identifier) @name)
  ]) @reference.class
"""

REFS_TS = """
; (extends_clause occurs only in class_heritage)
(extends_clause
  value: [
    (identifier) @name
    (member_expression property: (property_identifier) @name)
  ] @reference.implementation)

(implements_clause
  [
    (type_identifier) @name
    (generic_type name: (type_identifier) @name)
    (nested_type_identifier name: (type_identifier) @name)
  ] @reference.implementation)

(extends_type_clause
  type: [
    (type_identifier) @name
    (generic_type name: (type_identifier) @name)
    (nested_type_identifier name: (type_identifier) @name)
  ] @reference.implementation)
"""

REFS_JS = """
(class_heritage
  [
    (identifier) @name
    (member_expression property: (property_identifier) @name)
  ] @reference.implementation)
"""

REFS_JSX = """
; JSX: a capitalised element name is a component reference
(jsx_opening_element
  name: [
    (identifier) @name
    (member_expression property: (property_identifier) @name)
  ] @reference.class
  (#match? @name "^[A-Z]"))
(jsx_self_closing_element
  name: [
    (identifier) @name
    (member_expression property: (property_identifier) @name)
  ] @reference.class
  (#match? @name "^[A-Z]"))
"""


def build(lang):
    ts = lang != "javascript"
    parts = [HEADER[lang] + "\n" + COMMON_TOP, TS_TYPES if ts else JS_TYPES, DECL_HEADER, declarations(lang), "\n"]
    if not ts:
        parts[2] = DECL_HEADER.rstrip("\n") + JS_DECL_NOTE
        parts.append(js_members())
    parts += [REFS_COMMON, REFS_TS if ts else REFS_JS]
    if lang in ("tsx", "javascript"):
        parts.append(REFS_JSX)
    return "".join(parts)


for lang in GRAMMARS:
    with open(f"{QUERIES}/{lang}/tags.scm", "w") as f:
        f.write(build(lang))
print("ok")


# ---- textobjects ---------------------------------------------------------------------------

def textobjects(lang):
    ts = lang != "javascript"
    fn_body = ["function_declaration", "generator_function_declaration"]
    fn_nobody = ["function_signature"] if ts else []
    cls_body = ["class_declaration"] + (["abstract_class_declaration", "interface_declaration", "enum_declaration",
                                         "internal_module", "module"] if ts else [])
    out = [f"; arborist textobjects for {lang} (helix convention). Generated by queries/gen_js_family.py.",
           "; @*.around is the whole statement: it includes `export`/`declare` and the decorators that",
           "; belong to an exported class. Decorators of class members are preceding siblings in class_body;",
           "; the engine widens @*.around over them (and over doc comments).",
           ""]
    # A declaration is matched through its parent so that each gets exactly one match; the
    # capture sits on the outermost node that belongs to the declaration. The declarations under one
    # parent are alternatives of one pattern (`(program [(function_declaration …) @function.around
    # (class_declaration …) @class.around …])`): the same matches as a pattern per kind, and much
    # cheaper to compile (tree-sitter analyses each parent step of a pattern once; the parent of
    # many alternatives is one step). No node is two of the alternatives: they are different kinds, or
    # declarations with different values.
    def inner(k, obj, with_body):
        return f"({k} body: (_) @{obj}.inside)" if with_body else f"({k})"
    fns = [inner(k, "function", True) for k in fn_body] + [inner(k, "function", False) for k in fn_nobody]
    classes = [inner(k, "class", True) for k in cls_body]
    # `declare function f(…);`, `declare class C {…}`: in TypeScript what has no body of its own
    ambient_fns = [f"(ambient_declaration {i})" for i in fns[len(fn_body):]] if ts else []
    ambient_classes = [f"(ambient_declaration {c})" for c in classes] if ts else []
    values = ("[\n          (arrow_function body: (_) @function.inside)\n          (function_expression body: (_) @function.inside)"
              "\n          (generator_function body: (_) @function.inside)\n        ]")
    # `const f = () => ...` (the definition node is the declaration)
    arrows = [f"({d}\n      (variable_declarator\n        value: {values}))" for d in ["lexical_declaration", "variable_declaration"]]
    # JavaScript: `var f = (function () {...})`
    parens = [f"({d}\n      (variable_declarator\n        value: (parenthesized_expression {values})))"
              for d in ["lexical_declaration", "variable_declaration"]] if not ts else []
    def alts(items, indent="  "):
        return "[\n" + "\n".join(f"{indent}{i}" for i in items) + f"\n{indent[:-2]}]"
    def around(items, obj):
        return [f"{i} @{obj}.around" for i in items]
    if ts:
        out.append("; functions and classes (also `declare`d ones) at module level and in a block (the definition")
        out.append("; node is the declaration), module-level `const f = () => ...`")
    else:
        out.append("; functions and classes at module level and in a block (the definition node is the declaration);")
        out.append("; `const f = () => ...` at module level and in a block (for the body of a function wrapping the")
        out.append("; whole file: an IIFE, UMD, AMD `define`), also `var f = (function () {...})`")
    out.append(f"(program {alts(around(fns + ambient_fns, 'function') + around(classes + ambient_classes, 'class') + around(arrows + parens, 'function'))})")
    block_fns = fns + ambient_fns + ([] if ts else arrows + parens)
    out.append(f"(statement_block {alts(around(block_fns, 'function') + around(classes + ambient_classes, 'class'))})")
    out.append(f"(export_statement declaration: {alts(fns + ambient_fns + arrows)}) @function.around")
    out.append(f"(export_statement declaration: {alts(classes + ambient_classes)}) @class.around")
    if ts:
        out.append("; a non-exported nested namespace parses as an expression")
        out.append(f"(expression_statement {inner('internal_module', 'class', True)} @class.around)")
        out.append("; `const f = () => ...` at namespace level")
        for p in ["internal_module", "module"]:
            out.append(f"({p} body: (statement_block {alts(arrows)} @function.around))")
    out.append("")
    out.append("(class_body (method_definition body: (_) @function.inside) @function.around)")
    if ts:
        out.append("(method_signature) @function.around")
        out.append("(abstract_method_signature) @function.around")
    if not ts:
        values1 = values.replace("\n  ", "\n")
        out.append("")
        out.append("; `a.b = function () {}`: the definition node is the statement")
        out.append(f"(expression_statement\n  (assignment_expression\n    right: {values1})) @function.around")
        out.append("; function members of object literals")
        out.append("(arguments (function_expression body: (_) @function.inside) @function.around)")
        out.append("(object [\n  (method_definition body: (_) @function.inside) @function.around\n"
                   f"  (pair value: {values1}) @function.around\n])")
    out.append("")
    out.append("; ---- what belongs to a definition from outside it ------------------------------------------------")
    out.append("; `export` (and, in TypeScript, `declare`) wraps a declaration; decorators and comments (`//`,")
    out.append("; `/** */`) directly above a definition belong to it, the comments as its doc.")
    out.append("")
    out.append("(export_statement) @wrapper")
    if ts:
        out.append("(ambient_declaration) @wrapper")
    out.append("(decorator) @preamble")
    out.append('((comment) @preamble.doc (#match? @preamble.doc "^(//|/[*][*])"))')
    return "\n".join(out).rstrip() + "\n"


for lang in GRAMMARS:
    with open(f"{QUERIES}/{lang}/textobjects.scm", "w") as f:
        f.write(textobjects(lang))
print("textobjects ok")


# ---- locals ----------------------------------------------------------------------------------

LOCALS_COMMON = """\
; Generated by queries/gen_js_family.py: edit the generator, then run it.
; arborist locals for {lang}: functions, blocks, loops and catch clauses are scopes{ts_scopes}; parameters,
; `const`/`let`/`var` declarators and patterns, catch parameters and nested function declarations bind
; names, so a use of a top-level symbol's name bound nearer is not a reference. `this` is an instance of
; the enclosing class, `super` its base; `new Owner(...)`{ts_note} types a declared variable, and a
; `for ... of` variable is an element of what it goes through. Vocabulary: queries/README.md. (`var` is
; bound in its block, not hoisted to the function: an approximation.)

; ---- scopes
[
  (function_declaration)
  (function_expression)
  (generator_function)
  (generator_function_declaration)
  (arrow_function)
  (method_definition)
  (statement_block)
  (for_statement)
  (for_in_statement)
  (catch_clause)
] @local.scope
{signature_scopes}
; ---- a function declaration's own name is bound where it is declared; a class's in its scope
(function_declaration name: (identifier) @local.definition.outer)
(generator_function_declaration name: (identifier) @local.definition.outer)
(function_expression name: (identifier) @local.definition)
(class_declaration name: (_) @local.definition)

; ---- declarations and patterns
(variable_declarator name: (identifier) @local.definition)
(variable_declarator
  name: (identifier) @local.definition
  value: {new_value})
; a value bound from a call has the type the called function declares it returns
(variable_declarator name: (identifier) @local.definition value: (_) @local.value)
; CommonJS `const m = require('./m')` binds a module, `const {{ Name }} = require('./m')` a name of it, as an
; import does
((variable_declarator name: (identifier) @local.definition.import value: (_ function: (identifier) @_require arguments: (_)))
  (#eq? @_require "require"))
((variable_declarator
  name: (object_pattern (shorthand_property_identifier_pattern) @local.definition.import)
  value: (_ function: (identifier) @_require arguments: (_)))
  (#eq? @_require "require"))
(array_pattern (identifier) @local.definition)
(object_pattern (shorthand_property_identifier_pattern) @local.definition)
; `const {{ a }} = x`: the value of x's property a
(variable_declarator
  name: (object_pattern (shorthand_property_identifier_pattern) @local.definition)
  value: (_) @local.destructured)
(object_assignment_pattern left: (shorthand_property_identifier_pattern) @local.definition)
; a destructured name is a binding, not a use (it is an identifier node for references)
(shorthand_property_identifier_pattern) @local.label
(pair_pattern value: (identifier) @local.definition)
; with its default value (`scheduler = asyncScheduler`): the type the parameter has without an annotation
(assignment_pattern left: (identifier) @local.definition right: (_) @local.value)
(rest_pattern (identifier) @local.definition)
(for_in_statement kind: _ left: (identifier) @local.definition)
(for_in_statement kind: _ left: (identifier) @local.definition operator: "of" right: (_) @local.iterated)
(catch_clause parameter: (identifier) @local.definition)
(arrow_function parameter: (identifier) @local.definition)

; ---- parameters
{parameters}
; ---- imports
(import_specifier name: (identifier) @local.definition.import)
(import_specifier alias: (identifier) @local.definition.import)
(import_clause (identifier) @local.definition.import)
(namespace_import (identifier) @local.definition.import)

; ---- a `new` expression is an instance of its class
{new} @local.instance

; ---- receivers
(this) @local.self
(super) @local.super

; ---- instance attributes a class assigns (`this.storage = new Storage()`) or declares, with the class of
; the value where the tree shows it: `this.storage.open()` is typed when all of them in the class agree;
; the value assigned, else (`this.storage = makeStorage()`)
(assignment_expression
  left: (_ object: (this) property: {field}))
(assignment_expression
  left: (_ object: (this) property: {field})
  right: (_) @local.value)
(assignment_expression
  left: (_ object: (this) property: {field})
  right: {new_value})
{fields}"""

# a `new` expression's class, and an instance attribute's name, in the locals patterns
NEW = "(new_expression constructor: [(identifier) (member_expression)] @local.type)"
# the same as a value: a wildcard (only a `new` expression has `constructor`), which the compile does not
# analyse; so are `this.x` (`object` and `property`: a member expression there) and a `require` call
NEW_VALUE = "(_ constructor: [(identifier) (member_expression)] @local.type)"
FIELD = "[(property_identifier) (private_property_identifier)] @local.field"


def field_declarations(node, name_field, annotated):
    """A class body's field declaration `node` (its name under `name_field`): bare, with its annotation's
    type (TypeScript), with its value and with a `new` value's class."""
    out = f"({node} {name_field}: {FIELD})\n({node}\n  {name_field}: {FIELD}\n  value: (_) @local.value)\n"
    if annotated:
        out += f"({node}\n  {name_field}: {FIELD}\n  type: (type_annotation) @local.type)\n"
    return out + f"({node}\n  {name_field}: {FIELD}\n  value: {NEW_VALUE})\n"


JS_FIELDS = field_declarations("field_definition", "property", False)
TS_FIELDS = field_declarations("public_field_definition", "name", True) + f"""\
(required_parameter (accessibility_modifier) pattern: (identifier) @local.field)
(required_parameter (accessibility_modifier) pattern: (identifier) @local.field type: (type_annotation) @local.type)
(optional_parameter (accessibility_modifier) pattern: (identifier) @local.field)
(optional_parameter (accessibility_modifier) pattern: (identifier) @local.field type: (type_annotation) @local.type)
; an interface's or an object type's property (`window: Subject<T>;`)
(property_signature name: {FIELD})
(property_signature name: {FIELD} type: (type_annotation) @local.type)
"""

JS_PARAMETERS = "(formal_parameters (identifier) @local.definition)\n"
TS_PARAMETERS = """\
(required_parameter pattern: (identifier) @local.definition)
(optional_parameter pattern: (identifier) @local.definition)
(required_parameter pattern: (identifier) @local.definition type: (type_annotation) @local.type)
(optional_parameter pattern: (identifier) @local.definition type: (type_annotation) @local.type)
(variable_declarator name: (identifier) @local.definition type: (type_annotation) @local.type)
"""


# a signature without a body (an overload, an interface's or a type's method, a function type) binds its
# parameters in itself: they are not the module's names
TS_SIGNATURE_SCOPES = """\
[
  (function_signature)
  (method_signature)
  (abstract_method_signature)
  (call_signature)
  (construct_signature)
  (function_type)
  (constructor_type)
] @local.scope
"""


def locals_scm(lang):
    ts = lang != "javascript"
    return LOCALS_COMMON.format(lang=lang, ts_note=" or an annotation `x: Owner`" if ts else "",
                                ts_scopes=" (so are signatures\n; without a body)" if ts else "",
                                parameters=TS_PARAMETERS if ts else JS_PARAMETERS,
                                fields=TS_FIELDS if ts else JS_FIELDS, new=NEW, new_value=NEW_VALUE, field=FIELD,
                                signature_scopes=TS_SIGNATURE_SCOPES if ts else "")


for lang in GRAMMARS:
    with open(f"{QUERIES}/{lang}/locals.scm", "w") as f:
        f.write(locals_scm(lang))
print("locals ok")


# ---- imports.scm: one text for the three grammars (their import and export nodes are the same)

IMPORTS = """; Generated by queries/gen_js_family.py: edit the generator, then run it.
; arborist imports for {lang}. Vocabulary: queries/python/imports.scm, and @import.reexport (the file exports
; what the match brings: `export … from`), @import.glob (`export * from`), @import.export (the file is a
; module: it imports or exports). Module specifiers (`./x`, `../x/index.js`, tsconfig `paths`) are resolved
; to files by the engine (grammars.toml `modules.resolve = "path"`).

; import { Name } from './m'; import { Name as N } from './m'; import type { Name } from './m'
(import_statement
  (import_clause (named_imports (import_specifier name: (identifier) @import.name !alias)))
  source: (string (string_fragment) @import.module))
(import_statement
  (import_clause (named_imports (import_specifier name: (identifier) @import.name alias: (identifier) @import.alias)))
  source: (string (string_fragment) @import.module))

; import Name from './m' (the default export, bound to Name)
(import_statement
  (import_clause (identifier) @import.name)
  source: (string (string_fragment) @import.module))

; import * as ns from './m' (ns is the module)
(import_statement
  (import_clause (namespace_import (identifier) @import.alias))
  source: (string (string_fragment) @import.module))

; export { Name } from './m'; export { Name as N } from './m'; export * from './m'; export * as ns from './m'
(export_statement
  (export_clause (export_specifier name: (identifier) @import.name !alias))
  source: (string (string_fragment) @import.module)) @import.reexport
(export_statement
  (export_clause (export_specifier name: (identifier) @import.name alias: (identifier) @import.alias))
  source: (string (string_fragment) @import.module)) @import.reexport
(export_statement
  "*" @import.glob
  source: (string (string_fragment) @import.module)) @import.reexport

; CommonJS: const m = require('./m') (m is the module); const { Name, Name: N } = require('./m')
; (a call is written `(_ function: … arguments: (_ …))`: only a call has both fields, and tree-sitter
; does not analyse a wildcard when the query compiles; written out, a third of this query's compile)
(variable_declarator
  name: (identifier) @import.alias
  value: (_
    function: (identifier) @_require
    arguments: (_ . (string (string_fragment) @import.module) .))
  (#eq? @_require "require"))
(variable_declarator
  name: (object_pattern (shorthand_property_identifier_pattern) @import.name)
  value: (_
    function: (identifier) @_require
    arguments: (_ . (string (string_fragment) @import.module) .))
  (#eq? @_require "require"))
(variable_declarator
  name: (object_pattern (pair_pattern key: (property_identifier) @import.name value: (identifier) @import.alias))
  value: (_
    function: (identifier) @_require
    arguments: (_ . (string (string_fragment) @import.module) .))
  (#eq? @_require "require"))

; CommonJS as TypeScript compiles `export * from './m'`: `__exportStar(require('./m'), exports)`, also through
; `tslib_1.__exportStar`
(call_expression
  function: [(identifier) (member_expression property: (property_identifier))] @import.glob
  arguments: (_
    . (_
      function: (identifier) @_require
      arguments: (_ . (string (string_fragment) @import.module) .))
    . (identifier) @_exports .)
  (#match? @import.glob "__exportStar$")
  (#eq? @_require "require")
  (#eq? @_exports "exports")) @import.reexport

; the file is a module (also a CommonJS one: it requires or assigns `exports`)
(import_statement) @import.export
(export_statement) @import.export
((call_expression function: (identifier) @_require) @import.export
  (#eq? @_require "require"))
((assignment_expression left: (member_expression object: (identifier) @_exports)) @import.export
  (#any-of? @_exports "exports" "module"))
"""

for lang in GRAMMARS:
    with open(f"{QUERIES}/{lang}/imports.scm", "w") as f:
        f.write(IMPORTS.replace("{lang}", lang))
print("imports ok")
