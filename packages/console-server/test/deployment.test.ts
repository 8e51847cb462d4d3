import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The deployment files (Dockerfile, compose.yaml, deploy/Caddyfile) read as text: no docker needed. A variable
// they set that the server never reads is a typo or a leftover, and the operator believes a setting that does
// nothing.
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');
// js-yaml (a dev dependency here; changesets uses it too), loaded untyped: only `load` is used.
const yaml = createRequire(import.meta.url)('js-yaml') as { load: (text: string) => unknown };

/** Every `env.NAME` / `process.env.NAME` in the server's sources: config.ts and the few read elsewhere. */
function variablesTheServerReads(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.ts'))
        for (const match of fs.readFileSync(file, 'utf8').matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g))
          names.add(match[1]!);
    }
  };
  walk(path.join(here, '../src'));
  return names;
}

interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, unknown> | string[];
  volumes?: string[];
  healthcheck?: unknown;
}

const environmentNames = (service: ComposeService) =>
  Array.isArray(service.environment)
    ? service.environment.map((entry) => entry.split('=')[0]!)
    : Object.keys(service.environment ?? {});

describe('deployment files', () => {
  const known = variablesTheServerReads();

  it('the server reads variables (the scan finds config.ts)', () => {
    for (const name of [
      'DATABASE_URL',
      'CONSOLE_BACKUP_DIR',
      'CONSOLE_BACKUP_KEEP',
      'METRICS_PORT',
      'PG_BIN',
    ])
      expect(known, name).toContain(name);
  });

  it('Dockerfile: multi-stage, a non-root user, a health check on /api/health, only variables the server reads', () => {
    const dockerfile = read('Dockerfile');
    const stages = [...dockerfile.matchAll(/^FROM\s+\S+\s+AS\s+(\S+)/gim)].map((match) => match[1]);
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const users = [...dockerfile.matchAll(/^USER\s+(\S+)/gim)].map((match) => match[1]);
    expect(users.at(-1)).toBeDefined();
    expect(['root', '0']).not.toContain(users.at(-1));
    expect(dockerfile).toMatch(/^HEALTHCHECK\b[\s\S]*?\/api\/health/m);
    // ENV lines, continued with backslashes.
    const envBlocks = [...dockerfile.matchAll(/^ENV\s+((?:.*\\\n)*.*)$/gm)].map((match) => match[1]!);
    const set = envBlocks.flatMap((block) => [...block.matchAll(/([A-Z][A-Z0-9_]*)=/g)].map((m) => m[1]!));
    expect(set.length).toBeGreaterThan(0);
    expect(set.filter((name) => !known.has(name))).toEqual([]);
  });

  it('compose.yaml: PostgreSQL, two console nodes and a proxy; every console variable is one the server reads', () => {
    const compose = yaml.load(read('compose.yaml')) as { services: Record<string, ComposeService> };
    const services = Object.entries(compose.services);
    const consoles = services.filter(([, service]) => service.build !== undefined);
    expect(consoles.map(([name]) => name)).toEqual(['console-1', 'console-2']);
    for (const [name, service] of consoles) {
      const names = environmentNames(service);
      expect(
        names.filter((variable) => !known.has(variable)),
        name,
      ).toEqual([]);
      // Production: no demo data, behind the proxy, a key from outside the data, the database.
      for (const needed of ['DATABASE_URL', 'CONSOLE_SECRETS_KEY', 'CONSOLE_TRUST_PROXY', 'CONSOLE_DEMO'])
        expect(names, `${name} sets ${needed}`).toContain(needed);
      expect((service.environment as Record<string, unknown>).CONSOLE_DEMO).toBe('0');
      expect(String((service.environment as Record<string, unknown>).DATABASE_URL)).toMatch(
        /@postgres:5432\//,
      );
    }
    expect(services.some(([, service]) => /^postgres:/.test(service.image ?? ''))).toBe(true);
    const proxy = compose.services.proxy;
    expect(proxy?.image).toMatch(/^caddy:/);
    const mounted = (proxy?.volumes ?? []).map((volume) => volume.split(':')[0]!);
    expect(mounted).toContain('./deploy/Caddyfile');
  });

  it('deploy/Caddyfile: both nodes behind the proxy, checked on /api/ready', () => {
    const caddyfile = read('deploy/Caddyfile');
    expect(caddyfile).toMatch(/reverse_proxy\s+console-1:3000\s+console-2:3000/);
    expect(caddyfile).toMatch(/health_uri\s+\/api\/ready/);
    // Caddy's reverse_proxy carries WebSocket upgrades itself; no header rewrite may break them.
    expect(caddyfile).not.toMatch(/header_up\s+(-?Connection|-?Upgrade)/i);
  });
});
