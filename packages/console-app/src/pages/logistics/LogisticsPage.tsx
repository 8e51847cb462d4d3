import { useCallback, useEffect, useMemo, useState } from 'react';
import { canWrite, packages, toPermissionMap } from '@staff/console-contract';
import { useNotifications, type DataTableColumn, type ResourceRow } from '@staff/console-ui';
import type { PackageNotification } from '@staff/console-contract';
import { createLogisticsApi } from '../../api/logistics.js';
import { ApiError } from '../../api/apiError.js';
import { useConsoleContext } from '../../routes/consoleContext.js';
import { useServices } from '../../services.js';
import type { PageProps } from '../types.js';
import ResourcePage, { type ResourceListExtensions } from '../resources/ResourcePage.js';
import type { LoadedList } from '../resources/loadList.js';
import { errorText, rowTitle } from '../resources/messages.js';
import { Button, Notice } from '../resources/ui.js';
import { ConfirmReceiptDialog } from './ConfirmReceiptDialog.js';
import { LabelsDialog } from './LabelsDialog.js';
import { ReceiptsDialog } from './ReceiptsDialog.js';
import { TrackingDialog } from './TrackingDialog.js';
import { LOGISTICS_TEXTS } from './texts.js';
import { RowButton } from './ui.js';
import { useTextsOf } from '../../i18n.js';

type Dialog =
  | { kind: 'receipts'; rows: ResourceRow[]; done: () => void }
  | { kind: 'confirm'; rows: ResourceRow[]; done: () => void }
  | { kind: 'labels'; ids: string[] }
  | { kind: 'tracking'; row: ResourceRow; done: () => void };

/** Row transitions offered by status (the rest of the flow runs through dialogs or in bulk). */
type ActionLabel = keyof (typeof LOGISTICS_TEXTS)['en']['actions'];
const ROW_ACTIONS: Record<string, { action: string; label: ActionLabel; danger?: boolean }[]> = {
  Waiting: [{ action: 'ready', label: 'ready' }],
  'Ready to Ship': [{ action: 'ship', label: 'ship' }],
  Shipping: [{ action: 'return', label: 'returned', danger: true }],
  Problem: [{ action: 'ready', label: 'ready' }],
};
const CAN_PROBLEM = ['Waiting', 'Ready to Ship', 'Shipping'];

/**
 * The list's columns by what logistics staff act on: the order, its status, the receipt (resi) and the day it was
 * sent come first, so they are in view at 1440 px beside the row's actions; the contact columns follow (the table
 * scrolls sideways to them). Columns not named keep their order after these.
 */
const COLUMN_PRIORITY = [
  'order_ref',
  'status',
  'receipt',
  'date_sent',
  'courier',
  'recipient_name',
  'qty',
  'phone',
];
const rank = (id: string) => {
  const index = COLUMN_PRIORITY.indexOf(id);
  return index < 0 ? COLUMN_PRIORITY.length : index;
};
const byPriority = (columns: DataTableColumn[]) =>
  columns
    .map((column, index) => ({ column, index }))
    .sort((a, b) => rank(a.column.id) - rank(b.column.id) || a.index - b.index)
    .map(({ column }) => column);

const has = (row: ResourceRow, field: string) =>
  row[field] !== null && row[field] !== undefined && String(row[field]) !== '';

/**
 * The Logistic Tracker (both presets, spec section 4): the packages list with its route preset, plus the
 * flow — transitions per row and in bulk, receipt numbers (typed, pasted or uploaded), packing labels,
 * receipt confirmation, courier tracking and the WhatsApp message to the customer with failures to retry.
 */
