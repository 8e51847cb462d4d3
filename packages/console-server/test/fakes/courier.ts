/**
 * A fake of a Biteship-style courier tracking API for tests and the demo:
 * `GET /v1/trackings/{waybill_id}/couriers/{courier_code}` answers the receipt's history as Biteship shapes it
 * (`{ success, object: 'tracking', waybill_id, courier: { company }, status, link, history: [{ note, status,
 * updated_at }] }`), or 400 `{ success: false, error, code }` for a receipt the courier does not know yet.
 *
 * Tests script a receipt with `set`; an unscripted receipt is unknown. The demo runs it alone:
 * `npx tsx packages/console-server/test/fakes/courier.ts` prints its URL for COURIER_TRACKING_URL; there every
 * receipt moves picked → dropping_off → delivered a minute apart from its first look-up.
 */
import { fileURLToPath } from 'node:url';
import { type FakeRequest, startFakeServer } from './http.js';

export interface FakeHistoryEntry {
  note: string;
  status: string;
  updated_at: string;
}

export interface FakeParcel {
  status: string;
  history: FakeHistoryEntry[];
}

export interface FakeCourier {
  url: string;
  /** Scripts what a receipt answers from now on; null makes it unknown ("not yet trackable"). */
  set: (courier: string, waybill: string, parcel: FakeParcel | null) => void;
  /** Makes the next `count` look-ups answer 503. */
  failNext: (count: number) => void;
  requests: FakeRequest[];
  close: () => Promise<void>;
}

const PATH = /^\/v1\/trackings\/([^/]+)\/couriers\/([^/]+)$/;

export async function startFakeCourier(
  options: { demo?: boolean; now?: () => Date } = {},
): Promise<FakeCourier> {
  const parcels = new Map<string, FakeParcel | null>();
  const firstSeen = new Map<string, number>();
  const requests: FakeRequest[] = [];
  let failing = 0;
  const now = options.now ?? (() => new Date());
  const demoParcel = (key: string): FakeParcel => {
    const start = firstSeen.get(key) ?? now().getTime();
    firstSeen.set(key, start);
    const steps: [string, string][] = [
      ['picked', 'Paket telah diterima kurir'],
      ['dropping_off', 'Paket sedang diantar ke alamat tujuan'],
      ['delivered', 'Paket telah diterima'],
    ];
    const reached = Math.min(steps.length, 1 + Math.floor((now().getTime() - start) / 60_000));
    const history = steps.slice(0, reached).map(([status, note], index) => ({
      status,
      note,
      updated_at: new Date(start + index * 60_000).toISOString(),
    }));
    return { status: history.at(-1)!.status, history };
  };
  const server = await startFakeServer(async (request) => {
    requests.push(request);
    const match = PATH.exec(request.url.pathname);
    if (request.method !== 'GET' || !match)
      return { status: 404, body: { success: false, error: 'Not found', code: 40400 } };
    if (failing > 0) {
      failing -= 1;
      return { status: 503, body: { success: false, error: 'Service unavailable', code: 50300 } };
    }
    const waybill = decodeURIComponent(match[1]!);
    const courier = decodeURIComponent(match[2]!);
    const key = `${courier}/${waybill}`;
    const parcel = parcels.has(key) ? parcels.get(key)! : options.demo ? demoParcel(key) : null;
    if (!parcel)
      return {
        status: 400,
        body: {
          success: false,
          error: 'Waybill not found. Please check the waybill id and courier code.',
          code: 40003001,
        },
      };
    return {
      status: 200,
      body: {
        success: true,
        message: 'Successfully get tracking info',
        object: 'tracking',
        id: `trk-${key}`,
        waybill_id: waybill,
        courier: { company: courier, name: null, phone: null },
        origin: { contact_name: null, address: null },
        destination: { contact_name: null, address: null },
        history: parcel.history,
        link: `${server.url}/tracking/${courier}/${waybill}`,
        order_id: null,
        status: parcel.status,
      },
    };
  });
  return {
    url: server.url,
    set: (courier, waybill, parcel) => parcels.set(`${courier}/${waybill}`, parcel),
    failNext: (count) => {
      failing = count;
    },
    requests,
    close: server.close,
  };
}

// Run alone for the demo: prints the URL to put in COURIER_TRACKING_URL.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  void startFakeCourier({ demo: true }).then((fake) => {
    console.log(`fake courier tracking at ${fake.url} (COURIER_TRACKING_URL=${fake.url})`);
  });
}
