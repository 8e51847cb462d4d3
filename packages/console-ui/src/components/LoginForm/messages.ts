// The default texts, apart from the component: the console's language sets import them without the component's code.
import { LOGIN_BUTTON_LABELS, LOGIN_GENERIC_ERROR } from '../../machines/loginButton.texts.js';

/** The intro line above the fields (Indonesian, asks for username and password). */
export const LOGIN_FORM_INTRO = 'Silakan masukkan username dan password Anda untuk masuk.';
export const LOGIN_FORM_DEFAULT_VERSION = 'v1.0.0';
export const LOGIN_FORM_DEFAULT_PRODUCT = 'Staff Console';

/** Every visible string of the LoginForm; the defaults are the console's own texts, Indonesian included. */
export interface LoginFormMessages {
  intro: string;
  username: string;
  password: string;
  login: string;
  loading: string;
  success: string;
  /** The error line for anything but a 403/404 with a server message. */
  genericError: string;
  /** Put before a server message: "Error : Password salah". */
  errorPrefix: string;
  /** The code step of two-step sign-in. */
  codeIntro: string;
  codeLabel: string;
  recoveryIntro: string;
  recoveryLabel: string;
  useRecovery: string;
  useAuthenticator: string;
  back: string;
}

export const LOGIN_FORM_MESSAGES: LoginFormMessages = {
  intro: LOGIN_FORM_INTRO,
  username: 'Username',
  password: 'Password',
  login: LOGIN_BUTTON_LABELS.idle,
  loading: LOGIN_BUTTON_LABELS.loading,
  success: LOGIN_BUTTON_LABELS.success,
  genericError: LOGIN_GENERIC_ERROR,
  errorPrefix: 'Error : ',
  codeIntro: 'Masukkan kode 6 digit dari aplikasi autentikator',
  codeLabel: 'Kode autentikator',
  recoveryIntro: 'Masukkan salah satu kode pemulihan Anda.',
  recoveryLabel: 'Kode pemulihan',
  useRecovery: 'Gunakan kode pemulihan',
  useAuthenticator: 'Gunakan kode dari aplikasi autentikator',
  back: 'Kembali ke login',
};
