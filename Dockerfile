# syntax=docker/dockerfile:1
# Two stages. Every step is a script in this repository that CI also runs outside Docker (the release test,
# server/test/release.service.test.ts, runs release-build.sh, release-install.sh and healthcheck.mjs), so the
# recipe is tested even where images cannot be built. See docs/operations.md.

# --- build: all dependencies, web app and server compiled, release packed into /release ---
FROM node:22-bookworm-slim AS build
WORKDIR /src
# manifests first, so the dependency layer is reused while only source changes
COPY package.json package-lock.json ./
COPY server/package.json server/
COPY packages/shared/package.json packages/shared/
COPY apps/web/package.json apps/web/
COPY scripts/npm-install.sh scripts/
RUN sh scripts/npm-install.sh
COPY . .
RUN sh scripts/release-build.sh /release

# --- runtime: node, the built JavaScript and production dependencies only; no source, no build tools ---
FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /release /app
RUN sh scripts/release-install.sh && npm cache clean --force \
  && mkdir -p /data && chown node:node /data
# the image's own "node" user (uid 1000); the app files stay root-owned and read-only to it
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 CMD ["node", "scripts/healthcheck.mjs"]
# node directly, not npm: SIGTERM reaches the server, which drains requests and closes the database
CMD ["node", "--enable-source-maps", "server/dist/main.js"]
