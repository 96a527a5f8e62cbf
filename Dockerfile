# syntax=docker/dockerfile:1
# Agent Coach, built the way `npm start` and the e2e suite run it: `next build` with
# output "standalone", then scripts/standalone.mjs --prepare (public files, static assets and the
# migrations copied beside server.js), then `node server.js`. Migrations are an explicit step
# before start: the `migrate` target runs `npx prisma migrate deploy`, as `npm test` does before
# the e2e suite. Nothing is downloaded at install or run time (install scripts are skipped; the
# Prisma CLI uses its Wasm schema engine, prisma.config.ts).
#
#   docker build --target migrate -t agent-coach-migrate .
#   docker build --target app -t agent-coach .
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
# Stand-ins for two of inngest's packages nothing loads (packages/unused-otel/README.md): file: dependencies.
COPY packages ./packages
RUN npm ci --ignore-scripts --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npx prisma generate \
 && npx next build \
 && node scripts/standalone.mjs --prepare

# One-shot: applies prisma/migrations to DATABASE_URL, then exits. Run it before the new app starts.
FROM deps AS migrate
COPY prisma ./prisma
COPY prisma.config.ts ./
USER node
CMD ["npx", "prisma", "migrate", "deploy"]

# The server: the standalone folder only (server.js and the node_modules it needs), as user node.
FROM ${NODE_IMAGE} AS app
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME=0.0.0.0
COPY --from=build --chown=node:node /app/.next/standalone ./
USER node
EXPOSE 3000
# /api/ready: database reachable, migrations applied, 503 while draining (README "Production").
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains (jobs ≤ 25 s, then in-flight requests): give it a minute (compose: stop_grace_period).
CMD ["node", "server.js"]
