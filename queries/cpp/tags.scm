; arborist tags for C++ (tree-sitter-cpp 0.23). Vocabulary: queries/README.md.
; Doc comments are preceding comment siblings; the engine collects them (textobjects.scm).
;
; Kinds: namespace = namespace (`namespace a::b` is one namespace named `a::b`; an anonymous
; namespace is not a symbol, its members belong to the enclosing scope); class = class, struct and
; union = struct, enum and enum class = enum, enumerators = enum_member; member functions = method
; (a function nested in a type), constructors and destructors (`~Foo`) = constructor; data members
; = field (one per declarator); free functions = function; `using X = ...`, typedef and concept =
; type; namespace-scope variables = variable, or constant with const/constexpr/constinit before
; the first `=` (`constexpr int n`, `const char* const p`).
; Declarations count (headers are C++ too): `void f();` and `void bar();` in a class are symbols,
; so a declaration and its definition in one file are overloads `f[0]`, `f[1]`. Friends and using
; declarations are not tagged, nor are conversion operators (`operator bool`): a name is one node's
; text and no node spans `operator bool` without its parameters. Macros as in C:
; `#define F(x)` = macro, `#define N value` = constant (include guards are skipped).
;
; Templates: `template <...> class X {...};` is one definition, the template_declaration (it holds
; the `;`); a templated function or alias is its own node and the template_declaration a @wrapper
; (textobjects.scm). A typedef of a struct/enum body is tagged like in C (queries/c/tags.scm).
;
; Out-of-line definitions `R Foo::bar() {}`, `Foo::Foo()`, `Foo::~Foo()`, `template <class T>
; void Box<T>::set(T)` and static data members `int Foo::count = 0;` carry @receiver (the innermost
; scope of the qualified name, template arguments dropped): the engine attaches them to `Foo`.
; A namespace-qualified definition `void ns::f() {}` looks the same to the parser, so it is
; attached to `ns` the same way.
;
; Namespace-scope declarations are anchored at their parents (translation_unit, namespace and
; `extern "C"` bodies, preprocessor blocks, template_declaration, ERROR): inside function bodies,
; `std::lock_guard<std::mutex> lock(mu);` parses as a function declaration and locals must not be
; tagged. (A #if block inside a function body is the exception a query cannot tell apart.)
;
; Compile time: tree-sitter analyses every named node of a pattern that has children against the
; grammar's parse table, which is slow for big nodes (declaration, function_definition,
; function_declarator ...). So inner nodes are wildcards told apart by their fields and keywords,
; each unique in this grammar: `(_ declarator: (identifier) parameters: (_))` is a
; function_declarator, `(_ scope: ...)` a qualified_identifier, `(_ name: (type_identifier)
; arguments: (_))` a template_type, `(_ "class" name: ... body: (field_declaration_list))` a
; class_specifier, `(_ ["struct" "union"] ...)` a struct or union, `(_ body: (enumerator_list))`
; an enum, `. "typedef"` a type_definition; a declaration among namespace-level items is
; `(_ !body declarator: ...)` (a function_definition has a body).
; Matching time: a wildcard child of a big parent (translation_unit, a #if block, a class body) is
; tried on every child, and a partial match lives until the child ends (a whole namespace, class or
; #if block): such wildcards carry negated fields that rule out the big nodes at once (`!body`
; function/class/namespace, `!parameters` template, `!condition` #if, `!name` #ifdef), and their first
; child step is a field that the wanted node has first. In function bodies (compound_statement) the
; specifiers are named. Check both costs after a change: `cargo run --release --example query_cost
; cpp` (compile) and `arborist index` of a big tree (matching).
; Below a pattern's root every node is a wildcard: a named node there is analysed too (a
; reference_declarator, enumerator or operator_cast cost up to 10 ms each). Where its kind matters,
; one of its children is captured `@_k_<kind>` and checked with `(#parent-is? @_k_<kind> <kind>)`:
; the same nodes match. A reference_declarator keeps its `&`/`&&` token and a
; parenthesized_declarator its `(`: a bare wildcard would also match a declarator that a sibling
; alternative matches with fewer captures, and tree-sitter drops that match as the shorter one.

; ---- macros --------------------------------------------------------------------------------------

(preproc_function_def name: (identifier) @name) @definition.macro
((preproc_def name: (identifier) @name value: (preproc_arg)) @definition.constant
  (#not-match? @name "_(H|HPP|HH|INCLUDED)_?$"))

; ---- namespaces ----------------------------------------------------------------------------------

(namespace_definition
  name: [(namespace_identifier) (nested_namespace_specifier)] @name) @definition.namespace

; ---- classes, structs, unions, enums -------------------------------------------------------------
; A specifier with a body where it stands (namespace level, preprocessor blocks, ERROR, a function
; body); as the type of a declaration with declarators (`struct S {...} s;`) it is its own symbol.
; Among the items of a namespace or #if block, a node with a type_identifier name and a class body
; that has none of the fields of a function, template, #if or linkage block is a class, struct or
; union specifier: its first word tells which (a wildcard whose first step is `name:`, so that a
; namespace fails at its name instead of living through its body).

((translation_unit [
  (_ !declarator !parameters !condition !value name: (type_identifier) @name body: (field_declaration_list)) @definition.class
  (_ !declarator !parameters !condition !value name: (type_identifier) @name body: (field_declaration_list)) @definition.struct
  (_ !declarator !parameters !condition !value name: (type_identifier) @name body: (enumerator_list)) @definition.enum
])
  (#match? @definition.class "^class\\b")
  (#not-match? @definition.struct "^class\\b"))
((declaration_list [
  (_ !declarator !parameters !condition !value name: (type_identifier) @name body: (field_declaration_list)) @definition.class
  (_ !declarator !parameters !condition !value name: (type_identifier) @name body: (field_declaration_list)) @definition.struct
  (_ !declarator !parameters !condition !value name: (type_identifier) @name body: (enumerator_list)) @definition.enum
])
  (#match? @definition.class "^class\\b")
  (#not-match? @definition.struct "^class\\b"))
((preproc_if [
  (_ !declarator !parameters !condition !value name: (type_identifier) @name body: (field_declaration_list)) @definition.class
  (_ !declarator !parameters !condition !value name: (type_identifier) @name body: (field_declaration_list)) @definition.struct
  (_ !declarator !parameters !condition !value name: (type_identifier) @name body: (enumerator_list)) @definition.enum
])
  (#match? @definition.class "^class\\b")
  (#not-match? @definition.struct "^class\\b"))
((preproc_ifdef [
  (_ !declarator !parameters !condition !value name: (type_identifier) @name body: (field_declaration_list)) @definition.class
  (_ !declarator !parameters !condition !value name: (type_identifier) @name body: (field_declaration_list)) @definition.struct
  (_ !declarator !parameters !condition !value name: (type_identifier) @name body: (enumerator_list)) @definition.enum
])
  (#match? @definition.class "^class\\b")
  (#not-match? @definition.struct "^class\\b"))
((preproc_else [
  (_ !declarator !parameters !condition !value name: (type_identifier) @name body: (field_declaration_list)) @definition.class
  (_ !declarator !parameters !condition !value name: (type_identifier) @name body: (field_declaration_list)) @definition.struct
  (_ !declarator !parameters !condition !value name: (type_identifier) @name body: (enumerator_list)) @definition.enum
])
  (#match? @definition.class "^class\\b")
  (#not-match? @definition.struct "^class\\b"))
((preproc_elif [
  (_ !declarator !parameters !condition !value name: (type_identifier) @name body: (field_declaration_list)) @definition.class
  (_ !declarator !parameters !condition !value name: (type_identifier) @name body: (field_declaration_list)) @definition.struct
  (_ !declarator !parameters !condition !value name: (type_identifier) @name body: (enumerator_list)) @definition.enum
])
  (#match? @definition.class "^class\\b")
  (#not-match? @definition.struct "^class\\b"))
((ERROR [
  (_ !declarator !parameters !condition !value name: (type_identifier) @name body: (field_declaration_list)) @definition.class
  (_ !declarator !parameters !condition !value name: (type_identifier) @name body: (field_declaration_list)) @definition.struct
  (_ !declarator !parameters !condition !value name: (type_identifier) @name body: (enumerator_list)) @definition.enum
])
  (#match? @definition.class "^class\\b")
  (#not-match? @definition.struct "^class\\b"))
((compound_statement [
  (_ name: (type_identifier) @name body: (_) @_k_class_specifier) @definition.class
  (_ name: (type_identifier) @name body: (_) @_k_struct_specifier) @definition.struct
  (_ name: (type_identifier) @name body: (_) @_k_union_specifier) @definition.struct
  (_ name: (type_identifier) @name body: (_) @_k_enum_specifier) @definition.enum
])
  (#parent-is? @_k_class_specifier class_specifier)
  (#parent-is? @_k_enum_specifier enum_specifier)
  (#parent-is? @_k_struct_specifier struct_specifier)
  (#parent-is? @_k_union_specifier union_specifier))

(declaration
  type: [
    (_ "class" name: (type_identifier) @name body: (field_declaration_list)) @definition.class
    (_ ["struct" "union"] name: (type_identifier) @name body: (field_declaration_list)) @definition.struct
    (_ name: (type_identifier) @name body: (enumerator_list)) @definition.enum
  ]
  declarator: (_))
(field_declaration
  type: [
    (_ "class" name: (type_identifier) @name body: (field_declaration_list)) @definition.class
    (_ ["struct" "union"] name: (type_identifier) @name body: (field_declaration_list)) @definition.struct
    (_ name: (type_identifier) @name body: (enumerator_list)) @definition.enum
  ]
  declarator: (_))

; a nested type without declarator is the whole field_declaration (with its `;`)
(field_declaration
  type: (_ "class" name: (type_identifier) @name body: (field_declaration_list)) !declarator) @definition.class
(field_declaration
  type: (_ ["struct" "union"] name: (type_identifier) @name body: (field_declaration_list)) !declarator) @definition.struct
(field_declaration
  type: (_ name: (type_identifier) @name body: (enumerator_list)) !declarator) @definition.enum

; a class template (or a specialization `template <> struct Traits<int>`) is the template_declaration
(template_declaration
  (_ "class"
    name: [(type_identifier) @name (_ name: (type_identifier) @name arguments: (_))]
    body: (field_declaration_list))) @definition.class
(template_declaration
  (_ ["struct" "union"]
    name: [(type_identifier) @name (_ name: (type_identifier) @name arguments: (_))]
    body: (field_declaration_list))) @definition.struct

; `class Outer::Inner {...}` defined outside Outer
(class_specifier
  name: (_
    scope: [(namespace_identifier) @receiver (_ name: (type_identifier) @receiver arguments: (_))]
    name: (type_identifier) @name)
  body: (_)) @definition.class
(struct_specifier
  name: (_
    scope: [(namespace_identifier) @receiver (_ name: (type_identifier) @receiver arguments: (_))]
    name: (type_identifier) @name)
  body: (_)) @definition.struct

; typedef of a body (C style): the typedef names it, and its tag (if any) is a second name
(type_definition
  type: (_ body: (field_declaration_list))
  declarator: (type_identifier) @name) @definition.struct
(type_definition
  type: (_ name: (type_identifier) @name body: (field_declaration_list))) @definition.struct
(type_definition type: (_ body: (enumerator_list)) declarator: (type_identifier) @name) @definition.enum
(type_definition type: (_ name: (type_identifier) @name body: (enumerator_list))) @definition.enum

; Enumerators (also in #if blocks of the list) of a named enum, of a typedef'd or member one, and
; of an anonymous enum at file level (`enum { BUF_SIZE = 256 };`), not of a local's anonymous type.
((enum_specifier name: (_) body: (_ [
    (_ name: (identifier) @name @_k_enumerator) @definition.enum_member
    (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member)
    (_ (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member))
  ] @_k_enumerator_list))
  (#parent-is? @_k_enumerator enumerator)
  (#parent-is? @_k_enumerator_list enumerator_list))
((type_definition type: (_ !name body: (_ [
    (_ name: (identifier) @name @_k_enumerator) @definition.enum_member
    (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member)
    (_ (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member))
  ] @_k_enumerator_list)))
  (#parent-is? @_k_enumerator enumerator)
  (#parent-is? @_k_enumerator_list enumerator_list))
((field_declaration type: (_ !name body: (_ [
    (_ name: (identifier) @name @_k_enumerator) @definition.enum_member
    (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member)
    (_ (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member))
  ] @_k_enumerator_list)))
  (#parent-is? @_k_enumerator enumerator)
  (#parent-is? @_k_enumerator_list enumerator_list))
((translation_unit [
  (_ !name !type !declarator !parameters !condition body: (_ [
    (_ name: (identifier) @name @_k_enumerator) @definition.enum_member
    (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member)
    (_ (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member))
  ] @_k_enumerator_list))
  (_ !body !name !parameters !condition type: (_ !name body: (_ [
    (_ name: (identifier) @name @_k_enumerator) @definition.enum_member
    (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member)
    (_ (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member))
  ] @_k_enumerator_list)))
])
  (#parent-is? @_k_enumerator enumerator)
  (#parent-is? @_k_enumerator_list enumerator_list))
((declaration_list [
  (_ !name !type !declarator !parameters !condition body: (_ [
    (_ name: (identifier) @name @_k_enumerator) @definition.enum_member
    (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member)
    (_ (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member))
  ] @_k_enumerator_list))
  (_ !body !name !parameters !condition type: (_ !name body: (_ [
    (_ name: (identifier) @name @_k_enumerator) @definition.enum_member
    (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member)
    (_ (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member))
  ] @_k_enumerator_list)))
])
  (#parent-is? @_k_enumerator enumerator)
  (#parent-is? @_k_enumerator_list enumerator_list))
((preproc_if [
  (_ !name !type !declarator !parameters !condition body: (_ [
    (_ name: (identifier) @name @_k_enumerator) @definition.enum_member
    (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member)
    (_ (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member))
  ] @_k_enumerator_list))
  (_ !body !name !parameters !condition type: (_ !name body: (_ [
    (_ name: (identifier) @name @_k_enumerator) @definition.enum_member
    (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member)
    (_ (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member))
  ] @_k_enumerator_list)))
])
  (#parent-is? @_k_enumerator enumerator)
  (#parent-is? @_k_enumerator_list enumerator_list))
((preproc_ifdef [
  (_ !name !type !declarator !parameters !condition body: (_ [
    (_ name: (identifier) @name @_k_enumerator) @definition.enum_member
    (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member)
    (_ (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member))
  ] @_k_enumerator_list))
  (_ !body !name !parameters !condition type: (_ !name body: (_ [
    (_ name: (identifier) @name @_k_enumerator) @definition.enum_member
    (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member)
    (_ (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member))
  ] @_k_enumerator_list)))
])
  (#parent-is? @_k_enumerator enumerator)
  (#parent-is? @_k_enumerator_list enumerator_list))
((preproc_else [
  (_ !name !type !declarator !parameters !condition body: (_ [
    (_ name: (identifier) @name @_k_enumerator) @definition.enum_member
    (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member)
    (_ (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member))
  ] @_k_enumerator_list))
  (_ !body !name !parameters !condition type: (_ !name body: (_ [
    (_ name: (identifier) @name @_k_enumerator) @definition.enum_member
    (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member)
    (_ (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member))
  ] @_k_enumerator_list)))
])
  (#parent-is? @_k_enumerator enumerator)
  (#parent-is? @_k_enumerator_list enumerator_list))
((preproc_elif [
  (_ !name !type !declarator !parameters !condition body: (_ [
    (_ name: (identifier) @name @_k_enumerator) @definition.enum_member
    (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member)
    (_ (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member))
  ] @_k_enumerator_list))
  (_ !body !name !parameters !condition type: (_ !name body: (_ [
    (_ name: (identifier) @name @_k_enumerator) @definition.enum_member
    (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member)
    (_ (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member))
  ] @_k_enumerator_list)))
])
  (#parent-is? @_k_enumerator enumerator)
  (#parent-is? @_k_enumerator_list enumerator_list))
((ERROR [
  (_ !name !type !declarator !parameters !condition body: (_ [
    (_ name: (identifier) @name @_k_enumerator) @definition.enum_member
    (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member)
    (_ (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member))
  ] @_k_enumerator_list))
  (_ !body !name !parameters !condition type: (_ !name body: (_ [
    (_ name: (identifier) @name @_k_enumerator) @definition.enum_member
    (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member)
    (_ (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member))
  ] @_k_enumerator_list)))
])
  (#parent-is? @_k_enumerator enumerator)
  (#parent-is? @_k_enumerator_list enumerator_list))

; ---- constructors and destructors --------------------------------------------------------------
; In a class body (also templated, or in a preprocessor block there): a function without return
; type named by an identifier, or a destructor. These patterns come before the general ones, which
; match the same nodes: the first pattern wins. (Among the items of a class body, a node without
; type but with a declarator is a function_definition or a declaration.)

((field_declaration_list [
  (_ !type !parameters !condition !name declarator: (_ declarator: [(identifier) (destructor_name)] @name parameters: (_))) @definition.constructor
  (_
    (_ !type !parameters !condition !name declarator: (_ declarator: [(identifier) (destructor_name)] @name parameters: (_))) @definition.constructor @_k_template_declaration)
  (_ [
    (_ !type !parameters !condition !name declarator: (_ declarator: [(identifier) (destructor_name)] @name parameters: (_))) @definition.constructor
    (_
      (_ !type !parameters !condition !name declarator: (_ declarator: [(identifier) (destructor_name)] @name parameters: (_))) @definition.constructor @_k_template_declaration)
  ] @_k_preproc_if)
  (_ [
    (_ !type !parameters !condition !name declarator: (_ declarator: [(identifier) (destructor_name)] @name parameters: (_))) @definition.constructor
    (_
      (_ !type !parameters !condition !name declarator: (_ declarator: [(identifier) (destructor_name)] @name parameters: (_))) @definition.constructor @_k_template_declaration)
  ] @_k_preproc_ifdef)
  (_ !type !body !declarator !parameters alternative: (_ [
    (_ !type !parameters !condition !name declarator: (_ declarator: [(identifier) (destructor_name)] @name parameters: (_))) @definition.constructor
    (_
      (_ !type !parameters !condition !name declarator: (_ declarator: [(identifier) (destructor_name)] @name parameters: (_))) @definition.constructor @_k_template_declaration)
  ] @_k_preproc_else))
  (_ !type !body !declarator !parameters alternative: (_ [
    (_ !type !parameters !condition !name declarator: (_ declarator: [(identifier) (destructor_name)] @name parameters: (_))) @definition.constructor
    (_
      (_ !type !parameters !condition !name declarator: (_ declarator: [(identifier) (destructor_name)] @name parameters: (_))) @definition.constructor @_k_template_declaration)
  ] @_k_preproc_elif))
])
  (#parent-is? @_k_preproc_elif preproc_elif)
  (#parent-is? @_k_preproc_else preproc_else)
  (#parent-is? @_k_preproc_if preproc_if)
  (#parent-is? @_k_preproc_ifdef preproc_ifdef)
  (#parent-is? @_k_template_declaration template_declaration))

; out of line: `Foo::Foo(...)`, `Foo::~Foo()`
((function_definition
  !type
  declarator: (_
    declarator: [
      (_
        scope: [(namespace_identifier) @receiver (_ name: (type_identifier) @receiver arguments: (_))]
        name: (identifier) @name)
      (_ name: (_
        scope: [(namespace_identifier) @receiver (_ name: (type_identifier) @receiver arguments: (_))]
        name: (identifier) @name))
      (_ name: (_ name: (_
        scope: [(namespace_identifier) @receiver (_ name: (type_identifier) @receiver arguments: (_))]
        name: (identifier) @name)))
    ]
    parameters: (_))) @definition.constructor
  (#eq? @name @receiver))
(function_definition
  declarator: (_
    declarator: [
      (_
        scope: [(namespace_identifier) @receiver (_ name: (type_identifier) @receiver arguments: (_))]
        name: (destructor_name) @name)
      (_ name: (_
        scope: [(namespace_identifier) @receiver (_ name: (type_identifier) @receiver arguments: (_))]
        name: (destructor_name) @name))
      (_ name: (_ name: (_
        scope: [(namespace_identifier) @receiver (_ name: (type_identifier) @receiver arguments: (_))]
        name: (destructor_name) @name)))
    ]
    parameters: (_))) @definition.constructor

; ---- functions and methods -----------------------------------------------------------------------
; Every function definition (a function directly in a type is a method: the engine makes it so);
; the declarator may return by pointer or reference. Out of line: `R Foo::bar() {}`,
; `R a::Foo<T>::operator==(...) {}`.

((function_definition
  declarator: [
    (_
      declarator: [
        (identifier) @name (field_identifier) @name (operator_name) @name
        (_ name: (identifier) @name arguments: (_))
        (_
          scope: [(namespace_identifier) @receiver (_ name: (type_identifier) @receiver arguments: (_))]
          name: [(identifier) @name (operator_name) @name (_ name: (identifier) @name arguments: (_))])
        (_ name: (_
          scope: [(namespace_identifier) @receiver (_ name: (type_identifier) @receiver arguments: (_))]
          name: [(identifier) @name (operator_name) @name (_ name: (identifier) @name arguments: (_))]))
        (_ name: (_ name: (_
          scope: [(namespace_identifier) @receiver (_ name: (type_identifier) @receiver arguments: (_))]
          name: [(identifier) @name (operator_name) @name (_ name: (identifier) @name arguments: (_))])))
      ]
      parameters: (_))
    (_ declarator: (_
      declarator: [
        (identifier) @name (field_identifier) @name (operator_name) @name
        (_
          scope: [(namespace_identifier) @receiver (_ name: (type_identifier) @receiver arguments: (_))]
          name: [(identifier) @name (operator_name) @name])
        (_ name: (_
          scope: [(namespace_identifier) @receiver (_ name: (type_identifier) @receiver arguments: (_))]
          name: [(identifier) @name (operator_name) @name]))
      ]
      parameters: (_)))
    (_ ["&" "&&"] (_
      declarator: [
        (identifier) @name (field_identifier) @name (operator_name) @name
        (_
          scope: [(namespace_identifier) @receiver (_ name: (type_identifier) @receiver arguments: (_))]
          name: [(identifier) @name (operator_name) @name])
        (_ name: (_
          scope: [(namespace_identifier) @receiver (_ name: (type_identifier) @receiver arguments: (_))]
          name: [(identifier) @name (operator_name) @name]))
      ]
      parameters: (_)) @_k_reference_declarator)
  ]) @definition.function
  (#parent-is? @_k_reference_declarator reference_declarator))

; conversion operators, named like ctags from `operator` to the end of the type (`operator bool`,
; `operator Action<F>`): two @name captures name a definition together
((function_definition declarator: (_ "operator" @name type: (_) @name @_k_operator_cast)) @definition.function
  (#parent-is? @_k_operator_cast operator_cast))
((function_definition declarator: (_
  scope: [(namespace_identifier) @receiver (_ name: (type_identifier) @receiver arguments: (_))]
  name: (_ "operator" @name type: (_) @name @_k_operator_cast) @_k_qualified_identifier)) @definition.function
  (#parent-is? @_k_operator_cast operator_cast)
  (#parent-is? @_k_qualified_identifier qualified_identifier))
((field_declaration declarator: (_ "operator" @name type: (_) @name @_k_operator_cast)) @definition.method
  (#parent-is? @_k_operator_cast operator_cast))
((declaration declarator: (_ "operator" @name type: (_) @name @_k_operator_cast)) @definition.method
  (#parent-is? @_k_operator_cast operator_cast))

; member function declarations (a field_declaration exists only in a class body)
((field_declaration
  declarator: [
    (_ declarator: [(field_identifier) @name (operator_name) @name] parameters: (_))
    (_ declarator: (_ declarator: [(field_identifier) @name (operator_name) @name] parameters: (_)))
    (_ ["&" "&&"] (_ declarator: [(field_identifier) @name (operator_name) @name] parameters: (_)) @_k_reference_declarator)
  ]) @definition.method
  (#parent-is? @_k_reference_declarator reference_declarator))
((field_declaration_list
  (_
    (_
      declarator: [
        (_ declarator: [(identifier) @name (operator_name) @name] parameters: (_))
        (_ declarator: (_ declarator: [(identifier) @name (operator_name) @name] parameters: (_)))
        (_ ["&" "&&"] (_ declarator: [(identifier) @name (operator_name) @name] parameters: (_)) @_k_reference_declarator)
      ]) @definition.method @_k_template_declaration))
  (#parent-is? @_k_reference_declarator reference_declarator)
  (#parent-is? @_k_template_declaration template_declaration))

; ---- fields ----------------------------------------------------------------------------------------
; One per declarator (after the method patterns, which win on the same node). A field whose type
; is a named class/struct/enum body is tagged on its declarator (the type is a sibling symbol).

((field_declaration
  declarator: [
    (field_identifier) @name
    (_ declarator: [(field_identifier) @name (_ ["&" "&&"] (field_identifier) @name @_k_reference_declarator)])
    (_ declarator: (_ declarator: (field_identifier) @name))
    (_ ["&" "&&"] (field_identifier) @name @_k_reference_declarator)
    (_ declarator: (_ "(" (_ declarator: (field_identifier) @name) @_k_parenthesized_declarator))
    (_ declarator: (_ declarator: (_ "(" (_ declarator: (field_identifier) @name) @_k_parenthesized_declarator)))
  ]) @definition.field
  (#not-match? @definition.field "^[\\w\\s]*\\b(class|struct|union|enum)\\s+\\w+\\s*[{:]")
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator)
  (#parent-is? @_k_reference_declarator reference_declarator))
(field_declaration
  type: (_ name: (_) body: (_))
  declarator: [
    (field_identifier) @name
    (_ declarator: (field_identifier) @name)
    (_ declarator: (_ declarator: (field_identifier) @name))
  ] @definition.field)

; static data members defined out of line: `int Foo::count = 0;` (the declarator is no function's)
(declaration
  declarator: [
    (_
      scope: [(namespace_identifier) @receiver (_ name: (type_identifier) @receiver arguments: (_))]
      name: (identifier) @name)
    (_ !parameters declarator: (_
      scope: [(namespace_identifier) @receiver (_ name: (type_identifier) @receiver arguments: (_))]
      name: (identifier) @name))
    (_ !parameters declarator: (_ !parameters declarator: (_
      scope: [(namespace_identifier) @receiver (_ name: (type_identifier) @receiver arguments: (_))]
      name: (identifier) @name)))
  ]) @definition.field

; ---- type aliases ------------------------------------------------------------------------------------
; Not in function bodies (a local alias is a local). A typedef of a body matched above wins on
; the same node. Function types: `typedef R (F)(int);`, `typedef R* (*F)(int);`, `typedef R& (*F)(int);`. `(_ name: (type_identifier) type: (_))` is an alias_declaration.

((translation_unit
  [
    (_ !body !declarator !parameters !condition name: (type_identifier) @name type: (_))
    (_ !body !name !parameters !condition . "typedef" declarator: [
      (type_identifier) @name
      (_ ["&" "&&"] (type_identifier) @name @_k_reference_declarator)
      (_ declarator: [
        (type_identifier) @name
        (_ "(" [(type_identifier) @name (_ declarator: (type_identifier) @name)] @_k_parenthesized_declarator)
        (_ declarator: [
          (type_identifier) @name
          (_ "(" (_ declarator: (type_identifier) @name) @_k_parenthesized_declarator)
        ])
      ])
      (_ ["&" "&&"] (_ declarator: (_ "(" (_ declarator: (type_identifier) @name) @_k_parenthesized_declarator)) @_k_reference_declarator)
    ])
  ] @definition.type)
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator)
  (#parent-is? @_k_reference_declarator reference_declarator))
((declaration_list
  [
    (_ !body !declarator !parameters !condition name: (type_identifier) @name type: (_))
    (_ !body !name !parameters !condition . "typedef" declarator: [
      (type_identifier) @name
      (_ ["&" "&&"] (type_identifier) @name @_k_reference_declarator)
      (_ declarator: [
        (type_identifier) @name
        (_ "(" [(type_identifier) @name (_ declarator: (type_identifier) @name)] @_k_parenthesized_declarator)
        (_ declarator: [
          (type_identifier) @name
          (_ "(" (_ declarator: (type_identifier) @name) @_k_parenthesized_declarator)
        ])
      ])
      (_ ["&" "&&"] (_ declarator: (_ "(" (_ declarator: (type_identifier) @name) @_k_parenthesized_declarator)) @_k_reference_declarator)
    ])
  ] @definition.type)
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator)
  (#parent-is? @_k_reference_declarator reference_declarator))
((field_declaration_list
  [
    (_ !body !declarator !parameters !condition name: (type_identifier) @name type: (_))
    (_ !body !name !parameters !condition . "typedef" declarator: [
      (type_identifier) @name
      (_ ["&" "&&"] (type_identifier) @name @_k_reference_declarator)
      (_ declarator: [
        (type_identifier) @name
        (_ "(" [(type_identifier) @name (_ declarator: (type_identifier) @name)] @_k_parenthesized_declarator)
        (_ declarator: [
          (type_identifier) @name
          (_ "(" (_ declarator: (type_identifier) @name) @_k_parenthesized_declarator)
        ])
      ])
      (_ ["&" "&&"] (_ declarator: (_ "(" (_ declarator: (type_identifier) @name) @_k_parenthesized_declarator)) @_k_reference_declarator)
    ])
  ] @definition.type)
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator)
  (#parent-is? @_k_reference_declarator reference_declarator))
((template_declaration
  [
    (_ !body !declarator !parameters !condition name: (type_identifier) @name type: (_))
    (_ !body !name !parameters !condition . "typedef" declarator: [
      (type_identifier) @name
      (_ ["&" "&&"] (type_identifier) @name @_k_reference_declarator)
      (_ declarator: [
        (type_identifier) @name
        (_ "(" [(type_identifier) @name (_ declarator: (type_identifier) @name)] @_k_parenthesized_declarator)
        (_ declarator: [
          (type_identifier) @name
          (_ "(" (_ declarator: (type_identifier) @name) @_k_parenthesized_declarator)
        ])
      ])
      (_ ["&" "&&"] (_ declarator: (_ "(" (_ declarator: (type_identifier) @name) @_k_parenthesized_declarator)) @_k_reference_declarator)
    ])
  ] @definition.type)
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator)
  (#parent-is? @_k_reference_declarator reference_declarator))
((preproc_if
  [
    (_ !body !declarator !parameters !condition name: (type_identifier) @name type: (_))
    (_ !body !name !parameters !condition . "typedef" declarator: [
      (type_identifier) @name
      (_ ["&" "&&"] (type_identifier) @name @_k_reference_declarator)
      (_ declarator: [
        (type_identifier) @name
        (_ "(" [(type_identifier) @name (_ declarator: (type_identifier) @name)] @_k_parenthesized_declarator)
        (_ declarator: [
          (type_identifier) @name
          (_ "(" (_ declarator: (type_identifier) @name) @_k_parenthesized_declarator)
        ])
      ])
      (_ ["&" "&&"] (_ declarator: (_ "(" (_ declarator: (type_identifier) @name) @_k_parenthesized_declarator)) @_k_reference_declarator)
    ])
  ] @definition.type)
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator)
  (#parent-is? @_k_reference_declarator reference_declarator))
((preproc_ifdef
  [
    (_ !body !declarator !parameters !condition name: (type_identifier) @name type: (_))
    (_ !body !name !parameters !condition . "typedef" declarator: [
      (type_identifier) @name
      (_ ["&" "&&"] (type_identifier) @name @_k_reference_declarator)
      (_ declarator: [
        (type_identifier) @name
        (_ "(" [(type_identifier) @name (_ declarator: (type_identifier) @name)] @_k_parenthesized_declarator)
        (_ declarator: [
          (type_identifier) @name
          (_ "(" (_ declarator: (type_identifier) @name) @_k_parenthesized_declarator)
        ])
      ])
      (_ ["&" "&&"] (_ declarator: (_ "(" (_ declarator: (type_identifier) @name) @_k_parenthesized_declarator)) @_k_reference_declarator)
    ])
  ] @definition.type)
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator)
  (#parent-is? @_k_reference_declarator reference_declarator))
((preproc_else
  [
    (_ !body !declarator !parameters !condition name: (type_identifier) @name type: (_))
    (_ !body !name !parameters !condition . "typedef" declarator: [
      (type_identifier) @name
      (_ ["&" "&&"] (type_identifier) @name @_k_reference_declarator)
      (_ declarator: [
        (type_identifier) @name
        (_ "(" [(type_identifier) @name (_ declarator: (type_identifier) @name)] @_k_parenthesized_declarator)
        (_ declarator: [
          (type_identifier) @name
          (_ "(" (_ declarator: (type_identifier) @name) @_k_parenthesized_declarator)
        ])
      ])
      (_ ["&" "&&"] (_ declarator: (_ "(" (_ declarator: (type_identifier) @name) @_k_parenthesized_declarator)) @_k_reference_declarator)
    ])
  ] @definition.type)
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator)
  (#parent-is? @_k_reference_declarator reference_declarator))
((preproc_elif
  [
    (_ !body !declarator !parameters !condition name: (type_identifier) @name type: (_))
    (_ !body !name !parameters !condition . "typedef" declarator: [
      (type_identifier) @name
      (_ ["&" "&&"] (type_identifier) @name @_k_reference_declarator)
      (_ declarator: [
        (type_identifier) @name
        (_ "(" [(type_identifier) @name (_ declarator: (type_identifier) @name)] @_k_parenthesized_declarator)
        (_ declarator: [
          (type_identifier) @name
          (_ "(" (_ declarator: (type_identifier) @name) @_k_parenthesized_declarator)
        ])
      ])
      (_ ["&" "&&"] (_ declarator: (_ "(" (_ declarator: (type_identifier) @name) @_k_parenthesized_declarator)) @_k_reference_declarator)
    ])
  ] @definition.type)
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator)
  (#parent-is? @_k_reference_declarator reference_declarator))
((ERROR
  [
    (_ !body !declarator !parameters !condition name: (type_identifier) @name type: (_))
    (_ !body !name !parameters !condition . "typedef" declarator: [
      (type_identifier) @name
      (_ ["&" "&&"] (type_identifier) @name @_k_reference_declarator)
      (_ declarator: [
        (type_identifier) @name
        (_ "(" [(type_identifier) @name (_ declarator: (type_identifier) @name)] @_k_parenthesized_declarator)
        (_ declarator: [
          (type_identifier) @name
          (_ "(" (_ declarator: (type_identifier) @name) @_k_parenthesized_declarator)
        ])
      ])
      (_ ["&" "&&"] (_ declarator: (_ "(" (_ declarator: (type_identifier) @name) @_k_parenthesized_declarator)) @_k_reference_declarator)
    ])
  ] @definition.type)
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator)
  (#parent-is? @_k_reference_declarator reference_declarator))
(concept_definition name: (identifier) @name) @definition.type

; ---- namespace-scope functions declared, variables and constants -------------------------------
; One per declarator, the node is the whole declaration. A declaration beside a named class/struct/
; enum body (`struct S {...} s;`) keeps only the type as symbol. In ERROR nodes (where a
; parameter_declaration may stand) the node must be a declaration.

((translation_unit
  (_ !body !parameters !condition !name declarator: [
      (_ declarator: [(identifier) @name (operator_name) @name (_ name: (identifier) @name arguments: (_))] parameters: (_))
      (_ declarator: (_ declarator: [(identifier) @name (operator_name) @name] parameters: (_)))
      (_ ["&" "&&"] (_ declarator: [(identifier) @name (operator_name) @name] parameters: (_)) @_k_reference_declarator)
    ]) @definition.function)
  (#parent-is? @_k_reference_declarator reference_declarator))
((translation_unit
  (_ !body !parameters !condition !name
    type: (_)
    declarator: [
      (identifier) @name
      (_ declarator: [(identifier) @name (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)])
      (_ declarator: (_ declarator: [(identifier) @name (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)]))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)
      (_ declarator: (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator))
      (_ declarator: (_ declarator: (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)))
    ]) @definition.constant
  (#match? @definition.constant "^[^=({<]*\\b(const|constexpr|constinit)\\b")
  (#not-match? @definition.constant "^[\\w\\s]*\\b(class|struct|union|enum)\\s+\\w+\\s*[{:]"))
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator)
  (#parent-is? @_k_reference_declarator reference_declarator))
((translation_unit
  (_ !body !parameters !condition !name
    type: (_)
    declarator: [
      (identifier) @name
      (_ declarator: [(identifier) @name (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)])
      (_ declarator: (_ declarator: [(identifier) @name (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)]))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)
      (_ declarator: (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator))
      (_ declarator: (_ declarator: (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)))
    ]) @definition.variable
  (#not-match? @definition.variable "^[\\w\\s]*\\b(class|struct|union|enum)\\s+\\w+\\s*[{:]"))
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator)
  (#parent-is? @_k_reference_declarator reference_declarator))

((declaration_list
  (_ !body !parameters !condition !name declarator: [
      (_ declarator: [(identifier) @name (operator_name) @name (_ name: (identifier) @name arguments: (_))] parameters: (_))
      (_ declarator: (_ declarator: [(identifier) @name (operator_name) @name] parameters: (_)))
      (_ ["&" "&&"] (_ declarator: [(identifier) @name (operator_name) @name] parameters: (_)) @_k_reference_declarator)
    ]) @definition.function)
  (#parent-is? @_k_reference_declarator reference_declarator))
((declaration_list
  (_ !body !parameters !condition !name
    type: (_)
    declarator: [
      (identifier) @name
      (_ declarator: [(identifier) @name (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)])
      (_ declarator: (_ declarator: [(identifier) @name (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)]))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)
      (_ declarator: (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator))
      (_ declarator: (_ declarator: (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)))
    ]) @definition.constant
  (#match? @definition.constant "^[^=({<]*\\b(const|constexpr|constinit)\\b")
  (#not-match? @definition.constant "^[\\w\\s]*\\b(class|struct|union|enum)\\s+\\w+\\s*[{:]"))
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator)
  (#parent-is? @_k_reference_declarator reference_declarator))
((declaration_list
  (_ !body !parameters !condition !name
    type: (_)
    declarator: [
      (identifier) @name
      (_ declarator: [(identifier) @name (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)])
      (_ declarator: (_ declarator: [(identifier) @name (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)]))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)
      (_ declarator: (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator))
      (_ declarator: (_ declarator: (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)))
    ]) @definition.variable
  (#not-match? @definition.variable "^[\\w\\s]*\\b(class|struct|union|enum)\\s+\\w+\\s*[{:]"))
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator)
  (#parent-is? @_k_reference_declarator reference_declarator))

((preproc_if
  (_ !body !parameters !condition !name declarator: [
      (_ declarator: [(identifier) @name (operator_name) @name (_ name: (identifier) @name arguments: (_))] parameters: (_))
      (_ declarator: (_ declarator: [(identifier) @name (operator_name) @name] parameters: (_)))
      (_ ["&" "&&"] (_ declarator: [(identifier) @name (operator_name) @name] parameters: (_)) @_k_reference_declarator)
    ]) @definition.function)
  (#parent-is? @_k_reference_declarator reference_declarator))
((preproc_if
  (_ !body !parameters !condition !name
    type: (_)
    declarator: [
      (identifier) @name
      (_ declarator: [(identifier) @name (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)])
      (_ declarator: (_ declarator: [(identifier) @name (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)]))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)
      (_ declarator: (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator))
      (_ declarator: (_ declarator: (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)))
    ]) @definition.constant
  (#match? @definition.constant "^[^=({<]*\\b(const|constexpr|constinit)\\b")
  (#not-match? @definition.constant "^[\\w\\s]*\\b(class|struct|union|enum)\\s+\\w+\\s*[{:]"))
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator)
  (#parent-is? @_k_reference_declarator reference_declarator))
((preproc_if
  (_ !body !parameters !condition !name
    type: (_)
    declarator: [
      (identifier) @name
      (_ declarator: [(identifier) @name (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)])
      (_ declarator: (_ declarator: [(identifier) @name (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)]))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)
      (_ declarator: (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator))
      (_ declarator: (_ declarator: (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)))
    ]) @definition.variable
  (#not-match? @definition.variable "^[\\w\\s]*\\b(class|struct|union|enum)\\s+\\w+\\s*[{:]"))
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator)
  (#parent-is? @_k_reference_declarator reference_declarator))

((preproc_ifdef
  (_ !body !parameters !condition !name declarator: [
      (_ declarator: [(identifier) @name (operator_name) @name (_ name: (identifier) @name arguments: (_))] parameters: (_))
      (_ declarator: (_ declarator: [(identifier) @name (operator_name) @name] parameters: (_)))
      (_ ["&" "&&"] (_ declarator: [(identifier) @name (operator_name) @name] parameters: (_)) @_k_reference_declarator)
    ]) @definition.function)
  (#parent-is? @_k_reference_declarator reference_declarator))
((preproc_ifdef
  (_ !body !parameters !condition !name
    type: (_)
    declarator: [
      (identifier) @name
      (_ declarator: [(identifier) @name (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)])
      (_ declarator: (_ declarator: [(identifier) @name (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)]))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)
      (_ declarator: (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator))
      (_ declarator: (_ declarator: (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)))
    ]) @definition.constant
  (#match? @definition.constant "^[^=({<]*\\b(const|constexpr|constinit)\\b")
  (#not-match? @definition.constant "^[\\w\\s]*\\b(class|struct|union|enum)\\s+\\w+\\s*[{:]"))
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator)
  (#parent-is? @_k_reference_declarator reference_declarator))
((preproc_ifdef
  (_ !body !parameters !condition !name
    type: (_)
    declarator: [
      (identifier) @name
      (_ declarator: [(identifier) @name (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)])
      (_ declarator: (_ declarator: [(identifier) @name (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)]))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)
      (_ declarator: (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator))
      (_ declarator: (_ declarator: (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)))
    ]) @definition.variable
  (#not-match? @definition.variable "^[\\w\\s]*\\b(class|struct|union|enum)\\s+\\w+\\s*[{:]"))
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator)
  (#parent-is? @_k_reference_declarator reference_declarator))

((preproc_else
  (_ !body !parameters !condition !name declarator: [
      (_ declarator: [(identifier) @name (operator_name) @name (_ name: (identifier) @name arguments: (_))] parameters: (_))
      (_ declarator: (_ declarator: [(identifier) @name (operator_name) @name] parameters: (_)))
      (_ ["&" "&&"] (_ declarator: [(identifier) @name (operator_name) @name] parameters: (_)) @_k_reference_declarator)
    ]) @definition.function)
  (#parent-is? @_k_reference_declarator reference_declarator))
((preproc_else
  (_ !body !parameters !condition !name
    type: (_)
    declarator: [
      (identifier) @name
      (_ declarator: [(identifier) @name (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)])
      (_ declarator: (_ declarator: [(identifier) @name (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)]))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)
      (_ declarator: (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator))
      (_ declarator: (_ declarator: (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)))
    ]) @definition.constant
  (#match? @definition.constant "^[^=({<]*\\b(const|constexpr|constinit)\\b")
  (#not-match? @definition.constant "^[\\w\\s]*\\b(class|struct|union|enum)\\s+\\w+\\s*[{:]"))
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator)
  (#parent-is? @_k_reference_declarator reference_declarator))
((preproc_else
  (_ !body !parameters !condition !name
    type: (_)
    declarator: [
      (identifier) @name
      (_ declarator: [(identifier) @name (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)])
      (_ declarator: (_ declarator: [(identifier) @name (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)]))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)
      (_ declarator: (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator))
      (_ declarator: (_ declarator: (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)))
    ]) @definition.variable
  (#not-match? @definition.variable "^[\\w\\s]*\\b(class|struct|union|enum)\\s+\\w+\\s*[{:]"))
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator)
  (#parent-is? @_k_reference_declarator reference_declarator))

((preproc_elif
  (_ !body !parameters !condition !name declarator: [
      (_ declarator: [(identifier) @name (operator_name) @name (_ name: (identifier) @name arguments: (_))] parameters: (_))
      (_ declarator: (_ declarator: [(identifier) @name (operator_name) @name] parameters: (_)))
      (_ ["&" "&&"] (_ declarator: [(identifier) @name (operator_name) @name] parameters: (_)) @_k_reference_declarator)
    ]) @definition.function)
  (#parent-is? @_k_reference_declarator reference_declarator))
((preproc_elif
  (_ !body !parameters !condition !name
    type: (_)
    declarator: [
      (identifier) @name
      (_ declarator: [(identifier) @name (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)])
      (_ declarator: (_ declarator: [(identifier) @name (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)]))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)
      (_ declarator: (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator))
      (_ declarator: (_ declarator: (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)))
    ]) @definition.constant
  (#match? @definition.constant "^[^=({<]*\\b(const|constexpr|constinit)\\b")
  (#not-match? @definition.constant "^[\\w\\s]*\\b(class|struct|union|enum)\\s+\\w+\\s*[{:]"))
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator)
  (#parent-is? @_k_reference_declarator reference_declarator))
((preproc_elif
  (_ !body !parameters !condition !name
    type: (_)
    declarator: [
      (identifier) @name
      (_ declarator: [(identifier) @name (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)])
      (_ declarator: (_ declarator: [(identifier) @name (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)]))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)
      (_ declarator: (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator))
      (_ declarator: (_ declarator: (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)))
    ]) @definition.variable
  (#not-match? @definition.variable "^[\\w\\s]*\\b(class|struct|union|enum)\\s+\\w+\\s*[{:]"))
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator)
  (#parent-is? @_k_reference_declarator reference_declarator))

((template_declaration
  (_ !body !parameters !condition !name declarator: [
      (_ declarator: [(identifier) @name (operator_name) @name (_ name: (identifier) @name arguments: (_))] parameters: (_))
      (_ declarator: (_ declarator: [(identifier) @name (operator_name) @name] parameters: (_)))
      (_ ["&" "&&"] (_ declarator: [(identifier) @name (operator_name) @name] parameters: (_)) @_k_reference_declarator)
    ]) @definition.function)
  (#parent-is? @_k_reference_declarator reference_declarator))
((template_declaration
  (_ !body !parameters !condition !name
    type: (_)
    declarator: [
      (identifier) @name
      (_ declarator: [(identifier) @name (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)])
      (_ declarator: (_ declarator: [(identifier) @name (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)]))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)
      (_ declarator: (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator))
      (_ declarator: (_ declarator: (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)))
    ]) @definition.constant
  (#match? @definition.constant "^[^=({<]*\\b(const|constexpr|constinit)\\b")
  (#not-match? @definition.constant "^[\\w\\s]*\\b(class|struct|union|enum)\\s+\\w+\\s*[{:]"))
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator)
  (#parent-is? @_k_reference_declarator reference_declarator))
((template_declaration
  (_ !body !parameters !condition !name
    type: (_)
    declarator: [
      (identifier) @name
      (_ declarator: [(identifier) @name (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)])
      (_ declarator: (_ declarator: [(identifier) @name (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)]))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)
      (_ declarator: (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator))
      (_ declarator: (_ declarator: (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)))
    ]) @definition.variable
  (#not-match? @definition.variable "^[\\w\\s]*\\b(class|struct|union|enum)\\s+\\w+\\s*[{:]"))
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator)
  (#parent-is? @_k_reference_declarator reference_declarator))

((ERROR
  (_ declarator: [
      (_ declarator: [(identifier) @name (operator_name) @name (_ name: (identifier) @name arguments: (_))] parameters: (_))
      (_ declarator: (_ declarator: [(identifier) @name (operator_name) @name] parameters: (_)))
      (_ ["&" "&&"] (_ declarator: [(identifier) @name (operator_name) @name] parameters: (_)) @_k_reference_declarator)
    ] @_k_declaration) @definition.function)
  (#parent-is? @_k_declaration declaration)
  (#parent-is? @_k_reference_declarator reference_declarator))
((ERROR
  (_
    declarator: [
      (identifier) @name
      (_ declarator: [(identifier) @name (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)])
      (_ declarator: (_ declarator: [(identifier) @name (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)]))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)
      (_ declarator: (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator))
      (_ declarator: (_ declarator: (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)))
    ] @_k_declaration) @definition.constant
  (#match? @definition.constant "^[^=({<]*\\b(const|constexpr|constinit)\\b")
  (#not-match? @definition.constant "^[\\w\\s]*\\b(class|struct|union|enum)\\s+\\w+\\s*[{:]"))
  (#parent-is? @_k_declaration declaration)
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator)
  (#parent-is? @_k_reference_declarator reference_declarator))
((ERROR
  (_
    declarator: [
      (identifier) @name
      (_ declarator: [(identifier) @name (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)])
      (_ declarator: (_ declarator: [(identifier) @name (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)]))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ ["&" "&&"] (identifier) @name @_k_reference_declarator)
      (_ declarator: (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator))
      (_ declarator: (_ declarator: (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)))
    ] @_k_declaration) @definition.variable
  (#not-match? @definition.variable "^[\\w\\s]*\\b(class|struct|union|enum)\\s+\\w+\\s*[{:]"))
  (#parent-is? @_k_declaration declaration)
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator)
  (#parent-is? @_k_reference_declarator reference_declarator))

; ---- supertypes ----------------------------------------------------------------------------------

; a template_type is `(_ name: (type_identifier) arguments: (_))`, a qualified_identifier the node
; with a name and no arguments
(base_class_clause
  [
    (type_identifier) @name
    (_ name: (type_identifier) @name arguments: (_))
    (_ !arguments name: [(type_identifier) @name (_ name: (type_identifier) @name arguments: (_))])
  ] @reference.implementation)
