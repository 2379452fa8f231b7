//! `file://` URIs for project paths, percent-encoded both ways.

use std::path::{Path, PathBuf};

/// `file:///abs/path` with every byte outside the unreserved set and `/` percent-encoded.
pub fn from_path(path: &Path) -> String {
    use std::os::unix::ffi::OsStrExt;
    let mut out = String::from("file://");
    for &b in path.as_os_str().as_bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The path of a `file://` URI (with or without an empty authority), or None for other schemes.
/// Percent escapes are decoded byte-wise; anything else, including unencoded non-ASCII, is kept as is.
pub fn to_path(uri: &str) -> Option<PathBuf> {
    use std::os::unix::ffi::OsStringExt;
    let rest = uri.strip_prefix("file://").or_else(|| uri.strip_prefix("file:"))?;
    let rest = rest.strip_prefix("localhost").unwrap_or(rest);
    let rest = rest.split(['?', '#']).next().unwrap_or(rest);
    let bytes = rest.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && let (Some(h), Some(l)) = (bytes.get(i + 1).and_then(hex), bytes.get(i + 2).and_then(hex))
        {
            out.push(h << 4 | l);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    Some(PathBuf::from(std::ffi::OsString::from_vec(out)))
}

fn hex(b: &u8) -> Option<u8> {
    (*b as char).to_digit(16).map(|d| d as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_with_spaces_and_unicode() {
        let p = Path::new("/tmp/a b/ü#1%.py");
        let uri = from_path(p);
        assert_eq!(uri, "file:///tmp/a%20b/%C3%BC%231%25.py");
        assert_eq!(to_path(&uri).unwrap(), p);
        assert!(to_path("https://x").is_none());
    }

    #[test]
    fn decodes_lowercase_escapes_and_raw_unicode() {
        assert_eq!(to_path("file:///tmp/%c3%bc/ä%2").unwrap(), Path::new("/tmp/ü/ä%2"));
        assert_eq!(to_path("file:///a%3Ab").unwrap(), Path::new("/a:b"));
    }
}
