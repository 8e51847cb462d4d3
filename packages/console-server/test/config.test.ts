import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, listenNotice, readConfig } from '../src/config.js';

describe('readConfig', () => {
  it('defaults: port 3000 on loopback, ./data under the cwd, demo on the embedded database', () => {
    const config = readConfig({}, [], '/srv/console');
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      hostReason: 'demo',
      databaseUrl: undefined,
      dataDir: path.resolve('/srv/console/data'),
      demo: true,
      adminUsername: 'admin',
      adminPassword: undefined,
      tokenTtlHours: 12,
      corsOrigins: [],
      appDir: path.resolve('/srv/console/packages/console-app/dist'),
      loginRateLimit: 60,
    });
  });

  it('demo data is off with DATABASE_URL unless asked for', () => {
    expect(readConfig({ DATABASE_URL: 'postgres://u@h/db' }).demo).toBe(false);
    expect(readConfig({ DATABASE_URL: 'postgres://u@h/db', CONSOLE_DEMO: '1' }).demo).toBe(true);
    expect(readConfig({ CONSOLE_DEMO: '0' }).demo).toBe(false);
    expect(readConfig({}, ['--no-demo']).demo).toBe(false);
  });

  it('listens on loopback with demo data (published passwords), on every interface without, HOST over both', () => {
    expect(readConfig({})).toMatchObject({ host: '127.0.0.1', hostReason: 'demo' });
    expect(readConfig({ DATABASE_URL: 'postgres://u@h/db', CONSOLE_DEMO: '1' })).toMatchObject({
      host: '127.0.0.1',
      hostReason: 'demo',
    });
    expect(readConfig({ DATABASE_URL: 'postgres://u@h/db' })).toMatchObject({
      host: '0.0.0.0',
      hostReason: 'default',
    });
    expect(readConfig({}, ['--no-demo'])).toMatchObject({ host: '0.0.0.0', hostReason: 'default' });
    expect(readConfig({ HOST: '0.0.0.0' })).toMatchObject({
      host: '0.0.0.0',
      hostReason: 'HOST',
      demo: true,
    });
    expect(readConfig({ HOST: ' ' }).host).toBe('127.0.0.1');
  });

  it('says at start where it listens and why; a warning when demo data is reachable from other machines', () => {
    expect(listenNotice(readConfig({}), 3000)).toEqual({
      level: 'warn',
      message: 'demo data: listening on 127.0.0.1:3000 only; set HOST=0.0.0.0 to expose',
    });
    expect(listenNotice(readConfig({ HOST: '0.0.0.0' }), 3000)).toMatchObject({
      level: 'warn',
      message: expect.stringMatching(/^demo data: listening on 0\.0\.0\.0:3000 \(HOST\)/),
    });
    expect(listenNotice(readConfig({ HOST: '127.0.0.2' }), 80).level).toBe('info');
    expect(listenNotice(readConfig({ CONSOLE_DEMO: '0' }), 3000)).toEqual({
      level: 'info',
      message: 'listening on 0.0.0.0:3000: every interface (no demo data; HOST narrows it)',
    });
    expect(listenNotice(readConfig({ CONSOLE_DEMO: '0', HOST: '10.0.0.5' }), 3001)).toEqual({
      level: 'info',
      message: 'listening on 10.0.0.5:3001 (HOST)',
    });
  });

  it('starts the fake outside services only with demo data', () => {
    expect(readConfig({}).demoFakes).toBe(true);
    expect(readConfig({ CONSOLE_DEMO_FAKES: '0' }).demoFakes).toBe(false);
    expect(readConfig({ CONSOLE_DEMO: '0', CONSOLE_DEMO_FAKES: '1' }).demoFakes).toBe(false);
    expect(readConfig({ CONSOLE_DEMO_FAKES: '1' }, ['--no-demo']).demoFakes).toBe(false);
    expect(readConfig({ DATABASE_URL: 'postgres://u@h/db', CONSOLE_DEMO_FAKES: '1' }).demoFakes).toBe(false);
  });

  it('reads the other variables', () => {
    const config = readConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      CONSOLE_DATA_DIR: '/var/lib/console',
      CONSOLE_ADMIN_USERNAME: 'root',
      CONSOLE_ADMIN_PASSWORD: 's3cret',
      CONSOLE_TOKEN_TTL_HOURS: '2.5',
      CONSOLE_CORS_ORIGINS: 'https://a.example, https://b.example',
      CONSOLE_LOGIN_RATE_LIMIT: '0',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/console',
      adminUsername: 'root',
      adminPassword: 's3cret',
      tokenTtlHours: 2.5,
      corsOrigins: ['https://a.example', 'https://b.example'],
      loginRateLimit: false,
    });
  });

  it('refuses nonsense with a message naming the variable', () => {
    expect(() => readConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => readConfig({ CONSOLE_TOKEN_TTL_HOURS: '-1' })).toThrow(/CONSOLE_TOKEN_TTL_HOURS/);
    expect(() => readConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => readConfig({ CONSOLE_DEMO: 'maybe' })).toThrow(/CONSOLE_DEMO/);
  });

  it('reads the intake adapters and workers: MAYAR_API_URL, META_GRAPH_URL and the forwarder timings', () => {
    const config = readConfig({
      MAYAR_API_URL: 'http://127.0.0.1:4010',
      META_GRAPH_URL: 'http://127.0.0.1:4020',
      CONSOLE_FORWARDER_INTERVAL_MS: '500',
      CONSOLE_MAYAR_RECONCILE_MINUTES: '0',
    });
    expect(config.intake).toMatchObject({
      mayarApiUrl: 'http://127.0.0.1:4010',
      metaGraphUrl: 'http://127.0.0.1:4020',
      forwarderIntervalMs: 500,
      forwarderLeaseMs: 60_000,
      reconcileEveryMinutes: false,
    });
    expect(readConfig({}).intake).toMatchObject({
      mayarApiUrl: undefined,
      reconcileEveryMinutes: 60,
      verifyPaid: false,
    });
    expect(readConfig({ MAYAR_VERIFY_PAID: 'true' }).intake.verifyPaid).toBe(true);
    expect(() => readConfig({ MAYAR_VERIFY_PAID: 'maybe' })).toThrow(/MAYAR_VERIFY_PAID/);
    expect(() => readConfig({ MAYAR_API_URL: 'ftp://x' })).toThrow(/MAYAR_API_URL/);
  });
  it('reads the logistics adapters: COURIER_TRACKING_URL and key, the tracking poll (0 turns it off)', () => {
    expect(readConfig({}).logistics).toEqual({
      courierTrackingUrl: undefined,
      courierTrackingKey: undefined,
      trackingEveryMinutes: 30,
    });
    expect(
      readConfig({
        COURIER_TRACKING_URL: 'http://127.0.0.1:9000',
        COURIER_TRACKING_KEY: ' biteship_test.key ',
        CONSOLE_TRACKING_EVERY_MINUTES: '0',
      }).logistics,
    ).toEqual({
      courierTrackingUrl: 'http://127.0.0.1:9000',
      courierTrackingKey: 'biteship_test.key',
      trackingEveryMinutes: false,
    });
    expect(() => readConfig({ COURIER_TRACKING_URL: 'ftp://x' })).toThrow(/COURIER_TRACKING_URL/);
    expect(() => readConfig({ CONSOLE_TRACKING_EVERY_MINUTES: 'often' })).toThrow(
      /CONSOLE_TRACKING_EVERY_MINUTES/,
    );
  });

  it('serves metrics only when METRICS_PORT is set, on loopback unless METRICS_HOST', () => {
    expect(readConfig({}).metrics).toBeUndefined();
    expect(readConfig({ METRICS_PORT: '' }).metrics).toBeUndefined();
    expect(readConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    // Not tied to HOST: the public port may be exposed while the metrics stay on this machine.
    expect(readConfig({ METRICS_PORT: '9464', HOST: '0.0.0.0' }).metrics?.host).toBe('127.0.0.1');
    expect(readConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({
      port: 9464,
      host: '10.0.0.5',
    });
    expect(() => readConfig({ METRICS_PORT: 'prometheus' })).toThrow(/METRICS_PORT/);
    expect(() => readConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
  });

  it('reads the WhatsApp adapter: WHATSAPP_API_URL, version, app secret, verify token, access token', () => {
    const config = readConfig({
      WHATSAPP_API_URL: 'http://127.0.0.1:4030',
      WHATSAPP_API_VERSION: 'v21.0',
      WHATSAPP_APP_SECRET: 'app-secret',
      WHATSAPP_VERIFY_TOKEN: 'verify-me',
      WHATSAPP_ACCESS_TOKEN: 'EAAG',
    });
    expect(config.whatsapp).toEqual({
      apiUrl: 'http://127.0.0.1:4030',
      apiVersion: 'v21.0',
      appSecret: 'app-secret',
      verifyToken: 'verify-me',
      accessToken: 'EAAG',
    });
    expect(readConfig({}).whatsapp.apiUrl).toBeUndefined();
    expect(() => readConfig({ WHATSAPP_API_URL: 'graph.facebook.com' })).toThrow(/WHATSAPP_API_URL/);
  });
});
