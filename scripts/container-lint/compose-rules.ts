// The rules compose.yaml keeps: several app instances from the one Dockerfile on shared Postgres, Redis and an
// S3-compatible bucket, behind Caddy, each instance told only settings the server has (server/src/config.ts).
// `yaml` is not a dependency of ours: it comes with the toolchain (cosmiconfig), enough for a test.
import { parse } from 'yaml';

interface ComposeService {
  build?: string | { context?: string; dockerfile?: string };
  image?: string;
  environment?: Record<string, string | number | boolean | null> | string[];
}

// What several instances must share to act as one (docs/deployment.md, "Several instances").
const SHARED_SETTINGS = ['DATABASE_URL', 'REDIS_URL', 'S3_BUCKET', 'SEAL_MASTER_KEY'];

const STORES = {
  postgres: /^postgres:\d/,
  redis: /^redis:\d/,
  'an S3-compatible store': /(?:^|\/)(?:minio|seaweedfs|garage|localstack)(?::|$)/,
  caddy: /^caddy:\d/,
};

/** The setting names server/src/config.ts reads: the keys of its envSchema. */
export function settingNamesFrom(configSource: string): Set<string> {
  const start = configSource.indexOf('const envSchema = z.object({');
  const end = configSource.indexOf('\n});', start);
  const body = start === -1 ? '' : configSource.slice(start, end);
  return new Set([...body.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1]!));
}

function isRepositoryBuild(build: ComposeService['build']): boolean {
  if (build === undefined) return false;
  const { context = '.', dockerfile = 'Dockerfile' } =
    typeof build === 'string' ? { context: build } : build;
  return ['.', './'].includes(context) && dockerfile === 'Dockerfile';
}

function environmentOf(service: ComposeService): Map<string, string> {
  const { environment = {} } = service;
  const entries = Array.isArray(environment)
    ? environment.map((entry) => entry.split(/=(.*)/s).slice(0, 2) as [string, string?])
    : Object.entries(environment);
  return new Map(entries.map(([name, value]) => [name, String(value ?? '')]));
}

/** The host a URL setting points at, with compose's ${…} interpolations standing in as plain text. */
function hostOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url.replace(/\$\{[^}]*\}/g, 'x')).hostname;
  } catch {
    return undefined;
  }
}

function appProblems(
  apps: [string, ComposeService][],
  servicesByStore: Map<string, string[]>,
  settingNames: ReadonlySet<string>,
): string[] {
  const problems: string[] = [];
  if (apps.length < 2) problems.push('two app services or more, built from the Dockerfile');
  const images = new Set(apps.map(([, service]) => service.image ?? ''));
  if (images.size > 1)
    problems.push('the app services are one image: the same build, the same tag');
  const environments = apps.map(([, service]) => environmentOf(service));
  const asText = new Set(environments.map((environment) => JSON.stringify([...environment])));
  if (asText.size > 1) {
    problems.push(
      'the app services have the same settings: instances differ only in their data folder',
    );
  }
  apps.forEach(([name], index) => {
    const environment = environments[index]!;
    for (const setting of environment.keys()) {
      if (!settingNames.has(setting)) {
        problems.push(`${name} sets ${setting}, which is not a setting in server/src/config.ts`);
      }
    }
    for (const setting of SHARED_SETTINGS) {
      if (!environment.get(setting)) {
        problems.push(`${name} sets ${setting}: several instances share it`);
      }
    }
    const targets: [string, string][] = [
      ['DATABASE_URL', 'postgres'],
      ['REDIS_URL', 'redis'],
      ['S3_ENDPOINT', 'an S3-compatible store'],
    ];
    for (const [setting, store] of targets) {
      const host = hostOf(environment.get(setting));
      if (!host || !servicesByStore.get(store)?.includes(host)) {
        problems.push(`${name}'s ${setting} points at the ${store} service of this file`);
      }
    }
  });
  return problems;
}

/** What compose.yaml breaks, one line each; none when it keeps every rule. */
export function composeProblems(text: string, settingNames: ReadonlySet<string>): string[] {
  const services: Record<string, ComposeService> =
    (parse(text, { merge: true }) as { services?: Record<string, ComposeService> } | null)
      ?.services ?? {};
  const entries = Object.entries(services);
  const problems: string[] = [];
  const servicesByStore = new Map<string, string[]>();
  for (const [store, image] of Object.entries(STORES)) {
    const names = entries
      .filter(([, service]) => image.test(service.image ?? ''))
      .map(([name]) => name);
    if (names.length === 0) problems.push(`a ${store} service: none found`);
    servicesByStore.set(store, names);
  }
  for (const [name, service] of entries) {
    const isPinned = !service.image || /:(?!latest$)[^/:]+$/.test(service.image);
    if (!isPinned) problems.push(`${name}'s image ${service.image} names its version (not latest)`);
  }
  const apps = entries.filter(([, service]) => isRepositoryBuild(service.build));
  return [...problems, ...appProblems(apps, servicesByStore, settingNames)];
}
