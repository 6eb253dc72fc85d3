#!/bin/sh
# scripts/npm-install.sh [npm flags]: installs the locked dependencies with `npm ci`, falling back to `npm install`
# of the same locked versions when npm ci refuses the lockfile: some registries (CI's among them) do not serve
# every optional platform build the lockfile lists (e.g. @tailwindcss/oxide for macOS). Used by the Dockerfile's
# build stage (all dependencies) and by release-install.sh (production only).
set -eu
# shellcheck disable=SC2086
if ! npm ci --no-audit --no-fund --loglevel=error "$@"; then
  echo "npm ci refused the lockfile; installing the same locked versions with npm install"
  npm install --no-audit --no-fund --loglevel=error "$@"
fi
