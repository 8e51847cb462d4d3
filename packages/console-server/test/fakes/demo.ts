/**
 * The demo's outside world, as a program of its own (built to dist/demo-fakes.js; ADR 027): the fakes of Mayar,
 * Meta's Graph API, the WhatsApp Cloud API, the courier tracker and an OpenAI-compatible endpoint on loopback,
 * speaking their real wire formats. The server (src/demo/fakes.ts) forks it when demo data is on and an
 * outside service's URL is not set, and reads the fakes' URLs from its first message.
 *
 * Once the server sends `{ type: 'play', … }` the fakes play customers: now and then a customer writes to a WA
 * Registries number (Meta's webhook call, signed with the app secret) and a customer pays on Mayar (the webhook
 * with the account's token). Mayar's webhook history stays empty: every demo account shares this one fake, so a
 * payment listed there would reach every account's reconciliation. It exits with its parent.
 */
import { randomUUID } from 'node:crypto';
import { startFakeCourier } from './courier.js';
import { startFakeGraph } from './graph.js';
import { mayarPayment, startFakeMayar } from './mayar.js';
import { startFakeOpenAi } from './openai.js';
import { customerSays, startFakeWhatsApp } from './whatsapp.js';
import { DEMO_FAKES, type PlayMessage, type ReadyMessage } from '../../src/demo/fakes.js';

type DemoFake = (typeof DEMO_FAKES)[number];

const NAMES = [
  'Sari Wulandari',
  'Bayu Pratama',
  'Ratna Dewi',
  'Yoga Saputra',
  'Mega Lestari',
  'Arif Hidayat',
];
const TEXTS = [
  'Halo kak, mau tanya status pesanan saya',
  'Kak, resinya sudah ada?',
  'Masih ada promo hari ini?',
  'Link materinya tidak bisa dibuka kak',
  'Sudah bayar ya kak, terima kasih',
  'info',
];

async function main() {
  const wanted = new Set(
    (process.argv[2] ?? DEMO_FAKES.join(','))
      .split(',')
      .map((name) => name.trim())
      .filter((name): name is DemoFake => (DEMO_FAKES as readonly string[]).includes(name)),
  );
  const closers: (() => Promise<void>)[] = [];
  const urls: ReadyMessage['urls'] = {};
  if (wanted.has('mayar')) {
    // The demo's Mayar accounts each have their own API key: the fake takes any.
    const mayar = await startFakeMayar('demo', { acceptAnyKey: true });
    urls.mayar = mayar.url;
    closers.push(mayar.close);
  }
  if (wanted.has('graph')) {
    const graph = await startFakeGraph();
    urls.graph = graph.url;
    closers.push(graph.close);
  }
  if (wanted.has('whatsapp')) {
    const whatsapp = await startFakeWhatsApp();
    urls.whatsapp = whatsapp.url;
    closers.push(whatsapp.close);
  }
  if (wanted.has('courier')) {
    const courier = await startFakeCourier({ demo: true });
    urls.courier = courier.url;
    closers.push(courier.close);
  }
  if (wanted.has('openai')) {
    const openai = await startFakeOpenAi({ chunkDelayMs: 40 });
    urls.openai = openai.url;
    closers.push(openai.close);
  }

  let timer: NodeJS.Timeout | undefined;
  const stop = () => {
    if (timer) clearInterval(timer);
    void Promise.allSettled(closers.map((close) => close())).then(() => process.exit(0));
  };
  process.on('disconnect', stop);
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.on('message', (message: PlayMessage) => {
    if (message?.type !== 'play' || timer) return;
    let turn = 0;
    timer = setInterval(() => {
      turn += 1;
      void playOnce(message, turn).catch((error: unknown) =>
        process.stderr.write(`demo fakes: playing a customer failed: ${String(error)}\n`),
      );
    }, message.everyMs);
  });
  const ready: ReadyMessage = { type: 'ready', urls };
  if (process.send) process.send(ready);
  else process.stdout.write(`${JSON.stringify(ready)}\n`);
}

/** One customer's move: odd turns a WhatsApp message, even turns a Mayar payment. */
async function playOnce(message: PlayMessage, turn: number) {
  const name = NAMES[turn % NAMES.length]!;
  const phone = `62812${String(7_000_000 + ((turn * 7919) % 3_000_000)).padStart(7, '0')}`;
  const numbers = message.whatsapp?.numbers ?? [];
  if ((turn % 2 === 1 || !message.mayar?.length) && message.whatsapp && numbers.length > 0) {
    const number = numbers[turn % numbers.length]!;
    await customerSays(
      `${message.serverUrl}/api/webhooks/whatsapp`,
      message.whatsapp.appSecret,
      { phoneNumberId: number, displayPhoneNumber: number },
      { from: phone, name, text: TEXTS[turn % TEXTS.length]! },
    );
    return;
  }
  const sale = message.mayar?.[turn % (message.mayar?.length || 1)];
  if (!sale) return;
  const body = mayarPayment({
    id: randomUUID(),
    createdAt: new Date().toISOString(),
    customerName: name,
    customerEmail: `${name.toLowerCase().replace(/ /g, '.')}${turn}@gmail.com`,
    customerMobile: `0${phone.slice(2)}`,
    amount: sale.price,
    productId: sale.productId,
    productName: sale.productName,
    productType: sale.productType,
    ...(sale.campaignId && turn % 4 === 0
      ? { urlParamTrackingData: `?utm_source=facebook&utm_medium=paid&utm_campaign=${sale.campaignId}` }
      : {}),
  });
  await fetch(
    `${message.serverUrl}/api/webhooks/mayar/${sale.accountId}?token=${encodeURIComponent(sale.token)}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Mayar-Webhook/1.0' },
      body: JSON.stringify(body),
    },
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`demo fakes failed to start: ${String(error)}\n`);
  process.exit(1);
});
