import { useCallback, useEffect, useState } from 'react';
import type { Tracking } from '@staff/console-contract';
import { ConfirmDialog, formatDateTime, type ResourceRow } from '@staff/console-ui';
import type { LogisticsApi } from '../../api/logistics.js';
import type { ResourceCallError } from '../../api/resources.js';
import { Events, Muted, Stack } from './ui.js';

/** The words for a tracking state ("not yet trackable" is a state of a new receipt, not an error). */
export const TRACKING_STATE_TEXT: Record<string, string> = {
  not_trackable_yet: 'Not yet trackable: the courier does not know this receipt yet.',
  in_transit: 'On the way.',
  delivered: 'Delivered, says the courier.',
  returned: 'Returned to the sender, says the courier.',
  problem: 'The courier reports a problem.',
  error: 'The tracking service could not be asked; it is tried again later.',
};

/** A package's courier tracking: its state, its events (newest first), and a look-up now. */
export function TrackingDialog({
  api,
  row,
  writable,
  onClose,
  onMoved,
}: {
  api: LogisticsApi;
  row: ResourceRow;
  writable: boolean;
  onClose: () => void;
  onMoved: () => void;
}) {
  const [tracking, setTracking] = useState<Tracking | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    api.tracking(String(row.id)).then(
      (answer) => live && setTracking(answer),
      (caught: unknown) =>
        live && setError((caught as ResourceCallError).message ?? 'Could not load tracking.'),
    );
    return () => {
      live = false;
    };
  }, [api, row.id]);
  const checkNow = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await api.trackNow(String(row.id));
      setTracking(answer);
      onMoved();
    } catch (caught) {
      setError((caught as ResourceCallError).message ?? 'The courier could not be asked.');
    } finally {
      setBusy(false);
    }
  }, [api, row.id, onMoved]);
  return (
    <ConfirmDialog
      open
      title={`Tracking ${String(row.order_ref)}`}
      description={`${String(row.courier ?? '').toUpperCase()} ${String(row.receipt ?? '')}`}
      confirmLabel={writable ? 'Check now' : 'Close'}
      cancelLabel="Close"
      busy={busy}
      busyLabel="Asking the courier…"
      error={error}
      onConfirm={() => (writable ? void checkNow() : onClose())}
      onCancel={onClose}
    >
      <Stack aria-live="polite">
        {!tracking ? (
          error ? null : (
            <Muted role="status">Loading…</Muted>
          )
        ) : (
          <>
            <p data-state={tracking.state ?? 'never'}>
              {tracking.state ? TRACKING_STATE_TEXT[tracking.state] : 'Not asked yet.'}
              {tracking.checked_at ? ` Checked ${formatDateTime(tracking.checked_at)}.` : ''}
            </p>
            {tracking.events.length > 0 ? (
              <Events aria-label="Tracking events">
                {tracking.events.map((event) => (
                  <li key={`${event.at}-${event.description}`}>
                    <strong>{formatDateTime(event.at)}</strong> {event.description}
                    {event.location ? ` (${event.location})` : ''}
                  </li>
                ))}
              </Events>
            ) : (
              <Muted>No events yet.</Muted>
            )}
            {tracking.link ? (
              <a href={tracking.link} target="_blank" rel="noreferrer">
                The courier&apos;s tracking page
              </a>
            ) : null}
          </>
        )}
      </Stack>
    </ConfirmDialog>
  );
}
