import { useId, type FormEvent } from 'react';
import { styled } from 'styled-components';
import { adminEndpoints } from '@staff/console-contract';
import { ConfirmDialog, useNotifications } from '@staff/console-ui';
import { useEndpointForm } from '../useEndpointForm.js';
import { useTexts } from '../../i18n.js';

const Fields = styled.div`
  display: grid;
  gap: 0.5rem;
  input {
    font: inherit;
  }
  .error {
    color: var(--sc-color-danger);
    margin: 0;
  }
`;

const EMPTY = { old_password: '', new_password: '', repeat: '' };

/** "Change my password" from the sidebar: the current password, the new one twice; the server's rules apply. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { notify } = useNotifications();
  const id = useId();
  const texts = useTexts();
  const m = texts.passwordDialog;
  const form = useEndpointForm(adminEndpoints.changePassword, {
    initial: EMPTY,
    // The repeat is the dialog's own check; the server takes the two passwords.
    check: ({ new_password, repeat }) => (new_password !== repeat ? { repeat: m.mismatch } : {}),
    toBody: ({ old_password, new_password }) => ({ old_password, new_password }),
    onSaved: (result) => {
      notify({ type: 'success', message: m.changed(result.revoked_sessions) });
      close();
    },
  });

  const close = () => {
    form.reset(EMPTY);
    onClose();
  };

  const field = (name: keyof typeof EMPTY, label: string, autoComplete: string) => {
    const message = form.errors[name];
    return (
      <>
        <label htmlFor={`${id}-${name}`}>{label}</label>
        <input
          id={`${id}-${name}`}
          type="password"
          value={form.values[name]}
          autoComplete={autoComplete}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-${name}-error` : undefined}
          onChange={(event) => form.set(name, event.target.value)}
        />
        {message ? (
          <p className="error" id={`${id}-${name}-error`}>
            {message}
          </p>
        ) : null}
      </>
    );
  };

  return (
    <ConfirmDialog
      open={open}
      title={texts.changePassword}
      description={m.description}
      confirmLabel={m.confirm}
      cancelLabel={m.cancel}
      busy={form.submitting}
      busyLabel={m.busy}
      error={form.formError}
      onConfirm={() => void form.submit()}
      onCancel={close}
    >
      <form onSubmit={(event: FormEvent) => void form.submit(event)}>
        <Fields>
          {field('old_password', m.current, 'current-password')}
          {field('new_password', m.next, 'new-password')}
          {field('repeat', m.repeat, 'new-password')}
          {/* Enter in a field submits, as in the login form. */}
          <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        </Fields>
      </form>
    </ConfirmDialog>
  );
}
