#!/bin/sh
# Run inside a packed release (scripts/release-pack.mjs): installs the server's production dependencies only
# (no tsx, no build tools, no web-app packages), as the Dockerfile's runtime stage and the release test do.
# Extra npm flags may follow, e.g. --prefer-offline.
set -eu
cd "$(dirname "$0")/.."
sh scripts/npm-install.sh --omit=dev --workspace=@app/server "$@"
