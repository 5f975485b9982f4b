// The Dockerfile and compose.yaml keep their rules (multi-stage Debian-slim Node, production dependencies only,
// non-root, a healthcheck, no browser; several instances on shared stores, settings the server has). Docker cannot
// pull images here, so the files are linted rather than built; each rule is shown failing on a file that breaks it.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { composeProblems, settingNamesFrom } from '../container-lint/compose-rules';
import { dockerfileProblems, parseDockerfile } from '../container-lint/dockerfile-rules';

const root = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

const settings = settingNamesFrom(read('server/src/config.ts'));

const GOOD_DOCKERFILE = `
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci && npm run build

FROM node:22-bookworm-slim AS runtime
COPY package.json package-lock.json ./
RUN npm ci --omit=dev
COPY server ./server
COPY --from=build /app/dist ./dist
ENV HOST=0.0.0.0 DATA_DIR=/data
USER node
EXPOSE 8080
HEALTHCHECK CMD ["node", "-e", "fetch('http://127.0.0.1:8080/api/health/')"]
CMD ["node", "--import", "tsx", "server/src/server.ts"]
`;

const GOOD_COMPOSE = `
x-app: &app
  build: .
  image: qr-verify:local
  environment:
    DATABASE_URL: postgres://qrverify:\${POSTGRES_PASSWORD}@postgres:5432/qrverify
    REDIS_URL: redis://redis:6379
    S3_BUCKET: qr-verify
    S3_ENDPOINT: http://minio:9000
    SEAL_MASTER_KEY: \${SEAL_MASTER_KEY}
services:
  app1:
    <<: *app
  app2:
    <<: *app
  postgres:
    image: postgres:16
  redis:
    image: redis:7
  minio:
    image: minio/minio:RELEASE.2025-04-22T22-12-26Z
  caddy:
    image: caddy:2.10
`;

test('the Dockerfile keeps every rule', () => {
  expect(dockerfileProblems(read('Dockerfile'))).toEqual([]);
});

test('compose.yaml keeps every rule', () => {
  expect(composeProblems(read('compose.yaml'), settings)).toEqual([]);
});

test('settings are read from the server config schema', () => {
  for (const name of ['PORT', 'HOST', 'DATA_DIR', 'DATABASE_URL', 'REDIS_URL', 'METRICS_TOKEN']) {
    expect(settings).toContain(name);
  }
  expect(settings).not.toContain('NODE_ENV');
});

test('instructions join their continuation lines and skip comments, in them too', () => {
  const instructions = parseDockerfile(
    'FROM node:22-bookworm-slim AS runtime\n# a comment\nRUN npm ci \\\n  # why\n  --omit=dev\nUSER node',
  );

  expect(instructions).toEqual([
    { keyword: 'FROM', args: 'node:22-bookworm-slim AS runtime', line: 1 },
    { keyword: 'RUN', args: 'npm ci --omit=dev', line: 3 },
    { keyword: 'USER', args: 'node', line: 6 },
  ]);
});

