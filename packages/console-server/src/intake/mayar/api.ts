/** Mayar's HTTP API (Bearer API key) at a configurable base URL: https://api.mayar.id, the sandbox, or a fake. */

export const DEFAULT_MAYAR_API_URL = 'https://api.mayar.id';

export interface MayarHistoryEntry {
  id: string;
  createdAt: number | string | null;
  /** The webhook body Mayar sent (a JSON string). */
  payload: string;
  status: string | null;
  type: string | null;
}

export interface MayarHistoryPage {
  data: MayarHistoryEntry[];
  hasMore: boolean;
  page: number;
  pageCount: number | null;
}

/** A transaction as `GET /hl/v2/transactions/{id}` answers it (docs.mayar.id, "Get Transaction Detail"). */
export interface MayarTransactionDetail {
  id: string;
  /** `paid`, `unpaid`, `created`…, lower-cased. */
  status: string;
  amount: number | null;
  updatedAt: number | string | null;
}

export class MayarApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'MayarApiError';
  }
}

export interface MayarApi {
  /** `GET /hl/v1/webhook/history?page&pageSize`, newest first. */
  webhookHistory: (apiKey: string, page: number, pageSize: number) => Promise<MayarHistoryPage>;
  /** `POST /hl/v2/webhooks/update { urlHook }`: tells Mayar where to send webhooks. */
  registerWebhook: (apiKey: string, urlHook: string) => Promise<void>;
  /** `GET /hl/v2/transactions/{id}`: the transaction as Mayar holds it now (404 when Mayar does not know it). */
  transactionDetail: (apiKey: string, id: string) => Promise<MayarTransactionDetail>;
  /**
   * `POST /hl/v2/customers/update { fromEmail, toEmail }` (docs.mayar.id, "Update Customer Email"): the customer
   * known by `fromEmail` is known by `toEmail` from now on. Mayar answers 404 when `fromEmail` is no customer.
   */
  updateCustomerEmail: (apiKey: string, fromEmail: string, toEmail: string) => Promise<void>;
}

export interface MayarApiOptions {
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function createMayarApi(options: MayarApiOptions = {}): MayarApi {
  const baseUrl = (options.baseUrl ?? DEFAULT_MAYAR_API_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const doFetch = options.fetch ?? fetch;

  const call = async (apiKey: string, method: 'GET' | 'POST', path: string, body?: unknown) => {
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${apiKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new MayarApiError(
        `Mayar API unreachable: ${error instanceof Error ? error.message : String(error)}`,
        null,
      );
    }
    const text = await response.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // Not JSON: reported below with the status.
    }
    if (!response.ok) {
      const message =
        json && typeof json === 'object' && typeof (json as { messages?: unknown }).messages === 'string'
          ? (json as { messages: string }).messages
          : text.slice(0, 200);
      throw new MayarApiError(`Mayar API ${response.status}: ${message}`, response.status);
    }
    return json;
  };

  return {
    webhookHistory: async (apiKey, page, pageSize) => {
      const json = (await call(
        apiKey,
        'GET',
        `/hl/v1/webhook/history?page=${page}&pageSize=${pageSize}`,
      )) as Partial<MayarHistoryPage> | null;
      if (!json || !Array.isArray(json.data))
        throw new MayarApiError('Mayar API answered a history page without data', 200);
      return {
        data: json.data.filter(
          (entry): entry is MayarHistoryEntry =>
            Boolean(entry) && typeof entry.id === 'string' && typeof entry.payload === 'string',
        ),
        hasMore: json.hasMore === true,
        page: typeof json.page === 'number' ? json.page : page,
        pageCount: typeof json.pageCount === 'number' ? json.pageCount : null,
      };
    },
    registerWebhook: async (apiKey, urlHook) => {
      await call(apiKey, 'POST', '/hl/v2/webhooks/update', { urlHook });
    },
    updateCustomerEmail: async (apiKey, fromEmail, toEmail) => {
      await call(apiKey, 'POST', '/hl/v2/customers/update', { fromEmail, toEmail });
    },
    transactionDetail: async (apiKey, id) => {
      const json = (await call(apiKey, 'GET', `/hl/v2/transactions/${encodeURIComponent(id)}`)) as {
        data?: Record<string, unknown> | null;
      } | null;
      const data = json?.data;
      if (!data || typeof data !== 'object' || typeof data.status !== 'string')
        throw new MayarApiError('Mayar API answered a transaction without data.status', 200);
      const amount = typeof data.amount === 'number' ? data.amount : Number(data.amount);
      return {
        id: typeof data.id === 'string' ? data.id : id,
        status: data.status.trim().toLowerCase(),
        amount: Number.isFinite(amount) ? amount : null,
        updatedAt:
          typeof data.updatedAt === 'number' || typeof data.updatedAt === 'string' ? data.updatedAt : null,
      };
    },
  };
}
