import { useId, useState, type ChangeEvent } from 'react';
import {
  COURIER_OPTIONS,
  RECEIPT_FORMATS,
  parseReceiptLines,
  type ReceiptRow,
} from '@staff/console-contract';
import { ConfirmDialog, type ResourceRow } from '@staff/console-ui';
import { ApiError } from '../../api/apiError.js';
import { Button } from '../resources/ui.js';
import { Field, FieldError, Muted, ReceiptGrid, Stack } from './ui.js';
import type { PackagesDialogProps } from './ui.js';
import { useTextsOf } from '../../i18n.js';
import { LOGISTICS_TEXTS } from './texts.js';

interface Entry {
  key: string;
  id?: number;
  order_ref: string;
  courier: string;
  receipt: string;
}

const entryOf = (row: ResourceRow): Entry => ({
  key: `id-${String(row.id)}`,
  id: Number(row.id),
  order_ref: String(row.order_ref ?? ''),
  courier: typeof row.courier === 'string' ? row.courier : '',
  receipt: typeof row.receipt === 'string' ? row.receipt : '',
});

/**
 * Receipt numbers for packages: typed per selected package, pasted from a sheet, or uploaded as CSV
 * (`order, courier, receipt`). Saved all at once; a refused line is named beside it and nothing is saved.
 */
export function ReceiptsDialog({ api, rows, onDone, onCancel }: PackagesDialogProps) {
  const t = useTextsOf(LOGISTICS_TEXTS).receipts;
  const [entries, setEntries] = useState<Entry[]>(() => rows.map(entryOf));
  const [pasted, setPasted] = useState('');
  const [parseErrors, setParseErrors] = useState<{ line: number; message: string }[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ byRow: Map<number, string[]>; other: string[] } | null>(null);
  const pasteId = useId();

  const addLines = (text: string) => {
    const parsed = parseReceiptLines(text);
    setParseErrors(parsed.errors);
    setEntries((current) => {
      const next = [...current];
      for (const line of parsed.rows) {
        const index = next.findIndex((entry) => entry.order_ref === line.order_ref);
        const values = { courier: line.courier, receipt: line.receipt };
        if (index >= 0) next[index] = { ...next[index]!, ...values };
        else
          next.push({ key: `line-${line.order_ref}-${next.length}`, order_ref: line.order_ref, ...values });
      }
      return next;
    });
  };
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) addLines(await file.text());
    event.target.value = '';
  };
  const change = (index: number, values: Partial<Entry>) =>
    setEntries((current) => current.map((entry, i) => (i === index ? { ...entry, ...values } : entry)));

  const save = async () => {
    const filled = entries.filter((entry) => entry.courier || entry.receipt);
    if (filled.length === 0) {
      setError({ byRow: new Map(), other: [t.atLeastOne] });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const body: ReceiptRow[] = filled.map((entry) => ({
        ...(entry.id !== undefined ? { id: entry.id } : { order_ref: entry.order_ref }),
        courier: entry.courier,
        receipt: entry.receipt,
      }));
      const saved = await api.receipts(body);
      onDone(saved.count);
    } catch (caught) {
      const failure = ApiError.from(caught);
      const mapped = failure.fieldsByItem('body.rows');
      // The server numbers the rows it was sent: map them back to the dialog's lines.
      const byRow = new Map<number, string[]>();
      for (const [index, messages] of mapped.byItem) {
        const entry = filled[index];
        if (entry) byRow.set(entries.indexOf(entry), messages);
      }
      const other = mapped.other.length || byRow.size ? mapped.other : [failure.message || t.notSaved];
      setError({ byRow, other });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open
      title={t.title}
      description={t.description}
      confirmLabel={t.save}
      busy={busy}
      busyLabel={t.busy}
      error={error?.other.length ? error.other.join(' ') : null}
      onConfirm={() => void save()}
      onCancel={onCancel}
    >
      <Stack>
        {entries.length > 0 ? (
          <ReceiptGrid aria-label={t.table}>
            <thead>
              <tr>
                <th scope="col">{t.order}</th>
                <th scope="col">{t.courier}</th>
                <th scope="col">{t.receipt}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry, index) => {
                const messages = error?.byRow.get(index);
                const errorId = `${pasteId}-error-${index}`;
                return (
                  <tr key={entry.key}>
                    <td>{entry.order_ref}</td>
                    <td>
                      <select
                        aria-label={t.courierOf(entry.order_ref)}
                        value={entry.courier}
                        onChange={(event) => change(index, { courier: event.target.value })}
                      >
                        <option value="">—</option>
                        {COURIER_OPTIONS.map((option) => (
                          <option key={option.value} value={option.value}>
                            {option.label}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>
                      <input
                        aria-label={t.receiptOf(entry.order_ref)}
                        value={entry.receipt}
                        // The courier's form as a hint; the server checks it (a 400 naming the row).
                        placeholder={RECEIPT_FORMATS[entry.courier]?.example}
                        autoComplete="off"
                        aria-invalid={messages ? true : undefined}
                        aria-describedby={messages ? errorId : undefined}
                        onChange={(event) => change(index, { receipt: event.target.value })}
                      />
                      {messages ? (
                        <FieldError id={errorId} role="alert">
                          {messages.join(' ')}
                        </FieldError>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </ReceiptGrid>
        ) : (
          <Muted>{t.noneSelected}</Muted>
        )}
        <Field htmlFor={pasteId}>
          {t.paste}
          <textarea
            id={pasteId}
            rows={4}
            value={pasted}
            placeholder={t.pasteExample}
            onChange={(event) => setPasted(event.target.value)}
          />
        </Field>
        <div>
          <Button
            type="button"
            onClick={() => {
              addLines(pasted);
              setPasted('');
            }}
            disabled={!pasted.trim()}
          >
            {t.addPasted}
          </Button>
        </div>
        <Field>
          {t.upload}
          <input
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            onChange={(event) => void upload(event)}
          />
        </Field>
        {parseErrors.length > 0 ? (
          <FieldError role="alert">
            {parseErrors.map((problem) => t.line(problem.line, problem.message)).join(' ')}
          </FieldError>
        ) : null}
      </Stack>
    </ConfirmDialog>
  );
}
