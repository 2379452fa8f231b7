//! Compiles `csrc/walks.c`, the walks over tree-sitter's subtrees (leaves, definition starts), against the internal headers of
//! the tree-sitter crate this crate links (its build script exports their place as `DEP_TREE_SITTER_INCLUDE`).

use std::path::PathBuf;

fn main() {
    let include = PathBuf::from(std::env::var("DEP_TREE_SITTER_INCLUDE").expect("tree-sitter exports its include dir"));
    let internal = include.parent().expect("the include dir has a parent").join("src");
    println!("cargo:rerun-if-changed=csrc/walks.c");
    cc::Build::new()
        .std("c11")
        .include(&include)
        .include(&internal)
        .warnings(true)
        .flag_if_supported("-Wno-unused-parameter")
        .file("csrc/walks.c")
        .compile("arborist-walks");
}
