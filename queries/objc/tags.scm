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
; (also after a leading `__attribute__((...))`, the declaration's first child; a category's class
; name is the identifier just before the category name)

((class_interface "@interface" . (identifier) @name !category) @definition.class
  (#not-match? @definition.class "@interface\\s+\\w+\\s*[(]"))
((class_interface "@interface" . (identifier) @name !category) @definition.impl
  (#match? @definition.impl "@interface\\s+\\w+\\s*[(]\\s*[)]"))
(class_interface (identifier) @name . category: (identifier)) @definition.impl
(class_implementation "@implementation" . (identifier) @name) @definition.impl
(protocol_declaration "@protocol" . (identifier) @name) @definition.interface

; ---- methods, properties, instance variables -----------------------------------------------------
; A method definition is the only child of an implementation_definition that starts with a
; method_type or with `-`/`+` (a wildcard here: `method_definition` as a parent costs ~120 ms of
; query compile time).

(method_declaration (method_type) . (identifier) @name) @definition.method
(method_declaration . (identifier) @name) @definition.method
(implementation_definition (_ . (method_type) . (identifier) @name) @definition.method)
((implementation_definition (_ . (identifier) @name) @definition.method)
  (#match? @definition.method "^[-+]"))

((property_declaration
  (_
    (_ [
      (identifier) @name
      (_ declarator: (identifier) @name)
      (_ declarator: (_ declarator: (identifier) @name))
      (_ declarator: (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator))
    ] @_k_struct_declarator) @_k_struct_declaration)) @definition.property
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator)
  (#parent-is? @_k_struct_declaration struct_declaration)
  (#parent-is? @_k_struct_declarator struct_declarator))

((instance_variable
  (_
    (_ [
      (identifier) @name
      (_ declarator: (identifier) @name)
      (_ declarator: (_ declarator: (identifier) @name))
      (_ declarator: (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator))
    ] @_k_struct_declarator) @_k_struct_declaration)) @definition.field
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator)
  (#parent-is? @_k_struct_declaration struct_declaration)
  (#parent-is? @_k_struct_declarator struct_declarator))

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
; `(_ declarator: ... parameters: (_))` is a function_declarator, `(_ !parameters declarator: ...)`
; a pointer (or block pointer) declarator.

((function_definition
  declarator: [
    (_ declarator: (identifier) @name parameters: (_))
    (_ !parameters declarator: (_ declarator: (identifier) @name parameters: (_)))
    (_ !parameters declarator: (_ !parameters declarator: (_ declarator: (identifier) @name parameters: (_))))
    (_
      declarator: (_ "("
        (_ !parameters declarator: (_ declarator: (identifier) @name parameters: (_))) @_k_parenthesized_declarator)
      parameters: (_))
  ]) @definition.function
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator))

; ---- macros --------------------------------------------------------------------------------------

(preproc_function_def name: (identifier) @name) @definition.macro
((preproc_def name: (identifier) @name value: (preproc_arg)) @definition.constant
  (#not-match? @name "_(H|HPP|HH|INCLUDED)_?$"))

; ---- query compile time ----------------------------------------------------------------------------
; The patterns below say what queries/c/tags.scm says, written for a fast compile (~2 s -> ~0.15 s)
; and a fast match. tree-sitter checks each pattern step that has children against the parse
; table of its node kind, and this grammar's `declaration`, `method_definition`, `preproc_if`, ...
; tables are large; a wildcard step `(_ ...)` is not checked. So a child is written as a wildcard
; where its fields say what it is: `(_ name: ... body: (field_declaration_list))` is a named struct
; or union (only struct, union and enum specifiers have both fields), `(_ body: (enumerator_list))`
; an enum, `(_ "typedef" declarator: ...)` a typedef, `(_ type: (_) !body declarator: ... ";")` a
; declaration (a function definition has a body, a parameter no `;`; a field's or a typedef's
; declarator ends in a field_identifier / type_identifier, not an identifier). Under
; translation_unit and compound_statement the children are wildcards too, their kind checked by
; `#parent-is?` (below); there a declarator that is
; a bare identifier is `(_) @name` with a `#match?` on the name, as `(identifier)` would be checked
; (a type qualifier `int _Nonnull x` also sits in the declarator field). Alternations of children
; under a parent (`(preproc_if [A B])`) match slower than separate patterns, so each child is
; its own pattern.
; Below a pattern's root every node is a wildcard (struct_declaration, parenthesized_declarator,
; enumerator_list, enumerator, declaration in ERROR ...): where its kind matters, one of its
; children is captured `@_k_<kind>` and checked with `(#parent-is? @_k_<kind> <kind>)`, so the same
; nodes match. A parenthesized_declarator keeps its `(` token, and attributed_declarator stays
; named: a bare wildcard there would also match a declarator that a sibling alternative matches
; with fewer captures, and tree-sitter drops that match as the shorter one.

; ---- struct / union / enum, typedefs, file-scope variables and constants ------------------------
; A named type with a body is a symbol where it stands: at file level (also in preprocessor blocks
; and ERROR nodes), in a function body, and as the type of a declaration or field declaration
; (`struct s {...} v;`: the struct and `v` are siblings, `v` is tagged on its declarator). A
; typedef of a body is tagged on the whole type_definition (below), so the specifier inside it is
; not matched here.
; Enumerators (also in #if blocks of the list) of a named enum, of a typedef'd or member one, and
; of an anonymous enum at file level (`enum { BUF_SIZE = 256 };`), not of a local's anonymous type.
; Other typedefs: not in function bodies (a local typedef is a local); a typedef of a body matched
; below wins on the same node.
; Variables and constants: one per declarator; the node is the whole declaration (several names
; share it), except beside a named struct/union/enum body (`struct s {...} v;`), where it is the
; declarator. A declaration with `const` before its first `=` (`const int n`, `char *const p`) =
; constant. Skipped: `extern` declarations and prototypes (a declarator `name(...)`, `*name(...)`);
; kept: function pointers `(*name)(...)`.

; in a declaration, a field declaration or a typedef (before the other typedefs: the first pattern
; that matches a node names its kind)
[
  (declaration type: (_ name: (type_identifier) @name body: (field_declaration_list)) @definition.struct)
  (field_declaration
    type: (_ name: (type_identifier) @name body: (field_declaration_list)) @definition.struct
    declarator: (_))
  (declaration type: (_ name: (type_identifier) @name body: (enumerator_list)) @definition.enum)
  (field_declaration
    type: (_ name: (type_identifier) @name body: (enumerator_list)) @definition.enum
    declarator: (_))
]
; a nested type without declarator is the whole field_declaration (with its `;`)
(field_declaration
  type: (_ name: (type_identifier) @name body: (field_declaration_list))
  !declarator) @definition.struct
(field_declaration
  type: (_ name: (type_identifier) @name body: (enumerator_list))
  !declarator) @definition.enum

; typedef of a body: the typedef names it, and its tag (if any) is a second name of the same node
(type_definition type: (_ body: (field_declaration_list)) declarator: (type_identifier) @name) @definition.struct
(type_definition type: (_ name: (type_identifier) @name body: (field_declaration_list))) @definition.struct
(type_definition type: (_ body: (enumerator_list)) declarator: (type_identifier) @name) @definition.enum
(type_definition type: (_ name: (type_identifier) @name body: (enumerator_list))) @definition.enum

((enum_specifier name: (_) body: (_ [
          (_ name: (identifier) @name @_k_enumerator) @definition.enum_member
          (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member)
          (_ (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member))
        ] @_k_enumerator_list))
  (#parent-is? @_k_enumerator enumerator)
  (#parent-is? @_k_enumerator_list enumerator_list))
([
  (type_definition type: (_ !name body: (_ [
          (_ name: (identifier) @name @_k_enumerator) @definition.enum_member
          (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member)
          (_ (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member))
        ] @_k_enumerator_list)))
  (field_declaration type: (_ !name body: (_ [
          (_ name: (identifier) @name @_k_enumerator) @definition.enum_member
          (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member)
          (_ (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member))
        ] @_k_enumerator_list)))
]
  (#parent-is? @_k_enumerator enumerator)
  (#parent-is? @_k_enumerator_list enumerator_list))

; at file level, in preprocessor blocks and ERROR nodes; types also in a function body;
; typedefs, variables and constants also in an @implementation
((translation_unit
  [
      (_ name: (type_identifier) @name body: (_) @_k_struct_specifier)
      (_ name: (type_identifier) @name body: (_) @_k_union_specifier)
    ] @definition.struct)
  (#parent-is? @_k_struct_specifier struct_specifier)
  (#parent-is? @_k_union_specifier union_specifier))
((translation_unit
  (_ name: (type_identifier) @name body: (_) @_k_enum_specifier) @definition.enum)
  (#parent-is? @_k_enum_specifier enum_specifier))
((translation_unit
  (_ !name body: (_ [
        (_ name: (identifier) @name @_k_enumerator) @definition.enum_member
        (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member)
        (_ (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member))
      ] @_k_enumerator_list) @_k_enum_specifier))
  (#parent-is? @_k_enum_specifier enum_specifier)
  (#parent-is? @_k_enumerator enumerator)
  (#parent-is? @_k_enumerator_list enumerator_list))
((translation_unit
  (_ type: (_ !name body: (_ [
        (_ name: (identifier) @name @_k_enumerator) @definition.enum_member
        (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member)
        (_ (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member))
      ] @_k_enumerator_list)) @_k_declaration))
  (#parent-is? @_k_declaration declaration)
  (#parent-is? @_k_enumerator enumerator)
  (#parent-is? @_k_enumerator_list enumerator_list))
((translation_unit
  (_ declarator: [
        (_) @name
        (_ declarator: [
          (type_identifier) @name
          (_ declarator: [(type_identifier) @name (_ declarator: (type_identifier) @name) (_ "(" (_ declarator: (type_identifier) @name) @_k_parenthesized_declarator)])
          (_ "(" (_ declarator: (type_identifier) @name) @_k_parenthesized_declarator)
        ])
      ] @_k_type_definition) @definition.type)
  (#not-match? @definition.type "^typedef\\s+(NS|CF)_\\w*(ENUM|OPTIONS)")
  (#match? @name "^[A-Za-z_$][\\w$]*$")
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator)
  (#parent-is? @_k_type_definition type_definition))
((translation_unit
  (_ declarator: [
        (_) @name
        (_ declarator: [
          (identifier) @name
          (_ declarator: [(identifier) @name (_ declarator: (identifier) @name) (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)])
          (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)
        ])
      ] @_declarator @_k_declaration) @definition.constant)
  (#match? @definition.constant "^[^=({]*\\bconst\\b")
  (#not-match? @definition.constant "^[A-Z_][A-Z0-9_]*\\s*\\n|^extern\\b|^[\\w\\s]*\\b(struct|union|enum)\\s+\\w+\\s*[{]")
  (#not-match? @_declarator "^[*\\s]*(\\w+\\s+[*\\s]*)*[A-Za-z_]\\w*\\s*[(]")
  (#match? @name "^[A-Za-z_$][\\w$]*$")
  (#not-match? @name "^(const|constexpr|volatile|restrict|__restrict__|__extension__|_Atomic|_Noreturn|noreturn|nullable|_Complex|_Nonnull|_Nullable|_Nullable_result|_Null_unspecified|__autoreleasing|__block|__bridge|__bridge_retained|__bridge_transfer|__complex|__const|__imag|__kindof|__nonnull|__nullable|__ptrauth_objc_class_ro|__ptrauth_objc_isa_pointer|__ptrauth_objc_super_pointer|__real|__strong|__unsafe_unretained|__unused|__weak)$")
  (#parent-is? @_k_declaration declaration)
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator))
((translation_unit
  (_ declarator: [
        (_) @name
        (_ declarator: [
          (identifier) @name
          (_ declarator: [(identifier) @name (_ declarator: (identifier) @name) (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)])
          (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)
        ])
      ] @_declarator @_k_declaration) @definition.variable)
  (#not-match? @definition.variable "^[^=({]*\\bconst\\b")
  (#not-match? @definition.variable "^[A-Z_][A-Z0-9_]*\\s*\\n|^extern\\b|^[\\w\\s]*\\b(struct|union|enum)\\s+\\w+\\s*[{]")
  (#not-match? @_declarator "^[*\\s]*(\\w+\\s+[*\\s]*)*[A-Za-z_]\\w*\\s*[(]")
  (#match? @name "^[A-Za-z_$][\\w$]*$")
  (#not-match? @name "^(const|constexpr|volatile|restrict|__restrict__|__extension__|_Atomic|_Noreturn|noreturn|nullable|_Complex|_Nonnull|_Nullable|_Nullable_result|_Null_unspecified|__autoreleasing|__block|__bridge|__bridge_retained|__bridge_transfer|__complex|__const|__imag|__kindof|__nonnull|__nullable|__ptrauth_objc_class_ro|__ptrauth_objc_isa_pointer|__ptrauth_objc_super_pointer|__real|__strong|__unsafe_unretained|__unused|__weak)$")
  (#parent-is? @_k_declaration declaration)
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator))
((translation_unit
  (_ type: (_ name: (_) body: (_)) declarator: [
        (_) @name
        (_ declarator: [
          (identifier) @name
          (_ declarator: [(identifier) @name (_ declarator: (identifier) @name) (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)])
          (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)
        ])
      ] @definition.variable @_k_declaration))
  (#not-match? @definition.variable "^[*\\s]*(\\w+\\s+[*\\s]*)*[A-Za-z_]\\w*\\s*[(]")
  (#match? @name "^[A-Za-z_$][\\w$]*$")
  (#not-match? @name "^(const|constexpr|volatile|restrict|__restrict__|__extension__|_Atomic|_Noreturn|noreturn|nullable|_Complex|_Nonnull|_Nullable|_Nullable_result|_Null_unspecified|__autoreleasing|__block|__bridge|__bridge_retained|__bridge_transfer|__complex|__const|__imag|__kindof|__nonnull|__nullable|__ptrauth_objc_class_ro|__ptrauth_objc_isa_pointer|__ptrauth_objc_super_pointer|__real|__strong|__unsafe_unretained|__unused|__weak)$")
  (#parent-is? @_k_declaration declaration)
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator))
(preproc_if
  (_ name: (type_identifier) @name body: (field_declaration_list)) @definition.struct)
(preproc_if
  (_ name: (type_identifier) @name body: (enumerator_list)) @definition.enum)
((preproc_if
  (_ !name body: (_ [
        (_ name: (identifier) @name @_k_enumerator) @definition.enum_member
        (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member)
        (_ (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member))
      ] @_k_enumerator_list)))
  (#parent-is? @_k_enumerator enumerator)
  (#parent-is? @_k_enumerator_list enumerator_list))
((preproc_if
  (_ type: (_ !name body: (_ [
        (_ name: (identifier) @name @_k_enumerator) @definition.enum_member
        (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member)
        (_ (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member))
      ] @_k_enumerator_list))))
  (#parent-is? @_k_enumerator enumerator)
  (#parent-is? @_k_enumerator_list enumerator_list))
((preproc_if
  (_ "typedef" declarator: [
        (type_identifier) @name
        (_ declarator: [
          (type_identifier) @name
          (_ declarator: [(type_identifier) @name (_ declarator: (type_identifier) @name) (_ "(" (_ declarator: (type_identifier) @name) @_k_parenthesized_declarator)])
          (_ "(" (_ declarator: (type_identifier) @name) @_k_parenthesized_declarator)
        ])
      ]) @definition.type)
  (#not-match? @definition.type "^typedef\\s+(NS|CF)_\\w*(ENUM|OPTIONS)")
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator))
((preproc_if
  (_ type: (_) !body declarator: [
        (identifier) @name
        (_ declarator: [
          (identifier) @name
          (_ declarator: [(identifier) @name (_ declarator: (identifier) @name) (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)])
          (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)
        ])
      ] @_declarator ";") @definition.constant)
  (#match? @definition.constant "^[^=({]*\\bconst\\b")
  (#not-match? @definition.constant "^[A-Z_][A-Z0-9_]*\\s*\\n|^extern\\b|^[\\w\\s]*\\b(struct|union|enum)\\s+\\w+\\s*[{]")
  (#not-match? @_declarator "^[*\\s]*(\\w+\\s+[*\\s]*)*[A-Za-z_]\\w*\\s*[(]")
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator))
((preproc_if
  (_ type: (_) !body declarator: [
        (identifier) @name
        (_ declarator: [
          (identifier) @name
          (_ declarator: [(identifier) @name (_ declarator: (identifier) @name) (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)])
          (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)
        ])
      ] @_declarator ";") @definition.variable)
  (#not-match? @definition.variable "^[^=({]*\\bconst\\b")
  (#not-match? @definition.variable "^[A-Z_][A-Z0-9_]*\\s*\\n|^extern\\b|^[\\w\\s]*\\b(struct|union|enum)\\s+\\w+\\s*[{]")
  (#not-match? @_declarator "^[*\\s]*(\\w+\\s+[*\\s]*)*[A-Za-z_]\\w*\\s*[(]")
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator))
((preproc_if
  (_ type: (_ name: (_) body: (_)) !body declarator: [
        (identifier) @name
        (_ declarator: [
          (identifier) @name
          (_ declarator: [(identifier) @name (_ declarator: (identifier) @name) (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)])
          (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)
        ])
      ] @definition.variable))
  (#not-match? @definition.variable "^[*\\s]*(\\w+\\s+[*\\s]*)*[A-Za-z_]\\w*\\s*[(]")
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator))
(preproc_ifdef
  (_ name: (type_identifier) @name body: (field_declaration_list)) @definition.struct)
(preproc_ifdef
  (_ name: (type_identifier) @name body: (enumerator_list)) @definition.enum)
((preproc_ifdef
  (_ !name body: (_ [
        (_ name: (identifier) @name @_k_enumerator) @definition.enum_member
        (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member)
        (_ (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member))
      ] @_k_enumerator_list)))
  (#parent-is? @_k_enumerator enumerator)
  (#parent-is? @_k_enumerator_list enumerator_list))
((preproc_ifdef
  (_ type: (_ !name body: (_ [
        (_ name: (identifier) @name @_k_enumerator) @definition.enum_member
        (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member)
        (_ (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member))
      ] @_k_enumerator_list))))
  (#parent-is? @_k_enumerator enumerator)
  (#parent-is? @_k_enumerator_list enumerator_list))
((preproc_ifdef
  (_ "typedef" declarator: [
        (type_identifier) @name
        (_ declarator: [
          (type_identifier) @name
          (_ declarator: [(type_identifier) @name (_ declarator: (type_identifier) @name) (_ "(" (_ declarator: (type_identifier) @name) @_k_parenthesized_declarator)])
          (_ "(" (_ declarator: (type_identifier) @name) @_k_parenthesized_declarator)
        ])
      ]) @definition.type)
  (#not-match? @definition.type "^typedef\\s+(NS|CF)_\\w*(ENUM|OPTIONS)")
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator))
((preproc_ifdef
  (_ type: (_) !body declarator: [
        (identifier) @name
        (_ declarator: [
          (identifier) @name
          (_ declarator: [(identifier) @name (_ declarator: (identifier) @name) (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)])
          (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)
        ])
      ] @_declarator ";") @definition.constant)
  (#match? @definition.constant "^[^=({]*\\bconst\\b")
  (#not-match? @definition.constant "^[A-Z_][A-Z0-9_]*\\s*\\n|^extern\\b|^[\\w\\s]*\\b(struct|union|enum)\\s+\\w+\\s*[{]")
  (#not-match? @_declarator "^[*\\s]*(\\w+\\s+[*\\s]*)*[A-Za-z_]\\w*\\s*[(]")
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator))
((preproc_ifdef
  (_ type: (_) !body declarator: [
        (identifier) @name
        (_ declarator: [
          (identifier) @name
          (_ declarator: [(identifier) @name (_ declarator: (identifier) @name) (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)])
          (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)
        ])
      ] @_declarator ";") @definition.variable)
  (#not-match? @definition.variable "^[^=({]*\\bconst\\b")
  (#not-match? @definition.variable "^[A-Z_][A-Z0-9_]*\\s*\\n|^extern\\b|^[\\w\\s]*\\b(struct|union|enum)\\s+\\w+\\s*[{]")
  (#not-match? @_declarator "^[*\\s]*(\\w+\\s+[*\\s]*)*[A-Za-z_]\\w*\\s*[(]")
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator))
((preproc_ifdef
  (_ type: (_ name: (_) body: (_)) !body declarator: [
        (identifier) @name
        (_ declarator: [
          (identifier) @name
          (_ declarator: [(identifier) @name (_ declarator: (identifier) @name) (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)])
          (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)
        ])
      ] @definition.variable))
  (#not-match? @definition.variable "^[*\\s]*(\\w+\\s+[*\\s]*)*[A-Za-z_]\\w*\\s*[(]")
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator))
(preproc_else
  (_ name: (type_identifier) @name body: (field_declaration_list)) @definition.struct)
(preproc_else
  (_ name: (type_identifier) @name body: (enumerator_list)) @definition.enum)
((preproc_else
  (_ !name body: (_ [
        (_ name: (identifier) @name @_k_enumerator) @definition.enum_member
        (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member)
        (_ (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member))
      ] @_k_enumerator_list)))
  (#parent-is? @_k_enumerator enumerator)
  (#parent-is? @_k_enumerator_list enumerator_list))
((preproc_else
  (_ type: (_ !name body: (_ [
        (_ name: (identifier) @name @_k_enumerator) @definition.enum_member
        (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member)
        (_ (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member))
      ] @_k_enumerator_list))))
  (#parent-is? @_k_enumerator enumerator)
  (#parent-is? @_k_enumerator_list enumerator_list))
((preproc_else
  (_ "typedef" declarator: [
        (type_identifier) @name
        (_ declarator: [
          (type_identifier) @name
          (_ declarator: [(type_identifier) @name (_ declarator: (type_identifier) @name) (_ "(" (_ declarator: (type_identifier) @name) @_k_parenthesized_declarator)])
          (_ "(" (_ declarator: (type_identifier) @name) @_k_parenthesized_declarator)
        ])
      ]) @definition.type)
  (#not-match? @definition.type "^typedef\\s+(NS|CF)_\\w*(ENUM|OPTIONS)")
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator))
((preproc_else
  (_ type: (_) !body declarator: [
        (identifier) @name
        (_ declarator: [
          (identifier) @name
          (_ declarator: [(identifier) @name (_ declarator: (identifier) @name) (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)])
          (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)
        ])
      ] @_declarator ";") @definition.constant)
  (#match? @definition.constant "^[^=({]*\\bconst\\b")
  (#not-match? @definition.constant "^[A-Z_][A-Z0-9_]*\\s*\\n|^extern\\b|^[\\w\\s]*\\b(struct|union|enum)\\s+\\w+\\s*[{]")
  (#not-match? @_declarator "^[*\\s]*(\\w+\\s+[*\\s]*)*[A-Za-z_]\\w*\\s*[(]")
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator))
((preproc_else
  (_ type: (_) !body declarator: [
        (identifier) @name
        (_ declarator: [
          (identifier) @name
          (_ declarator: [(identifier) @name (_ declarator: (identifier) @name) (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)])
          (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)
        ])
      ] @_declarator ";") @definition.variable)
  (#not-match? @definition.variable "^[^=({]*\\bconst\\b")
  (#not-match? @definition.variable "^[A-Z_][A-Z0-9_]*\\s*\\n|^extern\\b|^[\\w\\s]*\\b(struct|union|enum)\\s+\\w+\\s*[{]")
  (#not-match? @_declarator "^[*\\s]*(\\w+\\s+[*\\s]*)*[A-Za-z_]\\w*\\s*[(]")
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator))
((preproc_else
  (_ type: (_ name: (_) body: (_)) !body declarator: [
        (identifier) @name
        (_ declarator: [
          (identifier) @name
          (_ declarator: [(identifier) @name (_ declarator: (identifier) @name) (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)])
          (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)
        ])
      ] @definition.variable))
  (#not-match? @definition.variable "^[*\\s]*(\\w+\\s+[*\\s]*)*[A-Za-z_]\\w*\\s*[(]")
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator))
(preproc_elif
  (_ name: (type_identifier) @name body: (field_declaration_list)) @definition.struct)
(preproc_elif
  (_ name: (type_identifier) @name body: (enumerator_list)) @definition.enum)
((preproc_elif
  (_ !name body: (_ [
        (_ name: (identifier) @name @_k_enumerator) @definition.enum_member
        (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member)
        (_ (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member))
      ] @_k_enumerator_list)))
  (#parent-is? @_k_enumerator enumerator)
  (#parent-is? @_k_enumerator_list enumerator_list))
((preproc_elif
  (_ type: (_ !name body: (_ [
        (_ name: (identifier) @name @_k_enumerator) @definition.enum_member
        (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member)
        (_ (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member))
      ] @_k_enumerator_list))))
  (#parent-is? @_k_enumerator enumerator)
  (#parent-is? @_k_enumerator_list enumerator_list))
((preproc_elif
  (_ "typedef" declarator: [
        (type_identifier) @name
        (_ declarator: [
          (type_identifier) @name
          (_ declarator: [(type_identifier) @name (_ declarator: (type_identifier) @name) (_ "(" (_ declarator: (type_identifier) @name) @_k_parenthesized_declarator)])
          (_ "(" (_ declarator: (type_identifier) @name) @_k_parenthesized_declarator)
        ])
      ]) @definition.type)
  (#not-match? @definition.type "^typedef\\s+(NS|CF)_\\w*(ENUM|OPTIONS)")
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator))
((preproc_elif
  (_ type: (_) !body declarator: [
        (identifier) @name
        (_ declarator: [
          (identifier) @name
          (_ declarator: [(identifier) @name (_ declarator: (identifier) @name) (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)])
          (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)
        ])
      ] @_declarator ";") @definition.constant)
  (#match? @definition.constant "^[^=({]*\\bconst\\b")
  (#not-match? @definition.constant "^[A-Z_][A-Z0-9_]*\\s*\\n|^extern\\b|^[\\w\\s]*\\b(struct|union|enum)\\s+\\w+\\s*[{]")
  (#not-match? @_declarator "^[*\\s]*(\\w+\\s+[*\\s]*)*[A-Za-z_]\\w*\\s*[(]")
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator))
((preproc_elif
  (_ type: (_) !body declarator: [
        (identifier) @name
        (_ declarator: [
          (identifier) @name
          (_ declarator: [(identifier) @name (_ declarator: (identifier) @name) (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)])
          (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)
        ])
      ] @_declarator ";") @definition.variable)
  (#not-match? @definition.variable "^[^=({]*\\bconst\\b")
  (#not-match? @definition.variable "^[A-Z_][A-Z0-9_]*\\s*\\n|^extern\\b|^[\\w\\s]*\\b(struct|union|enum)\\s+\\w+\\s*[{]")
  (#not-match? @_declarator "^[*\\s]*(\\w+\\s+[*\\s]*)*[A-Za-z_]\\w*\\s*[(]")
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator))
((preproc_elif
  (_ type: (_ name: (_) body: (_)) !body declarator: [
        (identifier) @name
        (_ declarator: [
          (identifier) @name
          (_ declarator: [(identifier) @name (_ declarator: (identifier) @name) (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)])
          (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)
        ])
      ] @definition.variable))
  (#not-match? @definition.variable "^[*\\s]*(\\w+\\s+[*\\s]*)*[A-Za-z_]\\w*\\s*[(]")
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator))
(ERROR
  (_ name: (type_identifier) @name body: (field_declaration_list)) @definition.struct)
(ERROR
  (_ name: (type_identifier) @name body: (enumerator_list)) @definition.enum)
((ERROR
  (_ !name body: (_ [
        (_ name: (identifier) @name @_k_enumerator) @definition.enum_member
        (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member)
        (_ (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member))
      ] @_k_enumerator_list)))
  (#parent-is? @_k_enumerator enumerator)
  (#parent-is? @_k_enumerator_list enumerator_list))
((ERROR
  (_ type: (_ !name body: (_ [
        (_ name: (identifier) @name @_k_enumerator) @definition.enum_member
        (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member)
        (_ (_ (_ name: (identifier) @name @_k_enumerator) @definition.enum_member))
      ] @_k_enumerator_list))))
  (#parent-is? @_k_enumerator enumerator)
  (#parent-is? @_k_enumerator_list enumerator_list))
((ERROR
  (_ "typedef" declarator: [
        (type_identifier) @name
        (_ declarator: [
          (type_identifier) @name
          (_ declarator: [(type_identifier) @name (_ declarator: (type_identifier) @name) (_ "(" (_ declarator: (type_identifier) @name) @_k_parenthesized_declarator)])
          (_ "(" (_ declarator: (type_identifier) @name) @_k_parenthesized_declarator)
        ])
      ]) @definition.type)
  (#not-match? @definition.type "^typedef\\s+(NS|CF)_\\w*(ENUM|OPTIONS)")
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator))
((ERROR
  (_ type: (_) !body declarator: [
        (identifier) @name
        (_ declarator: [
          (identifier) @name
          (_ declarator: [(identifier) @name (_ declarator: (identifier) @name) (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)])
          (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)
        ])
      ] @_declarator ";") @definition.constant)
  (#match? @definition.constant "^[^=({]*\\bconst\\b")
  (#not-match? @definition.constant "^[A-Z_][A-Z0-9_]*\\s*\\n|^extern\\b|^[\\w\\s]*\\b(struct|union|enum)\\s+\\w+\\s*[{]")
  (#not-match? @_declarator "^[*\\s]*(\\w+\\s+[*\\s]*)*[A-Za-z_]\\w*\\s*[(]")
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator))
((ERROR
  (_ type: (_) !body declarator: [
        (identifier) @name
        (_ declarator: [
          (identifier) @name
          (_ declarator: [(identifier) @name (_ declarator: (identifier) @name) (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)])
          (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)
        ])
      ] @_declarator ";") @definition.variable)
  (#not-match? @definition.variable "^[^=({]*\\bconst\\b")
  (#not-match? @definition.variable "^[A-Z_][A-Z0-9_]*\\s*\\n|^extern\\b|^[\\w\\s]*\\b(struct|union|enum)\\s+\\w+\\s*[{]")
  (#not-match? @_declarator "^[*\\s]*(\\w+\\s+[*\\s]*)*[A-Za-z_]\\w*\\s*[(]")
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator))
((ERROR
  (_ type: (_ name: (_) body: (_)) !body declarator: [
        (identifier) @name
        (_ declarator: [
          (identifier) @name
          (_ declarator: [(identifier) @name (_ declarator: (identifier) @name) (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)])
          (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)
        ])
      ] @definition.variable))
  (#not-match? @definition.variable "^[*\\s]*(\\w+\\s+[*\\s]*)*[A-Za-z_]\\w*\\s*[(]")
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator))
((compound_statement
  [
      (_ name: (type_identifier) @name body: (_) @_k_struct_specifier)
      (_ name: (type_identifier) @name body: (_) @_k_union_specifier)
    ] @definition.struct)
  (#parent-is? @_k_struct_specifier struct_specifier)
  (#parent-is? @_k_union_specifier union_specifier))
((compound_statement
  (_ name: (type_identifier) @name body: (_) @_k_enum_specifier) @definition.enum)
  (#parent-is? @_k_enum_specifier enum_specifier))
((implementation_definition
  (_ "typedef" declarator: [
        (type_identifier) @name
        (_ declarator: [
          (type_identifier) @name
          (_ declarator: [(type_identifier) @name (_ declarator: (type_identifier) @name) (_ "(" (_ declarator: (type_identifier) @name) @_k_parenthesized_declarator)])
          (_ "(" (_ declarator: (type_identifier) @name) @_k_parenthesized_declarator)
        ])
      ]) @definition.type)
  (#not-match? @definition.type "^typedef\\s+(NS|CF)_\\w*(ENUM|OPTIONS)")
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator))
((implementation_definition
  (_ type: (_) !body declarator: [
        (identifier) @name
        (_ declarator: [
          (identifier) @name
          (_ declarator: [(identifier) @name (_ declarator: (identifier) @name) (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)])
          (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)
        ])
      ] @_declarator ";") @definition.constant)
  (#match? @definition.constant "^[^=({]*\\bconst\\b")
  (#not-match? @definition.constant "^[A-Z_][A-Z0-9_]*\\s*\\n|^extern\\b|^[\\w\\s]*\\b(struct|union|enum)\\s+\\w+\\s*[{]")
  (#not-match? @_declarator "^[*\\s]*(\\w+\\s+[*\\s]*)*[A-Za-z_]\\w*\\s*[(]")
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator))
((implementation_definition
  (_ type: (_) !body declarator: [
        (identifier) @name
        (_ declarator: [
          (identifier) @name
          (_ declarator: [(identifier) @name (_ declarator: (identifier) @name) (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)])
          (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)
        ])
      ] @_declarator ";") @definition.variable)
  (#not-match? @definition.variable "^[^=({]*\\bconst\\b")
  (#not-match? @definition.variable "^[A-Z_][A-Z0-9_]*\\s*\\n|^extern\\b|^[\\w\\s]*\\b(struct|union|enum)\\s+\\w+\\s*[{]")
  (#not-match? @_declarator "^[*\\s]*(\\w+\\s+[*\\s]*)*[A-Za-z_]\\w*\\s*[(]")
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator))
((implementation_definition
  (_ type: (_ name: (_) body: (_)) !body declarator: [
        (identifier) @name
        (_ declarator: [
          (identifier) @name
          (_ declarator: [(identifier) @name (_ declarator: (identifier) @name) (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)])
          (_ "(" (_ declarator: (identifier) @name) @_k_parenthesized_declarator)
        ])
      ] @definition.variable))
  (#not-match? @definition.variable "^[*\\s]*(\\w+\\s+[*\\s]*)*[A-Za-z_]\\w*\\s*[(]")
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator))


; ---- fields ----------------------------------------------------------------------------------------
; One per declarator. A field whose type is a named struct/union/enum body is tagged on its
; declarator (the type is a sibling symbol); otherwise on the whole field_declaration, so the
; fields of an anonymous struct/union member nest under it. Anonymous members without declarator
; (C11) are not symbols: their fields belong to the enclosing struct.

((field_declaration
  declarator: [
    (field_identifier) @name
    (_ declarator: [
      (field_identifier) @name
      (_ declarator: [
        (field_identifier) @name
        (_ declarator: (field_identifier) @name)
        (_ "(" (_ declarator: (field_identifier) @name) @_k_parenthesized_declarator)
      ])
      (_ "(" (_ declarator: (field_identifier) @name) @_k_parenthesized_declarator)
    ])
    (attributed_declarator (field_identifier) @name)
  ]) @definition.field
  (#not-match? @definition.field "^[\\w\\s]*\\b(struct|union|enum)\\s+\\w+\\s*[{]")
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator))
((field_declaration
  type: (_ name: (_) body: (_))
  declarator: [
    (field_identifier) @name
    (_ declarator: [
      (field_identifier) @name
      (_ declarator: [
        (field_identifier) @name
        (_ declarator: (field_identifier) @name)
        (_ "(" (_ declarator: (field_identifier) @name) @_k_parenthesized_declarator)
      ])
      (_ "(" (_ declarator: (field_identifier) @name) @_k_parenthesized_declarator)
    ])
    (attributed_declarator (field_identifier) @name)
  ] @definition.field)
  (#parent-is? @_k_parenthesized_declarator parenthesized_declarator))
