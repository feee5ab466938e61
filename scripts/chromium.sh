#!/usr/bin/env bash
# Finds (or installs) the headless Chromium the reference-page browser test runs, and prints its path.
#   scripts/chromium.sh            # prints e.g. /usr/bin/chromium-headless-shell
# Debian's `chromium-headless-shell` (or a full `chromium`) is used when present; otherwise, as root
# with apt-get, it installs `chromium-headless-shell`. Exits 1 with the reason on stderr when there is
# none and it cannot be installed. Idempotent: when a browser is there it only prints its path.
set -euo pipefail

find_browser() {
    local candidate
    for candidate in "${CHROMIUM:-}" chromium-headless-shell chromium chromium-browser; do
        [[ -n "$candidate" ]] || continue
        if command -v "$candidate" >/dev/null 2>&1; then
            command -v "$candidate"
            return 0
        fi
    done
    return 1
}

if find_browser; then
    exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
    echo "no chromium-headless-shell or chromium on PATH, and no apt-get to install it (set CHROMIUM to a headless Chromium)" >&2
    exit 1
fi
if [[ "$(id -u)" != 0 ]]; then
    echo "no chromium-headless-shell or chromium on PATH; installing it needs root (apt-get install -y chromium-headless-shell)" >&2
    exit 1
fi

export DEBIAN_FRONTEND=noninteractive
if ! log="$( { apt-get install -y --no-install-recommends chromium-headless-shell || { apt-get update && apt-get install -y --no-install-recommends chromium-headless-shell; }; } 2>&1 )"; then
    echo "apt-get install chromium-headless-shell failed:" >&2
    echo "$log" | tail -n 20 >&2
    exit 1
fi

if find_browser; then
    exit 0
fi
echo "chromium-headless-shell was installed but is not on PATH" >&2
exit 1
