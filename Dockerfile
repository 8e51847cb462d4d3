# syntax=docker/dockerfile:1
# The staff console: the server and the built app in one image (docs: packages/console-server/README.md,
# "Run in production"). Build: docker build -t staff-console . ; run it with compose.yaml.

# 1. Build: every workspace's dependencies, then the server bundle and the app.
FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY packages/console-contract/package.json packages/console-contract/
COPY packages/console-ui/package.json packages/console-ui/
COPY packages/console-server/package.json packages/console-server/
COPY packages/console-app/package.json packages/console-app/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx turbo run build --filter=@staff/console-server --filter=@staff/console-app

# 2. Runtime dependencies of the server only (the contract is bundled into its dist).
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/console-contract/package.json packages/console-contract/
COPY packages/console-ui/package.json packages/console-ui/
COPY packages/console-server/package.json packages/console-server/
COPY packages/console-app/package.json packages/console-app/
RUN npm ci --omit=dev --no-audit --no-fund --workspace=@staff/console-server

# 3. Runtime: node, pg_dump/pg_restore 15 for `npm run console -- backup` on PostgreSQL, a non-root user.
FROM node:20-bookworm-slim AS runtime
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client-15 \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /src/package.json ./package.json
COPY --from=build /src/packages/console-server/package.json ./packages/console-server/package.json
COPY --from=build /src/packages/console-server/dist ./packages/console-server/dist
COPY --from=build /src/packages/console-app/dist ./packages/console-app/dist
# The embedded database's folder (its default key file, /data/db-secrets.key, lands beside it in the volume) and
# the scheduled backups' folder, owned by the image's unprivileged user.
RUN mkdir -p /data/db /backups && chown -R node:node /data /backups
USER node
ENV HOST=0.0.0.0 \
    PORT=3000 \
    CONSOLE_DATA_DIR=/data/db \
    CONSOLE_APP_DIR=/app/packages/console-app/dist \
    PG_BIN=/usr/lib/postgresql/15/bin
EXPOSE 3000
VOLUME ["/data"]
# Liveness: the process answers (readiness, /api/ready, is the proxy's check). No curl in the slim image.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Exec form: node itself gets SIGTERM and runs the graceful stop (ADR 056).
STOPSIGNAL SIGTERM
CMD ["node", "packages/console-server/dist/main.js"]
