//! Scope rules (`queries/<lang>/locals.scm`) that the accuracy table against the language servers
//! (benches/accuracy/REFS.md) showed wrong: each test is a case the heuristic got wrong on real code.

use crate::refs::{heuristic_project, uses};

/// TypeScript (rxjs): a destructured local (`const { buffer } = record`, `{ delay = 0 }`) shadows a
/// top-level function of its name, and the destructuring is not a use; the parameters of a signature
/// without a body (an overload, an interface's method, a function type) are not the module's names.
#[test]
fn typescript_destructured_locals_and_signature_parameters() {
    let mut p = heuristic_project(&[
        ("buffer.ts", "export function buffer(n: number): number[] {\n  return [n];\n}\n"),
        ("delay.ts", "export function delay(ms: number): number {\n  return ms;\n}\n"),
        (
            "use.ts",
            "import { buffer } from './buffer';

export function emit(record: { items: number[] }, config: any) {
  const { buffer, items } = record as any;
  buffer.push(1);
  const { delay = 0 } = config;
  return delay + items.length;
}

export function run(delay: number): void;
export function run(delay: string): void;
export function run(delay: any): void {
  buffer(delay);
}

export interface Scheduler {
  schedule(work: (buffer: number) => void, delay: number): void;
}

export type Make = new (buffer: number) => object;
",
        ),
    ]);
    assert_eq!(uses(&mut p, "buffer", "buffer.ts"), "use.ts:0 use\nuse.ts:12 run[2]");
    assert_eq!(uses(&mut p, "delay", "delay.ts"), "", "every `delay` in use.ts is a local or a parameter");
}

/// Go (golang.org/x/mod): a struct literal's field name (`Signature{Hash: h}`, `tlog.Tree{Hash: h}`) is not
/// a use of a top-level symbol of that name; a map literal's key and a value are.
#[test]
fn go_struct_literal_keys_are_field_names() {
    let mut p = heuristic_project(&[(
        "p.go",
        "package p

const Mode = 1

type Config struct {
\tMode int
}

func f(m int) Config {
\treturn Config{Mode: m}
}

var names = map[int]string{Mode: \"mode\"}

func g() []Config {
\treturn []Config{{Mode: Mode}}
}
",
    )]);
    assert_eq!(uses(&mut p, "/Mode", "p.go"), "p.go:12 names\np.go:15 g");
}

/// Rust (regex-syntax): `ref mut x`, `(mut x, n)` and a match arm's lone name bind locals that shadow a
/// top-level function of the name; an `if let` binding is seen only inside its `if`.
#[test]
fn rust_mut_patterns_match_arms_and_if_let() {
    let mut p = heuristic_project(&[(
        "lib.rs",
        "pub fn class(q: u8) -> u8 {
    q
}

pub fn by_ref(result: Result<u8, ()>) -> u8 {
    if let Ok(ref mut class) = result.clone() {
        *class += 1;
    }
    class(1)
}

pub fn by_mut_tuple() -> u8 {
    let (mut class, n) = (1, 2);
    class += n;
    class
}

pub fn by_arm(x: u8) -> u8 {
    match x {
        0 => class(0),
        class => class + 1,
    }
}
",
    )]);
    assert_eq!(uses(&mut p, "class", "lib.rs"), "lib.rs:8 by_ref\nlib.rs:19 by_arm");
}

/// Rust (regex-syntax's test modules): a function of an inline module shadows the crate's function of the
/// name for the module's uses, not for the uses outside it.
#[test]
fn rust_an_inline_module_function_shadows_the_crate_function() {
    let mut p = heuristic_project(&[(
        "lib.rs",
        "pub fn parse(s: &str) -> usize {
    s.len()
}

pub fn outside() -> usize {
    parse(\"a\")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> usize {
        super::parse(s) + 1
    }

    #[test]
    fn inside() {
        assert_eq!(parse(\"a\"), 2);
    }
}
",
    )]);
    assert_eq!(uses(&mut p, "/parse", "lib.rs"), "lib.rs:5 outside\nlib.rs:13 tests/parse ?");
}
