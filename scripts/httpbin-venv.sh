#!/usr/bin/env bash
# Creates (or reuses) the virtual environment that serves a real httpbin for the integration tests:
#   .venv-httpbin/bin/gunicorn -b 127.0.0.1:PORT httpbin:app
# Idempotent: when the pinned versions are already installed it only checks and exits.
# Usage: scripts/httpbin-venv.sh [venv-dir]   (default: .venv-httpbin at the package root)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="${1:-$root/.venv-httpbin}"
requirements="$root/scripts/httpbin-requirements.txt"
stamp="$venv/.installed"

python="${PYTHON:-python3}"

if [[ -x "$venv/bin/gunicorn" && -f "$stamp" ]] && cmp -s "$requirements" "$stamp"; then
    exit 0
fi

if [[ ! -x "$venv/bin/python" ]]; then
    "$python" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-input -r "$requirements"
# Fails loudly if the pair does not import (httpbin warns on import about the optional flasgger).
if ! check="$("$venv/bin/python" -c 'import httpbin, gunicorn' 2>&1)"; then
    echo "$check" >&2
    exit 1
fi
cp "$requirements" "$stamp"
