#!/usr/bin/env bash
# fetch_code.sh DIR [LANG...]
#
# Downloads pinned versions of real, well-known code per language into DIR/<lang>/ for
# ctags_compare.py (symbol accuracy against universal-ctags). Nothing here is committed: DIR must be
# outside the repository. Only the package registries this project's machines reach are used, with
# plain downloads: Debian (apt-get download + dpkg-deb -x; nothing is installed), PyPI (sdists found
# through the simple index), the npm registry (tarballs) and crates.io (.crate files).
# Maven Central, rubygems, CRAN, Hackage, hex.pm, NuGet, LuaRocks and opam are not reachable here,
# so Ruby, R, Lua, Haskell and OCaml come from the Debian packages that ship their sources, C# and
# Objective-C from PyPI/npm packages that carry them, Kotlin from react-native's Android sources.
# Julia (not in Debian 12) and Elixir (Debian ships only .beam files) have no sizeable source in
# those registries: their corpora are the few real files that packages carry (examples, demos, syntax
# tests), and the report says so.
#
# Idempotent: a language whose DIR/<lang>/.done exists is skipped; downloads are cached in
# DIR/.dl (hidden: arborist's walker and ctags_compare.py skip it). Versions are pinned; a Debian
# version replaced on the mirror by a security update falls back to the current one with a WARNING.
# DIR/.dl/SHA256SUMS lists every artifact used.
# Languages: c cpp objc csharp kotlin ruby php lua bash r julia elixir haskell ocaml python
#            typescript javascript rust go java (default: all)
set -euo pipefail

