import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import {
  type BotLoginAdapter,
  type BotLoginSnapshot,
  botLoginMachineFor,
  toBotLoginError,
} from './botLogin.machine.js';

const at = (patch: Partial<BotLoginSnapshot>, version: number): BotLoginSnapshot => ({
  status: 'disconnected',
  step: 'idle',
  code_method: null,
  last_error: null,
  version,
  ...patch,
});

/** A server that takes the code 123456 and the PIN 246810 and records every call. */
function fakeServer() {
  let version = 0;
  const calls: string[] = [];
  const adapter: BotLoginAdapter = {
    requestCode: async (method) => {
      calls.push(`request ${method}`);
      return at({ status: 'pending', step: 'code_requested', code_method: method }, (version += 1));
    },
    verifyCode: async (code) => {
      calls.push(`verify ${code}`);
      if (code !== '123456')
        throw {
          status: 400,
          message: 'Kode verifikasi salah.',
          fields: { code: ['Kode verifikasi salah.'] },
        };
      return at({ status: 'pending', step: 'code_verified' }, (version += 1));
    },
    register: async (pin) => {
      calls.push(`register ${pin}`);
      if (pin !== '246810') throw { status: 429, message: 'Terlalu banyak percobaan PIN.' };
      return at({ status: 'connected' }, (version += 1));
    },
    disconnect: async () => {
      calls.push('disconnect');
      return at({}, (version += 1));
    },
  };
  return { adapter, calls };
}

const settled = (state: { hasTag: (tag: 'busy') => boolean }) => !state.hasTag('busy');

describe('botLoginMachine', () => {
  it('goes through both codes to connected, then disconnects', async () => {
    const server = fakeServer();
    const actor = createActor(botLoginMachineFor(server.adapter), { input: { login: at({}, 0) } }).start();
    expect(actor.getSnapshot().value).toBe('disconnected');
    actor.send({ type: 'REQUEST_CODE', method: 'VOICE' });
    expect(actor.getSnapshot().value).toBe('requestingCode');
    expect((await waitFor(actor, settled)).value).toBe('enteringCode');
    actor.send({ type: 'CODE', code: '000000' });
    const wrong = await waitFor(actor, settled);
    expect(wrong.value).toBe('enteringCode');
    expect(wrong.context.error).toEqual({ status: 400, message: 'Kode verifikasi salah.', field: 'code' });
    actor.send({ type: 'CODE', code: '123456' });
    expect((await waitFor(actor, settled)).value).toBe('enteringPin');
    actor.send({ type: 'PIN', pin: '246810' });
    expect((await waitFor(actor, settled)).value).toBe('connected');
    actor.send({ type: 'DISCONNECT' });
    expect((await waitFor(actor, settled)).value).toBe('disconnected');
    expect(server.calls).toEqual([
      'request VOICE',
      'verify 000000',
      'verify 123456',
      'register 246810',
      'disconnect',
    ]);
  });

  it('resumes the step the server reports, and takes newer states from other tabs', () => {
    const { adapter } = fakeServer();
    const resume = (login: BotLoginSnapshot) =>
      createActor(botLoginMachineFor(adapter), { input: { login } }).start().getSnapshot().value;
    expect(resume(at({ status: 'pending', step: 'code_requested' }, 3))).toBe('enteringCode');
    expect(resume(at({ status: 'pending', step: 'code_verified' }, 3))).toBe('enteringPin');
    expect(resume(at({ status: 'connected' }, 3))).toBe('connected');
    expect(resume(at({ status: 'failed', last_error: 'x' }, 3))).toBe('failed');

    const actor = createActor(botLoginMachineFor(adapter), { input: { login: at({}, 5) } }).start();
    actor.send({ type: 'SYNC', login: at({ status: 'connected' }, 4) });
    expect(actor.getSnapshot().value).toBe('disconnected');
    actor.send({ type: 'SYNC', login: at({ status: 'connected' }, 6) });
    expect(actor.getSnapshot().value).toBe('connected');
  });

  it('a refusal keeps the step with the reason; a failed number starts again with a new code', async () => {
    const { adapter } = fakeServer();
    const actor = createActor(botLoginMachineFor(adapter), {
      input: { login: at({ status: 'pending', step: 'code_verified' }, 2) },
    }).start();
    actor.send({ type: 'PIN', pin: '111111' });
    const refused = await waitFor(actor, settled);
    expect(refused.value).toBe('enteringPin');
    expect(refused.context.error).toEqual({ status: 429, message: 'Terlalu banyak percobaan PIN.' });
    actor.send({ type: 'SYNC', login: at({ status: 'failed', last_error: 'Terlalu banyak' }, 3) });
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'REQUEST_CODE', method: 'SMS' });
    expect((await waitFor(actor, settled)).value).toBe('enteringCode');
  });

  it('describes any rejection in words', () => {
    expect(
      toBotLoginError({ status: 400, message: 'Invalid input', fields: { 'body.pin': ['6 angka'] } }),
    ).toEqual({
      status: 400,
      message: '6 angka',
      field: 'pin',
    });
    expect(toBotLoginError(undefined).message).toBe('Komunikasi dengan server bermasalah');
  });
});
