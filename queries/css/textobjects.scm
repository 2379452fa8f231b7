; arborist textobjects for CSS: a rule set is a class-like block; a comment directly above it is its doc.

(rule_set (block) @class.inside) @class.around
(comment) @preamble.doc
