import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  DEFAULT_PREFERENCES,
  indonesianTextsLoaded,
  loadIndonesianTexts,
  type Language,
} from '@staff/console-contract';
import {
  CONSOLE_MESSAGES_EN_OVERRIDES,
  ConsoleMessagesProvider,
  LOGIN_FORM_MESSAGES,
  type ConsoleMessagesOverrides,
} from '@staff/console-ui';
import { COMMON_TEXTS } from './commonTexts.js';
import { LANGUAGE_STORAGE_KEY, storedLanguageChoice } from './languageStorage.js';

export { LANGUAGE_STORAGE_KEY } from './languageStorage.js';

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

/**
 * The app's own texts (not the spec's fixed strings, which stay as the spec writes them), side by side. Texts with a
 * figure or a name in them are functions receiving already formatted text (numbers stay id-ID in both languages).
 */
const APP_CATALOGUE = defineTexts({
  language: ['Language', 'Bahasa'],
  languageNames: { id: ['Bahasa Indonesia', 'Bahasa Indonesia'], en: ['English', 'English'] },
  languageNotSaved: ['Language not saved', 'Bahasa tidak tersimpan'],
  theme: ['Theme', 'Tema'],
  themeNames: {
    system: ['Follow system', 'Ikuti sistem'],
    light: ['Light', 'Terang'],
    dark: ['Dark', 'Gelap'],
  },
  themeNotSaved: ['Theme not saved', 'Tema tidak tersimpan'],
  searchPalette: ['Search pages and records (Ctrl+K)', 'Cari halaman dan data (Ctrl+K)'],
  /** The sidebar's realtime connection status (console-ui's ConnectionStatus). */
  connection: {
    connecting: ['Connecting…', 'Menghubungkan…'],
    connected: ['Connected', 'Terhubung'],
    reconnecting: ['Reconnecting…', 'Menyambung ulang…'],
    offline: ['Offline', 'Luring'],
    polling: ['(polling)', '(polling)'],
    retry: ['Retry', 'Coba lagi'],
  },
  myAccount: ['My account', 'Akun saya'],
  changePassword: ['Change my password', 'Ubah kata sandi saya'],
  twoStep: ['Two-step sign-in', 'Login dua langkah'],
  mySessions: ['My sessions', 'Sesi saya'],
  permissionsRefreshed: ['Permissions refreshed.', 'Izin dimuat ulang.'],
  permissionsRefreshFailed: ['Could not refresh permissions', 'Izin tidak dapat dimuat ulang'],
  permissionsLoadFailed: ['Could not load your permissions', 'Izin Anda tidak dapat dimuat'],
  serverUnreachable: ['The server could not be reached.', 'Server tidak dapat dihubungi.'],
  permissionsChangedByAdmin: [
    'Your permissions were changed by an administrator.',
    'Izin Anda diubah oleh administrator.',
  ],
  signedOut: ['You have signed out.', 'Anda sudah keluar.'],
  signedOutHere: ['Signed out on this browser', 'Keluar di browser ini'],
  sessionNotEnded: [
    (reason: string) => `The server could not end the session (${reason}).`,
    (reason: string) => `Server tidak dapat mengakhiri sesi (${reason}).`,
  ],
  noAnswer: ['no answer', 'tidak ada jawaban'],
  problemAssigned: [
    (id: string, by: string, customer: string | null, description: string) =>
      `Problem #${id} was assigned to you by ${by}${customer ? ` (${customer})` : ''}: ${description}`,
    (id: string, by: string, customer: string | null, description: string) =>
      `Masalah #${id} diberikan kepada Anda oleh ${by}${customer ? ` (${customer})` : ''}: ${description}`,
  ],
  /** The sidebar's "Change my password" dialog (its title is `changePassword`). */
  passwordDialog: {
    description: [
      'At least 10 characters, not containing your username. Your other sessions will be signed out.',
      'Minimal 10 karakter, tidak memuat username Anda. Sesi Anda yang lain akan dikeluarkan.',
    ],
    confirm: ['Change password', 'Ubah kata sandi'],
    busy: ['Changing…', 'Mengubah…'],
    cancel: COMMON_TEXTS.cancel,
    current: ['Current password', 'Kata sandi sekarang'],
    next: ['New password', 'Kata sandi baru'],
    repeat: ['Repeat the new password', 'Ulangi kata sandi baru'],
    mismatch: ['The two new passwords differ.', 'Kedua kata sandi baru berbeda.'],
    changed: [
      (revoked: number) =>
        `Your password was changed${revoked ? `; ${revoked} other session(s) were signed out` : ''}.`,
      (revoked: number) =>
        `Kata sandi Anda sudah diubah${revoked ? `; ${revoked} sesi lain dikeluarkan` : ''}.`,
    ],
  },
  /** Usage Statistics (the page title is the spec's). */
  usage: {
    page: ['Page', 'Halaman'],
    visits: ['Visits', 'Kunjungan'],
    permissionKey: ['Permission key', 'Kunci izin'],
    yourActivity: ['Your activity', 'Aktivitas Anda'],
    yourActivityWhat: ['your activity', 'aktivitas Anda'],
    loadingYourActivity: ['Loading your activity…', 'Memuat aktivitas Anda…'],
    lastDays: [
      (days: string, from: string) => `Last ${days} days, from ${from}.`,
      (days: string, from: string) => `${days} hari terakhir, sejak ${from}.`,
    ],
    yourFigures: ['Your figures', 'Angka Anda'],
    yourSignIns: ['Your sign-ins', 'Login Anda'],
    failedOnYourAccount: ['Failed sign-ins on your account', 'Login gagal pada akun Anda'],
    pagesYouOpened: ['Pages you opened', 'Halaman yang Anda buka'],
    latestSignIns: ['Your latest sign-ins', 'Login terakhir Anda'],
    noSignInsRecorded: ['No sign-ins recorded.', 'Belum ada login tercatat.'],
    when: ['When', 'Waktu'],
    result: ['Result', 'Hasil'],
    signedIn: ['Signed in', 'Berhasil login'],
    failedSignIn: ['Failed (wrong password or code)', 'Gagal (kata sandi atau kode salah)'],
    yourMostVisited: ['Your most visited pages', 'Halaman yang paling sering Anda buka'],
    noPagesOpened: [
      'You have not opened any page in this period.',
      'Anda belum membuka halaman apa pun pada periode ini.',
    ],
    teamActivity: ['Team activity', 'Aktivitas tim'],
    teamWhat: ['usage statistics', 'statistik penggunaan'],
    loadingTeam: ['Loading usage statistics…', 'Memuat statistik penggunaan…'],
    nothingRecorded: [
      'No sign-ins or page visits were recorded in this period.',
      'Tidak ada login atau kunjungan halaman tercatat pada periode ini.',
    ],
    teamFigures: ['Team figures', 'Angka tim'],
    activeUsers: ['Active users', 'Pengguna aktif'],
    of: ['of', 'dari'],
    signIns: ['Sign-ins', 'Login'],
    failedSignIns: ['Failed sign-ins', 'Login gagal'],
    signInsPerDay: ['Sign-ins per day', 'Login per hari'],
    newestFirst: [
      'Newest first; days without sign-ins are left out.',
      'Terbaru di atas; hari tanpa login tidak ditampilkan.',
    ],
    noSignInsInPeriod: ['No sign-ins in this period.', 'Tidak ada login pada periode ini.'],
    day: ['Day', 'Hari'],
    failed: COMMON_TEXTS.failed,
    mostVisited: ['Most visited pages', 'Halaman paling sering dikunjungi'],
    noPageVisits: ['No page visits recorded yet.', 'Belum ada kunjungan halaman tercatat.'],
  },
});

