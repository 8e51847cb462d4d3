import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { LoginFn, StoredUser, VerifyCodeFn } from '../../adapters.js';
import { OtpInput } from '../OtpInput/OtpInput.js';
import { useThemeCheck } from '../../theme/ThemeProvider.js';
import { useMessages } from '../../theme/messages.js';
import { LOGIN_GENERIC_ERROR } from '../../machines/loginButton.texts.js';
import { useLoginForm, type LoginFormSeed } from './useLoginForm.js';
import { useStaticStyles } from '../../primitives/staticStyles.js';
import { LOGIN_FORM_CSS } from './LoginForm.styles.js';
import {
  LOGIN_FORM_DEFAULT_PRODUCT,
  LOGIN_FORM_DEFAULT_VERSION,
  LOGIN_FORM_MESSAGES,
  type LoginFormMessages,
} from './messages.js';
export {
  LOGIN_FORM_DEFAULT_PRODUCT,
  LOGIN_FORM_DEFAULT_VERSION,
  LOGIN_FORM_INTRO,
  LOGIN_FORM_MESSAGES,
  type LoginFormMessages,
} from './messages.js';
// The machine words its errors with the default texts; re-word them with the host's messages.
function localError(error: string | null, m: LoginFormMessages): string | null {
  if (error === null) return null;
  if (error === LOGIN_GENERIC_ERROR) return m.genericError;
  return error.startsWith(LOGIN_FORM_MESSAGES.errorPrefix)
    ? m.errorPrefix + error.slice(LOGIN_FORM_MESSAGES.errorPrefix.length)
    : error;
}

export interface LoginFormProps {
  /** Performs the login call; resolves with the stored-user record or rejects with a CallError. */
  login: LoginFn;
  /**
   * Two-step sign-in: redeems the challenge `login` answered with, using the code typed in the code step (the
   * 6-digit one-time code, sent as soon as the boxes are full, or a recovery code).
   */
  verifyCode?: VerifyCodeFn;
  /** Called once, after the 2 s success hold: store the user and go to `/app/usage-statistic`. */
  onSuccess: (user: StoredUser) => void;
  /** Heading and first footer item. */
  productLabel?: string;
  copyrightHolder?: string;
  /** Defaults to the current year. */
  copyrightYear?: number;
  version?: string;
  /** Replaces the Indonesian intro line (a node; for a plain string `messages.intro` does the same). */
  intro?: ReactNode;
  /** Replacements for the visible strings (over the provider's `loginForm` entry). */
  messages?: Partial<LoginFormMessages>;
  delays?: Partial<{ LOGIN_SUCCESS_HOLD: number }>;
  /** Starts in a given state (stories, tests), e.g. `{ status: 'loading' }`; see `useLoginForm`. */
  initialState?: LoginFormSeed;
  defaultUsername?: string;
  /** Centre in the full viewport height (default) or just in the parent, e.g. when embedded. */
  fullScreen?: boolean;
  className?: string;
}

/**
 * The login screen: intro, Username and Password, the login button (Login → Memuat... → Login Sukses, Mohon
 * tunggu), the error line and the footer. Enter in either field submits. Behaviour lives in `useLoginForm`.
 *
 * @example
 * ```tsx
 * <LoginForm login={api.login} onSuccess={(user) => { session.send({ type: 'SESSION.LOGIN', user }); navigate('/app/usage-statistic'); }} />
 * ```
 */
