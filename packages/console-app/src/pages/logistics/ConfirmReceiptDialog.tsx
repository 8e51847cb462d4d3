import { useId, useState } from 'react';
import { ConfirmDialog, jakartaDay } from '@staff/console-ui';
import type { ResourceCallError } from '../../api/resources.js';
import { Field, FieldError, Stack } from './ui.js';
import type { PackagesDialogProps } from './ui.js';

/** Receipt confirmation: who received the packages (in Shipping) and on which day; Delivered after. */
export function ConfirmReceiptDialog({ api, rows, onDone, onCancel }: PackagesDialogProps) {
  const today = jakartaDay();
  const [receiver, setReceiver] = useState('');
  const [day, setDay] = useState(today);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ResourceCallError | null>(null);
  const id = useId();
  const fieldError = (name: string) => error?.fields?.[`body.${name}`]?.join(' ');

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const saved = await api.confirm({
        ids: rows.map((row) => Number(row.id)),
        receiver_name: receiver,
        received_date: day,
      });
      onDone(saved.count);
    } catch (caught) {
      setError(caught as ResourceCallError);
    } finally {
      setBusy(false);
    }
  };
  const names = rows.map((row) => String(row.order_ref)).join(', ');
  const general = error && !error.fields ? (error.message ?? 'Not confirmed.') : null;
  return (
    <ConfirmDialog
      open
      title={rows.length === 1 ? `Confirm receipt of ${names}` : `Confirm receipt of ${rows.length} packages`}
      description={rows.length > 1 ? names : 'The package becomes Delivered.'}
      confirmLabel="Confirm receipt"
      busy={busy}
      busyLabel="Confirming…"
      error={general}
      onConfirm={() => void save()}
      onCancel={onCancel}
    >
      <Stack>
        <Field htmlFor={`${id}-receiver`}>
          Received by
          <input
            id={`${id}-receiver`}
            value={receiver}
            required
            maxLength={120}
            aria-invalid={fieldError('receiver_name') ? true : undefined}
            onChange={(event) => setReceiver(event.target.value)}
          />
          {fieldError('receiver_name') ? (
            <FieldError role="alert">{fieldError('receiver_name')}</FieldError>
          ) : null}
        </Field>
        <Field htmlFor={`${id}-day`}>
          Day received
          <input
            id={`${id}-day`}
            type="date"
            value={day}
            max={today}
            required
            aria-invalid={fieldError('received_date') ? true : undefined}
            onChange={(event) => setDay(event.target.value)}
          />
          {fieldError('received_date') ? (
            <FieldError role="alert">{fieldError('received_date')}</FieldError>
          ) : null}
        </Field>
      </Stack>
    </ConfirmDialog>
  );
}
