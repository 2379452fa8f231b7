; arborist tags for Objective-C (tree-sitter-objc 3.0). Vocabulary: queries/README.md.
; Doc comments are preceding comment siblings; the engine collects them (textobjects.scm).
;
; Kinds: `@interface Foo` = class, `@protocol P` = interface; their methods (`-`/`+`) = method,
; `@property` = property (one per name), instance variables = field. A method is named by its
; first selector keyword (`initWithFrame:style:` is `initWithFrame`): the grammar has no node
; whose text is the whole selector, so `initWithFrame:` and `initWithFrame:style:` are overloads
; `initWithFrame[0]`, `initWithFrame[1]`.
; `@implementation Foo`, a category `@interface Foo (Bar)` / `@implementation Foo (Bar)` and a
; class extension `@interface Foo ()` are @definition.impl blocks: their members belong to `Foo`
; (the @interface in the same file, else one `Foo` object standing for it). The category name is
; not captured as @trait: it is not a supertype (find_implementations), and the engine labels all
; members of a file's impl blocks with the last block's trait when the file has no @interface.
; The C parts (functions, structs, enums, typedefs, macros, file-scope variables) are tagged as in
; queries/c/tags.scm, also inside @implementation (a C function there belongs to the class block
; too, as a method of Foo).
;
; The grammar does not parse `typedef NS_ENUM(NSInteger, Color) {...}`: the enum is tagged by its
; name in `NS_ENUM(..., Color)` alone, its enumerators are lost. A line holding only a macro
; (`NS_ASSUME_NONNULL_BEGIN`) before `@interface`/`@implementation` also breaks the parse.

; ---- classes, protocols, categories, extensions --------------------------------------------------

