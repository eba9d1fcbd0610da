# Production image: build everything, then keep only what runs.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY server/package.json server/
COPY web/package.json web/
COPY packages/rules/package.json packages/rules/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY server/package.json server/
COPY web/package.json web/
COPY packages/rules/package.json packages/rules/
RUN npm ci --omit=dev --workspace server --no-audit --no-fund
COPY --from=build /app/packages/rules/dist packages/rules/dist
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/web/dist web/dist
# the server runs unprivileged; DATA_DIR (uploads, outbox) is the only place it writes, and a named
# volume mounted there starts with this ownership
RUN mkdir -p /data && chown node:node /data
ENV DATA_DIR=/data
USER node
EXPOSE 4000
# a larger young generation: a request's short-lived objects die there instead of being copied out
# (docs/benchmarks.md: 3 to 9 % more uncached pages a second, about 30 MB more memory a process)
CMD ["node", "--max-semi-space-size=32", "server/dist/main.js"]
