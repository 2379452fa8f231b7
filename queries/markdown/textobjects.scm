; arborist textobjects for Markdown: a section is a class-like block.

(section) @class.around
