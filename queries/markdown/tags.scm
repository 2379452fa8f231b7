; arborist tags for Markdown (tree-sitter-md 0.5, block grammar). Vocabulary: queries/README.md.
; A heading opens a section that runs to the next heading of the same or a higher level; sections nest
; by level, so `Install/From source` is the `## From source` under `# Install`. Sections have the kind
; editors give Markdown headings (String). The grammar does not open sections at setext headings
; (`Title` over `=====`): such a heading is a symbol of its own two lines.

(section (atx_heading heading_content: (inline) @name)) @definition.section
(setext_heading heading_content: (paragraph) @name) @definition.section
