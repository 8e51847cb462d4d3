import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { styled } from 'styled-components';
import type { LoginFn, StoredUser, VerifyCodeFn } from '../../adapters.js';
import { OtpInput } from '../OtpInput/OtpInput.js';
import { t } from '../../theme/tokens.js';
import { useThemeCheck } from '../../theme/ThemeProvider.js';
import { useMessages } from '../../theme/messages.js';
import { LOGIN_BUTTON_LABELS, LOGIN_GENERIC_ERROR } from '../../machines/loginButton.texts.js';
import { useLoginForm, type LoginFormSeed } from './useLoginForm.js';
import { spin } from '../../primitives/spin.js';
import { focusRingCss, focusRingWideCss, panelCss } from '../../primitives/css.js';

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
 * <LoginForm login={api.login} onSuccess={(user) => { session.send({ type: 'SESSION.LOGIN', user }); navigate('/app/usage-statistic'); }} />
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
    <Root
      className={['cui-login-form', className].filter(Boolean).join(' ')}
      data-state={form.status}
      data-fullscreen={fullScreen || undefined}
    >
      <Card>
        <Title>{productLabel}</Title>
        {codeStep ? (
          <Intro id={`${id}-intro`}>{useRecovery ? m.recoveryIntro : m.codeIntro}</Intro>
        ) : (
          <Intro id={`${id}-intro`}>{intro ?? m.intro}</Intro>
        )}
        <form
          className="cui-login-form__form"
          aria-describedby={`${id}-intro`}
          aria-busy={form.status === 'loading' || form.status === 'verifying'}
          noValidate
          onSubmit={codeStep ? submitCode : form.handleSubmit}
        >
          {codeStep ? (
            useRecovery ? (
              <Field>
                <Label htmlFor={`${id}-recovery`}>{m.recoveryLabel}</Label>
                <Input
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
              </Field>
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
              <Field>
                <Label htmlFor={`${id}-username`}>{m.username}</Label>
                <Input
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
              </Field>
              <Field>
                <Label htmlFor={`${id}-password`}>{m.password}</Label>
                <Input
                  id={`${id}-password`}
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  value={form.password}
                  readOnly={form.busy}
                  onChange={(e) => form.setPassword(e.target.value)}
                />
              </Field>
            </>
          )}
          {error ? (
            <ErrorLine className="cui-login-form__error" role="alert">
              {error}
            </ErrorLine>
          ) : null}
          <SubmitButton
            type="submit"
            className="cui-login-form__button"
            disabled={!form.canSubmit}
            data-state={form.status}
          >
            {form.busy ? <Spinner className="cui-login-form__spinner" aria-hidden="true" /> : null}
            <span>{buttonLabel}</span>
          </SubmitButton>
        </form>
        {codeStep ? (
          <CodeLinks className="cui-login-form__code-links">
            <LinkButton type="button" disabled={form.busy} onClick={() => setUseRecovery((value) => !value)}>
              {useRecovery ? m.useAuthenticator : m.useRecovery}
            </LinkButton>
            <LinkButton
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
            </LinkButton>
          </CodeLinks>
        ) : null}
      </Card>
      <Footer className="cui-login-form__footer">
        <span>{productLabel}</span>
        <span aria-hidden="true"> · </span>
        <span>
          © {year} {copyrightHolder}
        </span>
        <span aria-hidden="true"> · </span>
        <span>{version}</span>
      </Footer>
    </Root>
  );
}

const CodeLinks = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${t.space2};
  margin-top: ${t.space3};
`;

const LinkButton = styled.button`
  font: inherit;
  font-size: ${t.fontSizeSm};
  padding: 0;
  color: ${t.colorPrimary};
  background: none;
  border: 0;
  text-decoration: underline;
  cursor: pointer;
  &:disabled {
    color: ${t.colorTextMuted};
    cursor: default;
  }
  &:focus-visible {
    ${focusRingWideCss}
  }
`;

const Root = styled.div`
  box-sizing: border-box;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${t.space4};
  width: 100%;
  min-height: 100%;
  padding: ${t.space4};
  color: ${t.colorText};
  font-family: ${t.fontFamily};
  /* Narrow layouts follow the space the form is given, not the window: it may be embedded in a panel. */
  container-type: inline-size;

  &[data-fullscreen] {
    min-height: 100vh;
    min-height: 100dvh;
  }
`;

const Card = styled.div`
  box-sizing: border-box;
  width: 100%;
  max-width: 400px;
  padding: ${t.space6};
  ${panelCss}
  box-shadow: ${t.shadowMd};

  @container (max-width: 420px) {
    padding: ${t.space4};
  }
`;

const Title = styled.h1`
  margin: 0 0 ${t.space2};
  font-size: ${t.fontSizeXl};
  line-height: 1.25;
`;

const Intro = styled.p`
  margin: 0 0 ${t.space6};
  color: ${t.colorTextMuted};
  line-height: 1.5;
`;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${t.space1};
  margin-bottom: ${t.space4};
`;

const Label = styled.label`
  font-weight: 600;
  font-size: ${t.fontSizeSm};
`;

const Input = styled.input`
  box-sizing: border-box;
  width: 100%;
  min-height: 44px;
  padding: ${t.space2} ${t.space3};
  /* 16px keeps mobile browsers from zooming into the field. */
  font: inherit;
  font-size: 1rem;
  color: ${t.colorText};
  background: ${t.colorSurface};
  border: 1px solid ${t.colorTextMuted};
  border-radius: ${t.radiusSm};

  &:focus-visible {
    ${focusRingCss}
  }
  &:read-only {
    background: ${t.colorBg};
  }
`;

const ErrorLine = styled.p`
  margin: 0 0 ${t.space4};
  padding: ${t.space2} ${t.space3};
  color: ${t.colorDanger};
  background: ${t.colorDangerSoft};
  border-radius: ${t.radiusSm};
  font-size: ${t.fontSizeSm};
  overflow-wrap: anywhere;
`;

const SubmitButton = styled.button`
  box-sizing: border-box;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${t.space2};
  width: 100%;
  min-height: 44px;
  padding: ${t.space2} ${t.space4};
  font: inherit;
  font-weight: 600;
  color: ${t.colorPrimaryText};
  background: ${t.colorPrimary};
  border: 0;
  border-radius: ${t.radiusSm};
  cursor: pointer;

  &:focus-visible {
    ${focusRingWideCss}
  }
  &:disabled {
    cursor: progress;
    opacity: 0.85;
  }
  &[data-state='success'],
  &[data-state='done'] {
    background: ${t.colorSuccess};
    opacity: 1;
  }
`;

const Spinner = styled.span`
  box-sizing: border-box;
  flex: none;
  width: 1em;
  height: 1em;
  border: 2px solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;

  @media (prefers-reduced-motion: reduce) {
    animation-duration: 2.4s;
  }
`;

const Footer = styled.p`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${t.space1} ${t.space2};
  margin: 0;
  color: ${t.colorTextMuted};
  font-size: ${t.fontSizeSm};
  text-align: center;
`;
