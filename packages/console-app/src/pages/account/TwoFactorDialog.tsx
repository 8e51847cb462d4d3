import { useCallback, useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { styled } from 'styled-components';
import { ConfirmDialog, OtpInput, t, useNotifications } from '@staff/console-ui';
import type { TwoFactorSetupResponse, TwoFactorStatus } from '@staff/console-contract';
import { useServices } from '../../services.js';
import type { AdminError } from '../admin/adminApi.js';
import { formatWhen } from '../admin/adminUi.js';
import { createTwoFactorApi, qrCodeDataUrl } from './twoFactorApi.js';
import { PageButton } from '../common/styles.js';

type Stage =
  | { name: 'loading' }
  | { name: 'failed'; message: string }
  | { name: 'off' }
  | { name: 'setup'; setup: TwoFactorSetupResponse; qr: string | null }
  | { name: 'codes'; codes: string[] }
  | { name: 'on'; status: TwoFactorStatus };

/** Groups the base32 secret in fours, the way authenticator apps show it; spaces are ignored when typed. */
const groupSecret = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * "Two-step sign-in" from the sidebar: set up (QR code, the secret and the otpauth URI, confirmed with a code
 * in the OtpInput), the ten recovery codes shown once, and turning it off with the password.
 */
export function TwoFactorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  // Mounted per opening: every opening starts from the server's state with empty fields.
  return open ? <TwoFactorDialogBody onClose={onClose} /> : null;
}

