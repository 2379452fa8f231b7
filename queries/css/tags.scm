; arborist tags for CSS (tree-sitter-css 0.25). Vocabulary: queries/README.md.
; A rule set is a symbol named by its selectors (`.btn:hover, .btn:focus`), of kind Class (as editors'
; CSS outlines show rule sets); `@media`/`@supports` blocks are modules named by their first condition,
; and rule sets inside them nest (`screen/.sidebar`); `@keyframes spin` is a class named `spin`.

(rule_set (selectors) @name) @definition.rule
(media_statement . (_) @name) @definition.module
(supports_statement . (_) @name) @definition.module
(keyframes_statement (keyframes_name) @name) @definition.rule
