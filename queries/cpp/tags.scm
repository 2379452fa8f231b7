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
; so a declaration and its definition in one file are overloads `f[0]`, `f[1]`. Friends, using
; declarations and conversion operators (`operator bool`) are not tagged. Macros as in C:
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

(translation_unit [
  (class_specifier name: (type_identifier) @name body: (_)) @definition.class
  (struct_specifier name: (type_identifier) @name body: (_)) @definition.struct
  (union_specifier name: (type_identifier) @name body: (_)) @definition.struct
  (enum_specifier name: (type_identifier) @name body: (_)) @definition.enum
])
(declaration_list [
  (class_specifier name: (type_identifier) @name body: (_)) @definition.class
  (struct_specifier name: (type_identifier) @name body: (_)) @definition.struct
  (union_specifier name: (type_identifier) @name body: (_)) @definition.struct
  (enum_specifier name: (type_identifier) @name body: (_)) @definition.enum
])
(preproc_if [
  (class_specifier name: (type_identifier) @name body: (_)) @definition.class
  (struct_specifier name: (type_identifier) @name body: (_)) @definition.struct
  (union_specifier name: (type_identifier) @name body: (_)) @definition.struct
  (enum_specifier name: (type_identifier) @name body: (_)) @definition.enum
])
(preproc_ifdef [
  (class_specifier name: (type_identifier) @name body: (_)) @definition.class
  (struct_specifier name: (type_identifier) @name body: (_)) @definition.struct
  (union_specifier name: (type_identifier) @name body: (_)) @definition.struct
  (enum_specifier name: (type_identifier) @name body: (_)) @definition.enum
])
(preproc_else [
  (class_specifier name: (type_identifier) @name body: (_)) @definition.class
  (struct_specifier name: (type_identifier) @name body: (_)) @definition.struct
  (union_specifier name: (type_identifier) @name body: (_)) @definition.struct
  (enum_specifier name: (type_identifier) @name body: (_)) @definition.enum
])
(preproc_elif [
  (class_specifier name: (type_identifier) @name body: (_)) @definition.class
  (struct_specifier name: (type_identifier) @name body: (_)) @definition.struct
  (union_specifier name: (type_identifier) @name body: (_)) @definition.struct
  (enum_specifier name: (type_identifier) @name body: (_)) @definition.enum
])
(ERROR [
  (class_specifier name: (type_identifier) @name body: (_)) @definition.class
  (struct_specifier name: (type_identifier) @name body: (_)) @definition.struct
  (union_specifier name: (type_identifier) @name body: (_)) @definition.struct
  (enum_specifier name: (type_identifier) @name body: (_)) @definition.enum
])
(compound_statement [
  (class_specifier name: (type_identifier) @name body: (_)) @definition.class
  (struct_specifier name: (type_identifier) @name body: (_)) @definition.struct
  (union_specifier name: (type_identifier) @name body: (_)) @definition.struct
  (enum_specifier name: (type_identifier) @name body: (_)) @definition.enum
])

(declaration
  type: [
    (class_specifier name: (type_identifier) @name body: (_)) @definition.class
    (struct_specifier name: (type_identifier) @name body: (_)) @definition.struct
    (union_specifier name: (type_identifier) @name body: (_)) @definition.struct
    (enum_specifier name: (type_identifier) @name body: (_)) @definition.enum
  ]
  declarator: (_))
(field_declaration
  type: [
    (class_specifier name: (type_identifier) @name body: (_)) @definition.class
    (struct_specifier name: (type_identifier) @name body: (_)) @definition.struct
    (union_specifier name: (type_identifier) @name body: (_)) @definition.struct
    (enum_specifier name: (type_identifier) @name body: (_)) @definition.enum
  ]
  declarator: (_))

; a nested type without declarator is the whole field_declaration (with its `;`)
[
  (field_declaration type: (class_specifier name: (type_identifier) @name body: (_)) !declarator) @definition.class
  (field_declaration type: (struct_specifier name: (type_identifier) @name body: (_)) !declarator) @definition.struct
  (field_declaration type: (union_specifier name: (type_identifier) @name body: (_)) !declarator) @definition.struct
  (field_declaration type: (enum_specifier name: (type_identifier) @name body: (_)) !declarator) @definition.enum
]

; a class template (or a specialization `template <> struct Traits<int>`) is the template_declaration
[
  (template_declaration
    (class_specifier
      name: [(type_identifier) @name (template_type name: (type_identifier) @name)] body: (_))) @definition.class
  (template_declaration
    (struct_specifier
      name: [(type_identifier) @name (template_type name: (type_identifier) @name)] body: (_))) @definition.struct
  (template_declaration
    (union_specifier
      name: [(type_identifier) @name (template_type name: (type_identifier) @name)] body: (_))) @definition.struct
]

