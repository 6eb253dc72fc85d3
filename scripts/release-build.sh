#!/bin/sh
# scripts/release-build.sh OUTDIR: the release recipe. Builds the web app and the server (`npm run build`, needs the
# development dependencies), then packs the release into OUTDIR. Next: `sh OUTDIR/scripts/release-install.sh`, then
# `npm run serve` in OUTDIR. The Dockerfile's build stage runs exactly this; so does the release test, outside Docker.
set -eu
if [ $# -ne 1 ]; then
  echo "usage: scripts/release-build.sh OUTDIR" >&2
  exit 2
fi
cd "$(dirname "$0")/.."
npm run build
node scripts/release-pack.mjs "$1"