function TwoFactorDialogBody({ onClose }: { onClose: () => void }) {
  const open = true;
  const services = useServices();
  const api = useMemo(() => createTwoFactorApi(services.api), [services]);
  const { notify } = useNotifications();
  const id = useId();
  const [stage, setStage] = useState<Stage>({ name: 'loading' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);

  const fetchStatus = useCallback(
    () =>
      api.status().then(
        (status) => setStage(status.enabled ? { name: 'on', status } : { name: 'off' }),
        (failure: AdminError) => setStage({ name: 'failed', message: failure.message }),
      ),
    [api],
  );
  useEffect(() => {
    void fetchStatus();
  }, [fetchStatus]);
  const load = () => {
    setStage({ name: 'loading' });
    void fetchStatus();
  };

  const fail = (failure: AdminError) => {
    setBusy(false);
    setError(failure.message);
  };

  const startSetup = () => {
    setBusy(true);
    setError(null);
    api.setup().then(async (setup) => {
      // Without a QR code the secret and URI below still work: typed or pasted into the app.
      const qr = await qrCodeDataUrl(setup.otpauth_uri).catch(() => null);
      setBusy(false);
      setStage({ name: 'setup', setup, qr });
    }, fail);
  };

  const confirmCode = (value: string) => {
    if (!/^\d{6}$/.test(value)) {
      setCodeError('Enter the 6-digit code from your authenticator app.');
      return;
    }
    setBusy(true);
    setError(null);
    setCodeError(null);
    api.enable(value).then(
      (result) => {
        setBusy(false);
        setStage({ name: 'codes', codes: result.recovery_codes });
        notify({ type: 'success', message: 'Two-step sign-in is on.' });
      },
      (failure: AdminError) => {
        setBusy(false);
        setCode('');
        if (failure.fields.code) setCodeError(failure.fields.code.join(' '));
        else setError(failure.message);
      },
    );
  };

  const turnOff = (event?: FormEvent) => {
    event?.preventDefault();
    setBusy(true);
    setError(null);
    setPasswordError(null);
    api.disable(password).then(
      () => {
        setBusy(false);
        setPassword('');
        notify({ type: 'success', message: 'Two-step sign-in is off.' });
        setStage({ name: 'off' });
      },
      (failure: AdminError) => {
        setBusy(false);
        if (failure.fields.password) setPasswordError(failure.fields.password.join(' '));
        else setError(failure.message);
      },
    );
  };

  const common = { open, busy, error, onCancel: onClose, title: 'Two-step sign-in' } as const;

  if (stage.name === 'loading' || stage.name === 'failed') {
    return (
      <ConfirmDialog
        {...common}
        description={stage.name === 'loading' ? 'Loading…' : stage.message}
        confirmLabel="Try again"
        cancelLabel="Close"
        onConfirm={load}
      />
    );
  }

  if (stage.name === 'off') {
    return (
      <ConfirmDialog
        {...common}
        description="Two-step sign-in is off. When it is on, signing in asks for your password and then a 6-digit code from an authenticator app on your phone."
        confirmLabel="Set up two-step sign-in"
        busyLabel="Starting…"
        cancelLabel="Close"
        onConfirm={startSetup}
      />
    );
  }

  if (stage.name === 'setup') {
    const { setup, qr } = stage;
    return (
      <ConfirmDialog
        {...common}
        description="Scan the QR code with an authenticator app (or enter the secret in it), then type the 6-digit code it shows."
        confirmLabel="Turn on"
        busyLabel="Checking…"
        cancelLabel="Cancel"
        onConfirm={() => confirmCode(code)}
      >
        <Setup>
          {qr ? <QrImage src={qr} alt="QR code for your authenticator app" width={176} height={176} /> : null}
          <dl>
            <dt>Secret</dt>
            <dd>
              <code data-testid="totp-secret" data-secret={setup.secret}>
                {groupSecret(setup.secret)}
              </code>
            </dd>
            <dt>Link for the app</dt>
            <dd>
              <code data-testid="totp-uri">{setup.otpauth_uri}</code>
            </dd>
          </dl>
          <OtpInput
            label="Code from the app"
            value={code}
            onValueChange={(value) => {
              setCode(value);
              confirmCode(value);
            }}
            disabled={busy}
            invalid={codeError !== null}
            {...(codeError ? { description: codeError } : {})}
          />
        </Setup>
      </ConfirmDialog>
    );
  }

  if (stage.name === 'codes') {
    return (
      <ConfirmDialog
        {...common}
        title="Save your recovery codes"
        description="Each code signs you in once if you lose your phone. They are shown only now: print them or keep them in a password manager."
        confirmLabel="I have saved them"
        cancelLabel="Close"
        onConfirm={onClose}
      >
        <Codes aria-label="Recovery codes">
          {stage.codes.map((value) => (
            <li key={value}>
              <code>{value}</code>
            </li>
          ))}
        </Codes>
        <PageButton
          type="button"
          onClick={() => {
            void navigator.clipboard?.writeText(stage.codes.join('\n')).then(
              () => notify({ type: 'info', message: 'Recovery codes copied.' }),
              () => undefined,
            );
          }}
        >
          Copy the codes
        </PageButton>
      </ConfirmDialog>
    );
  }

  return (
    <ConfirmDialog
      {...common}
      destructive
      description={`Two-step sign-in is on since ${formatWhen(stage.status.enabled_at)}; ${stage.status.recovery_codes_left} recovery code(s) left. To turn it off, enter your password.`}
      confirmLabel="Turn off two-step sign-in"
      busyLabel="Turning off…"
      cancelLabel="Close"
      onConfirm={() => turnOff()}
    >
      <form onSubmit={turnOff}>
        <PasswordField>
          <label htmlFor={`${id}-password`}>Password</label>
          <input
            id={`${id}-password`}
            type="password"
            autoComplete="current-password"
            value={password}
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? `${id}-password-error` : undefined}
            onChange={(event) => setPassword(event.target.value)}
          />
          {passwordError ? (
            <p className="error" id={`${id}-password-error`}>
              {passwordError}
            </p>
          ) : null}
          <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        </PasswordField>
      </form>
    </ConfirmDialog>
  );
}

const Setup = styled.div`
  display: grid;
  gap: ${t.space3};
  justify-items: start;
  dl {
    margin: 0;
    display: grid;
    gap: ${t.space1};
  }
  dt {
    font-weight: 600;
    font-size: ${t.fontSizeSm};
  }
  dd {
    margin: 0;
    word-break: break-all;
  }
`;

const QrImage = styled.img`
  border: 1px solid ${t.colorBorder};
  border-radius: ${t.radiusSm};
  background: #fff;
`;

const Codes = styled.ul`
  display: grid;
  grid-template-columns: repeat(2, max-content);
  gap: ${t.space1} ${t.space4};
  padding: 0;
  margin: 0 0 ${t.space3};
  list-style: none;
  font-size: ${t.fontSizeMd};
`;

const PasswordField = styled.div`
  display: grid;
  gap: ${t.space1};
  input {
    font: inherit;
  }
  .error {
    color: ${t.colorDanger};
    margin: 0;
  }
`;
