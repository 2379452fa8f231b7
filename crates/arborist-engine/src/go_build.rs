//! Go build constraints: the GOOS/GOARCH pairs a file is built for, from its name (`x_linux.go`,
//! `x_arm64.go`, `x_linux_arm64.go`) and its `//go:build` line, so that a use in one file is not taken for
//! a definition in a file never built with it (`ztypes_linux_s390x.go` defines the `Time_t` of s390x, not
//! the one `syscall_linux_amd64.go` uses).

#[rustfmt::skip]
const OSES: &[&str] = &[
    "aix", "android", "darwin", "dragonfly", "freebsd", "hurd", "illumos", "ios", "js", "linux", "nacl", "netbsd",
    "openbsd", "plan9", "solaris", "wasip1", "windows", "zos",
];
#[rustfmt::skip]
const ARCHES: &[&str] = &[
    "386", "amd64", "amd64p32", "arm", "arm64", "arm64be", "armbe", "loong64", "mips", "mips64", "mips64le",
    "mips64p32", "mips64p32le", "mipsle", "ppc", "ppc64", "ppc64le", "riscv", "riscv64", "s390", "s390x", "sparc",
    "sparc64", "wasm",
];
/// The systems the `unix` tag stands for.
#[rustfmt::skip]
const UNIX: &[&str] = &[
    "aix", "android", "darwin", "dragonfly", "freebsd", "hurd", "illumos", "ios", "linux", "netbsd", "openbsd",
    "solaris",
];

const PAIRS: usize = OSES.len() * ARCHES.len();
const WORDS: usize = PAIRS.div_ceil(64);

/// The GOOS/GOARCH pairs a file may be built for (every pair when nothing restricts it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Platforms([u64; WORDS]);

impl Platforms {
    /// The pairs the file `rel` (with text `text`) is built for. Tags other than systems, architectures,
    /// `unix` and `go1.N` (`cgo`, `purego`, `ignore`) may be set or not.
    pub fn of(rel: &str, text: &str) -> Platforms {
        let named = by_name(rel);
        match build_line(text).and_then(parse) {
            Some(expr) => named.and(Platforms::matching(|os, arch| expr.holds(os, arch) != Some(false))),
            None => named,
        }
    }

    /// Whether nothing restricts the file.
    pub fn is_all(&self) -> bool {
        *self == Platforms::all()
    }

    /// Whether some pair builds both.
    pub fn overlap(&self, other: &Platforms) -> bool {
        self.0.iter().zip(other.0.iter()).any(|(a, b)| a & b != 0)
    }

    fn all() -> Platforms {
        Platforms::matching(|_, _| true)
    }

    /// The pairs for which `holds(os, arch)`.
    fn matching(holds: impl Fn(&str, &str) -> bool) -> Platforms {
        let mut out = Platforms([0; WORDS]);
        for (o, os) in OSES.iter().enumerate() {
            for (a, arch) in ARCHES.iter().enumerate() {
                if holds(os, arch) {
                    let i = o * ARCHES.len() + a;
                    out.0[i / 64] |= 1 << (i % 64);
                }
            }
        }
        out
    }

    fn and(self, other: Platforms) -> Platforms {
        let mut out = self;
        out.0.iter_mut().zip(other.0.iter()).for_each(|(a, b)| *a &= b);
        out
    }
}

/// The pairs a file's name restricts it to: `*_GOOS`, `*_GOARCH`, `*_GOOS_GOARCH` (before `_test`).
fn by_name(rel: &str) -> Platforms {
    let stem = rel.rsplit('/').next().unwrap_or(rel).trim_end_matches(".go").trim_end_matches("_test");
    let parts: Vec<&str> = stem.split('_').collect();
    let (os, arch) = match parts.as_slice() {
        [_, .., os, arch] if OSES.contains(os) && ARCHES.contains(arch) => (Some(*os), Some(*arch)),
        [_, .., last] if ARCHES.contains(last) => (None, Some(*last)),
        [_, .., last] if OSES.contains(last) => (Some(*last), None),
        _ => return Platforms::all(),
    };
    Platforms::matching(|o, a| os.is_none_or(|x| x == o) && arch.is_none_or(|x| x == a))
}

/// The expression of the `//go:build` line, which comes before the package clause.
fn build_line(text: &str) -> Option<&str> {
    for line in text.lines() {
        let line = line.trim();
        if let Some(expr) = line.strip_prefix("//go:build ") {
            return Some(expr);
        }
        if line.starts_with("package ") {
            return None;
        }
    }
    None
}

#[derive(Debug)]
enum Expr {
    Tag(String),
    Not(Box<Expr>),
    And(Box<Expr>, Box<Expr>),
    Or(Box<Expr>, Box<Expr>),
}

