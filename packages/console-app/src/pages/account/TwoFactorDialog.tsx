import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { styled } from 'styled-components';
import { ConfirmDialog, OtpInput, t, useNotifications } from '@staff/console-ui';
import { accountEndpoints, type TwoFactorSetupResponse, type TwoFactorStatus } from '@staff/console-contract';
import { useServices } from '../../services.js';
import type { AdminError } from '../admin/adminApi.js';
import { useEndpointForm } from '../useEndpointForm.js';
import { formatWhen } from '../admin/adminUi.js';
import { createTwoFactorApi, qrCodeDataUrl } from './twoFactorApi.js';
import { PageButton } from '../common/styles.js';
import { useTexts, useTextsOf } from '../../i18n.js';
import { ACCOUNT_TEXTS } from './texts.js';

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
  const texts = useTextsOf(ACCOUNT_TEXTS);
  const m = texts.twoStep;
  const title = useTexts().twoStep;
  const id = useId();
  const disablingRef = useRef<HTMLFormElement>(null);
  const [stage, setStage] = useState<Stage>({ name: 'loading' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

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

  const startSetup = () => {
    setBusy(true);
    setError(null);
    api.setup().then(
      async (setup) => {
        // Without a QR code the secret and URI below still work: typed or pasted into the app.
        const qr = await qrCodeDataUrl(setup.otpauth_uri).catch(() => null);
        setBusy(false);
        setStage({ name: 'setup', setup, qr });
      },
      (failure: AdminError) => {
        setBusy(false);
        setError(failure.message);
      },
    );
  };

  /** The code that turns it on: six digits, checked here; a wrong one is typed again from empty. */
  const enabling = useEndpointForm(accountEndpoints.twoFactorEnable, {
    initial: { code: '' },
    check: ({ code }) => (/^\d{6}$/.test(code) ? {} : { code: m.enterCode }),
    onSaved: (result) => {
      setStage({ name: 'codes', codes: result.recovery_codes });
      notify({ type: 'success', message: m.on });
    },
    onFailed: () => enabling.setValues({ code: '' }),
  });
  const confirmCode = (code: string) => void enabling.submitValues({ code });

  /** Turning it off takes the password; a wrong one shows beside the field. */
  const disabling = useEndpointForm(accountEndpoints.twoFactorDisable, {
    initial: { password: '' },
    onSaved: () => {
      disabling.reset({ password: '' });
      notify({ type: 'success', message: m.off });
      setStage({ name: 'off' });
    },
  });
  const passwordError = disabling.errors.password ?? null;
  const codeError = enabling.errors.code ?? null;

  const common = {
    open,
    busy: busy || enabling.submitting || disabling.submitting,
    error: error ?? enabling.formError ?? disabling.formError,
    onCancel: onClose,
    title,
  } as const;

  if (stage.name === 'loading' || stage.name === 'failed') {
    return (
      <ConfirmDialog
        {...common}
        description={stage.name === 'loading' ? texts.loading : stage.message}
        confirmLabel={texts.tryAgain}
        cancelLabel={texts.close}
        onConfirm={load}
      />
    );
  }

  if (stage.name === 'off') {
    return (
      <ConfirmDialog
        {...common}
        description={m.offDescription}
        confirmLabel={m.setUp}
        busyLabel={m.starting}
        cancelLabel={texts.close}
        onConfirm={startSetup}
      />
    );
  }

  if (stage.name === 'setup') {
    const { setup, qr } = stage;
    return (
      <ConfirmDialog
        {...common}
        description={m.setupDescription}
        confirmLabel={m.turnOn}
        busyLabel={texts.checking}
        cancelLabel={texts.cancel}
        onConfirm={() => confirmCode(enabling.values.code)}
      >
        <Setup>
          {qr ? <QrImage src={qr} alt={m.qrAlt} width={176} height={176} /> : null}
          <dl>
            <dt>{m.secret}</dt>
            <dd>
              <code data-testid="totp-secret" data-secret={setup.secret}>
                {groupSecret(setup.secret)}
              </code>
            </dd>
            <dt>{m.link}</dt>
            <dd>
              <code data-testid="totp-uri">{setup.otpauth_uri}</code>
            </dd>
          </dl>
          <OtpInput
            label={m.codeFromApp}
            value={enabling.values.code}
            onValueChange={confirmCode}
            disabled={common.busy}
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
        title={m.saveCodes}
        description={m.codesDescription}
        confirmLabel={m.savedThem}
        cancelLabel={texts.close}
        onConfirm={onClose}
      >
        <Codes aria-label={m.codes}>
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
              () => notify({ type: 'info', message: m.codesCopied }),
              () => undefined,
            );
          }}
        >
          {m.copyCodes}
        </PageButton>
      </ConfirmDialog>
    );
  }

  return (
    <ConfirmDialog
      {...common}
      destructive
      description={m.onDescription(formatWhen(stage.status.enabled_at), stage.status.recovery_codes_left)}
      confirmLabel={m.turnOff}
      busyLabel={m.turningOff}
      cancelLabel={texts.close}
      // The form's submit: the schema's check, then the call; the password field gets focus when refused.
      onConfirm={() => disablingRef.current?.requestSubmit()}
    >
      <form ref={disablingRef} onSubmit={(event: FormEvent) => void disabling.submit(event)} noValidate>
        <PasswordField>
          <label htmlFor={`${id}-password`}>{texts.password}</label>
          <input
            id={`${id}-password`}
            type="password"
            autoComplete="current-password"
            value={disabling.values.password}
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? `${id}-password-error` : undefined}
            onChange={(event) => disabling.set('password', event.target.value)}
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
