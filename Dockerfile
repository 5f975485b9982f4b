# QR Verify's image: the server run by tsx on Debian-slim Node, with the SPA built in a stage of its own.
# No browser is installed: securing and the public pages need none (the e2e suite's Chromium stays on CI).
# `scripts/__tests__/container-files.test.ts` lints this file; docs/deployment.md explains how to run it.

FROM node:22-bookworm-slim AS build
WORKDIR /app
# Dependencies first, so a change to the sources reuses this layer; npm ci's postinstall applies patches/.
COPY package.json package-lock.json .npmrc ./
COPY patches ./patches
RUN npm ci
COPY . .
RUN npm run build

FROM node:22-bookworm-slim AS runtime
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY patches ./patches
RUN npm ci --omit=dev && npm cache clean --force
# What the server runs: its TypeScript (tsx compiles it at start; tsconfig.json holds the @common alias, which
# tsx and the esbuild bundles of the seal check and the securing worker read), the migrations, and the SPA built
# above.
COPY tsconfig.json ./
COPY common ./common
COPY server/src ./server/src
COPY server/migrations ./server/migrations
COPY --from=build /app/dist ./dist
# Settings (docs/configuration.md): listen on every interface (the default, 127.0.0.1, is unreachable from outside
# the container) and keep the data folder (PGlite, files, the generated seal key) on a volume.
# MALLOC_MMAP_THRESHOLD_ (here) and --max-semi-space-size (CMD): an idle server's memory kept down as `npm start`
# keeps it (scripts/server-process.ts).
ENV HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    STATIC_DIR=/app/dist \
    MALLOC_MMAP_THRESHOLD_=32768
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
# The code stays root's and read-only; the server writes to /data and the system's temp folder only.
USER node
EXPOSE 8080
# Liveness (database and mail); load balancers ask /api/health/ready/. Slim images have no curl: Node's fetch.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health/`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server itself, not `npm start`: that script builds the SPA with webpack, a devDependency not installed here.
# It shuts down gracefully on SIGTERM (docker stop) and SIGINT.
CMD ["node", "--max-semi-space-size=8", "--import", "tsx", "server/src/server.ts"]
