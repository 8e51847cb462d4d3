/**
 * A fake of Mayar for tests and the demo: webhook bodies in the shape of docs.mayar.id (payment.received and
 * friends, times as ISO strings or epoch ms) and the API's webhook history (`GET /hl/v1/webhook/history`).
 */
import { randomUUID } from 'node:crypto';
import { startFakeServer } from './http.js';

export interface MayarPaymentOptions {
  id?: string;
  event?: 'payment.received' | 'payment.reminder';
  transactionStatus?: 'paid' | 'created';
  createdAt?: string | number;
  updatedAt?: string | number;
  customerName?: string;
  customerEmail?: string;
  customerMobile?: string;
  amount?: number;
  productId?: string;
  productName?: string;
  productType?: string;
  pixelFbp?: string | null;
  pixelFbc?: string | null;
  urlParamTrackingData?: unknown;
  merchantId?: string;
}

/** `{ event, data }` as Mayar posts it for a transaction. */
export function mayarPayment(options: MayarPaymentOptions = {}) {
  const id = options.id ?? randomUUID();
  const at = options.createdAt ?? '2026-11-20T09:35:43.635Z';
  return {
    event: options.event ?? 'payment.received',
    data: {
      id,
      transactionId: id,
      status: 'SUCCESS',
      transactionStatus: options.transactionStatus ?? 'paid',
      createdAt: at,
      updatedAt: options.updatedAt ?? at,
      merchantId: options.merchantId ?? '348e083d-315a-4e5c-96b1-5a2a98c48413',
      merchantName: 'Toko Mayar Demo',
      merchantEmail: 'merchant@example.com',
      customerName: options.customerName ?? 'Budi Santoso',
      customerEmail: options.customerEmail ?? 'Budi.Santoso@Example.com',
      customerMobile: options.customerMobile ?? '081234567890',
      amount: options.amount ?? 150000,
      isAdminFeeBorneByCustomer: null,
      isChannelFeeBorneByCustomer: null,
      productId: options.productId ?? '7c9d2e1f-3a4b-4c5d-8e6f-1a2b3c4d5e6f',
      productName: options.productName ?? 'Buku Digital Premium',
      productType: options.productType ?? 'ebook',
      pixelFbp: options.pixelFbp === undefined ? 'fb.1.1700000000000.123456789' : options.pixelFbp,
      pixelFbc: options.pixelFbc === undefined ? null : options.pixelFbc,
      qty: 1,
      couponUsed: null,
      paymentMethod: 'QRIS',
      ...(options.urlParamTrackingData === undefined
        ? {}
        : { urlParamTrackingData: options.urlParamTrackingData }),
    },
  };
}

export interface FakeMayar {
  url: string;
  apiKey: string;
  /** Adds a delivered (or not) webhook to the history, newest first like Mayar's. */
  addHistory: (body: unknown) => void;
  historyRequests: () => number;
  registeredHooks: string[];
  close: () => Promise<void>;
}

export async function startFakeMayar(
  apiKey = 'mayar-test-key',
  /** The demo (test/fakes/demo.ts): every account has its own key, so any bearer key is taken. */
  options: { acceptAnyKey?: boolean } = {},
): Promise<FakeMayar> {
  const history: { id: string; createdAt: number; payload: string; type: string }[] = [];
  const registeredHooks: string[] = [];
  let historyRequests = 0;
  const server = await startFakeServer(async (request) => {
    const authorization = request.headers.authorization ?? '';
    const authorized = options.acceptAnyKey
      ? /^Bearer \S+$/.test(authorization)
      : authorization === `Bearer ${apiKey}`;
    if (!authorized) return { status: 401, body: { statusCode: 401, messages: 'Unauthorized' } };
    if (request.method === 'GET' && request.url.pathname === '/hl/v1/webhook/history') {
      historyRequests += 1;
      const page = Math.max(1, Number(request.url.searchParams.get('page') ?? 1));
      const pageSize = Math.max(1, Number(request.url.searchParams.get('pageSize') ?? 10));
      const slice = history.slice((page - 1) * pageSize, page * pageSize);
      const pageCount = Math.max(1, Math.ceil(history.length / pageSize));
      return {
        status: 200,
        body: {
          statusCode: 200,
          messages: 'success',
          hasMore: page < pageCount,
          pageCount,
          pageSize,
          page,
          data: slice.map((entry) => ({
            id: entry.id,
            createdAt: entry.createdAt,
            nextDelivery: null,
            paymentLinkId: randomUUID(),
            payload: entry.payload,
            status: 'SUCCESS',
            type: entry.type,
            updatedAt: entry.createdAt,
          })),
        },
      };
    }
    if (request.method === 'POST' && request.url.pathname === '/hl/v2/webhooks/update') {
      const body = JSON.parse(request.body || '{}') as { urlHook?: string };
      if (!body.urlHook) return { status: 400, body: { statusCode: 400, messages: 'urlHook is required' } };
      registeredHooks.push(body.urlHook);
      return { status: 200, body: { statusCode: 200, messages: 'success' } };
    }
    return { status: 404, body: { statusCode: 404, messages: 'Not found' } };
  });
  return {
    url: server.url,
    apiKey,
    addHistory: (body) => {
      const payload = JSON.stringify(body);
      history.unshift({
        id: randomUUID(),
        createdAt: Date.now(),
        payload,
        type: (body as { event?: string }).event ?? 'testing',
      });
    },
    historyRequests: () => historyRequests,
    registeredHooks,
    close: server.close,
  };
}
