#!/usr/bin/env python3
"""throughput.py CORPUS_DIR [ARBORIST_BIN] — parse-only throughput per language (the README's table).

CORPUS_DIR holds one directory of real code per language, as `benches/accuracy/fetch_code.sh CORPUS_DIR`
makes them (C, C++, Objective-C, C#, Kotlin, Ruby, PHP, Lua, shell, R, Julia, Elixir, Haskell, OCaml,
Python, TypeScript, JavaScript, Rust, Go, Java). This script adds `CORPUS_DIR/extra/` with the languages
ctags does not parse, from the registries this machine reaches (npm, PyPI): Swift (Capacitor's iOS
sources), Zig (the standard library in the `ziglang` wheel), TSX (react-native-screens' sources), and the
document formats: JSON (TypeScript's), YAML (ansible-core's), TOML (poetry-core's test projects), Markdown
and HTML (Python-Markdown's docs and tests, mkdocs-material's templates), CSS (highlight.js and Bootstrap).
Dart, Scala, HCL (and Elixir and Julia beyond a few files) have no sizeable real code in those registries:
they are left out of the table rather than measured on toy files.

For every top-level directory (hidden ones, such as the download cache, skipped) it runs
`arborist index DIR --parse-only --threads 1`, which parses every file its walker finds and prints, per
language, files, bytes and MB/s per thread (each thread's first file of a language is parsed once
untimed, so the figure is parsing, not parser creation). Rows are summed over directories, so a
language met in several corpora (Markdown, JSON, YAML, HTML, CSS files ship with most projects) gets
all of them. Each directory is indexed REPEAT times (default 3) and a language's fastest run counts, so
that a busy moment of the machine does not show as a slow grammar. Prints a Markdown table.
"""

import collections
import os
import re
import subprocess
import sys
import tarfile
import urllib.request
import zipfile

NPM = {  # package -> version; the languages' files are taken from the tarball
    "@capacitor/ios": "6.1.2",
    "@capacitor/filesystem": "6.0.1",
    "@capacitor/camera": "6.0.2",
    "react-native-screens": "3.34.0",
    "typescript": "5.6.3",
    "highlight.js": "11.10.0",
    "bootstrap": "5.3.3",
}
PYPI_SDISTS = {"ansible-core": "2.17.3", "poetry-core": "1.9.0", "Markdown": "3.7", "mkdocs-material": "9.5.34"}
PYPI_ZIG = ("ziglang", "0.13.0")
EXTRA_EXT = {".swift": "swift", ".zig": "zig", ".tsx": "tsx", ".json": "documents", ".yml": "documents",
             ".yaml": "documents", ".toml": "documents", ".md": "documents", ".html": "documents",
             ".css": "documents"}
MIN_BYTES = 50_000  # a language with less real code than this is left out


def download(url, path):
    if not os.path.exists(path):
        print(f"fetch {url}", file=sys.stderr)
        with urllib.request.urlopen(url, timeout=300) as r, open(path + ".part", "wb") as f:
            f.write(r.read())
        os.rename(path + ".part", path)
    return path


def keep(name):
    ext = os.path.splitext(name)[1]
    return ext in EXTRA_EXT and (EXTRA_EXT[ext] == "documents" or "/test" not in name.lower())


def pypi_sdist(name, version, cache):
    index = urllib.request.urlopen(f"https://pypi.org/simple/{name}/", timeout=60).read().decode()
    stem = re.sub(r"[-_.]", "[-_.]", name)
    m = re.search(rf'href="([^"#]*/{stem}-{re.escape(version)}\.tar\.gz)[#"]', index, re.IGNORECASE)
    if not m:
        sys.exit(f"no sdist for {name} {version} on PyPI")
    return download(m.group(1), os.path.join(cache, f"{name}-{version}.tar.gz"))


