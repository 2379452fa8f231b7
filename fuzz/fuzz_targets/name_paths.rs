//! Name-path patterns from arbitrary text: parsed, or refused with an error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = arborist_syntax::symbols::NamePattern::parse(text);
    }
});
