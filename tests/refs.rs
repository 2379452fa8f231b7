//! Heuristic references and rename (tree-sitter, no language server).

use crate::util::TestProject;
use serde_json::{Value, json};

fn project() -> TestProject {
    let mut p = TestProject::empty();
    p.write("shop/cart.py", "from shop.prices import price_of\n\n\nclass Cart:\n    def __init__(self):\n        self.items = []\n\n    def add(self, item):\n        self.items.append(item)\n        return price_of(item)\n\n    def total(self):\n        return sum(price_of(i) for i in self.items)\n");
    p.write("shop/prices.py", "PRICES = {\"apple\": 2}\n\n\ndef price_of(item):\n    \"\"\"Price of one item.\"\"\"\n    return PRICES[item]\n\n\ndef add(a, b):\n    return a + b\n\n\ndef unused():\n    return 0\n");
    p.write("shop/main.py", "from shop.cart import Cart\n\n\ndef run():\n    cart = Cart()\n    cart.add(\"apple\")\n    # price_of is mentioned in a comment only\n    return \"price_of\"\n");
    p
}

#[test]
fn references_are_grouped_by_file_and_containing_symbol() {
    let mut p = project();
    let a = p.ok("find_referencing_symbols", json!({"name_path": "price_of", "relative_path": "shop/prices.py"}));
    let v: Value = serde_json::from_str(&a).unwrap();
    let cart = &v["shop/cart.py"];
    assert_eq!(cart["File"][0]["name_path"], "cart", "the import is a file-level use");
    let methods: Vec<&str> =
        cart["Method"].as_array().unwrap().iter().map(|m| m["name_path"].as_str().unwrap()).collect();
    assert_eq!(methods, ["Cart/add", "Cart/total"]);
    assert_eq!(
        cart["Method"][0]["content_around_reference"],
        "...   8:        self.items.append(item)\n  >   9:        return price_of(item)\n...  10:"
    );
    assert_eq!(cart["Method"][0]["backend"], "heuristic");
    assert!(v.get("shop/main.py").is_none(), "comments and strings are not uses: {a}");
}

#[test]
fn member_references_need_a_member_access() {
    let mut p = project();
    let a = p.ok("find_referencing_symbols", json!({"name_path": "Cart/add", "relative_path": "shop/cart.py"}));
    let v: Value = serde_json::from_str(&a).unwrap();
    assert_eq!(v["shop/main.py"]["Function"][0]["name_path"], "run");
    assert!(v.get("shop/prices.py").is_none(), "the free function add(a, b) is not Cart.add: {a}");
    let only_methods = p.ok(
        "find_referencing_symbols",
        json!({"name_path": "price_of", "relative_path": "shop/prices.py", "include_kinds": [6]}),
    );
    assert!(!only_methods.contains("\"File\""), "{only_methods}");
}

#[test]
fn rename_changes_definition_and_uses_in_all_files() {
    let mut p = project();
    let a = p.ok(
        "rename_symbol",
        json!({"name_path": "price_of", "relative_path": "shop/prices.py", "new_name": "unit_price"}),
    );
    assert!(a.starts_with("Successfully renamed 'price_of' to 'unit_price' (2 changes applied)"), "{a}");
    assert!(a.contains("heuristic"));
    assert!(p.read("shop/prices.py").contains("def unit_price(item):"));
    assert_eq!(p.read("shop/cart.py").matches("unit_price").count(), 3);
    assert!(p.read("shop/main.py").contains("# price_of is mentioned"), "comments are left alone");
    assert!(
        p.err("rename_symbol", json!({"name_path": "Cart", "relative_path": "shop/cart.py", "new_name": "no good"}))
            .contains("not a valid identifier")
    );
    assert!(
        p.err("rename_symbol", json!({"name_path": "Nope", "relative_path": "shop/cart.py", "new_name": "X"}))
            .contains("no symbol `Nope`")
    );
}

#[test]
fn safe_delete_refuses_used_symbols_and_deletes_unused_ones() {
    let mut p = project();
    let e = p.err("safe_delete_symbol", json!({"name_path_pattern": "price_of", "relative_path": "shop/prices.py"}));
    assert_eq!(
        e,
        "Error executing tool safe_delete_symbol: Cannot delete, the symbol price_of is referenced in: {\"shop/cart.py\": [0, 9, 12]}"
    );
    assert_eq!(
        p.ok("safe_delete_symbol", json!({"name_path_pattern": "unused", "relative_path": "shop/prices.py"})),
        "OK"
    );
    let after = p.read("shop/prices.py");
    assert!(!after.contains("def unused") && after.ends_with("    return a + b\n"), "{after:?}");
}
