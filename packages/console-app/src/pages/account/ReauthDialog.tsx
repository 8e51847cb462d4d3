import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { styled } from 'styled-components';
import { ConfirmDialog, t } from '@staff/console-ui';
import { accountEndpoints } from '@staff/console-contract';
import { useServices } from '../../services.js';
import { formFields, toAdminError } from '../admin/adminApi.js';
import { useTextsOf } from '../../i18n.js';
import { ACCOUNT_TEXTS } from './texts.js';

/**
 * Asks an idle session for the password (and the code with two-step sign-in) over the page, which stays mounted
 * with whatever was typed into it; the calls that met 401 REAUTH_REQUIRED are sent again once it is accepted
 * (ADR 013). "Sign out" ends the session instead.
 */
export function ReauthDialog() {
  const { reauth } = useServices();
  const open = useSyncExternalStore(reauth.subscribe, reauth.pending, reauth.pending);
  // Mounted per opening: every opening starts with empty fields.
  return open ? <ReauthDialogBody /> : null;
}

function ReauthDialogBody() {
  const { call, reauth } = useServices();
  const texts = useTextsOf(ACCOUNT_TEXTS);
  const r = texts.reauth;
  const id = useId();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ password?: string; code?: string }>({});
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  // After the dialog's own focus (its effect runs first, being a child): the field asked for gets it.
  useEffect(() => {
    (needsCode ? codeRef : passwordRef).current?.focus();
  }, [needsCode]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    setFieldErrors({});
    call(accountEndpoints.reauth, {
      body: { password, ...(needsCode && code.trim() ? { code: code.trim() } : {}) },
    }).then(
      () => {
        setBusy(false);
        reauth.settle(true);
      },
      (failure: unknown) => {
        setBusy(false);
        const problem = toAdminError(failure);
        const fields = formFields(problem);
        // Locked out: the server ended the session and the client has already sent the user to the start.
        if (problem.status === 401) {
          reauth.settle(false);
          return;
        }
        if (problem.code === 'CODE_REQUIRED') {
          setNeedsCode(true);
          return;
        }
        if (fields.password || fields.code) {
          setFieldErrors({
            ...(fields.password ? { password: fields.password.join(' ') } : {}),
            ...(fields.code ? { code: fields.code.join(' ') } : {}),
          });
          if (fields.code) setCode('');
          else setPassword('');
          return;
        }
        setError(problem.message);
      },
    );
  };

  return (
    <ConfirmDialog
      open
      busy={busy}
      error={error}
      title={r.title}
      description={needsCode ? r.codeDescription : r.passwordDescription}
      confirmLabel={r.continue}
      busyLabel={texts.checking}
      cancelLabel={r.signOut}
      onConfirm={() => submit()}
      onCancel={() => reauth.settle(false)}
    >
      <Form onSubmit={submit}>
        <label htmlFor={`${id}-password`}>{texts.password}</label>
        <input
          ref={passwordRef}
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          value={password}
          aria-invalid={fieldErrors.password ? true : undefined}
          aria-describedby={fieldErrors.password ? `${id}-password-error` : undefined}
          onChange={(event) => setPassword(event.target.value)}
        />
        {fieldErrors.password ? (
          <p className="error" id={`${id}-password-error`}>
            {fieldErrors.password}
          </p>
        ) : null}
        {needsCode ? (
          <>
            <label htmlFor={`${id}-code`}>{r.code}</label>
            <input
              ref={codeRef}
              id={`${id}-code`}
              inputMode="text"
              autoComplete="one-time-code"
              value={code}
              aria-invalid={fieldErrors.code ? true : undefined}
              aria-describedby={fieldErrors.code ? `${id}-code-error` : undefined}
              onChange={(event) => setCode(event.target.value)}
            />
            {fieldErrors.code ? (
              <p className="error" id={`${id}-code-error`}>
                {fieldErrors.code}
              </p>
            ) : null}
          </>
        ) : null}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </ConfirmDialog>
  );
}

const Form = styled.form`
  display: grid;
  gap: ${t.space1};
  input {
    font: inherit;
    padding: ${t.space1} ${t.space2};
  }
  .error {
    color: ${t.colorDanger};
    margin: 0;
  }
`;
