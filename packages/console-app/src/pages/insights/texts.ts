import { defineTexts } from '../../i18n.js';

/** GPT Insights' own texts (the scope names are the contract's INSIGHT_SCOPE_LABELS, kept as staff say them). */
export const INSIGHT_TEXTS = defineTexts({
  description: [
    'Ask the language model about the report figures of a campaign, ad set, ad, product or tribe.',
    'Tanyakan kepada model bahasa tentang angka laporan sebuah campaign, ad set, ad, produk, atau tribe.',
  ],
  readOnly: [
    'You may read past insights; running one needs write access to this page.',
    'Anda dapat membaca insight sebelumnya; menjalankan insight memerlukan akses tulis ke halaman ini.',
  ],
  requestFailed: ['The request failed.', 'Permintaan gagal.'],
  form: {
    title: ['New insight', 'Insight baru'],
    scope: ['Scope', 'Cakupan'],
    loading: ['Loading…', 'Memuat…'],
    none: ['None yet', 'Belum ada'],
    from: ['From', 'Dari'],
    to: ['To', 'Sampai'],
    question: ['Question (optional)', 'Pertanyaan (opsional)'],
    asking: ['Asking…', 'Bertanya…'],
    ask: ['Ask GPT', 'Tanya GPT'],
  },
  answer: {
    title: ['Answer', 'Jawaban'],
    streaming: ['Streaming…', 'Menerima…'],
    done: ['Done', 'Selesai'],
    failed: ['Failed', 'Gagal'],
    noAnswer: ['No answer was received.', 'Tidak ada jawaban yang diterima.'],
    waiting: ['Waiting for the model…', 'Menunggu model…'],
    prompt: ['prompt', 'prompt'],
    answerTokens: ['answer tokens', 'token jawaban'],
    costUnknown: ['cost unknown', 'biaya tidak diketahui'],
    runAgain: ['Run again', 'Jalankan lagi'],
  },
  past: {
    title: ['Past insights', 'Insight sebelumnya'],
    search: ['Search', 'Cari'],
    searchHint: ['Campaign, product, question or answer', 'Campaign, produk, pertanyaan, atau jawaban'],
    loading: ['Loading…', 'Memuat…'],
    noMatch: ['No insight matches.', 'Tidak ada insight yang cocok.'],
    none: ['No insights yet.', 'Belum ada insight.'],
    columns: {
      when: ['When', 'Waktu'],
      about: ['About', 'Tentang'],
      range: ['Range', 'Rentang'],
      status: ['Status', 'Status'],
      tokens: ['Tokens', 'Token'],
      cost: ['Cost', 'Biaya'],
      actions: ['Actions', 'Aksi'],
    },
    // English shows the stored status as it is.
    status: {
      running: ['running', 'berjalan'],
      done: ['done', 'selesai'],
      failed: ['failed', 'gagal'],
    },
    open: ['Open', 'Buka'],
    openOf: [(id: string) => `Open insight #${id}`, (id: string) => `Buka insight #${id}`],
  },
});
