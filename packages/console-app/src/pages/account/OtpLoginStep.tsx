import { useCallback, useId, useState, type FormEvent } from 'react';
import { styled } from 'styled-components';
import { OtpInput, t, useLoginForm, type StoredUser } from '@staff/console-ui';

export const OTP_STEP_INTRO = 'Masukkan kode 6 digit dari aplikasi autentikator';
export const RECOVERY_INTRO = 'Masukkan salah satu kode pemulihan Anda.';

export interface OtpLoginStepProps {
  /** Redeems the challenge with a code; rejects with a CallError (403 → "Error : " + the server's message). */
  verify: (code: string) => Promise<StoredUser>;
  /** After the 2 s "Login Sukses, Mohon tunggu" hold, like the password form. */
  onSuccess: (user: StoredUser) => void;
  /** Back to the username and password. */
  onBack: () => void;
  productLabel: string;
  delays?: Partial<{ LOGIN_SUCCESS_HOLD: number }>;
}

/**
 * The code step of sign-in for a user with two-step sign-in: the 6-digit code in console-ui's OtpInput (sent as
 * soon as the boxes are full), or a recovery code. The button and error line run on console-ui's login machine
 * (useLoginForm), so labels, the 2 s success hold and the error texts match the password step.
 */
export function OtpLoginStep({ verify, onSuccess, onBack, productLabel, delays }: OtpLoginStepProps) {
  const id = useId();
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState('');
  const login = useCallback(({ password }: { password: string }) => verify(password), [verify]);
  const form = useLoginForm({ login, onSuccess, ...(delays ? { delays } : {}) });
  const { actorRef } = form;

  const send = useCallback(
    (value: string) => actorRef.send({ type: 'SUBMIT', username: '', password: value }),
    [actorRef],
  );
  const onCode = useCallback(
    (value: string) => {
      setCode(value);
      send(value);
    },
    [send],
  );
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    send(useRecovery ? recovery : code);
  };
  const failed = form.status === 'idle' && form.error !== null;

  return (
    <Root data-state={form.status}>
      <Card>
        <Title>{productLabel}</Title>
        <p id={`${id}-intro`}>{useRecovery ? RECOVERY_INTRO : OTP_STEP_INTRO}</p>
        <form
          noValidate
          aria-describedby={`${id}-intro`}
          aria-busy={form.status === 'loading'}
          onSubmit={submit}
        >
          {useRecovery ? (
            <Field>
              <label htmlFor={`${id}-recovery`}>Kode pemulihan</label>
              <input
                id={`${id}-recovery`}
                type="text"
                autoComplete="one-time-code"
                autoCapitalize="characters"
                spellCheck={false}
                value={recovery}
                readOnly={form.busy}
                aria-invalid={failed || undefined}
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the field is the only task of this step
                autoFocus
                onChange={(event) => setRecovery(event.target.value)}
              />
            </Field>
          ) : (
            <OtpInput
              label="Kode autentikator"
              // Cleared after a refusal so the next code can be typed straight away.
              value={failed ? '' : code}
              onValueChange={onCode}
              disabled={form.busy}
              invalid={failed}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the code is the only task of this step
              autoFocus
            />
          )}
          {form.error ? (
            <ErrorLine role="alert" className="sc-otp-step__error">
              {form.error}
            </ErrorLine>
          ) : null}
          <Submit type="submit" disabled={!form.canSubmit} data-state={form.status}>
            {form.buttonLabel}
          </Submit>
        </form>
        <Links>
          <LinkButton type="button" disabled={form.busy} onClick={() => setUseRecovery((value) => !value)}>
            {useRecovery ? 'Gunakan kode dari aplikasi autentikator' : 'Gunakan kode pemulihan'}
          </LinkButton>
          <LinkButton type="button" disabled={form.busy} onClick={onBack}>
            Kembali ke login
          </LinkButton>
        </Links>
      </Card>
    </Root>
  );
}

const Root = styled.div`
  box-sizing: border-box;
  display: flex;
  align-items: center;
  justify-content: center;
  min-height: 100vh;
  min-height: 100dvh;
  padding: ${t.space4};
  color: ${t.colorText};
  font-family: ${t.fontFamily};
`;

const Card = styled.div`
  width: 100%;
  max-width: 24rem;
  padding: ${t.space6};
  background: ${t.colorSurface};
  border: 1px solid ${t.colorBorder};
  border-radius: ${t.radiusMd};
  box-shadow: ${t.shadowMd};
  form {
    display: grid;
    gap: ${t.space3};
  }
`;

const Title = styled.h1`
  margin: 0 0 ${t.space2};
  font-size: ${t.fontSizeXl};
`;

const Field = styled.div`
  display: grid;
  gap: ${t.space1};
  input {
    font: inherit;
    padding: ${t.space2};
    border: 1px solid ${t.colorBorder};
    border-radius: ${t.radiusSm};
  }
  input[aria-invalid='true'] {
    border-color: ${t.colorDanger};
  }
`;

const ErrorLine = styled.p`
  margin: 0;
  color: ${t.colorDanger};
  font-size: ${t.fontSizeSm};
`;

const Submit = styled.button`
  font: inherit;
  font-weight: 600;
  padding: ${t.space2} ${t.space4};
  color: ${t.colorPrimaryText};
  background: ${t.colorPrimary};
  border: 0;
  border-radius: ${t.radiusSm};
  cursor: pointer;
  &:disabled {
    opacity: 0.7;
    cursor: default;
  }
  &:focus-visible {
    outline: 2px solid ${t.colorFocus};
    outline-offset: 2px;
  }
`;

const Links = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${t.space2};
  margin-top: ${t.space4};
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
    outline: 2px solid ${t.colorFocus};
    outline-offset: 2px;
  }
`;
