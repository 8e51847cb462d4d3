import { defineTexts } from '../i18n.js';

/**
 * The routed shell's own texts (App.tsx and routes/), side by side. The spec's ("Sign Out", "Please Wait...",
 * the login texts, page titles, the denied alert) stay where they are, as the spec writes them.
 */
export const SHELL_TEXTS = defineTexts({
  loadingConsole: ['Loading the console…', 'Memuat konsol…'],
  sessionEnded: ['Session ended', 'Sesi berakhir'],
  sessionInvalid: [
    'Your session is no longer valid. Please sign in again.',
    'Sesi Anda sudah tidak berlaku. Silakan login lagi.',
  ],
  checkingPermission: ['Checking permission…', 'Memeriksa izin…'],
  notFound: {
    title: ['Page not found', 'Halaman tidak ditemukan'],
    noPageAt: ['There is no page at', 'Tidak ada halaman di'],
    checkAddress: ['. Check the address, or go to', '. Periksa alamatnya, atau buka'],
  },
  allowedPages: {
    title: ['Pages you can open', 'Halaman yang dapat Anda buka'],
    none: [
      'Your account cannot open any page yet. Ask an administrator to grant you access.',
      'Akun Anda belum dapat membuka halaman apa pun. Minta administrator memberi Anda akses.',
    ],
  },
});
