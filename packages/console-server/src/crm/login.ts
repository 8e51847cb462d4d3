/**
 * Bot Login's API (key ad_daily_tracker, as the page; write to connect): a WA Registries number registered with
 * the WhatsApp Cloud API in three calls — request_code (SMS or voice), verify_code (the 6 digits), register (the
 * 6-digit two-step PIN) — and deregistered. Meta is called first; the new state and its audit entry are then
 * written in one transaction and pushed to every tab on every node. The PIN is never stored (ADR 025).
 */
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import {
  BOT_LOGIN_CHANGED_ENTITY,
  type BotLogin,
  type BotLoginStatus,
  type BotLoginStep,
  type Endpoint,
  type EndpointParsedInput,
  type botLoginResponseSchema,
  type botNumberParamsSchema,
  botsEndpoints,
  type z,
} from '@staff/console-contract';
import type { Database } from '../db/schema.js';
import { HttpError, type RouteRegistrar } from '../http.js';
import type { Realtime } from '../realtime.js';
import { pushResourceChanges } from '../resources/push.js';
import { writeAudit } from '../services/audit.js';
import { WhatsAppError } from '../whatsapp/client.js';
import { type WhatsAppApiSettings, WhatsAppSenderError, whatsAppClientFor } from '../whatsapp/sender.js';
import { implement } from '../pageRoutes.js';

type RouteFn = RouteRegistrar;

const KEY = 'ad_daily_tracker' as const;
/** verify_code and register: a body, the number's login as the answer. */
type StepEndpoint<B extends z.ZodMiniType> = Endpoint<
  typeof botNumberParamsSchema,
  undefined,
  B,
  typeof botLoginResponseSchema
>;

/** Meta's registration codes, in words the page shows. */
export const WRONG_CODE_MESSAGE = 'Kode verifikasi salah. Periksa SMS atau panggilan lalu coba lagi.';
export const WRONG_PIN_MESSAGE = 'PIN verifikasi dua langkah tidak cocok dengan PIN nomor ini.';

interface Refusal {
  status: number;
  message: string;
  /** The body field the user must change (400). */
  field?: 'code' | 'pin';
  /** The attempt is over: the number goes to `failed` and the flow starts again with a new code. */
  ends: boolean;
}

/** What a provider error means for the person at the page. */
export function describeRegistrationError(error: WhatsAppError): Refusal {
  switch (error.code) {
    case 136025:
      return { status: 400, message: WRONG_CODE_MESSAGE, field: 'code', ends: false };
    case 136024:
      return {
        status: 429,
        message: 'Terlalu banyak percobaan kode. Tunggu sebentar, lalu minta kode baru.',
        ends: true,
      };
    case 133005:
      return { status: 400, message: WRONG_PIN_MESSAGE, field: 'pin', ends: false };
    case 133006:
      return {
        status: 409,
        message: 'Nomor ini perlu diverifikasi ulang: minta kode baru.',
        ends: true,
      };
    case 133008:
    case 133009:
      return {
        status: 429,
        message: 'Terlalu banyak percobaan PIN. Tunggu beberapa saat sebelum mencoba lagi.',
        ends: true,
      };
    case 133016:
      return {
        status: 429,
        message: 'Nomor ini terlalu sering didaftarkan atau dilepas. Coba lagi beberapa menit lagi.',
        ends: true,
      };
    case 190:
      return {
        status: 502,
        message: 'Token akses WhatsApp tidak berlaku. Perbarui token nomor ini di WA Registries.',
        ends: true,
      };
    default:
      if (error.retryable)
        return {
          status: 502,
          message: 'Layanan WhatsApp sedang tidak bisa dihubungi. Coba lagi sebentar lagi.',
          ends: false,
        };
      return { status: 502, message: `WhatsApp menolak: ${error.message}`, ends: true };
  }
}

interface LoginRow {
  registry_id: string;
  name: string;
  phone: string;
  phone_number_id: string | null;
  status: BotLoginStatus | null;
  step: BotLoginStep | null;
  code_method: 'SMS' | 'VOICE' | null;
  last_error: string | null;
  connected_at: Date | string | null;
  version: number | null;
}

