import { defineTexts } from '../../i18n.js';

/** Master Ad Creative's pictures: the list's preview column and the record panel's preview with "Refresh from Meta". */
export const CREATIVE_TEXTS = defineTexts({
  column: ['Preview', 'Pratinjau'],
  heading: ['Preview', 'Pratinjau'],
  refresh: ['Refresh from Meta', 'Segarkan dari Meta'],
  refreshing: ['Refreshing from Meta…', 'Menyegarkan dari Meta…'],
  refreshed: ['Preview refreshed from Meta.', 'Pratinjau disegarkan dari Meta.'],
  refreshFailed: ['Could not refresh from Meta', 'Gagal menyegarkan dari Meta'],
  fromRecord: ["From this creative's own URLs.", 'Dari URL kreatif ini sendiri.'],
  fromMeta: ["From Meta's answer for this creative.", 'Dari jawaban Meta untuk kreatif ini.'],
  fetchedAt: [
    (when: string) => `Meta last answered ${when}.`,
    (when: string) => `Terakhir dijawab Meta ${when}.`,
  ],
  neverFetched: ['Not read from Meta yet.', 'Belum dibaca dari Meta.'],
  lastError: [
    (error: string) => `The last refresh failed: ${error}`,
    (error: string) => `Penyegaran terakhir gagal: ${error}`,
  ],
  draft: [
    'No Meta creative id yet (a draft): the preview comes once the creative is on Meta.',
    'Belum ada id kreatif Meta (draf): pratinjau muncul setelah kreatif ada di Meta.',
  ],
  loadFailed: [
    (error: string) => `The preview could not be loaded: ${error}`,
    (error: string) => `Pratinjau tidak dapat dimuat: ${error}`,
  ],
  retry: ['Try again', 'Coba lagi'],
});
