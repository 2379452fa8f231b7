; arborist imports for Dart: none yet (`import 'package:a/b.dart' show X` names files by package
; URI, which the `modules` naming of grammars.toml cannot express). Vocabulary:
; queries/python/imports.scm.