((class_interface . (identifier) @name !category) @definition.class
  (#not-match? @definition.class "@interface\\s+\\w+\\s*[(]"))
((class_interface . (identifier) @name !category) @definition.impl
  (#match? @definition.impl "@interface\\s+\\w+\\s*[(]\\s*[)]"))
(class_interface . (identifier) @name category: (identifier)) @definition.impl
(class_implementation . (identifier) @name) @definition.impl
(protocol_declaration . (identifier) @name) @definition.interface
; the same after a leading `__attribute__((...))`, the declaration's first child
((class_interface . (attribute_specifier) . (identifier) @name !category) @definition.class
  (#not-match? @definition.class "@interface\\s+\\w+\\s*[(]"))
((class_interface . (attribute_specifier) . (identifier) @name !category) @definition.impl
  (#match? @definition.impl "@interface\\s+\\w+\\s*[(]\\s*[)]"))
(class_interface . (attribute_specifier) . (identifier) @name category: (identifier)) @definition.impl
(class_implementation . (attribute_specifier) . (identifier) @name) @definition.impl
(protocol_declaration . (attribute_specifier) . (identifier) @name) @definition.interface

; ---- methods, properties, instance variables -----------------------------------------------------

(method_declaration (method_type) . (identifier) @name) @definition.method
(method_declaration . (identifier) @name) @definition.method
(method_definition (method_type) . (identifier) @name) @definition.method
(method_definition . (identifier) @name) @definition.method

(property_declaration
  (struct_declaration
    (struct_declarator [
      (identifier) @name
      (_ declarator: (identifier) @name)
      (_ declarator: (_ declarator: (identifier) @name))
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
    ]))) @definition.property

(instance_variable
  (struct_declaration
    (struct_declarator [
      (identifier) @name
      (_ declarator: (identifier) @name)
      (_ declarator: (_ declarator: (identifier) @name))
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
    ]))) @definition.field

; `typedef NS_ENUM(NSInteger, Color) {...}` (not parsed: only its name is found)
((macro_type_specifier
  name: (identifier) @_macro
  (ERROR (identifier) @name)) @definition.enum
  (#any-of? @_macro "NS_ENUM" "NS_OPTIONS" "NS_CLOSED_ENUM" "NS_ERROR_ENUM" "CF_ENUM" "CF_OPTIONS"))

; ---- supertypes: the superclass, and the protocols a class or protocol adopts -------------------

(class_interface superclass: (identifier) @name @reference.implementation)
(class_interface
  superclass: (identifier)
  .
  (parameterized_arguments (type_name (type_identifier) @name @reference.implementation)))
(protocol_declaration (protocol_reference_list (identifier) @name @reference.implementation))

; ---- functions -----------------------------------------------------------------------------------

(function_definition
  declarator: [
    (function_declarator declarator: (identifier) @name)
    (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))
    (pointer_declarator
      declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name)))
    (function_declarator
      declarator: (parenthesized_declarator
        (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))))
  ]) @definition.function

; ---- macros --------------------------------------------------------------------------------------

(preproc_function_def name: (identifier) @name) @definition.macro
((preproc_def name: (identifier) @name value: (preproc_arg)) @definition.constant
  (#not-match? @name "_(H|HPP|HH|INCLUDED)_?$"))

; ---- struct / union / enum -------------------------------------------------------------------------
; A named type with a body is a symbol where it stands: at file level (also in preprocessor blocks
; and ERROR nodes), in a function body, and as the type of a declaration or field declaration
; (`struct s {...} v;`: the struct and `v` are siblings, `v` is tagged on its declarator). A
; typedef of a body is tagged on the whole type_definition (below), so the specifier inside it is
; not matched here.

(translation_unit
  [
    (struct_specifier name: (type_identifier) @name body: (_))
    (union_specifier name: (type_identifier) @name body: (_))
  ] @definition.struct)
(translation_unit (enum_specifier name: (type_identifier) @name body: (_)) @definition.enum)
(preproc_if
  [
    (struct_specifier name: (type_identifier) @name body: (_))
    (union_specifier name: (type_identifier) @name body: (_))
  ] @definition.struct)
(preproc_if (enum_specifier name: (type_identifier) @name body: (_)) @definition.enum)
(preproc_ifdef
  [
    (struct_specifier name: (type_identifier) @name body: (_))
    (union_specifier name: (type_identifier) @name body: (_))
  ] @definition.struct)
(preproc_ifdef (enum_specifier name: (type_identifier) @name body: (_)) @definition.enum)
(preproc_else
  [
    (struct_specifier name: (type_identifier) @name body: (_))
    (union_specifier name: (type_identifier) @name body: (_))
  ] @definition.struct)
(preproc_else (enum_specifier name: (type_identifier) @name body: (_)) @definition.enum)
(preproc_elif
  [
    (struct_specifier name: (type_identifier) @name body: (_))
    (union_specifier name: (type_identifier) @name body: (_))
  ] @definition.struct)
(preproc_elif (enum_specifier name: (type_identifier) @name body: (_)) @definition.enum)
(ERROR
  [
    (struct_specifier name: (type_identifier) @name body: (_))
    (union_specifier name: (type_identifier) @name body: (_))
  ] @definition.struct)
(ERROR (enum_specifier name: (type_identifier) @name body: (_)) @definition.enum)
(compound_statement
  [
    (struct_specifier name: (type_identifier) @name body: (_))
    (union_specifier name: (type_identifier) @name body: (_))
  ] @definition.struct)
(compound_statement (enum_specifier name: (type_identifier) @name body: (_)) @definition.enum)

(declaration
  type: [
    (struct_specifier name: (type_identifier) @name body: (_))
    (union_specifier name: (type_identifier) @name body: (_))
  ] @definition.struct)
(declaration type: (enum_specifier name: (type_identifier) @name body: (_)) @definition.enum)
(field_declaration
  type: [
    (struct_specifier name: (type_identifier) @name body: (_))
    (union_specifier name: (type_identifier) @name body: (_))
  ] @definition.struct
  declarator: (_))
(field_declaration
  type: (enum_specifier name: (type_identifier) @name body: (_)) @definition.enum
  declarator: (_))
; a nested type without declarator is the whole field_declaration (with its `;`)
(field_declaration
  type: [
    (struct_specifier name: (type_identifier) @name body: (_))
    (union_specifier name: (type_identifier) @name body: (_))
  ]
  !declarator) @definition.struct
(field_declaration
  type: (enum_specifier name: (type_identifier) @name body: (_))
  !declarator) @definition.enum

; typedef of a body: the typedef names it, and its tag (if any) is a second name of the same node
(type_definition
  type: [(struct_specifier body: (_)) (union_specifier body: (_))]
  declarator: (type_identifier) @name) @definition.struct
(type_definition
  type: [
    (struct_specifier name: (type_identifier) @name body: (_))
    (union_specifier name: (type_identifier) @name body: (_))
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

; ---- fields ----------------------------------------------------------------------------------------
; One per declarator. A field whose type is a named struct/union/enum body is tagged on its
; declarator (the type is a sibling symbol); otherwise on the whole field_declaration, so the
; fields of an anonymous struct/union member nest under it. Anonymous members without declarator
; (C11) are not symbols: their fields belong to the enclosing struct.

((field_declaration
  declarator: [
    (field_identifier) @name
    (_ declarator: (field_identifier) @name)
    (_ declarator: (_ declarator: (field_identifier) @name))
    (_ declarator: (_ declarator: (_ declarator: (field_identifier) @name)))
    (_ declarator: (parenthesized_declarator (_ declarator: (field_identifier) @name)))
    (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (field_identifier) @name))))
    (attributed_declarator (field_identifier) @name)
  ]) @definition.field
  (#not-match? @definition.field "^[\\w\\s]*\\b(struct|union|enum)\\s+\\w+\\s*[{]"))
(field_declaration
  type: [
    (struct_specifier name: (_) body: (_))
    (union_specifier name: (_) body: (_))
    (enum_specifier name: (_) body: (_))
  ]
  declarator: [
    (field_identifier) @name
    (_ declarator: (field_identifier) @name)
    (_ declarator: (_ declarator: (field_identifier) @name))
    (_ declarator: (_ declarator: (_ declarator: (field_identifier) @name)))
    (_ declarator: (parenthesized_declarator (_ declarator: (field_identifier) @name)))
    (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (field_identifier) @name))))
    (attributed_declarator (field_identifier) @name)
  ] @definition.field)

; ---- other typedefs ----------------------------------------------------------------------------------
; Not in function bodies (a local typedef is a local). A typedef of a body matched above wins on
; the same node.

(translation_unit
  (type_definition
    declarator: [
      (type_identifier) @name
      (_ declarator: (type_identifier) @name)
      (_ declarator: (_ declarator: (type_identifier) @name))
      (_ declarator: (parenthesized_declarator (_ declarator: (type_identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (type_identifier) @name))))
    ]) @definition.type
  (#not-match? @definition.type "^typedef\\s+(NS|CF)_\\w*(ENUM|OPTIONS)"))
(preproc_if
  (type_definition
    declarator: [
      (type_identifier) @name
      (_ declarator: (type_identifier) @name)
      (_ declarator: (_ declarator: (type_identifier) @name))
      (_ declarator: (parenthesized_declarator (_ declarator: (type_identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (type_identifier) @name))))
    ]) @definition.type
  (#not-match? @definition.type "^typedef\\s+(NS|CF)_\\w*(ENUM|OPTIONS)"))
(preproc_ifdef
  (type_definition
    declarator: [
      (type_identifier) @name
      (_ declarator: (type_identifier) @name)
      (_ declarator: (_ declarator: (type_identifier) @name))
      (_ declarator: (parenthesized_declarator (_ declarator: (type_identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (type_identifier) @name))))
    ]) @definition.type
  (#not-match? @definition.type "^typedef\\s+(NS|CF)_\\w*(ENUM|OPTIONS)"))
(preproc_else
  (type_definition
    declarator: [
      (type_identifier) @name
      (_ declarator: (type_identifier) @name)
      (_ declarator: (_ declarator: (type_identifier) @name))
      (_ declarator: (parenthesized_declarator (_ declarator: (type_identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (type_identifier) @name))))
    ]) @definition.type
  (#not-match? @definition.type "^typedef\\s+(NS|CF)_\\w*(ENUM|OPTIONS)"))
(preproc_elif
  (type_definition
    declarator: [
      (type_identifier) @name
      (_ declarator: (type_identifier) @name)
      (_ declarator: (_ declarator: (type_identifier) @name))
      (_ declarator: (parenthesized_declarator (_ declarator: (type_identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (type_identifier) @name))))
    ]) @definition.type
  (#not-match? @definition.type "^typedef\\s+(NS|CF)_\\w*(ENUM|OPTIONS)"))
(ERROR
  (type_definition
    declarator: [
      (type_identifier) @name
      (_ declarator: (type_identifier) @name)
      (_ declarator: (_ declarator: (type_identifier) @name))
      (_ declarator: (parenthesized_declarator (_ declarator: (type_identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (type_identifier) @name))))
    ]) @definition.type
  (#not-match? @definition.type "^typedef\\s+(NS|CF)_\\w*(ENUM|OPTIONS)"))
(implementation_definition
  (type_definition
    declarator: [
      (type_identifier) @name
      (_ declarator: (type_identifier) @name)
      (_ declarator: (_ declarator: (type_identifier) @name))
      (_ declarator: (parenthesized_declarator (_ declarator: (type_identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (type_identifier) @name))))
    ]) @definition.type
  (#not-match? @definition.type "^typedef\\s+(NS|CF)_\\w*(ENUM|OPTIONS)"))

; ---- file-scope variables and constants ----------------------------------------------------------
; One per declarator; the node is the whole declaration (several names share it), except beside a
; named struct/union/enum body (`struct s {...} v;`), where it is the declarator. A declaration
; with `const` before its first `=` (`const int n`, `char *const p`) = constant. Skipped: `extern`
; declarations and prototypes (a declarator `name(...)`, `*name(...)`); kept: function pointers
; `(*name)(...)`.

(translation_unit
  (declaration
    declarator: [
      (identifier) @name
      (_ declarator: (identifier) @name)
      (_ declarator: (_ declarator: (identifier) @name))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ] @_declarator) @definition.constant
  (#match? @definition.constant "^[^=({]*\\bconst\\b")
  (#not-match? @definition.constant "^[A-Z_][A-Z0-9_]*\\s*\\n|^extern\\b|^[\\w\\s]*\\b(struct|union|enum)\\s+\\w+\\s*[{]")
  (#not-match? @_declarator "^[*\\s]*[A-Za-z_]\\w*\\s*[(]"))
(translation_unit
  (declaration
    declarator: [
      (identifier) @name
      (_ declarator: (identifier) @name)
      (_ declarator: (_ declarator: (identifier) @name))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ] @_declarator) @definition.variable
  (#not-match? @definition.variable "^[A-Z_][A-Z0-9_]*\\s*\\n|^extern\\b|^[\\w\\s]*\\b(struct|union|enum)\\s+\\w+\\s*[{]")
  (#not-match? @_declarator "^[*\\s]*[A-Za-z_]\\w*\\s*[(]"))
(translation_unit
  (declaration
    type: [
      (struct_specifier name: (_) body: (_))
      (union_specifier name: (_) body: (_))
      (enum_specifier name: (_) body: (_))
    ]
    declarator: [
      (identifier) @name
      (_ declarator: (identifier) @name)
      (_ declarator: (_ declarator: (identifier) @name))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ] @definition.variable)
  (#not-match? @definition.variable "^[*\\s]*[A-Za-z_]\\w*\\s*[(]"))

(preproc_if
  (declaration
    declarator: [
      (identifier) @name
      (_ declarator: (identifier) @name)
      (_ declarator: (_ declarator: (identifier) @name))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ] @_declarator) @definition.constant
  (#match? @definition.constant "^[^=({]*\\bconst\\b")
  (#not-match? @definition.constant "^[A-Z_][A-Z0-9_]*\\s*\\n|^extern\\b|^[\\w\\s]*\\b(struct|union|enum)\\s+\\w+\\s*[{]")
  (#not-match? @_declarator "^[*\\s]*[A-Za-z_]\\w*\\s*[(]"))
(preproc_if
  (declaration
    declarator: [
      (identifier) @name
      (_ declarator: (identifier) @name)
      (_ declarator: (_ declarator: (identifier) @name))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ] @_declarator) @definition.variable
  (#not-match? @definition.variable "^[A-Z_][A-Z0-9_]*\\s*\\n|^extern\\b|^[\\w\\s]*\\b(struct|union|enum)\\s+\\w+\\s*[{]")
  (#not-match? @_declarator "^[*\\s]*[A-Za-z_]\\w*\\s*[(]"))
(preproc_if
  (declaration
    type: [
      (struct_specifier name: (_) body: (_))
      (union_specifier name: (_) body: (_))
      (enum_specifier name: (_) body: (_))
    ]
    declarator: [
      (identifier) @name
      (_ declarator: (identifier) @name)
      (_ declarator: (_ declarator: (identifier) @name))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ] @definition.variable)
  (#not-match? @definition.variable "^[*\\s]*[A-Za-z_]\\w*\\s*[(]"))

(preproc_ifdef
  (declaration
    declarator: [
      (identifier) @name
      (_ declarator: (identifier) @name)
      (_ declarator: (_ declarator: (identifier) @name))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ] @_declarator) @definition.constant
  (#match? @definition.constant "^[^=({]*\\bconst\\b")
  (#not-match? @definition.constant "^[A-Z_][A-Z0-9_]*\\s*\\n|^extern\\b|^[\\w\\s]*\\b(struct|union|enum)\\s+\\w+\\s*[{]")
  (#not-match? @_declarator "^[*\\s]*[A-Za-z_]\\w*\\s*[(]"))
(preproc_ifdef
  (declaration
    declarator: [
      (identifier) @name
      (_ declarator: (identifier) @name)
      (_ declarator: (_ declarator: (identifier) @name))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ] @_declarator) @definition.variable
  (#not-match? @definition.variable "^[A-Z_][A-Z0-9_]*\\s*\\n|^extern\\b|^[\\w\\s]*\\b(struct|union|enum)\\s+\\w+\\s*[{]")
  (#not-match? @_declarator "^[*\\s]*[A-Za-z_]\\w*\\s*[(]"))
(preproc_ifdef
  (declaration
    type: [
      (struct_specifier name: (_) body: (_))
      (union_specifier name: (_) body: (_))
      (enum_specifier name: (_) body: (_))
    ]
    declarator: [
      (identifier) @name
      (_ declarator: (identifier) @name)
      (_ declarator: (_ declarator: (identifier) @name))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ] @definition.variable)
  (#not-match? @definition.variable "^[*\\s]*[A-Za-z_]\\w*\\s*[(]"))

(preproc_else
  (declaration
    declarator: [
      (identifier) @name
      (_ declarator: (identifier) @name)
      (_ declarator: (_ declarator: (identifier) @name))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ] @_declarator) @definition.constant
  (#match? @definition.constant "^[^=({]*\\bconst\\b")
  (#not-match? @definition.constant "^[A-Z_][A-Z0-9_]*\\s*\\n|^extern\\b|^[\\w\\s]*\\b(struct|union|enum)\\s+\\w+\\s*[{]")
  (#not-match? @_declarator "^[*\\s]*[A-Za-z_]\\w*\\s*[(]"))
(preproc_else
  (declaration
    declarator: [
      (identifier) @name
      (_ declarator: (identifier) @name)
      (_ declarator: (_ declarator: (identifier) @name))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ] @_declarator) @definition.variable
  (#not-match? @definition.variable "^[A-Z_][A-Z0-9_]*\\s*\\n|^extern\\b|^[\\w\\s]*\\b(struct|union|enum)\\s+\\w+\\s*[{]")
  (#not-match? @_declarator "^[*\\s]*[A-Za-z_]\\w*\\s*[(]"))
(preproc_else
  (declaration
    type: [
      (struct_specifier name: (_) body: (_))
      (union_specifier name: (_) body: (_))
      (enum_specifier name: (_) body: (_))
    ]
    declarator: [
      (identifier) @name
      (_ declarator: (identifier) @name)
      (_ declarator: (_ declarator: (identifier) @name))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ] @definition.variable)
  (#not-match? @definition.variable "^[*\\s]*[A-Za-z_]\\w*\\s*[(]"))

(preproc_elif
  (declaration
    declarator: [
      (identifier) @name
      (_ declarator: (identifier) @name)
      (_ declarator: (_ declarator: (identifier) @name))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ] @_declarator) @definition.constant
  (#match? @definition.constant "^[^=({]*\\bconst\\b")
  (#not-match? @definition.constant "^[A-Z_][A-Z0-9_]*\\s*\\n|^extern\\b|^[\\w\\s]*\\b(struct|union|enum)\\s+\\w+\\s*[{]")
  (#not-match? @_declarator "^[*\\s]*[A-Za-z_]\\w*\\s*[(]"))
(preproc_elif
  (declaration
    declarator: [
      (identifier) @name
      (_ declarator: (identifier) @name)
      (_ declarator: (_ declarator: (identifier) @name))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ] @_declarator) @definition.variable
  (#not-match? @definition.variable "^[A-Z_][A-Z0-9_]*\\s*\\n|^extern\\b|^[\\w\\s]*\\b(struct|union|enum)\\s+\\w+\\s*[{]")
  (#not-match? @_declarator "^[*\\s]*[A-Za-z_]\\w*\\s*[(]"))
(preproc_elif
  (declaration
    type: [
      (struct_specifier name: (_) body: (_))
      (union_specifier name: (_) body: (_))
      (enum_specifier name: (_) body: (_))
    ]
    declarator: [
      (identifier) @name
      (_ declarator: (identifier) @name)
      (_ declarator: (_ declarator: (identifier) @name))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ] @definition.variable)
  (#not-match? @definition.variable "^[*\\s]*[A-Za-z_]\\w*\\s*[(]"))

(ERROR
  (declaration
    declarator: [
      (identifier) @name
      (_ declarator: (identifier) @name)
      (_ declarator: (_ declarator: (identifier) @name))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ] @_declarator) @definition.constant
  (#match? @definition.constant "^[^=({]*\\bconst\\b")
  (#not-match? @definition.constant "^[A-Z_][A-Z0-9_]*\\s*\\n|^extern\\b|^[\\w\\s]*\\b(struct|union|enum)\\s+\\w+\\s*[{]")
  (#not-match? @_declarator "^[*\\s]*[A-Za-z_]\\w*\\s*[(]"))
(ERROR
  (declaration
    declarator: [
      (identifier) @name
      (_ declarator: (identifier) @name)
      (_ declarator: (_ declarator: (identifier) @name))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ] @_declarator) @definition.variable
  (#not-match? @definition.variable "^[A-Z_][A-Z0-9_]*\\s*\\n|^extern\\b|^[\\w\\s]*\\b(struct|union|enum)\\s+\\w+\\s*[{]")
  (#not-match? @_declarator "^[*\\s]*[A-Za-z_]\\w*\\s*[(]"))
(ERROR
  (declaration
    type: [
      (struct_specifier name: (_) body: (_))
      (union_specifier name: (_) body: (_))
      (enum_specifier name: (_) body: (_))
    ]
    declarator: [
      (identifier) @name
      (_ declarator: (identifier) @name)
      (_ declarator: (_ declarator: (identifier) @name))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ] @definition.variable)
  (#not-match? @definition.variable "^[*\\s]*[A-Za-z_]\\w*\\s*[(]"))

(implementation_definition
  (declaration
    declarator: [
      (identifier) @name
      (_ declarator: (identifier) @name)
      (_ declarator: (_ declarator: (identifier) @name))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ] @_declarator) @definition.constant
  (#match? @definition.constant "^[^=({]*\\bconst\\b")
  (#not-match? @definition.constant "^[A-Z_][A-Z0-9_]*\\s*\\n|^extern\\b|^[\\w\\s]*\\b(struct|union|enum)\\s+\\w+\\s*[{]")
  (#not-match? @_declarator "^[*\\s]*[A-Za-z_]\\w*\\s*[(]"))
(implementation_definition
  (declaration
    declarator: [
      (identifier) @name
      (_ declarator: (identifier) @name)
      (_ declarator: (_ declarator: (identifier) @name))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ] @_declarator) @definition.variable
  (#not-match? @definition.variable "^[A-Z_][A-Z0-9_]*\\s*\\n|^extern\\b|^[\\w\\s]*\\b(struct|union|enum)\\s+\\w+\\s*[{]")
  (#not-match? @_declarator "^[*\\s]*[A-Za-z_]\\w*\\s*[(]"))
(implementation_definition
  (declaration
    type: [
      (struct_specifier name: (_) body: (_))
      (union_specifier name: (_) body: (_))
      (enum_specifier name: (_) body: (_))
    ]
    declarator: [
      (identifier) @name
      (_ declarator: (identifier) @name)
      (_ declarator: (_ declarator: (identifier) @name))
      (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
      (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
      (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
    ] @definition.variable)
  (#not-match? @definition.variable "^[*\\s]*[A-Za-z_]\\w*\\s*[(]"))