def extract_kept(tar, extra, base):
    for m in tar.getmembers():
        if m.isfile() and keep(m.name):
            lang = EXTRA_EXT[os.path.splitext(m.name)[1]]
            m.name = f"{lang}/{base}/{m.name}"
            tar.extract(m, extra, filter="data")


def fetch_extra(corpus):
    extra = os.path.join(corpus, "extra")
    cache = os.path.join(corpus, ".dl", "throughput")
    os.makedirs(cache, exist_ok=True)
    if os.path.exists(os.path.join(extra, ".done")):
        return
    for pkg, ver in NPM.items():
        base = pkg.split("/")[-1]
        url = f"https://registry.npmjs.org/{pkg}/-/{base}-{ver}.tgz"
        with tarfile.open(download(url, os.path.join(cache, f"{base}-{ver}.tgz"))) as t:
            extract_kept(t, extra, base)
    for name, ver in PYPI_SDISTS.items():
        with tarfile.open(pypi_sdist(name, ver, cache)) as t:
            extract_kept(t, extra, name)
    index = urllib.request.urlopen(f"https://pypi.org/simple/{PYPI_ZIG[0]}/", timeout=60).read().decode()
    wheel = re.search(rf'href="([^"#]*/{PYPI_ZIG[0]}-{PYPI_ZIG[1]}-[^"#]*manylinux[^"#]*x86_64[^"#]*\.whl)', index)
    if not wheel:
        sys.exit(f"no {PYPI_ZIG} wheel on PyPI")
    with zipfile.ZipFile(download(wheel.group(1), os.path.join(cache, f"ziglang-{PYPI_ZIG[1]}.whl"))) as z:
        for name in z.namelist():
            if name.endswith(".zig") and "/lib/std/" in name and "/test" not in name:
                z.extract(name, os.path.join(extra, "zig"))
    open(os.path.join(extra, ".done"), "w").close()


REPEAT = int(os.environ.get("REPEAT", "3"))  # runs per directory; the fastest counts (others share the CPU)
LINE = re.compile(r"^\s+(\S+)\s+(\d+) files\s+(\d+) bytes\s+([\d.]+) MB/s per thread$")


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    corpus = os.path.abspath(sys.argv[1])
    binary = sys.argv[2] if len(sys.argv) > 2 else "arborist"
    fetch_extra(corpus)
    totals = collections.defaultdict(lambda: [0, 0, 0.0])  # files, bytes, seconds
    dirs = [os.path.join(corpus, d) for d in sorted(os.listdir(corpus)) if not d.startswith(".")]
    dirs += [os.path.join(corpus, "extra", d) for d in sorted(os.listdir(os.path.join(corpus, "extra")))
             if not d.startswith(".")]
    for d in dirs:
        if not os.path.isdir(d) or d.endswith("/extra"):
            continue
        best = {}  # language -> (files, bytes, MB/s) of its fastest run over this directory
        for _ in range(REPEAT):
            out = subprocess.run([binary, "index", d, "--parse-only", "--threads", "1"],
                                 check=True, capture_output=True, text=True).stdout
            for line in out.splitlines():
                m = LINE.match(line)
                if m:
                    lang, files, size, mbs = m.group(1), int(m.group(2)), int(m.group(3)), float(m.group(4))
                    if lang not in best or mbs > best[lang][2]:
                        best[lang] = (files, size, mbs)
        for lang, (files, size, mbs) in best.items():
            t = totals[lang]
            t[0] += files
            t[1] += size
            t[2] += size / (mbs * 1e6) if mbs > 0 else 0.0
    print("| Language | Files | MB | Parse MB/s (one thread) |")
    print("|---|---:|---:|---:|")
    for lang, (files, size, secs) in sorted(totals.items()):
        if size < MIN_BYTES:
            continue
        print(f"| {lang} | {files} | {size / 1e6:.1f} | {size / 1e6 / secs:.1f} |")


if __name__ == "__main__":
    main()
