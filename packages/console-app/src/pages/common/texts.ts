import { defineTexts } from '../../i18n.js';

/** The shared page parts' texts: LoadState's error and retry, JobRuns' retry. */
export const COMMON_TEXTS = defineTexts({
  loadError: {
    couldNotLoad: [(what: string) => `Could not load ${what}.`, (what: string) => `Gagal memuat ${what}.`],
    forbidden: [
      (what: string) => `You don't have permission to see ${what}.`,
      (what: string) => `Anda tidak punya izin untuk melihat ${what}.`,
    ],
    unreachable: ['The server could not be reached.', 'Server tidak dapat dihubungi.'],
    withStatus: [
      (message: string, status: string) => `${message} (status ${status}).`,
      (message: string, status: string) => `${message} (status ${status}).`,
    ],
    statusOnly: [
      (status: string) => `The server answered with status ${status}.`,
      (status: string) => `Server menjawab dengan status ${status}.`,
    ],
    tryAgain: ['Try again', 'Coba lagi'],
  },
  loading: ['Loading…', 'Memuat…'],
  retry: ['Retry', 'Coba lagi'],
});
