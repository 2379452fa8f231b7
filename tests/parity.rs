//! Parity with the reference server's tool surface (tests/reference_surface.txt, from serena-api.md):
//! every default-context tool exists and is active, every listed optional tool exists and is off by default,
//! each with the same parameter names, types, required-ness and defaults. Extra tools and extra optional
//! parameters are deliberate extensions (README).

use arborist::contexts::Activation;
use arborist::settings::ProjectConfig;
use serde_json::Value;

/// Reference tools arborist does not have yet, with the issue that adds them.
const PENDING: &[(&str, &str)] = &[];

struct RefParam {
    name: String,
    ty: String,
    optional: bool,
    default: Option<String>,
}

/// The reference tools: name, whether the tool is optional, parameters.
fn reference() -> Vec<(String, bool, Vec<RefParam>)> {
    include_str!("reference_surface.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (optional_tool, l) = l.strip_prefix("optional ").map_or((false, l), |rest| (true, rest));
            let mut parts = l.split(' ');
            let name = parts.next().unwrap().to_string();
            let params = parts
                .map(|p| {
                    let (head, ty) = p.split_once(':').unwrap();
                    let (ty, default) = match ty.split_once('=') {
                        Some((t, d)) => (t.to_string(), Some(d.to_string())),
                        None => (ty.to_string(), None),
                    };
                    let optional = head.ends_with('?');
                    RefParam { name: head.trim_end_matches('?').to_string(), ty, optional, default }
                })
                .collect();
            (name, optional_tool, params)
        })
        .collect()
}

/// The parameter's type in the reference notation.
fn type_of(schema: &Value) -> String {
    if let Some(values) = schema.get("enum").and_then(Value::as_array) {
        let names: Vec<&str> = values.iter().filter_map(Value::as_str).collect();
        return format!("enum({})", names.join("|"));
    }
    match &schema["type"] {
        Value::String(t) => t.clone(),
        Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect::<Vec<_>>().join("|"),
        _ => "?".into(),
    }
}

#[test]
fn default_context_matches_the_reference_surface() {
    let activation = Activation::new("desktop-app", &[], &ProjectConfig::default()).unwrap();
    let mut problems = Vec::new();
    for (name, optional_tool, params) in reference() {
        if PENDING.iter().any(|(p, _)| *p == name) {
            continue;
        }
        let Some(tool) = arborist::tools::find(&name) else {
            problems.push(format!("{name}: missing"));
            continue;
        };
        if activation.is_active(tool) == optional_tool {
            let state = if optional_tool { "active" } else { "not active" };
            problems.push(format!("{name}: {state} in the default context"));
        }
        let schema = Value::Object((*tool.schema).clone());
        let required: Vec<&str> =
            schema["required"].as_array().map(|a| a.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
        for p in &params {
            let Some(prop) = schema["properties"].get(&p.name) else {
                problems.push(format!("{name}.{}: missing parameter", p.name));
                continue;
            };
            if type_of(prop) != p.ty {
                problems.push(format!("{name}.{}: type {} (reference {})", p.name, type_of(prop), p.ty));
            }
            if required.contains(&p.name.as_str()) == p.optional {
                problems.push(format!("{name}.{}: required={} (reference {})", p.name, !p.optional, !p.optional));
            }
            if let Some(d) = &p.default {
                let ours = prop.get("default").map(|v| v.to_string()).unwrap_or_else(|| "(none)".into());
                if &ours != d {
                    problems.push(format!("{name}.{}: default {ours} (reference {d})", p.name));
                }
            }
        }
        for extra in required.iter().filter(|r| !params.iter().any(|p| p.name == **r)) {
            problems.push(format!("{name}.{extra}: required parameter the reference does not have"));
        }
    }
    assert!(problems.is_empty(), "{} differences:\n{}", problems.len(), problems.join("\n"));
}

#[test]
fn the_default_context_lists_exactly_the_reference_tools_plus_documented_extras() {
    let activation = Activation::new("desktop-app", &[], &ProjectConfig::default()).unwrap();
    let names: Vec<String> = reference().into_iter().filter(|(_, optional, _)| !optional).map(|(n, ..)| n).collect();
    let extras: Vec<&str> =
        arborist::tools::active(&activation).iter().map(|t| t.name).filter(|n| !names.iter().any(|r| r == n)).collect();
    assert!(
        extras.is_empty(),
        "tools beyond the reference in the default context (document them in the README or make them optional): {extras:?}"
    );
}
