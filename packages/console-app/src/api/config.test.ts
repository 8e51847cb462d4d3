import { describe, expect, it, vi } from 'vitest';
import { ApiError, INVALID_RESPONSE_CODE } from './apiError.js';
import { createApiClient } from './client.js';
import { parseConfigValue, readConfig } from './config.js';
import { fakeAdapter, type FakeAnswer } from './testAdapter.js';

const clientAnswering = (answer: FakeAnswer) => {
  const fake = fakeAdapter(() => answer);
  return {
    ...fake,
    client: createApiClient({ getToken: () => 't', onUnauthorized: vi.fn(), adapter: fake.adapter }),
  };
};

describe('parseConfigValue', () => {
  it('turns numeric strings into numbers and keeps other strings', () => {
    expect(parseConfigValue('30')).toBe(30);
    expect(parseConfigValue('-2.5')).toBe(-2.5);
    expect(parseConfigValue(' 7 ')).toBe(7);
    expect(parseConfigValue('0x10')).toBe('0x10');
    expect(parseConfigValue('1e3')).toBe('1e3');
    expect(parseConfigValue('')).toBe('');
    expect(parseConfigValue('abc')).toBe('abc');
    expect(parseConfigValue(null)).toBeNull();
  });
});

describe('readConfig', () => {
  it('asks /api/configs/ with config_name and default_value and reads config_value', async () => {
    const { client, requests } = clientAnswering({
      status: 200,
      data: { config_name: 'window_days', default_value: '30', config_value: '45' },
    });
    await expect(readConfig(client, 'window_days', '30')).resolves.toBe(45);
    expect(requests[0]!.url).toBe('/api/configs/');
    expect(requests[0]!.params).toEqual({ config_name: 'window_days', default_value: '30' });
  });

  it('falls back to the default when config_value is missing', async () => {
    const { client } = clientAnswering({
      status: 200,
      data: { config_name: 'x', default_value: '12', config_value: null },
    });
    await expect(readConfig(client, 'x', '12')).resolves.toBe(12);
    const unknown = clientAnswering({
      status: 200,
      data: { config_name: 'x', default_value: null, config_value: null },
    });
    await expect(readConfig(unknown.client, 'x', 'fallback')).resolves.toBe('fallback');
  });

  it('rethrows errors to the caller as ApiErrors', async () => {
    const { client } = clientAnswering({ status: 500, data: { message: 'boom' } });
    const failed = readConfig(client, 'x', '1');
    await expect(failed).rejects.toBeInstanceOf(ApiError);
    await expect(failed).rejects.toMatchObject({
      status: 500,
      message: 'boom',
      endpoint: 'GET /api/configs/',
    });
    const down = clientAnswering({ network: true });
    await expect(readConfig(down.client, 'x')).rejects.toThrow('Network Error');
    // An answer of another shape is refused rather than read as "no value".
    const bare = clientAnswering({ status: 200, data: {} });
    await expect(readConfig(bare.client, 'x', 'fallback')).rejects.toMatchObject({
      code: INVALID_RESPONSE_CODE,
    });
  });
});
