//! `file://` URIs for project paths, percent-encoded both ways.

use std::path::{Path, PathBuf};

/// `file:///abs/path` with every byte outside the unreserved set and `/` percent-encoded.
pub fn from_path(path: &Path) -> String {
    let mut out = String::from("file://");
    for b in path.to_string_lossy().bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The path of a `file://` URI, or None for other schemes.
pub fn to_path(uri: &str) -> Option<PathBuf> {
    let rest = uri.strip_prefix("file://")?;
    let bytes = rest.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && let Ok(b) = u8::from_str_radix(&rest[i + 1..i + 3], 16)
        {
            out.push(b);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    Some(PathBuf::from(String::from_utf8_lossy(&out).into_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_with_spaces_and_unicode() {
        let p = Path::new("/tmp/a b/ü#1.py");
        let uri = from_path(p);
        assert_eq!(uri, "file:///tmp/a%20b/%C3%BC%231.py");
        assert_eq!(to_path(&uri).unwrap(), p);
        assert!(to_path("https://x").is_none());
    }
}
