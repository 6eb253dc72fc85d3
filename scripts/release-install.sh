#!/bin/sh
# Run inside a packed release (scripts/release-pack.mjs): installs the server's production dependencies only
# (no tsx, no build tools, no web-app packages), as the Dockerfile's runtime stage and the release test do.
# Extra npm flags may follow, e.g. --prefer-offline.
set -eu
cd "$(dirname "$0")/.."
flags="--omit=dev --workspace=@app/server --no-audit --no-fund --loglevel=error"
# The registry may not serve every optional platform build in the lockfile (see .ci/run), so npm ci can call the
# lockfile out of sync; npm install then installs the same locked versions.
# shellcheck disable=SC2086
if ! npm ci $flags "$@"; then
  echo "npm ci refused the lockfile; installing the same locked versions with npm install"
  # shellcheck disable=SC2086
  npm install $flags "$@"
fi
