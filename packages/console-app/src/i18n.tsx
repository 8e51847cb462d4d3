import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_PREFERENCES, type Language } from '@staff/console-contract';
import {
  CONSOLE_MESSAGES_EN,
  CONSOLE_MESSAGES_ID,
  ConsoleMessagesProvider,
  type ConsoleMessagesOverrides,
} from '@staff/console-ui';

/** The last choice, cached so the first paint after a reload is already in it (the server's value wins once read). */
export const LANGUAGE_STORAGE_KEY = 'console-language';

/**
 * The app's own texts (not the spec's fixed strings, which stay as the spec writes them). Texts with a figure or a
 * name in them are functions receiving already formatted text (numbers stay id-ID in both languages).
 */
export interface AppTexts {
  language: string;
  languageNames: Record<Language, string>;
  languageNotSaved: string;
  theme: string;
  themeNames: Record<'system' | 'light' | 'dark', string>;
  themeNotSaved: string;
  searchPalette: string;
  myAccount: string;
  changePassword: string;
  twoStep: string;
  mySessions: string;
  permissionsRefreshed: string;
  permissionsRefreshFailed: string;
  permissionsLoadFailed: string;
  serverUnreachable: string;
  permissionsChangedByAdmin: string;
  signedOut: string;
  signedOutHere: string;
  sessionNotEnded: (reason: string) => string;
  noAnswer: string;
  problemAssigned: (id: string, by: string, customer: string | null, description: string) => string;
  /** The sidebar's "Change my password" dialog (its title is `changePassword`). */
  passwordDialog: {
    description: string;
    confirm: string;
    busy: string;
    cancel: string;
    current: string;
    next: string;
    repeat: string;
    mismatch: string;
    changed: (revokedSessions: number) => string;
  };
  /** Usage Statistics (the page title is the spec's). */
  usage: {
    page: string;
    visits: string;
    permissionKey: string;
    yourActivity: string;
    yourActivityWhat: string;
    loadingYourActivity: string;
    lastDays: (days: string, from: string) => string;
    yourFigures: string;
    yourSignIns: string;
    failedOnYourAccount: string;
    pagesYouOpened: string;
    latestSignIns: string;
    noSignInsRecorded: string;
    when: string;
    result: string;
    signedIn: string;
    failedSignIn: string;
    yourMostVisited: string;
    noPagesOpened: string;
    teamActivity: string;
    teamWhat: string;
    loadingTeam: string;
    nothingRecorded: string;
    teamFigures: string;
    activeUsers: string;
    of: string;
    signIns: string;
    failedSignIns: string;
    signInsPerDay: string;
    newestFirst: string;
    noSignInsInPeriod: string;
    day: string;
    failed: string;
    mostVisited: string;
    noPageVisits: string;
  };
}

export const APP_TEXTS_EN: AppTexts = {
  language: 'Language',
  languageNames: { id: 'Bahasa Indonesia', en: 'English' },
  languageNotSaved: 'Language not saved',
  theme: 'Theme',
  themeNames: { system: 'Follow system', light: 'Light', dark: 'Dark' },
  themeNotSaved: 'Theme not saved',
  searchPalette: 'Search pages and records (Ctrl+K)',
  myAccount: 'My account',
  changePassword: 'Change my password',
  twoStep: 'Two-step sign-in',
  mySessions: 'My sessions',
  permissionsRefreshed: 'Permissions refreshed.',
  permissionsRefreshFailed: 'Could not refresh permissions',
  permissionsLoadFailed: 'Could not load your permissions',
  serverUnreachable: 'The server could not be reached.',
  permissionsChangedByAdmin: 'Your permissions were changed by an administrator.',
  signedOut: 'You have signed out.',
  signedOutHere: 'Signed out on this browser',
  sessionNotEnded: (reason) => `The server could not end the session (${reason}).`,
  noAnswer: 'no answer',
  problemAssigned: (id, by, customer, description) =>
    `Problem #${id} was assigned to you by ${by}${customer ? ` (${customer})` : ''}: ${description}`,
  passwordDialog: {
    description:
      'At least 10 characters, not containing your username. Your other sessions will be signed out.',
    confirm: 'Change password',
    busy: 'Changing…',
    cancel: 'Cancel',
    current: 'Current password',
    next: 'New password',
    repeat: 'Repeat the new password',
    mismatch: 'The two new passwords differ.',
    changed: (revoked) =>
      `Your password was changed${revoked ? `; ${revoked} other session(s) were signed out` : ''}.`,
  },
  usage: {
    page: 'Page',
    visits: 'Visits',
    permissionKey: 'Permission key',
    yourActivity: 'Your activity',
    yourActivityWhat: 'your activity',
    loadingYourActivity: 'Loading your activity…',
    lastDays: (days, from) => `Last ${days} days, from ${from}.`,
    yourFigures: 'Your figures',
    yourSignIns: 'Your sign-ins',
    failedOnYourAccount: 'Failed sign-ins on your account',
    pagesYouOpened: 'Pages you opened',
    latestSignIns: 'Your latest sign-ins',
    noSignInsRecorded: 'No sign-ins recorded.',
    when: 'When',
    result: 'Result',
    signedIn: 'Signed in',
    failedSignIn: 'Failed (wrong password or code)',
    yourMostVisited: 'Your most visited pages',
    noPagesOpened: 'You have not opened any page in this period.',
    teamActivity: 'Team activity',
    teamWhat: 'usage statistics',
    loadingTeam: 'Loading usage statistics…',
    nothingRecorded: 'No sign-ins or page visits were recorded in this period.',
    teamFigures: 'Team figures',
    activeUsers: 'Active users',
    of: 'of',
    signIns: 'Sign-ins',
    failedSignIns: 'Failed sign-ins',
    signInsPerDay: 'Sign-ins per day',
    newestFirst: 'Newest first; days without sign-ins are left out.',
    noSignInsInPeriod: 'No sign-ins in this period.',
    day: 'Day',
    failed: 'Failed',
    mostVisited: 'Most visited pages',
    noPageVisits: 'No page visits recorded yet.',
  },
};

