import { useId, type ReactNode } from 'react';
import { keyframes, styled } from 'styled-components';
import type { LoginFn, StoredUser } from '../../adapters.js';
import { t } from '../../theme/tokens.js';
import { useLoginForm, type LoginFormSeed } from './useLoginForm.js';

/** The intro line above the fields (spec section 2: Indonesian, asks for username and password). */
export const LOGIN_FORM_INTRO = 'Silakan masukkan username dan password Anda untuk masuk.';
export const LOGIN_FORM_DEFAULT_VERSION = 'v1.0.0';
export const LOGIN_FORM_DEFAULT_PRODUCT = 'Staff Console';

export interface LoginFormProps {
  /** Performs the login call; resolves with the stored-user record or rejects with a CallError. */
  login: LoginFn;
  /** Called once, after the 2 s success hold: store the user and go to `/app/usage-statistic`. */
  onSuccess: (user: StoredUser) => void;
  /** Heading and first footer item. */
  productLabel?: string;
  copyrightHolder?: string;
  /** Defaults to the current year. */
  copyrightYear?: number;
  version?: string;
  /** Replaces the Indonesian intro line. */
  intro?: ReactNode;
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
  onSuccess,
  productLabel = LOGIN_FORM_DEFAULT_PRODUCT,
  copyrightHolder = productLabel,
  copyrightYear,
  version = LOGIN_FORM_DEFAULT_VERSION,
  intro = LOGIN_FORM_INTRO,
  delays,
  initialState,
  defaultUsername,
  fullScreen = true,
  className,
}: LoginFormProps) {
  const form = useLoginForm({ login, onSuccess, delays, initialState, defaultUsername });
  const id = useId();
  const year = copyrightYear ?? new Date().getFullYear();

  return (
    <Root
      className={['sc-login-form', className].filter(Boolean).join(' ')}
      data-state={form.status}
      data-fullscreen={fullScreen || undefined}
    >
      <Card>
        <Title>{productLabel}</Title>
        <Intro id={`${id}-intro`}>{intro}</Intro>
        <form
          className="sc-login-form__form"
          aria-describedby={`${id}-intro`}
          aria-busy={form.status === 'loading'}
          noValidate
          onSubmit={form.handleSubmit}
        >
          <Field>
            <Label htmlFor={`${id}-username`}>Username</Label>
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
            <Label htmlFor={`${id}-password`}>Password</Label>
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
          {form.error ? (
            <ErrorLine className="sc-login-form__error" role="alert">
              {form.error}
            </ErrorLine>
          ) : null}
          <SubmitButton
            type="submit"
            className="sc-login-form__button"
            disabled={!form.canSubmit}
            data-state={form.status}
          >
            {form.busy ? <Spinner className="sc-login-form__spinner" aria-hidden="true" /> : null}
            <span>{form.buttonLabel}</span>
          </SubmitButton>
        </form>
      </Card>
      <Footer className="sc-login-form__footer">
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

const spin = keyframes`to { transform: rotate(360deg); }`;

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
  background: ${t.colorSurface};
  border: 1px solid ${t.colorBorder};
  border-radius: ${t.radiusMd};
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
    outline: 2px solid ${t.colorFocus};
    outline-offset: 1px;
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
    outline: 2px solid ${t.colorFocus};
    outline-offset: 2px;
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
