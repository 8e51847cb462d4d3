import { defineTexts } from '../../i18n.js';

/** Hook Generations' own texts (the brief's field labels and the formulas are the entity's, localized). */
export const HOOK_TEXTS = defineTexts({
  brief: {
    title: ['Generate hooks', 'Buat hook'],
    loading: ['Loading…', 'Memuat…'],
    noProducts: ['No products yet', 'Belum ada produk'],
    chooseProduct: ['Choose a product', 'Pilih produk'],
    model: ['Model (empty: the server’s)', 'Model (kosong: bawaan server)'],
    count: ['Number of hooks (1–10)', 'Jumlah hook (1–10)'],
    generate: ['Generate', 'Buat'],
    generating: ['Generating…', 'Membuat…'],
  },
  results: {
    title: ['Hooks', 'Hook'],
    keep: ['Keep picked hooks', 'Simpan hook terpilih'],
    send: ['Send to Master Ad Creative as drafts', 'Kirim ke Master Ad Creative sebagai draf'],
    sending: ['Sending…', 'Mengirim…'],
    kept: [
      (n: number) => `${n} picked ${n === 1 ? 'hook' : 'hooks'} kept on this generation.`,
      (n: number) => `${n} hook terpilih disimpan di generasi ini.`,
    ],
    sent: [
      (n: number) => `${n} ${n === 1 ? 'draft' : 'drafts'} sent to Master Ad Creative.`,
      (n: number) => `${n} draf dikirim ke Master Ad Creative.`,
    ],
    openDrafts: ['Open Master Ad Creative', 'Buka Master Ad Creative'],
    usage: [
      (model: string, prompt: string, answer: string, cost: string) =>
        `${model} · ${prompt} prompt + ${answer} answer tokens · ${cost}`,
      (model: string, prompt: string, answer: string, cost: string) =>
        `${model} · ${prompt} token prompt + ${answer} token jawaban · ${cost}`,
    ],
    costUnknown: ['cost unknown', 'biaya tidak diketahui'],
  },
  /** What went wrong, before the server's own words. */
  failure: {
    UPSTREAM_REFUSED: ['The language model refused the request.', 'Model bahasa menolak permintaan.'],
    UPSTREAM_TIMEOUT: [
      'The language model took too long. Try again, or ask for fewer hooks.',
      'Model bahasa terlalu lama menjawab. Coba lagi, atau minta lebih sedikit hook.',
    ],
    UPSTREAM_DOWN: [
      'The language model cannot be reached right now. Try again later.',
      'Model bahasa tidak dapat dihubungi saat ini. Coba lagi nanti.',
    ],
    UPSTREAM_BROKEN: [
      'The answer broke off; nothing was saved. Try again.',
      'Jawaban terputus; tidak ada yang disimpan. Coba lagi.',
    ],
    NOT_CONFIGURED: ['Hook generation is not set up.', 'Pembuatan hook belum disiapkan.'],
    other: ['The hooks could not be generated.', 'Hook tidak dapat dibuat.'],
    pick: ['The picked hooks could not be saved.', 'Hook terpilih tidak dapat disimpan.'],
  },
});