export const APP_TEXTS_ID: AppTexts = {
  language: 'Bahasa',
  languageNames: { id: 'Bahasa Indonesia', en: 'English' },
  languageNotSaved: 'Bahasa tidak tersimpan',
  theme: 'Tema',
  themeNames: { system: 'Ikuti sistem', light: 'Terang', dark: 'Gelap' },
  themeNotSaved: 'Tema tidak tersimpan',
  searchPalette: 'Cari halaman dan data (Ctrl+K)',
  myAccount: 'Akun saya',
  changePassword: 'Ubah kata sandi saya',
  twoStep: 'Login dua langkah',
  mySessions: 'Sesi saya',
  permissionsRefreshed: 'Izin dimuat ulang.',
  permissionsRefreshFailed: 'Izin tidak dapat dimuat ulang',
  permissionsLoadFailed: 'Izin Anda tidak dapat dimuat',
  serverUnreachable: 'Server tidak dapat dihubungi.',
  permissionsChangedByAdmin: 'Izin Anda diubah oleh administrator.',
  signedOut: 'Anda sudah keluar.',
  signedOutHere: 'Keluar di browser ini',
  sessionNotEnded: (reason) => `Server tidak dapat mengakhiri sesi (${reason}).`,
  noAnswer: 'tidak ada jawaban',
  problemAssigned: (id, by, customer, description) =>
    `Masalah #${id} diberikan kepada Anda oleh ${by}${customer ? ` (${customer})` : ''}: ${description}`,
  passwordDialog: {
    description: 'Minimal 10 karakter, tidak memuat username Anda. Sesi Anda yang lain akan dikeluarkan.',
    confirm: 'Ubah kata sandi',
    busy: 'Mengubah…',
    cancel: 'Batal',
    current: 'Kata sandi sekarang',
    next: 'Kata sandi baru',
    repeat: 'Ulangi kata sandi baru',
    mismatch: 'Kedua kata sandi baru berbeda.',
    changed: (revoked) =>
      `Kata sandi Anda sudah diubah${revoked ? `; ${revoked} sesi lain dikeluarkan` : ''}.`,
  },
  usage: {
    page: 'Halaman',
    visits: 'Kunjungan',
    permissionKey: 'Kunci izin',
    yourActivity: 'Aktivitas Anda',
    yourActivityWhat: 'aktivitas Anda',
    loadingYourActivity: 'Memuat aktivitas Anda…',
    lastDays: (days, from) => `${days} hari terakhir, sejak ${from}.`,
    yourFigures: 'Angka Anda',
    yourSignIns: 'Login Anda',
    failedOnYourAccount: 'Login gagal pada akun Anda',
    pagesYouOpened: 'Halaman yang Anda buka',
    latestSignIns: 'Login terakhir Anda',
    noSignInsRecorded: 'Belum ada login tercatat.',
    when: 'Waktu',
    result: 'Hasil',
    signedIn: 'Berhasil login',
    failedSignIn: 'Gagal (kata sandi atau kode salah)',
    yourMostVisited: 'Halaman yang paling sering Anda buka',
    noPagesOpened: 'Anda belum membuka halaman apa pun pada periode ini.',
    teamActivity: 'Aktivitas tim',
    teamWhat: 'statistik penggunaan',
    loadingTeam: 'Memuat statistik penggunaan…',
    nothingRecorded: 'Tidak ada login atau kunjungan halaman tercatat pada periode ini.',
    teamFigures: 'Angka tim',
    activeUsers: 'Pengguna aktif',
    of: 'dari',
    signIns: 'Login',
    failedSignIns: 'Login gagal',
    signInsPerDay: 'Login per hari',
    newestFirst: 'Terbaru di atas; hari tanpa login tidak ditampilkan.',
    noSignInsInPeriod: 'Tidak ada login pada periode ini.',
    day: 'Hari',
    failed: 'Gagal',
    mostVisited: 'Halaman paling sering dikunjungi',
    noPageVisits: 'Belum ada kunjungan halaman tercatat.',
  },
};

