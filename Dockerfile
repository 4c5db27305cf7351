# Folio in a container: `docker build -t folio .` then `docker run -p 7700:7700 -v folio-data:/data folio`.
# BASE is any Debian-like image with Node.js >= 20.19 and npm (default: the official node:22-slim). Where no
# image registry is reachable, build a local base (Debian plus Node from the npm registry's `node` package,
# see scripts/test-container.sh) and pass --build-arg BASE=localhost/folio-base:bookworm.
ARG BASE=node:22-slim

# Stage 1: every dependency, then the build (web app and server bundle).
FROM ${BASE} AS build
# Directory with Node's headers for compiling better-sqlite3 when no prebuilt binary can be downloaded.
ARG NODEDIR=
WORKDIR /app
RUN command -v g++ >/dev/null || (apt-get update -qq && apt-get install -y -qq --no-install-recommends python3 make g++ >/dev/null && rm -rf /var/lib/apt/lists/*)
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN if [ -n "$NODEDIR" ]; then export npm_config_nodedir="$NODEDIR"; fi; npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Stage 2: the server's runtime dependencies only (install scripts skipped: better-sqlite3's compiled
# binding is carried over from stage 1 instead of being built twice).
FROM build AS deps
RUN bs3=$(dirname "$(find node_modules apps/server/node_modules -path '*/node_modules/better-sqlite3/package.json' | head -1)") \
 && mv "$bs3/build" /tmp/better-sqlite3-build \
 && rm -rf node_modules apps/*/node_modules packages/*/node_modules \
 && npm ci --omit=dev --ignore-scripts --no-audit --no-fund -w apps/server \
 && bs3=$(dirname "$(find node_modules apps/server/node_modules -path '*/node_modules/better-sqlite3/package.json' 2>/dev/null | head -1)") \
 && mv /tmp/better-sqlite3-build "$bs3/build" \
 && mkdir -p apps/server/node_modules

# Stage 3: the image: bundles, runtime modules, a non-root user, data in /data.
FROM ${BASE}
ENV NODE_ENV=production \
    PORT=7700 \
    HOST=0.0.0.0 \
    DATABASE_URL=sqlite:/data/folio.db \
    FOLIO_UPLOAD_DIR=/data/uploads
WORKDIR /app
RUN (getent passwd folio >/dev/null || useradd --system --uid 10001 --user-group --home-dir /app folio) \
 && mkdir -p /data && chown folio:folio /data
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/apps/server/node_modules ./apps/server/node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/apps/server/package.json ./apps/server/
COPY --from=build /app/apps/server/bin ./apps/server/bin
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
RUN ln -s /app/apps/server/bin/folio.mjs /usr/local/bin/folio
USER folio
VOLUME /data
EXPOSE 7700
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||7700)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--max-semi-space-size=8", "apps/server/dist/main.js"]