describe('a Dockerfile breaking a rule is reported', () => {
  test('the sample follows every rule', () => {
    expect(dockerfileProblems(GOOD_DOCKERFILE)).toEqual([]);
  });

  const single = GOOD_DOCKERFILE.slice(
    GOOD_DOCKERFILE.indexOf('FROM node:22-bookworm-slim AS runtime'),
  ).replace('COPY --from=build /app/dist ./dist\n', '');

  test.each([
    ['one stage', single, 'multi-stage'],
    ['an unnamed stage', GOOD_DOCKERFILE.replace(' AS runtime', ''), 'names no stage'],
    [
      'latest',
      GOOD_DOCKERFILE.replace('node:22-bookworm-slim AS build', 'node:latest AS build'),
      'Debian-slim Node',
    ],
    [
      'Alpine',
      GOOD_DOCKERFILE.replace('node:22-bookworm-slim AS runtime', 'node:22-alpine AS runtime'),
      'Debian-slim',
    ],
    [
      'a full install at run time',
      GOOD_DOCKERFILE.replace('npm ci --omit=dev', 'npm ci'),
      'npm ci --omit=dev',
    ],
    [
      'npm install',
      GOOD_DOCKERFILE.replace('RUN npm ci &&', 'RUN npm install &&'),
      'not npm install',
    ],
    ['root', GOOD_DOCKERFILE.replace('USER node', 'USER root'), 'other than root'],
    ['no USER', GOOD_DOCKERFILE.replace('USER node\n', ''), 'other than root'],
    ['no HEALTHCHECK', GOOD_DOCKERFILE.replace(/HEALTHCHECK .*\n/, ''), 'HEALTHCHECK'],
    [
      'HEALTHCHECK NONE',
      GOOD_DOCKERFILE.replace(/HEALTHCHECK .*\n/, 'HEALTHCHECK NONE\n'),
      'HEALTHCHECK',
    ],
    [
      'a browser',
      GOOD_DOCKERFILE.replace(
        'RUN npm ci --omit=dev',
        'RUN npm ci --omit=dev && \\\n  npx playwright install chromium',
      ),
      'browser',
    ],
    [
      'ADD of a URL',
      GOOD_DOCKERFILE.replace('USER node', 'ADD https://example.com/tool.tgz /opt/\nUSER node'),
      'fetches a URL',
    ],
    ['no EXPOSE 8080', GOOD_DOCKERFILE.replace('EXPOSE 8080', 'EXPOSE 3000'), 'EXPOSE 8080'],
    ['HOST left on loopback', GOOD_DOCKERFILE.replace('HOST=0.0.0.0 ', ''), 'HOST=0.0.0.0'],
    [
      'the whole context at run time',
      GOOD_DOCKERFILE.replace('COPY server ./server', 'COPY . .'),
      'not the whole build context',
    ],
    [
      "the build stage's node_modules",
      GOOD_DOCKERFILE.replace(
        'COPY server ./server',
        'COPY --from=build /app/node_modules ./node_modules',
      ),
      'brings devDependencies',
    ],
  ])('%s', (_rule, dockerfile, problem) => {
    const problems = dockerfileProblems(dockerfile);

    expect(problems).toEqual([expect.stringContaining(problem)]);
  });
});

describe('a compose file breaking a rule is reported', () => {
  test('the sample follows every rule', () => {
    expect(composeProblems(GOOD_COMPOSE, settings)).toEqual([]);
  });

  const withoutService = (name: string, image: string) =>
    GOOD_COMPOSE.replace(`  ${name}:\n    image: ${image}\n`, '');

  test.each([
    ['one app', GOOD_COMPOSE.replace('  app2:\n    <<: *app\n', ''), 'two app services'],
    ['no postgres', withoutService('postgres', 'postgres:16'), 'a postgres service'],
    ['no redis', withoutService('redis', 'redis:7'), 'a redis service'],
    [
      'no S3 store',
      withoutService('minio', 'minio/minio:RELEASE.2025-04-22T22-12-26Z'),
      'S3-compatible',
    ],
    ['no caddy', withoutService('caddy', 'caddy:2.10'), 'a caddy service'],
    ['an unpinned image', GOOD_COMPOSE.replace('redis:7', 'redis:latest'), 'names its version'],
    [
      'a setting the server does not have',
      GOOD_COMPOSE.replace('    S3_BUCKET:', '    S3_BUCKET_NAME: x\n    S3_BUCKET:'),
      'S3_BUCKET_NAME, which is not a setting',
    ],
    [
      'no shared seal key',
      GOOD_COMPOSE.replace('    SEAL_MASTER_KEY: ${SEAL_MASTER_KEY}\n', ''),
      'SEAL_MASTER_KEY: several instances share it',
    ],
    [
      'a database elsewhere than the postgres service',
      GOOD_COMPOSE.replace('@postgres:5432', '@db.example.com:5432'),
      'DATABASE_URL points at the postgres service',
    ],
  ])('%s', (_rule, compose, problem) => {
    const problems = composeProblems(compose, settings);

    expect(problems).toContainEqual(expect.stringContaining(problem));
  });

  test('instances told different settings', () => {
    const compose = GOOD_COMPOSE.replace(
      '  app2:\n    <<: *app\n',
      '  app2:\n    <<: *app\n    environment:\n      DATABASE_URL: postgres://postgres/other\n',
    );

    expect(composeProblems(compose, settings)).toContainEqual(
      expect.stringContaining('the same settings'),
    );
  });
});