export const APP_TEXTS: Record<Language, AppTexts> = { id: APP_TEXTS_ID, en: APP_TEXTS_EN };

function storedLanguage(): Language {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return value === 'id' || value === 'en' ? value : DEFAULT_PREFERENCES.language;
  } catch {
    return DEFAULT_PREFERENCES.language;
  }
}

interface LanguageValue {
  language: Language;
  setLanguage: (language: Language) => void;
}

const LanguageContext = createContext<LanguageValue>({
  language: DEFAULT_PREFERENCES.language,
  setLanguage: () => undefined,
});

const COMPONENT_MESSAGES: Record<Language, ConsoleMessagesOverrides> = {
  id: CONSOLE_MESSAGES_ID,
  en: CONSOLE_MESSAGES_EN,
};

export const useLanguage = () => useContext(LanguageContext);

/** A module's own texts in both languages: each page keeps its catalogue beside it (e.g. `pages/logistics/texts.ts`). */
export type Texts<T> = Record<Language, T>;

/** One text side by side in both languages: `[english, indonesian]` (a function when it takes figures or names). */
type Pair<T = unknown> = readonly [en: T, id: T];
interface Catalogue {
  readonly [key: string]: Pair | Catalogue;
}
type Resolved<C> = { [K in keyof C]: C[K] extends Pair<infer T> ? T : Resolved<C[K]> };

const pick = (node: Catalogue, index: 0 | 1): unknown =>
  Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      Array.isArray(value) ? (value as Pair)[index] : pick(value as Catalogue, index),
    ]),
  );

/**
 * Declares a catalogue with each text beside its translation, so none can be missing:
 * @example const TEXTS = defineTexts({ cancel: ['Cancel', 'Batal'], rows: [(n: string) => `${n} rows`, (n: string) => `${n} baris`] });
 */
export const defineTexts = <const C extends Catalogue>(catalogue: C): Texts<Resolved<C>> => ({
  en: pick(catalogue, 0) as Resolved<C>,
  id: pick(catalogue, 1) as Resolved<C>,
});

/** A catalogue's texts in the chosen language. */
export const useTextsOf = <T,>(texts: Texts<T>): T => texts[useContext(LanguageContext).language];

/** The chosen language outside React (API calls, error texts): the last stored choice. */
export const currentLanguage = (): Language => storedLanguage();

/** The app's own texts in the chosen language. */
export const useTexts = (): AppTexts => APP_TEXTS[useContext(LanguageContext).language];

/** The chosen language: the app's texts, console-ui's messages and `<html lang>` follow it at once. */
export function AppLanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(storedLanguage);
  const value = useMemo<LanguageValue>(
    () => ({
      language,
      setLanguage: (next) => {
        setLanguageState(next);
        try {
          globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, next);
        } catch {
          // A private window without storage: the server still keeps the choice.
        }
      },
    }),
    [language],
  );
  useEffect(() => {
    globalThis.document?.documentElement.setAttribute('lang', language);
  }, [language]);
  return (
    <LanguageContext.Provider value={value}>
      <ConsoleMessagesProvider messages={COMPONENT_MESSAGES[language]}>{children}</ConsoleMessagesProvider>
    </LanguageContext.Provider>
  );
}
