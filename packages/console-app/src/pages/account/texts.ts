import { defineTexts } from '../../i18n.js';

type N = number;

/**
 * The signed-in user's own dialogs (two-step sign-in, sessions, re-authentication), side by side. Their titles
 * in the sidebar ("Two-step sign-in", "My sessions") are APP_TEXTS' and shared with the sidebar's buttons.
 */
export const ACCOUNT_TEXTS = defineTexts({
  loading: ['Loading…', 'Memuat…'],
  tryAgain: ['Try again', 'Coba lagi'],
  close: ['Close', 'Tutup'],
  cancel: ['Cancel', 'Batal'],
  password: ['Password', 'Kata sandi'],
  checking: ['Checking…', 'Memeriksa…'],
  twoStep: {
    enterCode: [
      'Enter the 6-digit code from your authenticator app.',
      'Masukkan kode 6 digit dari aplikasi authenticator Anda.',
    ],
    on: ['Two-step sign-in is on.', 'Login dua langkah aktif.'],
    off: ['Two-step sign-in is off.', 'Login dua langkah nonaktif.'],
    offDescription: [
      'Two-step sign-in is off. When it is on, signing in asks for your password and then a 6-digit code from an authenticator app on your phone.',
      'Login dua langkah nonaktif. Bila aktif, login meminta kata sandi Anda lalu kode 6 digit dari aplikasi authenticator di ponsel Anda.',
    ],
    setUp: ['Set up two-step sign-in', 'Siapkan login dua langkah'],
    starting: ['Starting…', 'Memulai…'],
    setupDescription: [
      'Scan the QR code with an authenticator app (or enter the secret in it), then type the 6-digit code it shows.',
      'Pindai kode QR dengan aplikasi authenticator (atau masukkan secret-nya di sana), lalu ketik kode 6 digit yang ditampilkannya.',
    ],
    turnOn: ['Turn on', 'Aktifkan'],
    qrAlt: ['QR code for your authenticator app', 'Kode QR untuk aplikasi authenticator Anda'],
    secret: ['Secret', 'Secret'],
    link: ['Link for the app', 'Tautan untuk aplikasi'],
    codeFromApp: ['Code from the app', 'Kode dari aplikasi'],
    saveCodes: ['Save your recovery codes', 'Simpan kode pemulihan Anda'],
    codesDescription: [
      'Each code signs you in once if you lose your phone. They are shown only now: print them or keep them in a password manager.',
      'Setiap kode dapat dipakai sekali untuk login bila ponsel Anda hilang. Kode ini hanya ditampilkan sekarang: cetak atau simpan di password manager.',
    ],
    savedThem: ['I have saved them', 'Sudah saya simpan'],
    codes: ['Recovery codes', 'Kode pemulihan'],
    codesCopied: ['Recovery codes copied.', 'Kode pemulihan disalin.'],
    copyCodes: ['Copy the codes', 'Salin kode'],
    onDescription: [
      (since: string, left: N) =>
        `Two-step sign-in is on since ${since}; ${left} recovery code(s) left. To turn it off, enter your password.`,
      (since: string, left: N) =>
        `Login dua langkah aktif sejak ${since}; sisa ${left} kode pemulihan. Untuk menonaktifkannya, masukkan kata sandi Anda.`,
    ],
    turnOff: ['Turn off two-step sign-in', 'Nonaktifkan login dua langkah'],
    turningOff: ['Turning off…', 'Menonaktifkan…'],
  },
  sessions: {
    unknownDevice: ['Unknown device', 'Perangkat tidak dikenal'],
    browserOn: [
      (browser: string, system: string) => `${browser} on ${system}`,
      (browser: string, system: string) => `${browser} di ${system}`,
    ],
    signedOutDevice: [
      (device: string) => `Signed out ${device}.`,
      (device: string) => `${device} sudah dikeluarkan.`,
    ],
    thisBrowserOnly: ['You are signed in on this browser only.', 'Anda hanya login di browser ini.'],
    signedInOn: [
      (count: N) =>
        `You are signed in on ${count} devices or browsers. Sign out any you do not recognise, then change your password.`,
      (count: N) =>
        `Anda login di ${count} perangkat atau browser. Keluarkan yang tidak Anda kenali, lalu ubah kata sandi Anda.`,
    ],
    done: ['Done', 'Selesai'],
    list: ['Signed-in sessions', 'Sesi yang sedang login'],
    thisBrowser: ['This browser', 'Browser ini'],
    unknownAddress: ['Unknown address', 'Alamat tidak dikenal'],
    meta: [
      (address: string, lastActive: string, signedIn: string) =>
        `${address} · last active ${lastActive} · signed in ${signedIn}`,
      (address: string, lastActive: string, signedIn: string) =>
        `${address} · terakhir aktif ${lastActive} · login ${signedIn}`,
    ],
    signOutLabel: [
      (device: string, address: string) => `Sign out ${device} (${address})`,
      (device: string, address: string) => `Keluarkan ${device} (${address})`,
    ],
    unknownAddressLower: ['unknown address', 'alamat tidak dikenal'],
    signOut: ['Sign out', 'Keluarkan'],
    signingOut: ['Signing out…', 'Mengeluarkan…'],
  },
  reauth: {
    title: ['Confirm it is you', 'Pastikan ini Anda'],
    codeDescription: [
      'Enter the 6-digit code from your authenticator app (or a recovery code) to continue.',
      'Masukkan kode 6 digit dari aplikasi authenticator Anda (atau kode pemulihan) untuk melanjutkan.',
    ],
    passwordDescription: [
      'You have been away for a while. Enter your password to continue where you left off: nothing you typed is lost.',
      'Anda tidak aktif beberapa saat. Masukkan kata sandi untuk melanjutkan dari tempat terakhir: tidak ada yang Anda ketik yang hilang.',
    ],
    continue: ['Continue', 'Lanjutkan'],
    signOut: ['Sign out', 'Keluar'],
    code: ['Code from the app or a recovery code', 'Kode dari aplikasi atau kode pemulihan'],
  },
});

export type AccountTexts = (typeof ACCOUNT_TEXTS)['en'];
