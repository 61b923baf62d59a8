# syntax=docker/dockerfile:1
# Production image of @podcast/enrichment-runner: build the workspace, then deploy only
# the app and its production dependencies into a slim, non-root runtime.
FROM node:20-bookworm-slim AS build
RUN npm i -g pnpm@10.34.8
# better-sqlite3 (the corpus index) has no reachable prebuilt binary: pnpm builds it with node-gyp.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml .npmrc turbo.json tsconfig.base.json ./
COPY packages ./packages
COPY apps ./apps
COPY scripts/bundle-app.mjs ./scripts/
RUN pnpm install --frozen-lockfile
RUN pnpm exec turbo run build --filter=@podcast/enrichment-runner...
RUN pnpm --filter @podcast/enrichment-runner deploy --prod --legacy /out
# One module to load instead of the whole graph; bundled where it runs, so its outside imports resolve.
RUN node scripts/bundle-app.mjs /out

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production APP_ENV=production HOST=0.0.0.0
WORKDIR /app
COPY --from=build --chown=node:node /out ./
USER node

CMD ["node", "dist/bundle.mjs"]
