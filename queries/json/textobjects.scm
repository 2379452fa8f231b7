; arborist textobjects for JSON: an object is a class-like block. JSON has no comments or wrappers.

(object) @class.around
