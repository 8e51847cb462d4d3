import { useId, useState, type FormEvent } from 'react';
import { styled } from 'styled-components';
import { ConfirmDialog, useNotifications } from '@staff/console-ui';
import { formFields, type AdminError } from './adminApi.js';
import { useAdminApi } from './adminUi.js';
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

/** "Change my password" from the sidebar: the current password, the new one twice; the server's rules apply. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const admin = useAdminApi();
  const { notify } = useNotifications();
  const id = useId();
  const texts = useTexts();
  const m = texts.passwordDialog;
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [fields, setFields] = useState<Record<string, string[]>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setOldPassword('');
    setNewPassword('');
    setRepeat('');
    setFields({});
    setError(null);
    onClose();
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (newPassword !== repeat) {
      setFields({ repeat: [m.mismatch] });
      return;
    }
    setBusy(true);
    setFields({});
    setError(null);
    admin.changePassword(oldPassword, newPassword).then(
      (result) => {
        setBusy(false);
        notify({
          type: 'success',
          message: m.changed(result.revoked_sessions),
        });
        close();
      },
      (failure: AdminError) => {
        setBusy(false);
        setFields(formFields(failure));
        if (Object.keys(formFields(failure)).length === 0) setError(failure.message);
      },
    );
  };

  const field = (
    name: string,
    label: string,
    value: string,
    set: (value: string) => void,
    autoComplete: string,
  ) => {
    const messages = fields[name];
    return (
      <>
        <label htmlFor={`${id}-${name}`}>{label}</label>
        <input
          id={`${id}-${name}`}
          type="password"
          value={value}
          autoComplete={autoComplete}
          aria-invalid={messages ? true : undefined}
          aria-describedby={messages ? `${id}-${name}-error` : undefined}
          onChange={(event) => set(event.target.value)}
        />
        {messages ? (
          <p className="error" id={`${id}-${name}-error`}>
            {messages.join(' ')}
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
      busy={busy}
      busyLabel={m.busy}
      error={error}
      onConfirm={() => submit()}
      onCancel={close}
    >
      <form onSubmit={submit}>
        <Fields>
          {field('old_password', m.current, oldPassword, setOldPassword, 'current-password')}
          {field('new_password', m.next, newPassword, setNewPassword, 'new-password')}
          {field('repeat', m.repeat, repeat, setRepeat, 'new-password')}
          {/* Enter in a field submits, as in the login form. */}
          <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        </Fields>
      </form>
    </ConfirmDialog>
  );
}