export function LoginForm({
  login,
  verifyCode,
  onSuccess,
  productLabel = LOGIN_FORM_DEFAULT_PRODUCT,
  copyrightHolder = productLabel,
  copyrightYear,
  version = LOGIN_FORM_DEFAULT_VERSION,
  intro,
  messages,
  delays,
  initialState,
  defaultUsername,
  fullScreen = true,
  className,
}: LoginFormProps) {
  useThemeCheck('LoginForm');
  useStaticStyles('login-form', LOGIN_FORM_CSS);
  const m = useMessages('loginForm', LOGIN_FORM_MESSAGES, messages);
  const form = useLoginForm({ login, verifyCode, onSuccess, delays, initialState, defaultUsername });
  const error = localError(form.error, m);
  // The code step stays on screen through the success hold.
  const codeStep = form.status === 'code' || form.status === 'verifying' || form.challenge !== null;
  const buttonLabel =
    form.status === 'idle' || form.status === 'code'
      ? m.login
      : form.status === 'loading' || form.status === 'verifying'
        ? m.loading
        : m.success;
  const id = useId();
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState('');
  const codeFailed = form.status === 'code' && form.error !== null;
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    form.submitCode(useRecovery ? recovery : code);
  };
  const year = copyrightYear ?? new Date().getFullYear();

  return (
    <div
      className={['cui-login-form', className].filter(Boolean).join(' ')}
      data-state={form.status}
      data-fullscreen={fullScreen || undefined}
    >
      <div className="cui-login-form__card">
        <h1 className="cui-login-form__title">{productLabel}</h1>
        <p className="cui-login-form__intro" id={`${id}-intro`}>
          {codeStep ? (useRecovery ? m.recoveryIntro : m.codeIntro) : (intro ?? m.intro)}
        </p>
        <form
          className="cui-login-form__form"
          aria-describedby={`${id}-intro`}
          aria-busy={form.status === 'loading' || form.status === 'verifying'}
          noValidate
          onSubmit={codeStep ? submitCode : form.handleSubmit}
        >
          {codeStep ? (
            useRecovery ? (
              <div className="cui-login-form__field">
                <label className="cui-login-form__label" htmlFor={`${id}-recovery`}>
                  {m.recoveryLabel}
                </label>
                <input
                  className="cui-login-form__input"
                  id={`${id}-recovery`}
                  name="recovery-code"
                  type="text"
                  autoComplete="one-time-code"
                  autoCapitalize="characters"
                  spellCheck={false}
                  value={recovery}
                  readOnly={form.busy}
                  aria-invalid={codeFailed || undefined}
                  // eslint-disable-next-line jsx-a11y/no-autofocus -- the field is the only task of this step
                  autoFocus
                  onChange={(e) => setRecovery(e.target.value)}
                />
              </div>
            ) : (
              <OtpInput
                label={m.codeLabel}
                // Emptied after a refusal so the next code can be typed straight away.
                value={codeFailed ? '' : code}
                onValueChange={(value) => {
                  setCode(value);
                  form.submitCode(value);
                }}
                disabled={form.busy}
                invalid={codeFailed}
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the code is the only task of this step
                autoFocus
              />
            )
          ) : (
            <>
              <div className="cui-login-form__field">
                <label className="cui-login-form__label" htmlFor={`${id}-username`}>
                  {m.username}
                </label>
                <input
                  className="cui-login-form__input"
                  id={`${id}-username`}
                  name="username"
                  type="text"
                  autoComplete="username"
                  autoCapitalize="none"
                  spellCheck={false}
                  value={form.username}
                  readOnly={form.busy}
                  onChange={(e) => form.setUsername(e.target.value)}
                />
              </div>
              <div className="cui-login-form__field">
                <label className="cui-login-form__label" htmlFor={`${id}-password`}>
                  {m.password}
                </label>
                <input
                  className="cui-login-form__input"
                  id={`${id}-password`}
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  value={form.password}
                  readOnly={form.busy}
                  onChange={(e) => form.setPassword(e.target.value)}
                />
              </div>
            </>
          )}
          {error ? (
            <p className="cui-login-form__error" role="alert">
              {error}
            </p>
          ) : null}
          <button
            type="submit"
            className="cui-login-form__button"
            disabled={!form.canSubmit}
            data-state={form.status}
          >
            {form.busy ? <span className="cui-login-form__spinner" aria-hidden="true" /> : null}
            <span>{buttonLabel}</span>
          </button>
        </form>
        {codeStep ? (
          <div className="cui-login-form__code-links">
            <button
              className="cui-login-form__link"
              type="button"
              disabled={form.busy}
              onClick={() => setUseRecovery((value) => !value)}
            >
              {useRecovery ? m.useAuthenticator : m.useRecovery}
            </button>
            <button
              className="cui-login-form__link"
              type="button"
              disabled={form.busy}
              onClick={() => {
                setUseRecovery(false);
                setCode('');
                setRecovery('');
                form.back();
              }}
            >
              {m.back}
            </button>
          </div>
        ) : null}
      </div>
      <p className="cui-login-form__footer">
        <span>{productLabel}</span>
        <span aria-hidden="true"> · </span>
        <span>
          © {year} {copyrightHolder}
        </span>
        <span aria-hidden="true"> · </span>
        <span>{version}</span>
      </p>
    </div>
  );
}
