# The Tollgate image: one build, every role (`all`, `gateway`, `ledger`, `analytics`) chosen by the command.
FROM node:20-bookworm-slim AS build
WORKDIR /app
# Manifests first, so the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY ledger/package.json ledger/
COPY analytics/package.json analytics/
COPY gateway/package.json gateway/
COPY console/package.json console/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
WORKDIR /app
COPY --from=build /app /app
ENV PORT=3000 DATA_DIR=/data
VOLUME /data
EXPOSE 3000
ENTRYPOINT ["node", "--import", "tsx", "gateway/src/main.ts"]
CMD ["all"]