export type AppTexts = (typeof APP_CATALOGUE)['en'];
export const APP_TEXTS_EN: AppTexts = APP_CATALOGUE.en;
export const APP_TEXTS_ID: AppTexts = APP_CATALOGUE.id;

export const APP_TEXTS: Record<Language, AppTexts> = { id: APP_TEXTS_ID, en: APP_TEXTS_EN };

const storedLanguage = (): Language => storedLanguageChoice() ?? DEFAULT_PREFERENCES.language;

/** console-ui's Indonesian messages, once loaded (`languageReady('id')`). */
let componentMessagesId: ConsoleMessagesOverrides | null = null;

/** console-ui's Indonesian messages, a chunk of their own beside the error catalogue (English pages never load it). */
const loadComponentMessagesId = (): Promise<void> =>
  componentMessagesId
    ? Promise.resolve()
    : import('./componentMessagesId.js').then((module) => {
        componentMessagesId = module.CONSOLE_MESSAGES_ID;
      });

/** Whether everything Indonesian needs is in: the error catalogue and console-ui's messages. */
const indonesianReady = (): boolean => indonesianTextsLoaded() && componentMessagesId !== null;

/**
 * What a language needs before it is applied: Indonesian, the contract's error catalogue and console-ui's messages
 * (chunks of their own, issue 33), so no text shown after the switch is in English. Resolves at once when they
 * are there.
 */
