//! The JSON arguments of every tool, coverage-guided: the input picks a tool and builds its arguments
//! from the tool's own parameter names (and strangers) with values of every JSON type, awkward strings
//! among them (path escapes, regex and glob syntax, name paths). Each call answers or errs, never
//! panics, and touches nothing outside the project; the project is restored after each input.
#![no_main]

#[path = "../../tests/fuzz_cases.rs"]
#[allow(dead_code)] // each target uses part of it
mod cases;
#[path = "common/project.rs"]
mod project;

use arbitrary::{Result, Unstructured};
use libfuzzer_sys::{arbitrary, fuzz_target};
use serde_json::{Map, Value};
use std::cell::OnceCell;

thread_local! {
    static PROJECT: OnceCell<project::Project> = const { OnceCell::new() };
}

fn string(u: &mut Unstructured) -> Result<String> {
    if u.ratio(2, 3)? {
        Ok(u.choose(cases::AWKWARD)?.to_string())
    } else {
        Ok(u.arbitrary::<&str>()?.chars().take(80).collect())
    }
}

fn value(u: &mut Unstructured, depth: u32) -> Result<Value> {
    let pick = u.int_in_range(0..=if depth == 0 { 4 } else { 6 })?;
    Ok(match pick {
        0 => Value::Null,
        1 => Value::from(u.arbitrary::<bool>()?),
        2 => Value::from(*u.choose(&[-1i64, 0, 1, 2, 5, 100, i64::MAX, i64::MIN])?),
        3 => serde_json::json!(u.arbitrary::<f64>().ok().filter(|f| f.is_finite()).unwrap_or(1.5)),
        4 => Value::from(string(u)?),
        5 => Value::Array((0..u.int_in_range(0..=3)?).map(|_| value(u, depth - 1)).collect::<Result<_>>()?),
        _ => {
            let mut map = Map::new();
            for _ in 0..u.int_in_range(0..=3)? {
                map.insert(string(u)?, value(u, depth - 1)?);
            }
            Value::Object(map)
        }
    })
}

fn call(u: &mut Unstructured, project: &project::Project) -> Result<()> {
    let tool = *u.choose(&cases::fuzzed_tools())?;
    let names = cases::parameter_names(tool);
    let mut args = Map::new();
    for _ in 0..u.int_in_range(0..=6)? {
        args.insert(u.choose(&names)?.clone(), value(u, 2)?);
    }
    args.remove("backend"); // the heuristic only: no language server starts
    let _ = arborist::tools::call(&project.session, tool, Value::Object(args));
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    PROJECT.with(|cell| {
        let project = cell.get_or_init(|| project::Project::new(&["python", "rust", "typescript", "go", "files"]));
        let _ = call(&mut Unstructured::new(data), project);
        project.check_and_restore();
    });
});