export default function LogisticsPage(props: PageProps<LoadedList>) {
  const services = useServices();
  const t = useTextsOf(LOGISTICS_TEXTS);
  const { notify } = useNotifications();
  const { permissions } = useConsoleContext();
  const writable = canWrite(toPermissionMap(permissions), packages.permissionKey);
  const api = useMemo(() => createLogisticsApi(services.api), [services.api]);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<PackageNotification[]>([]);

  const loadFailed = useCallback(() => {
    api.notifications('failed').then(setFailed, () => setFailed([]));
  }, [api]);
  useEffect(() => loadFailed(), [loadFailed]);

  const failure = (title: string) => (error: unknown) =>
    notify({ type: 'error', title, message: errorText(ApiError.from(error), packages) });

  /** Runs a change, tells how it went, reloads the list. */
  const run = useCallback(
    async (work: () => Promise<unknown>, success: string, title: string, reload: () => void) => {
      setBusy(true);
      try {
        await work();
        notify({ type: 'success', message: success });
        reload();
        loadFailed();
      } catch (error) {
        failure(title)(error);
      } finally {
        setBusy(false);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `failure` only wraps `notify`
    [notify, loadFailed],
  );

  const extensions: ResourceListExtensions = {
    columns: byPriority,
    rowActions: (row, reload) => {
      const title = rowTitle(packages, row);
      const status = String(row.status);
      return (
        <>
          {(ROW_ACTIONS[status] ?? []).map(({ action, label: key, danger }) => {
            const label = t.actions[key];
            return (
              <RowButton
                key={action}
                type="button"
                data-kind={danger ? 'danger' : undefined}
                disabled={busy}
                aria-label={`${label}: ${title}`}
                onClick={() =>
                  void run(
                    () => api.action(String(row.id), action, Number(row.version)),
                    t.row.done(title, label),
                    t.row.notChanged(title),
                    reload,
                  )
                }
              >
                {label}
              </RowButton>
            );
          })}
          {status === 'Shipping' ? (
            <RowButton
              type="button"
              aria-label={t.row.confirmReceiptOf(title)}
              onClick={() => setDialog({ kind: 'confirm', rows: [row], done: reload })}
            >
              {t.row.confirmReceipt}
            </RowButton>
          ) : null}
          {CAN_PROBLEM.includes(status) ? (
            <RowButton
              type="button"
              data-kind="danger"
              disabled={busy}
              aria-label={t.row.problemOf(title)}
              onClick={() =>
                void run(
                  () => api.action(String(row.id), 'problem', Number(row.version)),
                  t.row.markedProblem(title),
                  t.row.notChanged(title),
                  reload,
                )
              }
            >
              {t.row.problem}
            </RowButton>
          ) : null}
          {has(row, 'receipt') && has(row, 'courier') ? (
            <RowButton
              type="button"
              aria-label={t.row.trackingOf(title)}
              onClick={() => setDialog({ kind: 'tracking', row, done: reload })}
            >
              {t.row.track}
            </RowButton>
          ) : null}
          {has(row, 'receipt') && !row.cust_notified ? (
            <RowButton
              type="button"
              disabled={busy}
              aria-label={t.row.notifyOf(title)}
              onClick={() =>
                void run(
                  () => api.notify([String(row.id)]),
                  t.row.notifying(String(row.recipient_name)),
                  t.row.notNotified(title),
                  reload,
                )
              }
            >
              {t.row.notify}
            </RowButton>
          ) : null}
        </>
      );
    },
    bulkActions: ({ ids, rows, clear, reload }) => {
      const done = () => {
        clear();
        reload();
      };
      const count = ids.length;
      const bulk = (action: string, label: string) =>
        void run(() => api.bulkAction(action, ids), t.bulk.done(label, count), t.bulk.failed(label), done);
      return (
        <>
          <Button type="button" disabled={busy} onClick={() => bulk('ready', t.actions.ready)}>
            {t.bulk.markReady(count)}
          </Button>
          <Button type="button" onClick={() => setDialog({ kind: 'receipts', rows, done })}>
            {t.bulk.enterReceipts(count)}
          </Button>
          <Button type="button" disabled={busy} onClick={() => bulk('ship', t.actions.shipped)}>
            {t.bulk.ship(count)}
          </Button>
          <Button type="button" onClick={() => setDialog({ kind: 'confirm', rows, done })}>
            {t.bulk.confirmReceipt(count)}
          </Button>
          <Button
            type="button"
            disabled={busy}
            onClick={() => void run(() => api.notify(ids), t.bulk.notifying(count), t.bulk.notNotified, done)}
          >
            {t.bulk.notifyCustomers(count)}
          </Button>
          <Button type="button" onClick={() => setDialog({ kind: 'labels', ids })}>
            {t.bulk.printLabels(count)}
          </Button>
        </>
      );
    },
    toolbar: (reload) =>
      writable ? (
        <Button type="button" onClick={() => setDialog({ kind: 'receipts', rows: [], done: reload })}>
          {t.pasteReceipts}
        </Button>
      ) : null,
    notices:
      failed.length > 0 ? (
        <Notice data-tone="warning" role="status" aria-label={t.failedMessages.label}>
          {t.failedMessages.count(failed.length)}:{' '}
          {failed.slice(0, 5).map((message) => (
            <span key={message.id}>
              {message.order_ref} ({message.last_error ?? t.failedMessages.noReason}){' '}
              {writable ? (
                <RowButton
                  type="button"
                  aria-label={t.failedMessages.sendAgainOf(message.order_ref)}
                  onClick={() =>
                    void run(
                      () => api.retry(message.id),
                      t.failedMessages.sentAgain(message.order_ref),
                      t.failedMessages.notSentAgain,
                      loadFailed,
                    )
                  }
                >
                  {t.failedMessages.sendAgain}
                </RowButton>
              ) : null}{' '}
            </span>
          ))}
        </Notice>
      ) : null,
  };

  const close = () => setDialog(null);
  /** A dialog's success: say so, let the list reload, close. */
  const finish = (open: { done: () => void }, message: (count: number) => string) => (count: number) => {
    notify({ type: 'success', message: message(count) });
    open.done();
    close();
  };
  return (
    <>
      <ResourcePage {...props} extensions={extensions} />
      {dialog?.kind === 'receipts' ? (
        <ReceiptsDialog
          api={api}
          rows={dialog.rows}
          onCancel={close}
          onDone={finish(dialog, t.receiptsSaved)}
        />
      ) : null}
      {dialog?.kind === 'confirm' ? (
        <ConfirmReceiptDialog
          api={api}
          rows={dialog.rows}
          onCancel={close}
          onDone={finish(dialog, t.receiptConfirmed)}
        />
      ) : null}
      {dialog?.kind === 'labels' ? <LabelsDialog api={api} ids={dialog.ids} onClose={close} /> : null}
      {dialog?.kind === 'tracking' ? (
        <TrackingDialog
          api={api}
          row={dialog.row}
          writable={writable}
          onClose={close}
          onMoved={dialog.done}
        />
      ) : null}
    </>
  );
}
