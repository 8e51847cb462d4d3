/**
 * A fake of Mayar for tests and the demo: webhook bodies in the shape of docs.mayar.id (payment.received and
 * friends, times as ISO strings or epoch ms), the API's webhook history (`GET /hl/v1/webhook/history`) and
 * transaction detail (`GET /hl/v2/transactions/{id}`, the shape of docs.mayar.id "Get Transaction Detail").
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
  /** Records (or changes) a transaction as Mayar holds it; addHistory records the payments it is given. */
  setTransaction: (id: string, transaction: { status: string; amount: number }) => void;
  /** While down, every API call answers 503 (Mayar unavailable). */
  setDown: (down: boolean) => void;
  transactionRequests: () => number;
  registeredHooks: string[];
  /** The `POST /hl/v2/customers/update` calls Mayar accepted, in order. */
  customerEmailUpdates: { fromEmail: string; toEmail: string }[];
  /** Emails Mayar knows no customer by (its 404 "… tidak terdaftar sebagai customer"). */
  forgetCustomer: (email: string) => void;
  close: () => Promise<void>;
}

export async function startFakeMayar(
  apiKey = 'mayar-test-key',
  /** The demo (test/fakes/demo.ts): every account has its own key, so any bearer key is taken. */
  options: { acceptAnyKey?: boolean } = {},
): Promise<FakeMayar> {
  const history: { id: string; createdAt: number; payload: string; type: string }[] = [];
  const registeredHooks: string[] = [];
  const customerEmailUpdates: { fromEmail: string; toEmail: string }[] = [];
  const unknownCustomers = new Set<string>();
  let historyRequests = 0;
  let transactionRequests = 0;
  let down = false;
  const transactions = new Map<string, { status: string; amount: number; updatedAt: number }>();
  const server = await startFakeServer(async (request) => {
    if (down) return { status: 503, body: { statusCode: 503, messages: 'Service Unavailable' } };
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
    const detail = /^\/hl\/v2\/transactions\/([^/]+)$/.exec(request.url.pathname);
    if (request.method === 'GET' && detail) {
      transactionRequests += 1;
      const id = decodeURIComponent(detail[1]!);
      const transaction = transactions.get(id);
      if (!transaction) return { status: 404, body: { statusCode: 404, messages: 'Transaction not found' } };
      return {
        status: 200,
        body: {
          statusCode: 200,
          messages: 'success',
          data: {
            id,
            extraData: null,
            amount: transaction.amount,
            createdAt: transaction.updatedAt,
            updatedAt: transaction.updatedAt,
            status: transaction.status,
            paymentMethod: 'QRIS',
          },
        },
      };
    }
    if (request.method === 'POST' && request.url.pathname === '/hl/v2/webhooks/update') {
      const body = JSON.parse(request.body || '{}') as { urlHook?: string };
      if (!body.urlHook) return { status: 400, body: { statusCode: 400, messages: 'urlHook is required' } };
      registeredHooks.push(body.urlHook);
      return { status: 200, body: { statusCode: 200, messages: 'success' } };
    }
    if (request.method === 'POST' && request.url.pathname === '/hl/v2/customers/update') {
      const body = JSON.parse(request.body || '{}') as { fromEmail?: string; toEmail?: string };
      if (!body.fromEmail || !body.toEmail)
        return { status: 400, body: { statusCode: 400, messages: 'Validation Error' } };
      if (unknownCustomers.has(body.fromEmail.toLowerCase()))
        return {
          status: 404,
          body: { statusCode: 404, messages: `Email ${body.fromEmail} tidak terdaftar sebagai customer` },
        };
      customerEmailUpdates.push({ fromEmail: body.fromEmail, toEmail: body.toEmail });
      return { status: 200, body: { statusCode: 200, messages: 'success' } };
    }
    return { status: 404, body: { statusCode: 404, messages: 'Not found' } };
  });
  return {
    url: server.url,
    apiKey,
    addHistory: (body) => {
      const payload = JSON.stringify(body);
      const data = (body as { data?: { id?: unknown; transactionStatus?: unknown; amount?: unknown } }).data;
      if (typeof data?.id === 'string' && typeof data.transactionStatus === 'string')
        transactions.set(data.id, {
          status: data.transactionStatus,
          amount: Number(data.amount),
          updatedAt: Date.now(),
        });
      history.unshift({
        id: randomUUID(),
        createdAt: Date.now(),
        payload,
        type: (body as { event?: string }).event ?? 'testing',
      });
    },
    historyRequests: () => historyRequests,
    setTransaction: (id, transaction) => transactions.set(id, { ...transaction, updatedAt: Date.now() }),
    setDown: (value) => {
      down = value;
    },
    transactionRequests: () => transactionRequests,
    registeredHooks,
    customerEmailUpdates,
    forgetCustomer: (email) => unknownCustomers.add(email.toLowerCase()),
    close: server.close,
  };
}
