import { useCallback, useEffect, useMemo, useState } from 'react';
import { canWrite, packages, toPermissionMap } from '@staff/console-contract';
import { useNotifications, type ResourceRow } from '@staff/console-ui';
import type { PackageNotification } from '@staff/console-contract';
import { createLogisticsApi } from '../../api/logistics.js';
import type { ResourceCallError } from '../../api/resources.js';
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
import { RowButton } from './ui.js';

type Dialog =
  | { kind: 'receipts'; rows: ResourceRow[]; done: () => void }
  | { kind: 'confirm'; rows: ResourceRow[]; done: () => void }
  | { kind: 'labels'; ids: string[] }
  | { kind: 'tracking'; row: ResourceRow; done: () => void };

/** Row transitions offered by status (the rest of the flow runs through dialogs or in bulk). */
const ROW_ACTIONS: Record<string, { action: string; label: string; danger?: boolean }[]> = {
  Waiting: [{ action: 'ready', label: 'Ready to ship' }],
  'Ready to Ship': [{ action: 'ship', label: 'Ship' }],
  Shipping: [{ action: 'return', label: 'Returned', danger: true }],
  Problem: [{ action: 'ready', label: 'Ready to ship' }],
};
const CAN_PROBLEM = ['Waiting', 'Ready to Ship', 'Shipping'];

const has = (row: ResourceRow, field: string) =>
  row[field] !== null && row[field] !== undefined && String(row[field]) !== '';

/**
 * The Logistic Tracker (both presets, spec section 4): the packages list with its route preset, plus the
 * flow — transitions per row and in bulk, receipt numbers (typed, pasted or uploaded), packing labels,
 * receipt confirmation, courier tracking and the WhatsApp message to the customer with failures to retry.
 */
export default function LogisticsPage(props: PageProps<LoadedList>) {
  const services = useServices();
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
    notify({ type: 'error', title, message: errorText(error as ResourceCallError, packages) });

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
    rowActions: (row, reload) => {
      const title = rowTitle(packages, row);
      const status = String(row.status);
      return (
        <>
          {(ROW_ACTIONS[status] ?? []).map(({ action, label, danger }) => (
            <RowButton
              key={action}
              type="button"
              data-kind={danger ? 'danger' : undefined}
              disabled={busy}
              aria-label={`${label}: ${title}`}
              onClick={() =>
                void run(
                  () => api.action(String(row.id), action, Number(row.version)),
                  `${title}: ${label}.`,
                  `Could not change ${title}`,
                  reload,
                )
              }
            >
              {label}
            </RowButton>
          ))}
          {status === 'Shipping' ? (
            <RowButton
              type="button"
              aria-label={`Confirm receipt: ${title}`}
              onClick={() => setDialog({ kind: 'confirm', rows: [row], done: reload })}
            >
              Confirm receipt
            </RowButton>
          ) : null}
          {CAN_PROBLEM.includes(status) ? (
            <RowButton
              type="button"
              data-kind="danger"
              disabled={busy}
              aria-label={`Problem: ${title}`}
              onClick={() =>
                void run(
                  () => api.action(String(row.id), 'problem', Number(row.version)),
                  `${title} is marked as a problem.`,
                  `Could not change ${title}`,
                  reload,
                )
              }
            >
              Problem
            </RowButton>
          ) : null}
          {has(row, 'receipt') && has(row, 'courier') ? (
            <RowButton
              type="button"
              aria-label={`Tracking: ${title}`}
              onClick={() => setDialog({ kind: 'tracking', row, done: reload })}
            >
              Track
            </RowButton>
          ) : null}
          {has(row, 'receipt') && !row.cust_notified ? (
            <RowButton
              type="button"
              disabled={busy}
              aria-label={`Notify customer on WhatsApp: ${title}`}
              onClick={() =>
                void run(
                  () => api.notify([String(row.id)]),
                  `The WhatsApp message to ${String(row.recipient_name)} is on its way.`,
                  `Could not notify ${title}`,
                  reload,
                )
              }
            >
              Notify
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
        void run(
          () => api.bulkAction(action, ids),
          `${label}: ${count} ${count === 1 ? 'package' : 'packages'}.`,
          `Could not run “${label}”`,
          done,
        );
      return (
        <>
          <Button type="button" disabled={busy} onClick={() => bulk('ready', 'Ready to ship')}>
            Mark ready ({count})
          </Button>
          <Button type="button" onClick={() => setDialog({ kind: 'receipts', rows, done })}>
            Enter receipts ({count})
          </Button>
          <Button type="button" disabled={busy} onClick={() => bulk('ship', 'Shipped')}>
            Ship ({count})
          </Button>
          <Button type="button" onClick={() => setDialog({ kind: 'confirm', rows, done })}>
            Confirm receipt ({count})
          </Button>
          <Button
            type="button"
            disabled={busy}
            onClick={() =>
              void run(
                () => api.notify(ids),
                `WhatsApp messages to ${count} ${count === 1 ? 'customer' : 'customers'} are on their way.`,
                'Could not notify the customers',
                done,
              )
            }
          >
            Notify customers ({count})
          </Button>
          <Button type="button" onClick={() => setDialog({ kind: 'labels', ids })}>
            Print labels ({count})
          </Button>
        </>
      );
    },
    toolbar: (reload) =>
      writable ? (
        <Button type="button" onClick={() => setDialog({ kind: 'receipts', rows: [], done: reload })}>
          Paste or upload receipts
        </Button>
      ) : null,
    notices:
      failed.length > 0 ? (
        <Notice data-tone="warning" role="status" aria-label="WhatsApp messages that failed">
          {failed.length === 1 ? 'A WhatsApp message failed' : `${failed.length} WhatsApp messages failed`}:{' '}
          {failed.slice(0, 5).map((message) => (
            <span key={message.id}>
              {message.order_ref} ({message.last_error ?? 'no reason given'}){' '}
              {writable ? (
                <RowButton
                  type="button"
                  aria-label={`Send again: ${message.order_ref}`}
                  onClick={() =>
                    void run(
                      () => api.retry(message.id),
                      `The message for ${message.order_ref} is sent again.`,
                      'Could not send again',
                      loadFailed,
                    )
                  }
                >
                  Send again
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
          onDone={finish(dialog, (count) => `Receipts saved for ${packageCount(count)}.`)}
        />
      ) : null}
      {dialog?.kind === 'confirm' ? (
        <ConfirmReceiptDialog
          api={api}
          rows={dialog.rows}
          onCancel={close}
          onDone={finish(dialog, (count) => `Receipt confirmed for ${packageCount(count)}.`)}
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

const packageCount = (count: number) => `${count} ${count === 1 ? 'package' : 'packages'}`;
