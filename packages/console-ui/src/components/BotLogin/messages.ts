// The default texts, apart from the component: the console's language sets import them without the component's code.
import type { BotCodeMethodValue, BotLoginSnapshot } from '../../machines/botLogin.machine.js';

/**
 * Every visible string of BotLoginPanel (key `botLogin` in `ConsoleMessagesProvider`). Its defaults are Indonesian,
 * the language of the staff who connect the bots; `BOT_LOGIN_MESSAGES_EN` is the English set.
 */
export interface BotLoginMessages {
  status: Record<BotLoginSnapshot['status'], string>;
  statusLabel: (status: string) => string;
  method: Record<BotCodeMethodValue, string>;
  /** The method inside a sentence ("Kode dikirim lewat …"). */
  methodInSentence: Record<BotCodeMethodValue, string>;
  intro: string;
  sendCodeBy: string;
  requestCode: string;
  reconnect: string;
  codeSent: (method: string) => string;
  codeLabel: string;
  resendCode: string;
  cancel: string;
  codeAccepted: string;
  pinLabel: string;
  pinNote: string;
  connected: string;
  disconnect: string;
  busy: Record<'requestingCode' | 'verifyingCode' | 'registering' | 'disconnecting', string>;
}

export const BOT_LOGIN_MESSAGES: BotLoginMessages = {
  status: {
    pending: 'Menunggu verifikasi',
    connected: 'Terhubung',
    failed: 'Gagal',
    disconnected: 'Terputus',
  },
  statusLabel: (status) => `Status: ${status}`,
  method: { SMS: 'SMS', VOICE: 'Panggilan suara' },
  methodInSentence: { SMS: 'SMS', VOICE: 'panggilan suara' },
  intro: 'Meta mengirim kode 6 angka ke nomor ini. Pilih cara pengirimannya, lalu masukkan kodenya di sini.',
  sendCodeBy: 'Kirim kode lewat',
  requestCode: 'Minta kode',
  reconnect: 'Hubungkan ulang',
  codeSent: (method) => `Kode dikirim lewat ${method}. Masukkan 6 angkanya.`,
  codeLabel: 'Kode verifikasi',
  resendCode: 'Kirim ulang kode',
  cancel: 'Batal',
  codeAccepted: 'Kode benar. Isi PIN verifikasi dua langkah (6 angka) untuk nomor ini.',
  pinLabel: 'PIN verifikasi dua langkah',
  pinNote: 'PIN hanya diteruskan ke WhatsApp, tidak disimpan di konsol.',
  connected: 'Nomor ini terhubung sebagai bot dan menjawab pesan pelanggan.',
  disconnect: 'Putuskan',
  busy: {
    requestingCode: 'Meminta kode…',
    verifyingCode: 'Memeriksa kode…',
    registering: 'Mendaftarkan nomor…',
    disconnecting: 'Memutuskan…',
  },
};
