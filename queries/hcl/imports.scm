; arborist imports for hcl: none (HCL and Terraform have no imports: a module's files share one
; namespace, and `module` blocks are symbols). Vocabulary: queries/python/imports.scm.
