import { useId, useRef, type FormEvent } from 'react';
import { logisticsEndpoints } from '@staff/console-contract';
import { ConfirmDialog, jakartaDay } from '@staff/console-ui';
import { useEndpointForm } from '../useEndpointForm.js';
import { errorIdOf, invalidProps } from '../common/FormField.js';
import { Field, FieldError, Stack } from './ui.js';
import type { PackagesDialogProps } from './ui.js';
import { useTextsOf } from '../../i18n.js';
import { LOGISTICS_TEXTS } from './texts.js';

/**
 * Receipt confirmation: who received the packages (in Shipping) and on which day; Delivered after. A form over
 * `logisticsEndpoints.confirm` (useEndpointForm): each message under its field, the first invalid one focused.
 */
export function ConfirmReceiptDialog({ rows, onDone, onCancel }: PackagesDialogProps) {
  const t = useTextsOf(LOGISTICS_TEXTS).confirm;
  const today = jakartaDay();
  const form = useEndpointForm(logisticsEndpoints.confirm, {
    initial: { receiver_name: '', received_date: today },
    toBody: (values) => ({ ids: rows.map((row) => Number(row.id)), ...values }),
    onSaved: (saved) => onDone(saved.count),
  });
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const field = (name: 'receiver_name' | 'received_date') => {
    const controlId = `${id}-${name}`;
    const error = form.errors[name];
    return {
      control: {
        id: controlId,
        value: form.values[name],
        required: true,
        onChange: (event: { target: { value: string } }) => form.set(name, event.target.value),
        ...invalidProps(controlId, error),
      },
      message: error ? (
        <FieldError role="alert" id={errorIdOf(controlId)}>
          {error}
        </FieldError>
      ) : null,
    };
  };
  const receiver = field('receiver_name');
  const day = field('received_date');

  const names = rows.map((row) => String(row.order_ref)).join(', ');
  return (
    <ConfirmDialog
      open
      title={rows.length === 1 ? t.titleOne(names) : t.titleMany(rows.length)}
      description={rows.length > 1 ? names : t.becomesDelivered}
      confirmLabel={t.confirm}
      busy={form.submitting}
      busyLabel={t.busy}
      error={form.formError}
      // The form's submit: its checks, then the first invalid field gets focus.
      onConfirm={() => formRef.current?.requestSubmit()}
      onCancel={onCancel}
    >
      <Stack as="form" ref={formRef} onSubmit={(event: FormEvent) => void form.submit(event)} noValidate>
        <Field htmlFor={receiver.control.id}>
          {t.receivedBy}
          <input {...receiver.control} maxLength={120} />
          {receiver.message}
        </Field>
        <Field htmlFor={day.control.id}>
          {t.dayReceived}
          <input {...day.control} type="date" max={today} />
          {day.message}
        </Field>
      </Stack>
    </ConfirmDialog>
  );
}
