# syntax=docker/dockerfile:1
# Kreditkompass broker: `docker build -t kreditkompass .` (README, "Running in containers").
# tests/e2e/container-recipe.spec.ts replays the runtime stage's COPY, RUN, ENV and CMD lines without
# Docker, so what is written here is what the test installs and starts.

# The build: every dependency (Vite, the prerenderer), then the site the server serves (dist/client).
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The runtime: Node 24 runs the server's TypeScript as it is (type stripping), so it needs the
# production dependencies, server/, domain/, locales/ and the built site, and nothing else.
FROM node:24-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY package.json package-lock.json ./
# --omit=optional as well: typescript, @types/react and csstype are optional peers of i18next and
# react-i18next that npm keeps for them otherwise (23 MB the server never loads); no production
# dependency needs an install script
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund
COPY server ./server
COPY domain ./domain
COPY locales ./locales
COPY --from=build /app/dist/client ./dist/client
# the files stay root's: the server only reads them
USER node
EXPOSE 3000
# readiness: the database answers, every migration is applied, the job queue runs, no shutdown has begun
# (server/ops/health.ts); the route answers 503 within a second when the database hangs
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# production: the lenders of LENDERS_CONFIG, no simulators; DATABASE_URL and ENCRYPTION_KEYS required
CMD ["node", "server/main.ts"]