export async function botLoginOf(db: Kysely<Database>, registryId: number): Promise<BotLogin> {
  const row = (
    await sql<LoginRow>`
      select r.id as registry_id, r.name, r.phone, n.phone_number_id, n.status, n.step, n.code_method,
        n.last_error, n.connected_at, n.version
      from wa_registries r left join whatsapp_numbers n on n.wa_registry_id = r.id
      where r.id = ${registryId} and r.deleted_at is null`.execute(db)
  ).rows[0];
  if (!row) throw new HttpError(404, `No WA Registries number ${registryId}`, 'NOT_FOUND');
  return {
    registry_id: Number(row.registry_id),
    name: row.name,
    phone: row.phone,
    phone_number_id: row.phone_number_id,
    status: row.status ?? 'disconnected',
    step: row.step ?? 'idle',
    code_method: row.code_method,
    last_error: row.last_error,
    connected_at: row.connected_at === null ? null : new Date(row.connected_at).toISOString(),
    version: row.version ?? 0,
  };
}

interface NextState {
  status: BotLoginStatus;
  step: BotLoginStep;
  phone_number_id: string;
  code_method?: 'SMS' | 'VOICE';
  last_error: string | null;
  connected?: boolean;
}

export function registerBotLoginRoutes(deps: {
  route: RouteFn;
  db: Kysely<Database>;
  realtime: Realtime;
  sessionOf: (request: FastifyRequest) => { userId: number };
  clock: () => Date;
  whatsapp: WhatsAppApiSettings;
}) {
  const { route, db, realtime, sessionOf, clock } = deps;

  /** Writes the number's new state with its audit entry in one transaction, then tells every tab. */
  const save = async (request: FastifyRequest, registryId: number, action: string, next: NextState) => {
    const now = clock();
    await db.transaction().execute(async (trx) => {
      const before = await botLoginOf(trx, registryId);
      await sql`
        insert into whatsapp_numbers (wa_registry_id, phone_number_id, status, step, code_method, last_error,
          connected_at, updated_at)
        values (${registryId}, ${next.phone_number_id}, ${next.status}, ${next.step}, ${next.code_method ?? null},
          ${next.last_error}, ${next.connected ? now : null}, ${now})
        on conflict (wa_registry_id) do update set
          phone_number_id = excluded.phone_number_id, status = excluded.status, step = excluded.step,
          code_method = coalesce(excluded.code_method, whatsapp_numbers.code_method),
          last_error = excluded.last_error,
          connected_at = case when ${next.connected ?? false} then excluded.connected_at
            when excluded.status = 'connected' then whatsapp_numbers.connected_at else null end,
          updated_at = excluded.updated_at, version = whatsapp_numbers.version + 1`.execute(trx);
      await writeAudit(trx, {
        actorId: sessionOf(request).userId,
        action,
        entity: BOT_LOGIN_CHANGED_ENTITY,
        entityId: String(registryId),
        before: { status: before.status, step: before.step, phone_number_id: before.phone_number_id },
        after: {
          status: next.status,
          step: next.step,
          phone_number_id: next.phone_number_id,
          ...(next.code_method ? { code_method: next.code_method } : {}),
          ...(next.last_error ? { error: next.last_error } : {}),
        },
        ip: request.ip,
      });
    });
    const login = await botLoginOf(db, registryId);
    void pushResourceChanges(db, realtime, { permissionKey: KEY }, [
      { entity: BOT_LOGIN_CHANGED_ENTITY, id: registryId, action: 'update', version: login.version },
    ]).catch(() => undefined);
    return login;
  };

  /**
   * Calls Meta for one step. A refusal that ends the attempt marks the number failed (audited, pushed); a wrong
   * code or PIN keeps the step and answers 400 naming the field; the error is always in words.
   */
  const callProvider = async (
    request: FastifyRequest,
    login: BotLogin,
    phoneNumberId: string,
    action: string,
    call: (client: Awaited<ReturnType<typeof whatsAppClientFor>>) => Promise<void>,
  ) => {
    let client;
    try {
      client = await whatsAppClientFor(db, login.registry_id, deps.whatsapp, phoneNumberId);
    } catch (error) {
      if (error instanceof WhatsAppSenderError)
        throw new HttpError(409, `Nomor ini belum bisa dihubungkan: ${error.message}`, 'NOT_READY');
      throw error;
    }
    try {
      await call(client);
    } catch (error) {
      if (!(error instanceof WhatsAppError)) throw error;
      const refusal = describeRegistrationError(error);
      if (refusal.ends)
        await save(request, login.registry_id, `${action}.failed`, {
          status: 'failed',
          step: 'idle',
          phone_number_id: phoneNumberId,
          last_error: refusal.message,
        });
      throw new HttpError(
        refusal.status,
        refusal.message,
        refusal.field ? 'INVALID_INPUT' : 'PROVIDER_REFUSED',
        refusal.field ? { [refusal.field]: [refusal.message] } : undefined,
      );
    }
  };

  const requireStep = (login: BotLogin, step: BotLoginStep, message: string) => {
    if (login.status !== 'pending' || login.step !== step) throw new HttpError(409, message, 'WRONG_STEP');
  };

  implement(route, botsEndpoints.login, async (_request, _reply, { params: { registry_id } }) => ({
    data: await botLoginOf(db, registry_id),
  }));

  implement(route, botsEndpoints.requestCode, async (request, _reply, { params: { registry_id }, body }) => {
    const login = await botLoginOf(db, registry_id);
    if (login.status === 'connected')
      throw new HttpError(
        409,
        'Nomor ini sudah terhubung. Putuskan dulu untuk mendaftarkan ulang.',
        'WRONG_STEP',
      );
    const phoneNumberId = body.phone_number_id ?? login.phone_number_id ?? login.phone.replace(/\D+/g, '');
    const taken = await sql`select 1 from whatsapp_numbers
        where phone_number_id = ${phoneNumberId} and wa_registry_id <> ${registry_id}`.execute(db);
    if (taken.rows.length > 0)
      throw new HttpError(400, 'Invalid input', 'INVALID_INPUT', {
        phone_number_id: ['Phone number ID ini sudah dipakai nomor lain'],
      });
    await callProvider(request, login, phoneNumberId, 'bot.login.request_code', (client) =>
      client.requestCode(body.code_method, body.language),
    );
    return {
      data: await save(request, registry_id, 'bot.login.request_code', {
        status: 'pending',
        step: 'code_requested',
        phone_number_id: phoneNumberId,
        code_method: body.code_method,
        last_error: null,
      }),
    };
  });

  /**
   * verify_code and register: the number must stand at `requires`, Meta is called with the body, then the next
   * state saved.
   */
  const advanceStep = <B extends z.ZodMiniType>(
    endpoint: StepEndpoint<B>,
    step: {
      requires: BotLoginStep;
      refusal: string;
      action: string;
      next: Omit<NextState, 'phone_number_id'>;
    },
    call: (
      client: Awaited<ReturnType<typeof whatsAppClientFor>>,
      body: EndpointParsedInput<StepEndpoint<B>>['body'],
    ) => Promise<void>,
  ) =>
    implement(route, endpoint, async (request, _reply, input) => {
      const login = await botLoginOf(db, input.params.registry_id);
      requireStep(login, step.requires, step.refusal);
      const phoneNumberId = login.phone_number_id!;
      await callProvider(request, login, phoneNumberId, step.action, (client) => call(client, input.body));
      const next = { ...step.next, phone_number_id: phoneNumberId };
      return { data: await save(request, input.params.registry_id, step.action, next) };
    });

  advanceStep(
    botsEndpoints.verifyCode,
    {
      requires: 'code_requested',
      refusal: 'Minta kode verifikasi dulu.',
      action: 'bot.login.verify_code',
      next: { status: 'pending', step: 'code_verified', last_error: null },
    },
    (client, body) => client.verifyCode(body.code),
  );

  advanceStep(
    botsEndpoints.register,
    {
      requires: 'code_verified',
      refusal: 'Verifikasi kode dulu sebelum mengisi PIN.',
      action: 'bot.login.register',
      next: { status: 'connected', step: 'idle', last_error: null, connected: true },
    },
    (client, body) => client.register(body.pin),
  );

  implement(route, botsEndpoints.disconnect, async (request, _reply, { params: { registry_id } }) => {
    const login = await botLoginOf(db, registry_id);
    if (login.status === 'disconnected' || !login.phone_number_id)
      throw new HttpError(409, 'Nomor ini tidak sedang terhubung.', 'WRONG_STEP');
    const phoneNumberId = login.phone_number_id;
    // Only a registered number is deregistered at Meta; a pending or failed attempt is just abandoned.
    if (login.status === 'connected')
      await callProvider(request, login, phoneNumberId, 'bot.login.disconnect', (client) =>
        client.deregister(),
      );
    return {
      data: await save(request, registry_id, 'bot.login.disconnect', {
        status: 'disconnected',
        step: 'idle',
        phone_number_id: phoneNumberId,
        last_error: null,
      }),
    };
  });
}
