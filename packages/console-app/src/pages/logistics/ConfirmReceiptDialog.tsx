import { useId, useState } from 'react';
import { ConfirmDialog, jakartaDay } from '@staff/console-ui';
import { ApiError } from '../../api/apiError.js';
import { Field, FieldError, Stack } from './ui.js';
import type { PackagesDialogProps } from './ui.js';
import { useTextsOf } from '../../i18n.js';
import { LOGISTICS_TEXTS } from './texts.js';

/** Receipt confirmation: who received the packages (in Shipping) and on which day; Delivered after. */
export function ConfirmReceiptDialog({ api, rows, onDone, onCancel }: PackagesDialogProps) {
  const t = useTextsOf(LOGISTICS_TEXTS).confirm;
  const today = jakartaDay();
  const [receiver, setReceiver] = useState('');
  const [day, setDay] = useState(today);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
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
      setError(ApiError.from(caught));
    } finally {
      setBusy(false);
    }
  };
  const names = rows.map((row) => String(row.order_ref)).join(', ');
  const general = error && !error.fields ? error.message || t.notConfirmed : null;
  return (
    <ConfirmDialog
      open
      title={rows.length === 1 ? t.titleOne(names) : t.titleMany(rows.length)}
      description={rows.length > 1 ? names : t.becomesDelivered}
      confirmLabel={t.confirm}
      busy={busy}
      busyLabel={t.busy}
      error={general}
      onConfirm={() => void save()}
      onCancel={onCancel}
    >
      <Stack>
        <Field htmlFor={`${id}-receiver`}>
          {t.receivedBy}
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
          {t.dayReceived}
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
