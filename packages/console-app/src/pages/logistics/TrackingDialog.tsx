import { useCallback, useState } from 'react';
import { logisticsEndpoints, type Tracking } from '@staff/console-contract';
import { ConfirmDialog, formatDateTime, type ResourceRow } from '@staff/console-ui';
import type { LogisticsApi } from '../../api/logistics.js';
import { ApiError } from '../../api/apiError.js';
import { useEndpoint } from '../useEndpoint.js';
import { Events, Muted, Stack } from './ui.js';
import { useTextsOf } from '../../i18n.js';
import { LOGISTICS_TEXTS } from './texts.js';

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
  const t = useTextsOf(LOGISTICS_TEXTS).tracking;
  // "Not yet trackable" is a state of a new receipt, not an error.
  const stateText: Record<string, string> = t.states;
  const { notLoaded, notAsked } = t;
  const loaded = useEndpoint(logisticsEndpoints.tracking, { params: { id: Number(row.id) } });
  // A look-up's answer replaces the loaded state; its failure is shown instead of the load's.
  const [checked, setChecked] = useState<Tracking | null>(null);
  const [checkError, setCheckError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const tracking = checked ?? loaded.data ?? null;
  const error = checkError ?? (loaded.error ? loaded.error.message || notLoaded : null);
  const checkNow = useCallback(async () => {
    setBusy(true);
    setCheckError(null);
    try {
      const answer = await api.trackNow(String(row.id));
      setChecked(answer);
      onMoved();
    } catch (caught) {
      setCheckError(ApiError.from(caught).message || notAsked);
    } finally {
      setBusy(false);
    }
  }, [api, row.id, onMoved, notAsked]);
  return (
    <ConfirmDialog
      open
      title={t.title(String(row.order_ref))}
      description={`${String(row.courier ?? '').toUpperCase()} ${String(row.receipt ?? '')}`}
      confirmLabel={writable ? t.checkNow : t.close}
      cancelLabel={t.close}
      busy={busy}
      busyLabel={t.asking}
      error={error}
      onConfirm={() => (writable ? void checkNow() : onClose())}
      onCancel={onClose}
    >
      <Stack aria-live="polite">
        {!tracking ? (
          error ? null : (
            <Muted role="status">{t.loading}</Muted>
          )
        ) : (
          <>
            <p data-state={tracking.state ?? 'never'}>
              {tracking.state ? stateText[tracking.state] : t.neverAsked}
              {tracking.checked_at ? t.checked(formatDateTime(tracking.checked_at)) : ''}
            </p>
            {tracking.events.length > 0 ? (
              <Events aria-label={t.events}>
                {tracking.events.map((event) => (
                  <li key={`${event.at}-${event.description}`}>
                    <strong>{formatDateTime(event.at)}</strong> {event.description}
                    {event.location ? ` (${event.location})` : ''}
                  </li>
                ))}
              </Events>
            ) : (
              <Muted>{t.noEvents}</Muted>
            )}
            {tracking.link ? (
              <a href={tracking.link} target="_blank" rel="noreferrer">
                {t.courierPage}
              </a>
            ) : null}
          </>
        )}
      </Stack>
    </ConfirmDialog>
  );
}