impl Expr {
    /// Whether the expression holds on `os`/`arch`: None when that depends on a tag that is not a
    /// platform's (three-valued logic: `false && x` is false, `true || x` true, the rest unknown).
    fn holds(&self, os: &str, arch: &str) -> Option<bool> {
        match self {
            Expr::Tag(t) if OSES.contains(&t.as_str()) => Some(t == os),
            Expr::Tag(t) if ARCHES.contains(&t.as_str()) => Some(t == arch),
            Expr::Tag(t) if t == "unix" => Some(UNIX.contains(&os)),
            Expr::Tag(t) if t.starts_with("go1.") => Some(true),
            Expr::Tag(_) => None,
            Expr::Not(e) => e.holds(os, arch).map(|b| !b),
            Expr::And(a, b) => match (a.holds(os, arch), b.holds(os, arch)) {
                (Some(false), _) | (_, Some(false)) => Some(false),
                (Some(true), Some(true)) => Some(true),
                _ => None,
            },
            Expr::Or(a, b) => match (a.holds(os, arch), b.holds(os, arch)) {
                (Some(true), _) | (_, Some(true)) => Some(true),
                (Some(false), Some(false)) => Some(false),
                _ => None,
            },
        }
    }
}

/// Parses a build expression (`linux && (amd64 || arm64)`, `!windows`); None when it is malformed.
fn parse(expr: &str) -> Option<Expr> {
    let tokens = tokens(expr);
    let mut pos = 0;
    let e = or(&tokens, &mut pos)?;
    (pos == tokens.len()).then_some(e)
}

fn tokens(expr: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = expr.trim();
    while !rest.is_empty() {
        let len = match rest {
            r if r.starts_with("&&") || r.starts_with("||") => 2,
            r if r.starts_with(['!', '(', ')']) => 1,
            r => r.find(|c: char| c.is_whitespace() || "!()&|".contains(c)).unwrap_or(r.len()).max(1),
        };
        out.push(&rest[..len]);
        rest = rest[len..].trim_start();
    }
    out
}

fn or(t: &[&str], pos: &mut usize) -> Option<Expr> {
    let mut e = and(t, pos)?;
    while t.get(*pos) == Some(&"||") {
        *pos += 1;
        e = Expr::Or(Box::new(e), Box::new(and(t, pos)?));
    }
    Some(e)
}

fn and(t: &[&str], pos: &mut usize) -> Option<Expr> {
    let mut e = unary(t, pos)?;
    while t.get(*pos) == Some(&"&&") {
        *pos += 1;
        e = Expr::And(Box::new(e), Box::new(unary(t, pos)?));
    }
    Some(e)
}

fn unary(t: &[&str], pos: &mut usize) -> Option<Expr> {
    let tok = *t.get(*pos)?;
    *pos += 1;
    match tok {
        "!" => Some(Expr::Not(Box::new(unary(t, pos)?))),
        "(" => {
            let e = or(t, pos)?;
            (t.get(*pos) == Some(&")")).then(|| *pos += 1)?;
            Some(e)
        }
        ")" | "&&" | "||" => None,
        tag => Some(Expr::Tag(tag.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(rel: &str, text: &str) -> Platforms {
        Platforms::of(rel, text)
    }

    #[test]
    fn names_and_build_lines_restrict_the_platforms() {
        let amd64 = p("unix/syscall_linux_amd64.go", "package unix\n");
        let s390x = p("unix/ztypes_linux_s390x.go", "package unix\n");
        let linux = p("unix/syscall_linux.go", "package unix\n");
        let any = p("unix/ioctl.go", "package unix\n");
        let windows = p("unix/x.go", "// Copyright\n\n//go:build windows\n\npackage unix\n");
        assert!(!amd64.overlap(&s390x), "two architectures");
        assert!(amd64.overlap(&linux) && s390x.overlap(&linux) && amd64.overlap(&any));
        assert!(!windows.overlap(&linux) && windows.overlap(&any));
        let not_linux = p("a.go", "//go:build !linux && (amd64 || arm64)\npackage a\n");
        assert!(!not_linux.overlap(&linux) && !not_linux.overlap(&s390x));
        assert!(not_linux.overlap(&p("b_darwin_arm64.go", "package a\n")));
        let unix = p("c.go", "//go:build unix\npackage a\n");
        assert!(unix.overlap(&linux) && !unix.overlap(&windows));
    }

    #[test]
    fn unknown_tags_and_odd_names_restrict_nothing() {
        let any = p("a.go", "package a\n");
        assert_eq!(p("a.go", "//go:build purego\npackage a\n"), any);
        assert_eq!(p("a.go", "//go:build ignore\npackage a\n"), any);
        assert_eq!(p("a.go", "//go:build cgo && !purego\npackage a\n"), any);
        assert_eq!(p("linux.go", "package a\n"), any, "a name that is only a system has no constraint");
        assert_eq!(p("a_test.go", "package a\n"), any);
        assert_eq!(p("a.go", "//go:build (linux\npackage a\n"), any, "malformed");
        assert!(!p("x_windows_test.go", "package a\n").overlap(&p("y_linux.go", "package a\n")));
        assert_eq!(p("a.go", "package a\n//go:build linux\n"), any, "after the package clause: a comment");
    }
}