; `class Outer::Inner {...}` defined outside Outer
(class_specifier
  name: (qualified_identifier
    scope: [(namespace_identifier) @receiver (template_type name: (type_identifier) @receiver)]
    name: (type_identifier) @name)
  body: (_)) @definition.class
(struct_specifier
  name: (qualified_identifier
    scope: [(namespace_identifier) @receiver (template_type name: (type_identifier) @receiver)]
    name: (type_identifier) @name)
  body: (_)) @definition.struct

; typedef of a body (C style): the typedef names it, and its tag (if any) is a second name
(type_definition
  type: [(struct_specifier body: (_)) (union_specifier body: (_)) (class_specifier body: (_))]
  declarator: (type_identifier) @name) @definition.struct
(type_definition
  type: [
    (struct_specifier name: (type_identifier) @name body: (_))
    (union_specifier name: (type_identifier) @name body: (_))
    (class_specifier name: (type_identifier) @name body: (_))
  ]) @definition.struct
(type_definition type: (enum_specifier body: (_)) declarator: (type_identifier) @name) @definition.enum
(type_definition type: (enum_specifier name: (type_identifier) @name body: (_))) @definition.enum

; Enumerators (also in #if blocks of the list) of a named enum, of a typedef'd or member one, and
; of an anonymous enum at file level (`enum { BUF_SIZE = 256 };`), not of a local's anonymous type.
(enum_specifier name: (_) body: (enumerator_list [
    (enumerator name: (identifier) @name) @definition.enum_member
    (_ (enumerator name: (identifier) @name) @definition.enum_member)
    (_ (_ (enumerator name: (identifier) @name) @definition.enum_member))
  ]))
(type_definition type: (enum_specifier !name body: (enumerator_list [
    (enumerator name: (identifier) @name) @definition.enum_member
    (_ (enumerator name: (identifier) @name) @definition.enum_member)
    (_ (_ (enumerator name: (identifier) @name) @definition.enum_member))
  ])))
(field_declaration type: (enum_specifier !name body: (enumerator_list [
    (enumerator name: (identifier) @name) @definition.enum_member
    (_ (enumerator name: (identifier) @name) @definition.enum_member)
    (_ (_ (enumerator name: (identifier) @name) @definition.enum_member))
  ])))
(translation_unit (enum_specifier !name body: (enumerator_list [
    (enumerator name: (identifier) @name) @definition.enum_member
    (_ (enumerator name: (identifier) @name) @definition.enum_member)
    (_ (_ (enumerator name: (identifier) @name) @definition.enum_member))
  ])))
(declaration_list (enum_specifier !name body: (enumerator_list [
    (enumerator name: (identifier) @name) @definition.enum_member
    (_ (enumerator name: (identifier) @name) @definition.enum_member)
    (_ (_ (enumerator name: (identifier) @name) @definition.enum_member))
  ])))
(preproc_if (enum_specifier !name body: (enumerator_list [
    (enumerator name: (identifier) @name) @definition.enum_member
    (_ (enumerator name: (identifier) @name) @definition.enum_member)
    (_ (_ (enumerator name: (identifier) @name) @definition.enum_member))
  ])))
(preproc_ifdef (enum_specifier !name body: (enumerator_list [
    (enumerator name: (identifier) @name) @definition.enum_member
    (_ (enumerator name: (identifier) @name) @definition.enum_member)
    (_ (_ (enumerator name: (identifier) @name) @definition.enum_member))
  ])))
(preproc_else (enum_specifier !name body: (enumerator_list [
    (enumerator name: (identifier) @name) @definition.enum_member
    (_ (enumerator name: (identifier) @name) @definition.enum_member)
    (_ (_ (enumerator name: (identifier) @name) @definition.enum_member))
  ])))
(preproc_elif (enum_specifier !name body: (enumerator_list [
    (enumerator name: (identifier) @name) @definition.enum_member
    (_ (enumerator name: (identifier) @name) @definition.enum_member)
    (_ (_ (enumerator name: (identifier) @name) @definition.enum_member))
  ])))
(ERROR (enum_specifier !name body: (enumerator_list [
    (enumerator name: (identifier) @name) @definition.enum_member
    (_ (enumerator name: (identifier) @name) @definition.enum_member)
    (_ (_ (enumerator name: (identifier) @name) @definition.enum_member))
  ])))
(translation_unit (declaration type: (enum_specifier !name body: (enumerator_list [
    (enumerator name: (identifier) @name) @definition.enum_member
    (_ (enumerator name: (identifier) @name) @definition.enum_member)
    (_ (_ (enumerator name: (identifier) @name) @definition.enum_member))
  ]))))
(declaration_list (declaration type: (enum_specifier !name body: (enumerator_list [
    (enumerator name: (identifier) @name) @definition.enum_member
    (_ (enumerator name: (identifier) @name) @definition.enum_member)
    (_ (_ (enumerator name: (identifier) @name) @definition.enum_member))
  ]))))
(preproc_if (declaration type: (enum_specifier !name body: (enumerator_list [
    (enumerator name: (identifier) @name) @definition.enum_member
    (_ (enumerator name: (identifier) @name) @definition.enum_member)
    (_ (_ (enumerator name: (identifier) @name) @definition.enum_member))
  ]))))
(preproc_ifdef (declaration type: (enum_specifier !name body: (enumerator_list [
    (enumerator name: (identifier) @name) @definition.enum_member
    (_ (enumerator name: (identifier) @name) @definition.enum_member)
    (_ (_ (enumerator name: (identifier) @name) @definition.enum_member))
  ]))))
(preproc_else (declaration type: (enum_specifier !name body: (enumerator_list [
    (enumerator name: (identifier) @name) @definition.enum_member
    (_ (enumerator name: (identifier) @name) @definition.enum_member)
    (_ (_ (enumerator name: (identifier) @name) @definition.enum_member))
  ]))))
(preproc_elif (declaration type: (enum_specifier !name body: (enumerator_list [
    (enumerator name: (identifier) @name) @definition.enum_member
    (_ (enumerator name: (identifier) @name) @definition.enum_member)
    (_ (_ (enumerator name: (identifier) @name) @definition.enum_member))
  ]))))
(ERROR (declaration type: (enum_specifier !name body: (enumerator_list [
    (enumerator name: (identifier) @name) @definition.enum_member
    (_ (enumerator name: (identifier) @name) @definition.enum_member)
    (_ (_ (enumerator name: (identifier) @name) @definition.enum_member))
  ]))))

; ---- constructors and destructors --------------------------------------------------------------
; In a class body (also templated, or in a preprocessor block there): a function without return
; type named by an identifier, or a destructor. These patterns come before the general ones, which
; match the same nodes: the first pattern wins.

(field_declaration_list
  [
    (function_definition !type declarator: (function_declarator declarator: [(identifier) (destructor_name)] @name))
    (declaration !type declarator: (function_declarator declarator: [(identifier) (destructor_name)] @name))
  ] @definition.constructor)
(field_declaration_list (template_declaration
  [
    (function_definition !type declarator: (function_declarator declarator: [(identifier) (destructor_name)] @name))
    (declaration !type declarator: (function_declarator declarator: [(identifier) (destructor_name)] @name))
  ] @definition.constructor))
(field_declaration_list (preproc_if
  [
    (function_definition !type declarator: (function_declarator declarator: [(identifier) (destructor_name)] @name))
    (declaration !type declarator: (function_declarator declarator: [(identifier) (destructor_name)] @name))
  ] @definition.constructor))
(field_declaration_list (preproc_if (template_declaration
  [
    (function_definition !type declarator: (function_declarator declarator: [(identifier) (destructor_name)] @name))
    (declaration !type declarator: (function_declarator declarator: [(identifier) (destructor_name)] @name))
  ] @definition.constructor)))
(field_declaration_list (preproc_ifdef
  [
    (function_definition !type declarator: (function_declarator declarator: [(identifier) (destructor_name)] @name))
    (declaration !type declarator: (function_declarator declarator: [(identifier) (destructor_name)] @name))
  ] @definition.constructor))
(field_declaration_list (preproc_ifdef (template_declaration
  [
    (function_definition !type declarator: (function_declarator declarator: [(identifier) (destructor_name)] @name))
    (declaration !type declarator: (function_declarator declarator: [(identifier) (destructor_name)] @name))
  ] @definition.constructor)))
(field_declaration_list (_ (preproc_else
  [
    (function_definition !type declarator: (function_declarator declarator: [(identifier) (destructor_name)] @name))
    (declaration !type declarator: (function_declarator declarator: [(identifier) (destructor_name)] @name))
  ] @definition.constructor)))
(field_declaration_list (_ (preproc_else (template_declaration
  [
    (function_definition !type declarator: (function_declarator declarator: [(identifier) (destructor_name)] @name))
    (declaration !type declarator: (function_declarator declarator: [(identifier) (destructor_name)] @name))
  ] @definition.constructor))))
(field_declaration_list (_ (preproc_elif
  [
    (function_definition !type declarator: (function_declarator declarator: [(identifier) (destructor_name)] @name))
    (declaration !type declarator: (function_declarator declarator: [(identifier) (destructor_name)] @name))
  ] @definition.constructor)))
(field_declaration_list (_ (preproc_elif (template_declaration
  [
    (function_definition !type declarator: (function_declarator declarator: [(identifier) (destructor_name)] @name))
    (declaration !type declarator: (function_declarator declarator: [(identifier) (destructor_name)] @name))
  ] @definition.constructor))))

; out of line: `Foo::Foo(...)`, `Foo::~Foo()`
((function_definition
  !type
  declarator: (function_declarator
    declarator: [
      (qualified_identifier
        scope: [(namespace_identifier) @receiver (template_type name: (type_identifier) @receiver)]
        name: (identifier) @name)
      (qualified_identifier
        name: (qualified_identifier
          scope: [(namespace_identifier) @receiver (template_type name: (type_identifier) @receiver)]
          name: (identifier) @name))
      (qualified_identifier
        name: (qualified_identifier
          name: (qualified_identifier
            scope: [(namespace_identifier) @receiver (template_type name: (type_identifier) @receiver)]
            name: (identifier) @name)))
    ])) @definition.constructor
  (#eq? @name @receiver))
(function_definition
  declarator: (function_declarator
    declarator: [
      (qualified_identifier
        scope: [(namespace_identifier) @receiver (template_type name: (type_identifier) @receiver)]
        name: (destructor_name) @name)
      (qualified_identifier
        name: (qualified_identifier
          scope: [(namespace_identifier) @receiver (template_type name: (type_identifier) @receiver)]
          name: (destructor_name) @name))
      (qualified_identifier
        name: (qualified_identifier
          name: (qualified_identifier
            scope: [(namespace_identifier) @receiver (template_type name: (type_identifier) @receiver)]
            name: (destructor_name) @name)))
    ])) @definition.constructor

; ---- functions and methods -----------------------------------------------------------------------
; Every function definition (a function directly in a type is a method: the engine makes it so);
; the declarator may return by pointer or reference.

(function_definition
  declarator: [
    (function_declarator declarator: [
      (identifier) @name (field_identifier) @name (operator_name) @name
      (template_function name: (identifier) @name)
    ])
    (_ declarator: (function_declarator declarator: [
      (identifier) @name (field_identifier) @name (operator_name) @name
    ]))
    (reference_declarator (function_declarator declarator: [
      (identifier) @name (field_identifier) @name (operator_name) @name
    ]))
  ]) @definition.function

; out of line: `R Foo::bar() {}`, `R a::Foo<T>::operator==(...) {}`
(function_definition
  declarator: [
    (function_declarator declarator: [
      (qualified_identifier
        scope: [(namespace_identifier) @receiver (template_type name: (type_identifier) @receiver)]
        name: [(identifier) @name (operator_name) @name (template_function name: (identifier) @name)])
      (qualified_identifier
        name: (qualified_identifier
          scope: [(namespace_identifier) @receiver (template_type name: (type_identifier) @receiver)]
          name: [(identifier) @name (operator_name) @name (template_function name: (identifier) @name)]))
      (qualified_identifier
        name: (qualified_identifier
          name: (qualified_identifier
            scope: [(namespace_identifier) @receiver (template_type name: (type_identifier) @receiver)]
            name: [(identifier) @name (operator_name) @name (template_function name: (identifier) @name)])))
    ])
    (_ declarator: (function_declarator declarator: [
      (qualified_identifier
        scope: [(namespace_identifier) @receiver (template_type name: (type_identifier) @receiver)]
        name: [(identifier) @name (operator_name) @name])
      (qualified_identifier
        name: (qualified_identifier
          scope: [(namespace_identifier) @receiver (template_type name: (type_identifier) @receiver)]
          name: [(identifier) @name (operator_name) @name]))
    ]))
    (reference_declarator (function_declarator declarator: [
      (qualified_identifier
        scope: [(namespace_identifier) @receiver (template_type name: (type_identifier) @receiver)]
        name: [(identifier) @name (operator_name) @name])
      (qualified_identifier
        name: (qualified_identifier
          scope: [(namespace_identifier) @receiver (template_type name: (type_identifier) @receiver)]
          name: [(identifier) @name (operator_name) @name]))
    ]))
  ]) @definition.function

; member function declarations (a field_declaration exists only in a class body)
(field_declaration
  declarator: [
    (function_declarator declarator: [(field_identifier) @name (operator_name) @name])
    (_ declarator: (function_declarator declarator: [(field_identifier) @name (operator_name) @name]))
    (reference_declarator (function_declarator declarator: [(field_identifier) @name (operator_name) @name]))
  ]) @definition.method
(field_declaration_list
  (template_declaration
    (declaration
      declarator: [
        (function_declarator declarator: [(identifier) @name (operator_name) @name])
        (_ declarator: (function_declarator declarator: [(identifier) @name (operator_name) @name]))
        (reference_declarator (function_declarator declarator: [(identifier) @name (operator_name) @name]))
      ]) @definition.method))

; ---- fields ----------------------------------------------------------------------------------------
; One per declarator (after the method patterns, which win on the same node). A field whose type
; is a named class/struct/enum body is tagged on its declarator (the type is a sibling symbol).

((field_declaration
  declarator: [
    (field_identifier) @name
    (_ declarator: [(field_identifier) @name (reference_declarator (field_identifier) @name)])
    (_ declarator: (_ declarator: (field_identifier) @name))
    (reference_declarator (field_identifier) @name)
    (_ declarator: (parenthesized_declarator (_ declarator: (field_identifier) @name)))
    (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (field_identifier) @name))))
  ]) @definition.field
  (#not-match? @definition.field "^[\\w\\s]*\\b(class|struct|union|enum)\\s+\\w+\\s*[{:]"))
(field_declaration
  type: [
    (class_specifier name: (_) body: (_))
    (struct_specifier name: (_) body: (_))
    (union_specifier name: (_) body: (_))
    (enum_specifier name: (_) body: (_))
  ]
  declarator: [
    (field_identifier) @name
    (_ declarator: (field_identifier) @name)
    (_ declarator: (_ declarator: (field_identifier) @name))
  ] @definition.field)

; static data members defined out of line: `int Foo::count = 0;`
(declaration
  declarator: [
    (qualified_identifier
      scope: [(namespace_identifier) @receiver (template_type name: (type_identifier) @receiver)]
      name: (identifier) @name)
    (init_declarator
      declarator: (qualified_identifier
        scope: [(namespace_identifier) @receiver (template_type name: (type_identifier) @receiver)]
        name: (identifier) @name))
    (pointer_declarator
      declarator: (qualified_identifier
        scope: [(namespace_identifier) @receiver (template_type name: (type_identifier) @receiver)]
        name: (identifier) @name))
    (init_declarator
      declarator: (pointer_declarator
        declarator: (qualified_identifier
          scope: [(namespace_identifier) @receiver (template_type name: (type_identifier) @receiver)]
          name: (identifier) @name)))
  ]) @definition.field

; ---- type aliases ------------------------------------------------------------------------------------
; Not in function bodies (a local alias is a local). A typedef of a body matched above wins on
; the same node.

(translation_unit
  [
    (alias_declaration name: (type_identifier) @name)
    (type_definition declarator: [
      (type_identifier) @name
      (_ declarator: (type_identifier) @name)
      (_ declarator: (_ declarator: (type_identifier) @name))
      (reference_declarator (type_identifier) @name)
      (_ declarator: (parenthesized_declarator (_ declarator: (type_identifier) @name)))
    ])
  ] @definition.type)
(declaration_list
  [
    (alias_declaration name: (type_identifier) @name)
    (type_definition declarator: [
      (type_identifier) @name
      (_ declarator: (type_identifier) @name)
      (_ declarator: (_ declarator: (type_identifier) @name))
      (reference_declarator (type_identifier) @name)
      (_ declarator: (parenthesized_declarator (_ declarator: (type_identifier) @name)))
    ])
  ] @definition.type)
(field_declaration_list
  [
    (alias_declaration name: (type_identifier) @name)
    (type_definition declarator: [
      (type_identifier) @name
      (_ declarator: (type_identifier) @name)
      (_ declarator: (_ declarator: (type_identifier) @name))
      (reference_declarator (type_identifier) @name)
      (_ declarator: (parenthesized_declarator (_ declarator: (type_identifier) @name)))
    ])
  ] @definition.type)
(template_declaration
  [
    (alias_declaration name: (type_identifier) @name)
    (type_definition declarator: [
      (type_identifier) @name
      (_ declarator: (type_identifier) @name)
      (_ declarator: (_ declarator: (type_identifier) @name))
      (reference_declarator (type_identifier) @name)
      (_ declarator: (parenthesized_declarator (_ declarator: (type_identifier) @name)))
    ])
  ] @definition.type)
(preproc_if
  [
    (alias_declaration name: (type_identifier) @name)
    (type_definition declarator: [
      (type_identifier) @name
      (_ declarator: (type_identifier) @name)
      (_ declarator: (_ declarator: (type_identifier) @name))
      (reference_declarator (type_identifier) @name)
      (_ declarator: (parenthesized_declarator (_ declarator: (type_identifier) @name)))
    ])
  ] @definition.type)
(preproc_ifdef
  [
    (alias_declaration name: (type_identifier) @name)
    (type_definition declarator: [
      (type_identifier) @name
      (_ declarator: (type_identifier) @name)
      (_ declarator: (_ declarator: (type_identifier) @name))
      (reference_declarator (type_identifier) @name)
      (_ declarator: (parenthesized_declarator (_ declarator: (type_identifier) @name)))
    ])
  ] @definition.type)
(preproc_else
  [
    (alias_declaration name: (type_identifier) @name)
    (type_definition declarator: [
      (type_identifier) @name
      (_ declarator: (type_identifier) @name)
      (_ declarator: (_ declarator: (type_identifier) @name))
      (reference_declarator (type_identifier) @name)
      (_ declarator: (parenthesized_declarator (_ declarator: (type_identifier) @name)))
    ])
  ] @definition.type)
(preproc_elif
  [
    (alias_declaration name: (type_identifier) @name)
    (type_definition declarator: [
      (type_identifier) @name
      (_ declarator: (type_identifier) @name)
      (_ declarator: (_ declarator: (type_identifier) @name))
      (reference_declarator (type_identifier) @name)
      (_ declarator: (parenthesized_declarator (_ declarator: (type_identifier) @name)))
    ])
  ] @definition.type)
(ERROR
  [
    (alias_declaration name: (type_identifier) @name)
    (type_definition declarator: [
      (type_identifier) @name
      (_ declarator: (type_identifier) @name)
      (_ declarator: (_ declarator: (type_identifier) @name))
      (reference_declarator (type_identifier) @name)
      (_ declarator: (parenthesized_declarator (_ declarator: (type_identifier) @name)))
    ])
  ] @definition.type)
(concept_definition name: (identifier) @name) @definition.type

; ---- namespace-scope functions declared, variables and constants -------------------------------
; One per declarator, the node is the whole declaration. A declaration beside a named class/struct/
; enum body (`struct S {...} s;`) keeps only the type as symbol.

(translation_unit
  (declaration declarator: [
      (function_declarator
        declarator: [(identifier) @name (operator_name) @name (template_function name: (identifier) @name)])
      (_ declarator: (function_declarator declarator: [(identifier) @name (operator_name) @name]))
      (reference_declarator (function_declarator declarator: [(identifier) @name (operator_name) @name]))
    ]) @definition.function)
(translation_unit
  (declaration
    declarator: [
      (identifier) @name
      (_ declarator: [(identifier) @name (reference_declarator (identifier) @name)])
      (_ declarator: (_ declarator: [(identifier) @name (reference_declarator (identifier) @name)]))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (reference_declarator (identifier) @name)
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ]) @definition.constant
  (#match? @definition.constant "^[^=({<]*\\b(const|constexpr|constinit)\\b")
  (#not-match? @definition.constant "^[\\w\\s]*\\b(class|struct|union|enum)\\s+\\w+\\s*[{:]"))
(translation_unit
  (declaration
    declarator: [
      (identifier) @name
      (_ declarator: [(identifier) @name (reference_declarator (identifier) @name)])
      (_ declarator: (_ declarator: [(identifier) @name (reference_declarator (identifier) @name)]))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (reference_declarator (identifier) @name)
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ]) @definition.variable
  (#not-match? @definition.variable "^[\\w\\s]*\\b(class|struct|union|enum)\\s+\\w+\\s*[{:]"))

(declaration_list
  (declaration declarator: [
      (function_declarator
        declarator: [(identifier) @name (operator_name) @name (template_function name: (identifier) @name)])
      (_ declarator: (function_declarator declarator: [(identifier) @name (operator_name) @name]))
      (reference_declarator (function_declarator declarator: [(identifier) @name (operator_name) @name]))
    ]) @definition.function)
(declaration_list
  (declaration
    declarator: [
      (identifier) @name
      (_ declarator: [(identifier) @name (reference_declarator (identifier) @name)])
      (_ declarator: (_ declarator: [(identifier) @name (reference_declarator (identifier) @name)]))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (reference_declarator (identifier) @name)
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ]) @definition.constant
  (#match? @definition.constant "^[^=({<]*\\b(const|constexpr|constinit)\\b")
  (#not-match? @definition.constant "^[\\w\\s]*\\b(class|struct|union|enum)\\s+\\w+\\s*[{:]"))
(declaration_list
  (declaration
    declarator: [
      (identifier) @name
      (_ declarator: [(identifier) @name (reference_declarator (identifier) @name)])
      (_ declarator: (_ declarator: [(identifier) @name (reference_declarator (identifier) @name)]))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (reference_declarator (identifier) @name)
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ]) @definition.variable
  (#not-match? @definition.variable "^[\\w\\s]*\\b(class|struct|union|enum)\\s+\\w+\\s*[{:]"))

(preproc_if
  (declaration declarator: [
      (function_declarator
        declarator: [(identifier) @name (operator_name) @name (template_function name: (identifier) @name)])
      (_ declarator: (function_declarator declarator: [(identifier) @name (operator_name) @name]))
      (reference_declarator (function_declarator declarator: [(identifier) @name (operator_name) @name]))
    ]) @definition.function)
(preproc_if
  (declaration
    declarator: [
      (identifier) @name
      (_ declarator: [(identifier) @name (reference_declarator (identifier) @name)])
      (_ declarator: (_ declarator: [(identifier) @name (reference_declarator (identifier) @name)]))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (reference_declarator (identifier) @name)
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ]) @definition.constant
  (#match? @definition.constant "^[^=({<]*\\b(const|constexpr|constinit)\\b")
  (#not-match? @definition.constant "^[\\w\\s]*\\b(class|struct|union|enum)\\s+\\w+\\s*[{:]"))
(preproc_if
  (declaration
    declarator: [
      (identifier) @name
      (_ declarator: [(identifier) @name (reference_declarator (identifier) @name)])
      (_ declarator: (_ declarator: [(identifier) @name (reference_declarator (identifier) @name)]))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (reference_declarator (identifier) @name)
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ]) @definition.variable
  (#not-match? @definition.variable "^[\\w\\s]*\\b(class|struct|union|enum)\\s+\\w+\\s*[{:]"))

(preproc_ifdef
  (declaration declarator: [
      (function_declarator
        declarator: [(identifier) @name (operator_name) @name (template_function name: (identifier) @name)])
      (_ declarator: (function_declarator declarator: [(identifier) @name (operator_name) @name]))
      (reference_declarator (function_declarator declarator: [(identifier) @name (operator_name) @name]))
    ]) @definition.function)
(preproc_ifdef
  (declaration
    declarator: [
      (identifier) @name
      (_ declarator: [(identifier) @name (reference_declarator (identifier) @name)])
      (_ declarator: (_ declarator: [(identifier) @name (reference_declarator (identifier) @name)]))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (reference_declarator (identifier) @name)
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ]) @definition.constant
  (#match? @definition.constant "^[^=({<]*\\b(const|constexpr|constinit)\\b")
  (#not-match? @definition.constant "^[\\w\\s]*\\b(class|struct|union|enum)\\s+\\w+\\s*[{:]"))
(preproc_ifdef
  (declaration
    declarator: [
      (identifier) @name
      (_ declarator: [(identifier) @name (reference_declarator (identifier) @name)])
      (_ declarator: (_ declarator: [(identifier) @name (reference_declarator (identifier) @name)]))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (reference_declarator (identifier) @name)
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ]) @definition.variable
  (#not-match? @definition.variable "^[\\w\\s]*\\b(class|struct|union|enum)\\s+\\w+\\s*[{:]"))

(preproc_else
  (declaration declarator: [
      (function_declarator
        declarator: [(identifier) @name (operator_name) @name (template_function name: (identifier) @name)])
      (_ declarator: (function_declarator declarator: [(identifier) @name (operator_name) @name]))
      (reference_declarator (function_declarator declarator: [(identifier) @name (operator_name) @name]))
    ]) @definition.function)
(preproc_else
  (declaration
    declarator: [
      (identifier) @name
      (_ declarator: [(identifier) @name (reference_declarator (identifier) @name)])
      (_ declarator: (_ declarator: [(identifier) @name (reference_declarator (identifier) @name)]))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (reference_declarator (identifier) @name)
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ]) @definition.constant
  (#match? @definition.constant "^[^=({<]*\\b(const|constexpr|constinit)\\b")
  (#not-match? @definition.constant "^[\\w\\s]*\\b(class|struct|union|enum)\\s+\\w+\\s*[{:]"))
(preproc_else
  (declaration
    declarator: [
      (identifier) @name
      (_ declarator: [(identifier) @name (reference_declarator (identifier) @name)])
      (_ declarator: (_ declarator: [(identifier) @name (reference_declarator (identifier) @name)]))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (reference_declarator (identifier) @name)
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ]) @definition.variable
  (#not-match? @definition.variable "^[\\w\\s]*\\b(class|struct|union|enum)\\s+\\w+\\s*[{:]"))

(preproc_elif
  (declaration declarator: [
      (function_declarator
        declarator: [(identifier) @name (operator_name) @name (template_function name: (identifier) @name)])
      (_ declarator: (function_declarator declarator: [(identifier) @name (operator_name) @name]))
      (reference_declarator (function_declarator declarator: [(identifier) @name (operator_name) @name]))
    ]) @definition.function)
(preproc_elif
  (declaration
    declarator: [
      (identifier) @name
      (_ declarator: [(identifier) @name (reference_declarator (identifier) @name)])
      (_ declarator: (_ declarator: [(identifier) @name (reference_declarator (identifier) @name)]))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (reference_declarator (identifier) @name)
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ]) @definition.constant
  (#match? @definition.constant "^[^=({<]*\\b(const|constexpr|constinit)\\b")
  (#not-match? @definition.constant "^[\\w\\s]*\\b(class|struct|union|enum)\\s+\\w+\\s*[{:]"))
(preproc_elif
  (declaration
    declarator: [
      (identifier) @name
      (_ declarator: [(identifier) @name (reference_declarator (identifier) @name)])
      (_ declarator: (_ declarator: [(identifier) @name (reference_declarator (identifier) @name)]))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (reference_declarator (identifier) @name)
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ]) @definition.variable
  (#not-match? @definition.variable "^[\\w\\s]*\\b(class|struct|union|enum)\\s+\\w+\\s*[{:]"))

(template_declaration
  (declaration declarator: [
      (function_declarator
        declarator: [(identifier) @name (operator_name) @name (template_function name: (identifier) @name)])
      (_ declarator: (function_declarator declarator: [(identifier) @name (operator_name) @name]))
      (reference_declarator (function_declarator declarator: [(identifier) @name (operator_name) @name]))
    ]) @definition.function)
(template_declaration
  (declaration
    declarator: [
      (identifier) @name
      (_ declarator: [(identifier) @name (reference_declarator (identifier) @name)])
      (_ declarator: (_ declarator: [(identifier) @name (reference_declarator (identifier) @name)]))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (reference_declarator (identifier) @name)
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ]) @definition.constant
  (#match? @definition.constant "^[^=({<]*\\b(const|constexpr|constinit)\\b")
  (#not-match? @definition.constant "^[\\w\\s]*\\b(class|struct|union|enum)\\s+\\w+\\s*[{:]"))
(template_declaration
  (declaration
    declarator: [
      (identifier) @name
      (_ declarator: [(identifier) @name (reference_declarator (identifier) @name)])
      (_ declarator: (_ declarator: [(identifier) @name (reference_declarator (identifier) @name)]))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (reference_declarator (identifier) @name)
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ]) @definition.variable
  (#not-match? @definition.variable "^[\\w\\s]*\\b(class|struct|union|enum)\\s+\\w+\\s*[{:]"))

(ERROR
  (declaration declarator: [
      (function_declarator
        declarator: [(identifier) @name (operator_name) @name (template_function name: (identifier) @name)])
      (_ declarator: (function_declarator declarator: [(identifier) @name (operator_name) @name]))
      (reference_declarator (function_declarator declarator: [(identifier) @name (operator_name) @name]))
    ]) @definition.function)
(ERROR
  (declaration
    declarator: [
      (identifier) @name
      (_ declarator: [(identifier) @name (reference_declarator (identifier) @name)])
      (_ declarator: (_ declarator: [(identifier) @name (reference_declarator (identifier) @name)]))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (reference_declarator (identifier) @name)
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ]) @definition.constant
  (#match? @definition.constant "^[^=({<]*\\b(const|constexpr|constinit)\\b")
  (#not-match? @definition.constant "^[\\w\\s]*\\b(class|struct|union|enum)\\s+\\w+\\s*[{:]"))
(ERROR
  (declaration
    declarator: [
      (identifier) @name
      (_ declarator: [(identifier) @name (reference_declarator (identifier) @name)])
      (_ declarator: (_ declarator: [(identifier) @name (reference_declarator (identifier) @name)]))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (reference_declarator (identifier) @name)
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ]) @definition.variable
  (#not-match? @definition.variable "^[\\w\\s]*\\b(class|struct|union|enum)\\s+\\w+\\s*[{:]"))

; ---- supertypes ----------------------------------------------------------------------------------

(base_class_clause
  [
    (type_identifier) @name
    (template_type name: (type_identifier) @name)
    (qualified_identifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)])
  ] @reference.implementation)