export const languageReady = (language: Language): Promise<void> =>
  language === 'id' && !indonesianReady()
    ? Promise.all([loadIndonesianTexts(), loadComponentMessagesId()]).then(() => undefined)
    : Promise.resolve();

interface LanguageValue {
  language: Language;
  /** Applies `language` once it is ready (see `languageReady`): at once for English or a loaded catalogue. */
  setLanguage: (language: Language) => void;
  /** The language chosen and still loading (the controls show it, busy), else null. */
  pendingLanguage: Language | null;
}

const LanguageContext = createContext<LanguageValue>({
  language: DEFAULT_PREFERENCES.language,
  setLanguage: () => undefined,
  pendingLanguage: null,
});

/**
 * console-ui's messages for a language. English: only the components whose defaults are Indonesian (every other
 * one shows its own English defaults), so an English page carries no other component's texts. The spec fixes the
 * login texts ("Login", "Memuat...", "Login Sukses, Mohon tunggu", the Indonesian intro): the /login reached after
 * a sign-out keeps them in English too, like the bare /login without this provider. Indonesian: the loaded set
 * (the language is applied only once it is in; until then the defaults).
 */
const EN_COMPONENT_MESSAGES: ConsoleMessagesOverrides = {
  ...CONSOLE_MESSAGES_EN_OVERRIDES,
  loginForm: LOGIN_FORM_MESSAGES,
};
const componentMessages = (language: Language): ConsoleMessagesOverrides =>
  language === 'id' ? (componentMessagesId ?? {}) : EN_COMPONENT_MESSAGES;

export const useLanguage = () => useContext(LanguageContext);

/** A catalogue's texts in the chosen language. */
export const useTextsOf = <T,>(texts: Texts<T>): T => texts[useContext(LanguageContext).language];

/** The chosen language outside React (API calls, error texts): the last stored choice. */
export const currentLanguage = (): Language => storedLanguage();

/** The app's own texts in the chosen language. */
export const useTexts = (): AppTexts => APP_TEXTS[useContext(LanguageContext).language];

/**
 * The chosen language: the app's texts, console-ui's messages and `<html lang>` follow it together, at once for
 * English and once the error catalogue is in for Indonesian (the last choice wins when several are on their way;
 * a catalogue that cannot load leaves the language as it was). The stored choice, which `currentLanguage` reads for
 * error texts, changes with them. The console renders in Indonesian only once the catalogue is in (boot.tsx).
 */
export function AppLanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(storedLanguage);
  const [pendingLanguage, setPendingLanguage] = useState<Language | null>(null);
  const latest = useRef(0);
  const value = useMemo<LanguageValue>(
    () => ({
      language,
      pendingLanguage,
      setLanguage: (next) => {
        const asked = ++latest.current;
        const apply = () => {
          if (asked !== latest.current) return;
          setPendingLanguage(null);
          setLanguageState(next);
          try {
            globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, next);
          } catch {
            // A private window without storage: the server still keeps the choice.
          }
        };
        if (next !== 'id' || indonesianReady()) return apply();
        setPendingLanguage(next);
        languageReady(next).then(apply, () => {
          if (asked === latest.current) setPendingLanguage(null);
        });
      },
    }),
    [language, pendingLanguage],
  );
  useEffect(() => {
    globalThis.document?.documentElement.setAttribute('lang', language);
  }, [language]);
  return (
    <LanguageContext.Provider value={value}>
      <ConsoleMessagesProvider messages={componentMessages(language)}>{children}</ConsoleMessagesProvider>
    </LanguageContext.Provider>
  );
}
