import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../src/config.js';
import { DEMO_WHATSAPP_APP_SECRET, missingServices, withFakes } from '../src/demo/fakes.js';

const urls = {
  mayar: 'http://127.0.0.1:4001',
  graph: 'http://127.0.0.1:4002',
  whatsapp: 'http://127.0.0.1:4003',
  courier: 'http://127.0.0.1:4004',
  openai: 'http://127.0.0.1:4005/v1',
};

describe('the demo fakes: which start and where the server points', () => {
  it('start with demo data (the embedded default), not on PostgreSQL unless asked, never with CONSOLE_DEMO_FAKES=0', () => {
    expect(readConfig({}).demoFakes).toBe(true);
    expect(readConfig({ DATABASE_URL: 'postgres://u@h/db' }).demoFakes).toBe(false);
    expect(readConfig({ DATABASE_URL: 'postgres://u@h/db', CONSOLE_DEMO: '1' }).demoFakes).toBe(true);
    expect(readConfig({ CONSOLE_DEMO_FAKES: '0' }).demoFakes).toBe(false);
    expect(readConfig({}, ['--no-demo']).demoFakes).toBe(false);
    expect(readConfig({}).demoPlaySeconds).toBe(45);
    expect(readConfig({}).demoScale).toBe(1);
    expect(() => readConfig({ CONSOLE_DEMO_SCALE: '-1' })).toThrow(ConfigError);
    expect(() => readConfig({ CONSOLE_DEMO_FAKES: 'sometimes' })).toThrow(/CONSOLE_DEMO_FAKES/);
  });

  it('only for services whose URL is not set: a deployment with the URLs set starts none', () => {
    expect(missingServices(readConfig({}))).toEqual(['mayar', 'graph', 'whatsapp', 'courier', 'openai']);
    expect(
      missingServices(
        readConfig({ MAYAR_API_URL: 'https://api.mayar.id', OPENAI_BASE_URL: 'https://api.openai.com/v1' }),
      ),
    ).toEqual(['graph', 'whatsapp', 'courier']);
    const all = readConfig({
      MAYAR_API_URL: 'https://api.mayar.id',
      META_GRAPH_URL: 'https://graph.facebook.com',
      WHATSAPP_API_URL: 'https://graph.facebook.com',
      COURIER_TRACKING_URL: 'https://api.biteship.com',
      OPENAI_BASE_URL: 'https://api.openai.com/v1',
    });
    expect(missingServices(all)).toEqual([]);
  });

  it('points the unset adapters at the fakes and keeps what is set', () => {
    const config = withFakes(readConfig({ MAYAR_API_URL: 'https://api.mayar.id' }), urls);
    expect(config.intake.mayarApiUrl).toBe('https://api.mayar.id');
    expect(config.intake.metaGraphUrl).toBe(urls.graph);
    expect(config.whatsapp.apiUrl).toBe(urls.whatsapp);
    expect(config.whatsapp.appSecret).toBe(DEMO_WHATSAPP_APP_SECRET);
    expect(config.logistics.courierTrackingUrl).toBe(urls.courier);
    expect(config.insights.baseUrl).toBe(urls.openai);
    // A configured app secret is what the fake signs with.
    expect(withFakes(readConfig({ WHATSAPP_APP_SECRET: 'mine' }), urls).whatsapp.appSecret).toBe('mine');
    // No fake WhatsApp: no invented secret.
    expect(withFakes(readConfig({}), { mayar: urls.mayar }).whatsapp.appSecret).toBeUndefined();
  });
});
