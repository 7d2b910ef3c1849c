#!/usr/bin/env bash
# Sets up a fresh machine for ojpack: system packages (when root), a virtualenv in .venv with ojpack
# installed in editable mode, and with `test` the test dependencies and the judges' own tools.
#   bash scripts/setup.sh        # to run the main job
#   bash scripts/setup.sh test   # to run the test suite
#   bash scripts/setup.sh langs  # only the languages of the table (every compiler and interpreter), no venv;
#                                # `ojpack --version` lists which are ready
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-main}"

# ---- system packages (Debian); skipped when not root or when every command is already there ----
apt_packages=(g++ openjdk-17-jdk-headless)
# >>> add apt packages below this line (one array append per need, with a comment saying why)
[ "$mode" = langs ] || apt_packages+=(chromium fonts-noto-cjk fonts-liberation)  # render: PDF printing + the HTML browser test; CJK and Latin fonts
# the warm Python (sandbox/pywarm.py): the helper links to the system interpreter's libpython and its headers
apt_packages+=(python3-dev)
# tests: Hydro's own config reader and importer code run on the hydro export; langs: node runs JavaScript, npm
# brings Kotlin. Only when missing: a machine
# whose node comes from another repository (with npm bundled) cannot take Debian's npm beside it.
command -v node >/dev/null || apt_packages+=(nodejs)
command -v npm >/dev/null || apt_packages+=(npm)
# tests: every language of the table has a hello-world test in the cage (Kotlin comes from npm, below:
# Debian's is 1.3). Measured on bookworm: together about 4 minutes and 1.35 GB, of which GHC is 760 MB and
# OCaml 430 MB; the other six take 15-60 MB each. Perl is part of the base system.
if [ "$mode" = test ] || [ "$mode" = langs ]; then
  apt_packages+=(pypy3 golang-go rustc)
  apt_packages+=(mono-mcs ghc ocaml php-cli ruby scala swi-prolog-nox sbcl)
  apt_packages+=(fp-compiler)  # Free Pascal 3.2.2, for Polygon's pas.fpc solutions (about 60 MB)
  # Boost's headers: ICPC jury programs include them (NWERC 2024 formulaflatland's input validator checks
  # planarity with Boost.Graph), as the judges' hosts that wrote them have it (about 130 MB)
  apt_packages+=(libboost-dev)
fi
if [ "$mode" = test ]; then   # test tools, not languages: `langs` leaves them out (chromium-driver pulls Chromium)
  apt_packages+=(tmux)  # the fit test runs `ojpack check` in an 80-column terminal and reads the screen back
  apt_packages+=(chromium-driver)  # the workbench's browser tests drive Chromium through Selenium (tests/workbench/)
fi
# <<<
missing=()
for pkg in "${apt_packages[@]}"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "setup: installing ${missing[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq -o DPkg::Lock::Timeout=600 --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "setup: warning: not root, cannot install: ${missing[*]}" >&2
  fi
fi

# Kotlin 2.4.20 (tests, and judging .kt): JetBrains' own compiler distribution, as npm's kotlin-compiler
# ships it (no install scripts; npm checks its registry hash). Debian's kotlinc is 1.3, which lacks what
# contest code uses (readln, 1.6). Under /usr/local, which the cage shows; languages.yaml names it by path.
install_kotlin() {
  local kotlin_home=/usr/local/lib/kotlinc-2.4.20 kotlin_tmp
  [ -x "$kotlin_home/bin/kotlinc" ] && return 0
  if [ "$(id -u)" = 0 ] && command -v npm >/dev/null; then
    kotlin_tmp=$(mktemp -d)
    npm pack --silent --pack-destination "$kotlin_tmp" kotlin-compiler@2.4.20 >/dev/null
    rm -rf "$kotlin_home.part"
    mkdir -p "$kotlin_home.part"
    tar xzf "$kotlin_tmp/kotlin-compiler-2.4.20.tgz" -C "$kotlin_home.part" --strip-components=1 --no-same-owner
    chmod -R a+rX "$kotlin_home.part"
    mv "$kotlin_home.part" "$kotlin_home"
    rm -rf "$kotlin_tmp"
  else
    echo "setup: warning: not root or no npm, so Kotlin 2.4.20 is not installed ($kotlin_home)" >&2
  fi
}
if [ "$mode" = langs ]; then   # the languages alone: no venv, no test tools
  install_kotlin
  echo "setup: languages installed (\`ojpack --version\` lists which are ready)" >&2
  exit 0
fi

# ---- the virtualenv ----
# The distribution's own Python when it is 3.11 or newer and can make a venv: Debian builds it with PGO and
# LTO, so every ojpack command starts about a quarter sooner than on a plain source build (pyenv's, say),
# and the Python programs ojpack judges run on that same build. Else the first python3.11/python3 on PATH.
python=""
for candidate in /usr/bin/python3.13 /usr/bin/python3.12 /usr/bin/python3.11 /usr/bin/python3; do
  if [ -x "$candidate" ] && "$candidate" -c 'import sys, ensurepip, venv; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    python=$candidate
    break
  fi
done
[ -n "$python" ] || python=$(command -v python3.11 || command -v python3)
[ -x .venv/bin/python ] || "$python" -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -U pip >/dev/null
if [ "$mode" = test ]; then
  .venv/bin/python -m pip install -q --disable-pip-version-check -e '.[test]'
else
  .venv/bin/python -m pip install -q --disable-pip-version-check -e .
fi

# >>> add extra tool installs below this line (test mode only if only tests need them)
# problemtools (verifyproblem) and BAPCtools (bt): the judges' own checkers for the kattis and icpc2025
# exports (tests/publish/test_export_tools.py). Each gets its own venv under .tools/ so their pins never meet ours.
if [ "$mode" = test ]; then
  for tool in problemtools bapctools; do
    [ -x ".tools/$tool/bin/python" ] || "$python" -m venv ".tools/$tool"
    ".tools/$tool/bin/python" -m pip install -q --disable-pip-version-check "$tool" >/dev/null
  done
  # Hydro's own code for the hydro export (tests/formats/hydro/test_export_hydro.py), local to .tools/hydro:
  # @hydrooj/utils 1.4.13 (the last release on npm holding the judge's testdata config reader, with esbuild
  # to load its TypeScript) and the sources of hydrooj 4.19.1 (parseConfig and the problem importer).
  if command -v npm >/dev/null; then
    if [ ! -f .tools/hydro/hydrooj/src/model/problem.ts ]; then
      mkdir -p .tools/hydro/hydrooj
      npm install --prefix .tools/hydro --no-audit --no-fund --no-save --ignore-scripts @hydrooj/utils@1.4.13 >/dev/null
      npm pack --silent --pack-destination .tools/hydro hydrooj@4.19.1 >/dev/null
      tar xzf .tools/hydro/hydrooj-4.19.1.tgz -C .tools/hydro/hydrooj --strip-components=1 package/src
    fi
  else
    echo "setup: warning: no npm, so the Hydro export test cannot run Hydro's code" >&2
  fi
  install_kotlin
fi
# <<<
echo "setup: ready (.venv/bin/ojpack)" >&2
