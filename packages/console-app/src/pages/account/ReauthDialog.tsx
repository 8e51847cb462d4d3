import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { styled } from 'styled-components';
import { ConfirmDialog, t } from '@staff/console-ui';
import { accountEndpoints } from '@staff/console-contract';
import { useServices } from '../../services.js';
import type { ApiError } from '../../api/apiError.js';
import { useEndpointForm } from '../useEndpointForm.js';
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

/** Whether a refusal names this field (`body.code` or `code`). */
const names = (failure: ApiError, field: string) =>
  Boolean(failure.fields?.[`body.${field}`] ?? failure.fields?.[field]);

function ReauthDialogBody() {
  const { reauth } = useServices();
  const texts = useTextsOf(ACCOUNT_TEXTS);
  const r = texts.reauth;
  const id = useId();
  const [needsCode, setNeedsCode] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useEndpointForm(accountEndpoints.reauth, {
    initial: { password: '', code: '' },
    toBody: ({ password, code }) => ({
      password,
      ...(needsCode && code.trim() ? { code: code.trim() } : {}),
    }),
    onSaved: () => reauth.settle(true),
    onFailed: (failure) => {
      // Locked out: the server ended the session and the client has already sent the user to the start.
      if (failure.status === 401) {
        reauth.settle(false);
        return;
      }
      if (failure.code === 'CODE_REQUIRED') {
        // Not a mistake: the code field appears (and takes the focus), with no message.
        setNeedsCode(true);
        form.reset(form.values);
        return;
      }
      // A wrong answer is typed again from empty; its message stays under its field.
      if (names(failure, 'code')) form.setValues((current) => ({ ...current, code: '' }));
      else if (names(failure, 'password')) form.setValues((current) => ({ ...current, password: '' }));
    },
  });
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  // After the dialog's own focus (its effect runs first, being a child): the field asked for gets it.
  useEffect(() => {
    (needsCode ? codeRef : passwordRef).current?.focus();
  }, [needsCode]);
  const { errors } = form;

  return (
    <ConfirmDialog
      open
      busy={form.submitting}
      error={form.formError}
      title={r.title}
      description={needsCode ? r.codeDescription : r.passwordDescription}
      confirmLabel={r.continue}
      busyLabel={texts.checking}
      cancelLabel={r.signOut}
      // The form's submit: the schema's check, then the call; the first invalid field gets focus.
      onConfirm={() => formRef.current?.requestSubmit()}
      onCancel={() => reauth.settle(false)}
    >
      <Form ref={formRef} onSubmit={(event: FormEvent) => void form.submit(event)} noValidate>
        <label htmlFor={`${id}-password`}>{texts.password}</label>
        <input
          ref={passwordRef}
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          value={form.values.password}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? `${id}-password-error` : undefined}
          onChange={(event) => form.set('password', event.target.value)}
        />
        {errors.password ? (
          <p className="error" id={`${id}-password-error`}>
            {errors.password}
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
              value={form.values.code}
              aria-invalid={errors.code ? true : undefined}
              aria-describedby={errors.code ? `${id}-code-error` : undefined}
              onChange={(event) => form.set('code', event.target.value)}
            />
            {errors.code ? (
              <p className="error" id={`${id}-code-error`}>
                {errors.code}
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