T=$(realpath -m "${1:?usage: fetch_code.sh DIR [LANG...]}"); shift
ALL_LANGS=(c cpp objc csharp kotlin ruby php lua bash r julia elixir haskell ocaml python typescript javascript rust go java)
LANGS=("$@"); [[ ${#LANGS[@]} -eq 0 ]] && LANGS=("${ALL_LANGS[@]}")
DL="$T/.dl"
mkdir -p "$DL"/{deb,pypi,npm,crates,x}
log() { printf '[fetch %(%H:%M:%S)T] %s\n' -1 "$*" >&2; }

# ---------------------------------------------------------------- registry helpers
APT_READY=0
deb() { # deb NAME=VERSION: download (cached) and extract into $DL/x/NAME; prints that directory
  local spec=$1 name=${1%%=*}
  if ! ls "$DL/deb/${name}_"*.deb >/dev/null 2>&1; then
    if [[ $APT_READY == 0 ]] && ! apt-cache show "$name" >/dev/null 2>&1; then
      log "apt-get update"; apt-get update -qq >&2
    fi
    APT_READY=1
    log "apt-get download $spec"
    if ! (cd "$DL/deb" && apt-get download -qq -o APT::Sandbox::User=root "$spec" >&2 2>/dev/null); then
      log "WARNING: pinned $spec not available; downloading the current $name"
      (cd "$DL/deb" && apt-get download -qq -o APT::Sandbox::User=root "$name" >&2)
    fi
  fi
  if [[ ! -f "$DL/x/$name/.done" ]]; then
    rm -rf "$DL/x/$name"; mkdir -p "$DL/x/$name"
    dpkg-deb -x "$(ls "$DL/deb/${name}_"*.deb | head -1)" "$DL/x/$name"
    touch "$DL/x/$name/.done"
  fi
  echo "$DL/x/$name"
}

pypi() { # pypi NAME VERSION: download the sdist (cached) and unpack into $DL/x/NAME-VERSION; prints it
  local name=$1 ver=$2 f url
  f=$(ls "$DL/pypi/"* 2>/dev/null | grep -i -E "/${name//-/[-_]}-${ver}\.(tar\.gz|zip)$" | head -1 || true)
  if [[ -z $f ]]; then
    url=$(curl -fsS -m 60 "https://pypi.org/simple/${name}/" | grep -o -i -E "href=\"[^\"]*/${name//-/[-_]}-${ver}\.(tar\.gz|zip)[#\"]" \
          | head -1 | sed -E 's/^href="//; s/[#"]$//')
    [[ -n $url ]] || { log "ERROR: no sdist for $name $ver on PyPI"; return 1; }
    log "pypi $name $ver"
    f="$DL/pypi/${url##*/}"
    curl -fsS -m 600 -o "$f.part" "$url" && mv "$f.part" "$f"
  fi
  local x="$DL/x/$name-$ver"
  if [[ ! -f "$x/.done" ]]; then
    rm -rf "$x"; mkdir -p "$x"
    case $f in *.zip) unzip -q "$f" -d "$x";; *) tar xzf "$f" -C "$x";; esac
    touch "$x/.done"
  fi
  echo "$x/$(ls "$x" | grep -v '^\.done$' | head -1)"
}

npmpkg() { # npmpkg NAME VERSION: download the tarball (cached) and unpack into $DL/x/npm-NAME-VERSION; prints it
  local name=$1 ver=$2 base=${1##*/}
  local f="$DL/npm/${name//\//_}-$ver.tgz"
  if [[ ! -f $f ]]; then
    log "npm $name@$ver"
    curl -fsS -m 600 -o "$f.part" "https://registry.npmjs.org/$name/-/$base-$ver.tgz" && mv "$f.part" "$f"
  fi
  local x="$DL/x/npm-${name//\//_}-$ver"
  if [[ ! -f "$x/.done" ]]; then
    rm -rf "$x"; mkdir -p "$x"; tar xzf "$f" -C "$x" --strip-components=1 --no-same-owner; touch "$x/.done"
  fi
  echo "$x"
}

crate() { # crate NAME VERSION: download the .crate (cached) and unpack into $DL/x/NAME-VERSION; prints it
  local name=$1 ver=$2 f="$DL/crates/$1-$2.crate"
  if [[ ! -f $f ]]; then
    log "crate $name $ver"
    curl -fsS -L -m 600 -o "$f.part" "https://static.crates.io/crates/$name/$name-$ver.crate" && mv "$f.part" "$f"
  fi
  local x="$DL/x/$name-$ver"
  if [[ ! -f "$x/.done" ]]; then
    rm -rf "$x"; mkdir -p "$x"; tar xzf "$f" -C "$x" --strip-components=1; touch "$x/.done"
  fi
  echo "$x"
}

# put SRC DEST [FIND-ARGS...]: copy the files under SRC that match the find arguments (default: all)
# into DEST, keeping their relative paths
put() {
  local src=$1 dst=$2; shift 2
  mkdir -p "$dst"
  (cd "$src" && find . "$@" -type f -print0 | xargs -0 -r cp --parents -t "$dst")
}
putx() { # putx SRC DEST EXT[,EXT...] [FIND-ARGS...]: put the files with those extensions
  local src=$1 dst=$2 e a=(); local IFS=,; for e in $3; do a+=(-o -name "*.$e"); done; unset IFS; shift 3
  put "$src" "$dst" "$@" \( "${a[@]:1}" \)
}

# ---------------------------------------------------------------- per language
lang_c() { # Lua 5.4.7, zstd 1.5.6, zlib 1.3.1, libgit2 1.8 (the C sources that the -sys/-src crates bundle)
  put "$(crate lua-src 547.0.0)/lua-5.4.7" "$1/lua-5.4.7" -name '*.c'
  put "$(crate zstd-sys 2.0.13+zstd.1.5.6)/zstd/lib" "$1/zstd-1.5.6" -name '*.c'
  put "$(crate libz-sys 1.1.20)/src/zlib" "$1/zlib" -name '*.c'
  put "$(crate libgit2-sys 0.17.0+1.8.1)/libgit2/src" "$1/libgit2-1.8.1" -name '*.c'
}
lang_cpp() { # GoogleTest 1.12.1, {fmt} 9.1.0, nlohmann/json 3.11.2 (Debian)
  putx "$(deb googletest=1.12.1-0.2)/usr/src/googletest" "$1/googletest" cc,h
  put "$(deb libfmt-dev=9.1.0+ds1-2)/usr/include/fmt" "$1/fmt" -name '*.h'
  put "$(deb nlohmann-json3-dev=3.11.2-2)/usr/include/nlohmann" "$1/nlohmann" -name '*.hpp'
}
lang_objc() { # React Native 0.76.5 (iOS sources, npm), PyObjC core 10.3.1 (PyPI)
  put "$(npmpkg react-native 0.76.5)" "$1/react-native" -name '*.m'
  put "$(pypi pyobjc-core 10.3.1)" "$1/pyobjc-core" -name '*.m'
}
lang_csharp() { # Python.NET 3.0.5 (PyPI sdist), Debian gtk-sharp 3 examples
  put "$(pypi pythonnet 3.0.5)/src" "$1/pythonnet" -name '*.cs'
  put "$(deb gtk-sharp3-examples=2.99.3-4.1)/usr" "$1/gtk-sharp3-examples" -name '*.cs'
}
lang_kotlin() { # React Native 0.76.5 (Android sources, npm)
  putx "$(npmpkg react-native 0.76.5)" "$1/react-native" kt,kts
}
lang_ruby() { # Debian: Rails' ActiveSupport 6.1.7, Rack 2.2, Thor 1.2, RSpec core 3.12
  put "$(deb ruby-activesupport=2:6.1.7.10+dfsg-1~deb12u3)/usr/share/rubygems-integration" "$1/activesupport" -name '*.rb'
  put "$(deb ruby-rack=2.2.22-0+deb12u2)/usr/share/rubygems-integration" "$1/rack" -name '*.rb'
  put "$(deb ruby-thor=1.2.1-2)/usr/share/rubygems-integration" "$1/thor" -name '*.rb'
  put "$(deb ruby-rspec-core=3.12.0c0e1m1s0-1)/usr/share/rubygems-integration" "$1/rspec-core" -name '*.rb'
}
lang_php() { # Debian: Symfony Console / HttpFoundation / HttpKernel 5.4, Guzzle 7.4, PHPUnit 9.6
  local p
  for p in php-symfony-console php-symfony-http-foundation php-symfony-http-kernel; do
    put "$(deb $p=5.4.53+dfsg-0+deb12u1)/usr/share/php" "$1/$p" -name '*.php'
  done
  put "$(deb php-guzzlehttp-guzzle=7.4.5-1)/usr/share/php" "$1/guzzle" -name '*.php'
  put "$(deb phpunit=9.6.7-1+deb12u1)/usr/share/php" "$1/phpunit" -name '*.php'
}
lang_lua() { # Debian: LuaRocks 3.8, Penlight 1.13, Prosody 0.12, busted 2.1
  put "$(deb luarocks=3.8.0+dfsg1-1)/usr/share/lua" "$1/luarocks" -name '*.lua'
  put "$(deb lua-penlight=1.13.1-3)/usr/share/lua" "$1/penlight" -name '*.lua'
  put "$(deb prosody=0.12.3-1+deb12u1)/usr/lib/prosody" "$1/prosody" -name '*.lua'
  put "$(deb lua-busted=2.1.1-1)/usr/share/lua" "$1/busted" -name '*.lua'
}
lang_bash() { # Debian: bash-completion 2.11 (completions get a .bash suffix), dracut 059 modules
  local d; d=$(deb bash-completion=1:2.11-6)
  mkdir -p "$1/bash-completion/completions"
  cp "$d/usr/share/bash-completion/bash_completion" "$1/bash-completion/bash_completion.bash"
  local f
  for f in "$d"/usr/share/bash-completion/completions/*; do
    [[ -f $f && ! -L $f ]] && cp "$f" "$1/bash-completion/completions/$(basename "$f").bash"
  done
  putx "$(deb dracut-core=059-4)/usr/lib/dracut" "$1/dracut" sh
}
lang_r() { # Debian r-cran-* packages: their R code shipped as text (demos, tests, vignette code, examples)
  local p
  for p in r-cran-openmx=2.21.1+dfsg-1 r-cran-igraph=1.3.5-3 r-cran-r.utils=2.12.2-1 r-cran-littler=0.3.17-1 \
           r-cran-rms=6.5-0-1 r-cran-testthat=3.1.6-1 r-cran-shiny=1.7.4+dfsg-2+deb12u1 r-base-core=4.2.2.20221110-2; do
    putx "$(deb "$p")/usr" "$1/${p%%=*}" R,r
  done
}
lang_julia() { # Julia is not in Debian 12: the .jl files Debian packages carry (Faust, Gmsh, ESS, vim-julia...)
  local p
  for p in faust-common=2.54.9+ds0-1 gmsh-doc=4.8.4+ds2-3 elpa-ess=18.10.2+git20220915.f45542e-3 vim-julia=0.0~git20211208.e497299-1 \
           macaulay2-common=1.21+ds-3; do
    put "$(deb "$p")/usr" "$1/${p%%=*}" -name '*.jl'
  done
  put "$(pypi pygments 2.18.0)/tests/examplefiles" "$1/pygments-examples" -name '*.jl'
}
lang_elixir() { # no Elixir source in Debian (only .beam): the few real files in PyPI/crates packages
  putx "$(pypi pygments 2.18.0)/tests/examplefiles" "$1/pygments-examples" ex,exs
  putx "$(crate bat 0.24.0)/tests/syntax-tests" "$1/bat-syntax-tests" ex,exs
}
lang_haskell() { # Debian: the Hugs library bundles (base, containers, parsec, HaXml, Cabal, fgl, OpenGL...)
  local p
  for p in libhugs-base-bundled libhugs-haxml-bundled libhugs-cabal-bundled libhugs-parsec-bundled libhugs-fgl-bundled \
           libhugs-opengl-bundled libhugs-haskell98-bundled; do
    put "$(deb "$p=98.200609.21-6+b1")/usr/lib/hugs" "$1/$p" -name '*.hs'
  done
}
lang_ocaml() { # Debian: OCaml 4.13 stdlib, Jane Street Base v0.15, Dune 2.9 libraries
  put "$(deb ocaml=4.13.1-4)/usr/lib/ocaml" "$1/ocaml-stdlib" -maxdepth 1 -name '*.ml'
  put "$(deb libbase-ocaml-dev=0.15.1-1)/usr/lib/ocaml/base" "$1/base" -name '*.ml'
  put "$(deb libdune-ocaml-dev=2.9.3-1)/usr/lib/ocaml" "$1/dune" -name '*.ml'
}
lang_python() { # PyPI sdists: requests 2.32.3, Flask 3.1.0, click 8.1.7, attrs 24.2.0, Jinja2 3.1.4
  put "$(pypi requests 2.32.3)" "$1/requests" -name '*.py'
  put "$(pypi flask 3.1.0)" "$1/flask" -name '*.py'
  put "$(pypi click 8.1.7)" "$1/click" -name '*.py'
  put "$(pypi attrs 24.2.0)" "$1/attrs" -name '*.py'
  put "$(pypi jinja2 3.1.4)" "$1/jinja2" -name '*.py'
}
lang_typescript() { # npm: RxJS 7.8.1 (src), zod 3.23.8 (src), TypeORM 0.3.20 (.ts sources in its tarball)
  put "$(npmpkg rxjs 7.8.1)/src" "$1/rxjs" -name '*.ts'
  put "$(npmpkg zod 3.23.8)/lib" "$1/zod" -name '*.ts' ! -name '*.d.ts'
  put "$(npmpkg @angular/core 17.3.12)" "$1/angular-core" -name '*.d.ts'
}
lang_javascript() { # npm: Express 4.21.2, lodash 4.17.21, acorn 8.14.0, jQuery 3.7.1, Three.js r170 (src/math, src/core)
  put "$(npmpkg express 4.21.2)" "$1/express" -name '*.js'
  put "$(npmpkg lodash 4.17.21)" "$1/lodash" -maxdepth 1 -name '*.js' ! -name '*.min.js'
  put "$(npmpkg acorn 8.14.0)/dist" "$1/acorn" -name 'acorn.js'
  put "$(npmpkg jquery 3.7.1)/src" "$1/jquery" -name '*.js'
  put "$(npmpkg three 0.170.0)/src" "$1/three" \( -path './math/*' -o -path './core/*' -o -path './objects/*' \) -name '*.js'
}
lang_rust() { # crates.io: regex-syntax 0.8.5, serde 1.0.215, anyhow 1.0.93, clap_builder 4.5.21, itertools 0.13.0
  local c
  for c in regex-syntax:0.8.5 serde:1.0.215 anyhow:1.0.93 clap_builder:4.5.21 itertools:0.13.0; do
    put "$(crate "${c%%:*}" "${c##*:}")" "$1/${c%%:*}" -name '*.rs'
  done
}
lang_go() { # Debian golang-*-dev: cobra 1.6, Prometheus client 1.14, gorilla/mux 1.8, testify 1.8
  local p
  for p in golang-github-spf13-cobra-dev=1.6.1-1 golang-github-prometheus-client-golang-dev=1.14.0-3 \
           golang-github-gorilla-mux-dev=1.8.0-1 golang-github-stretchr-testify-dev=1.8.1-1; do
    put "$(deb "$p")/usr/share/gocode/src" "$1/${p%%=*}" -name '*.go'
  done
}
lang_java() { # OpenJDK 17 sources (Debian openjdk-17-source): java.base's java.util
  local d; d=$(deb openjdk-17-source=17.0.21.1+2-1~deb12u1)
  mkdir -p "$1/openjdk-17"
  unzip -q -o "$d/usr/lib/jvm/openjdk-17/lib/src.zip" 'java.base/java/util/*' -d "$1/openjdk-17"
}

for l in "${LANGS[@]}"; do
  declare -F "lang_$l" >/dev/null || { log "unknown language $l"; exit 2; }
  d="$T/$l"
  [[ -f "$d/.done" ]] && continue
  rm -rf "$d"; mkdir -p "$d"
  log "== $l"
  "lang_$l" "$d"
  touch "$d/.done"
done

(cd "$DL" && find deb pypi npm crates -type f ! -name '*.part' -print0 | sort -z | xargs -0 -r sha256sum > SHA256SUMS)
for l in "${LANGS[@]}"; do
  printf '%-11s %6d files %8d lines\n' "$l" \
    "$(find "$T/$l" -type f ! -name .done | wc -l)" "$(find "$T/$l" -type f ! -name .done -print0 | xargs -0 -r cat | wc -l)"
done
