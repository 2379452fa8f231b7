; arborist tags for HCL and Terraform (tree-sitter-hcl 1.1: `.tf`, `.tfvars`, `.hcl`).
; Vocabulary: queries/README.md.
;
; Blocks are named the way Terraform addresses them, with `/` for `.`:
;   resource "aws_instance" "web" {}   class      `aws_instance/web`: the type label is a @receiver, so
;                                                 the resources of one type gather under an object named
;                                                 after the type (like Go methods under their receiver)
;   data "aws_ami" "ubuntu" {}         struct     `aws_ami/ubuntu`, the same way (a data source of the
;                                                 same type as a resource shares its object; the kind
;                                                 tells them apart)
;   module "vpc" {}                    module     `vpc`
;   variable "region" {}               variable   `region`
;   output "vpc_id" {}                 property   `vpc_id` (a value the module exports)
;   locals { name_prefix = ... }       constant   `name_prefix`: each local is a top-level constant; the
;                                                 `locals` block itself is not a symbol
;   provider "aws" {}                  namespace  `aws` (several with `alias` are aws[0], aws[1], ...)
;   terraform {}, other unlabeled      namespace  named by the block type (`terraform`, `moved`)
;   other blocks with one label        class      named by the label (Nomad `job "web"`)
;   other blocks with two labels       class      like resources (Packer `source "amazon-ebs" "ubuntu"`)
;   name = value at the top level      variable   `.tfvars` assignments, Terragrunt `inputs`
; Inside a top-level block, one level only: its attributes and its nested blocks are fields
; (`aws_instance/web/ami`, `aws_instance/web/lifecycle`; a `dynamic "x"` block is named `x`); nothing
; deeper, and no object keys.

; ---- labeled blocks: `type "label" "label"` -------------------------------------------------------

((config_file (body (block
  . (identifier) @_type
  . [(string_lit (template_literal) @receiver) (identifier) @receiver]
  . [(string_lit (template_literal) @name) (identifier) @name]) @definition.class))
  (#eq? @_type "resource"))

((config_file (body (block
  . (identifier) @_type
  . [(string_lit (template_literal) @receiver) (identifier) @receiver]
  . [(string_lit (template_literal) @name) (identifier) @name]) @definition.struct))
  (#eq? @_type "data"))

((config_file (body (block
  . (identifier) @_type
  . [(string_lit (template_literal) @name) (identifier) @name]) @definition.module))
  (#eq? @_type "module"))

((config_file (body (block
  . (identifier) @_type
  . [(string_lit (template_literal) @name) (identifier) @name]) @definition.variable))
  (#eq? @_type "variable"))

((config_file (body (block
  . (identifier) @_type
  . [(string_lit (template_literal) @name) (identifier) @name]) @definition.property))
  (#eq? @_type "output"))

((config_file (body (block
  . (identifier) @_type
  . [(string_lit (template_literal) @name) (identifier) @name]) @definition.namespace))
  (#eq? @_type "provider"))

; any other block: two labels like a resource, one label named by it, none named by its type
(config_file (body (block
  . (identifier)
  . [(string_lit (template_literal) @receiver) (identifier) @receiver]
  . [(string_lit (template_literal) @name) (identifier) @name]) @definition.class))
(config_file (body (block
  . (identifier)
  . [(string_lit (template_literal) @name) (identifier) @name]
  . (block_start)) @definition.class))
((config_file (body (block
  . (identifier) @name
  . (block_start)) @definition.namespace))
  (#not-eq? @name "locals"))

; ---- locals and top-level attributes ------------------------------------------------------------------

((config_file (body (block
  . (identifier) @_type
  (body (attribute . (identifier) @name) @definition.constant))))
  (#eq? @_type "locals"))

(config_file (body (attribute . (identifier) @name) @definition.variable))

; ---- one level inside a top-level block: attributes and nested blocks are fields ------------------------

((config_file (body (block
  . (identifier) @_type
  (body (attribute . (identifier) @name) @definition.field))))
  (#not-eq? @_type "locals"))

((config_file (body (block
  (body (block
    . (identifier) @name) @definition.field))))
  (#not-eq? @name "dynamic"))
((config_file (body (block
  (body (block
    . (identifier) @_dynamic
    . [(string_lit (template_literal) @name) (identifier) @name]) @definition.field))))
  (#eq? @_dynamic "dynamic"))
