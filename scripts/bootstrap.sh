#!/usr/bin/env bash
# Make a fresh machine ready for busbot: system libraries, a virtual environment, the package.
# Run by ./play (what playing needs) and ./run-tests (--test: also the test tools: pytest,
# hypothesis, dpytest, ruff, mypy, playwright, and Debian's chromium for the game page's browser
# tests); safe to run again (it only does what is missing).
set -euo pipefail
extras=""
if [ "${1:-}" = "--test" ]; then extras="[test]"; fi
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

need_apt=()
if ! ldconfig -p 2>/dev/null | grep -q 'libcairo\.so\.2'; then need_apt+=(libcairo2); fi
if ! fc-list 2>/dev/null | grep -qi 'DejaVuSans'; then need_apt+=(fonts-dejavu-core fontconfig); fi
# The browser the page's tests drive (Playwright's own download is not used): only for --test,
# only when it can be installed here; without it those tests fail and say why.
if [ -n "$extras" ] && ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    need_apt+=(chromium)
  else
    echo "busbot: the browser tests need Debian's chromium (apt-get install chromium)" >&2
  fi
fi
if [ ${#need_apt[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "busbot: installing ${need_apt[*]} ..." >&2
    apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
  else
    echo "busbot: please install these system packages first: ${need_apt[*]}" >&2
    exit 1
  fi
fi

python=${PYTHON:-python3}
if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
  echo "busbot needs Python 3.11 or newer (found: $("$python" --version 2>&1))" >&2
  exit 1
fi
if [ ! -x .venv/bin/python ]; then
  echo "busbot: creating the virtual environment in .venv ..." >&2
  "$python" -m venv .venv
fi
stamp=.venv/.busbot-installed
want="$(sha256sum pyproject.toml | cut -c1-16)"
# What is installed: the pyproject's hash, and "test" once the test tools are in.
have="$(cat "$stamp" 2>/dev/null || true)"
if [ "${have%% *}" != "$want" ] || { [ -n "$extras" ] && [ "${have#* }" != "test" ]; }; then
  what="busbot and what playing needs"
  if [ -n "$extras" ]; then what="busbot, what playing needs and the test tools"; fi
  echo "busbot: installing $what into .venv ..." >&2
  .venv/bin/python -m pip install -q --disable-pip-version-check --upgrade pip >/dev/null 2>&1 || true
  # Python warnings off: setuptools' notes about editable builds are not for players (errors
  # still print).
  PYTHONWARNINGS=ignore .venv/bin/python -m pip install -q --disable-pip-version-check \
    -e ".$extras"
  if [ -n "$extras" ] || [ "${have#* }" = "test" ]; then
    echo "$want test" > "$stamp"
  else
    echo "$want play" > "$stamp"
  fi
fi
# The catalogues of words: each language's .po compiled to the .mo busbot reads (quick; the
# loader would compile a missing or older one in memory at every start instead).
.venv/bin/python scripts/catalogue.py compile
