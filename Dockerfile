# syntax=docker/dockerfile:1
# Le compte association: one Node process (Fastify API + the built React client under /client/).
# In the image the database is PostgreSQL from DATABASE_URL (required in production): the embedded
# PostgreSQL of the developer's machine is not used (its npm binaries are still in node_modules).
#
#   docker build -t portail .
#   docker run -e DATABASE_URL=postgresql://… -e JWT_SECRET=… -e PUBLIC_URL=https://… -p 3000:3000 portail
# or `docker compose up` (PostgreSQL, Mailpit and the portal, see docker-compose.yml).

ARG NODE_IMAGE=node:20-bookworm-slim
ARG PNPM_VERSION=10.34.8

# ---- build: install the workspace, build the client --------------------------------------------
FROM ${NODE_IMAGE} AS build
ARG PNPM_VERSION
ENV CI=true \
    PNPM_HOME=/pnpm \
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
RUN --mount=type=cache,id=pnpm-store,target=/pnpm/store \
    npx -y pnpm@${PNPM_VERSION} install --frozen-lockfile --store-dir /pnpm/store

COPY . .
# Re-generate in case the schema came with the sources, then build the client to apps/web/dist.
RUN node scripts/prisma-generate.mjs \
 && npx -y pnpm@${PNPM_VERSION} --filter @portail/web build

# ---- runtime ---------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/home/node/data \
    npm_config_update_notifier=false
WORKDIR /app

# The server runs its TypeScript through tsx (a root devDependency), so node_modules comes whole.
# Client sources, tests and the e2e package are left behind.
COPY --from=build /app/package.json /app/pnpm-workspace.yaml /app/tsconfig.base.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/packages/contract ./packages/contract
COPY --from=build /app/apps/server ./apps/server
COPY --from=build /app/apps/web/dist ./apps/web/dist

RUN mkdir -p /home/node/data && chown node:node /home/node/data
USER node

EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]

# main.ts applies the migrations, then listens; SIGTERM closes it cleanly (node is PID 1 and
# handles it itself).
CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]
