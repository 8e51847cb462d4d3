import { useCallback, useEffect, useMemo, useState } from 'react';
import { styled } from 'styled-components';
import type { DeliveriesResponse, Delivery } from '@staff/console-contract';
import { formatDateTime, t } from '@staff/console-ui';
import { createDeliveriesApi } from '../../api/deliveries.js';
import { useServices } from '../../services.js';
import { PanelLoadState, RunList } from '../common/JobRuns.js';
import { Button, Notice, Toolbar } from './ui.js';

const integer = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });
const formatGrouped = (value: number) => integer.format(value);

const STATUS_LABELS: Record<Delivery['status'], string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
  dead: 'Dead-lettered',
};

const Section = styled.section`
  display: grid;
  gap: ${t.space2};
  margin-top: ${t.space4};
  h3 {
    margin: 0;
    font-size: ${t.fontSizeMd};
  }
`;

type State =
  { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; data: DeliveriesResponse };

/**
 * The deliveries of one forwarding rule (Webhook Forwarder page): counts per status, the latest 50 with
 * attempts and the receiver's last answer, and replay of one or all failed deliveries for writers.
 */
export function ForwarderDeliveries({ forwarderId, writable }: { forwarderId: string; writable: boolean }) {
  const services = useServices();
  const api = useMemo(() => createDeliveriesApi(services.api), [services.api]);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const fetchList = useCallback(
    () =>
      api.list(forwarderId).then(
        (data) => setState({ kind: 'ready', data }),
        (error: { message?: string }) =>
          setState({ kind: 'error', message: error.message ?? 'The deliveries could not be loaded.' }),
      ),
    [api, forwarderId],
  );
  const load = () => {
    setState({ kind: 'loading' });
    void fetchList();
  };

  useEffect(() => {
    void fetchList();
  }, [fetchList]);

  const replay = (run: () => Promise<{ replayed: number }>) => {
    setBusy(true);
    setMessage(null);
    run()
      .then(
        ({ replayed }) =>
          setMessage(
            `${formatGrouped(replayed)} ${replayed === 1 ? 'delivery' : 'deliveries'} queued again.`,
          ),
        (error: { message?: string }) => setMessage(error.message ?? 'Replay failed.'),
      )
      .finally(() => {
        setBusy(false);
        void fetchList();
      });
  };

  const deliveryRow = (delivery: Delivery) => (
    <tr key={delivery.id} data-delivery={delivery.id}>
      <td>{delivery.source_key}</td>
      <td data-status={delivery.status}>{STATUS_LABELS[delivery.status]}</td>
      <td>{formatGrouped(delivery.attempts)}</td>
      <td>
        {delivery.last_status === null ? '' : `${delivery.last_status} `}
        {delivery.last_error ?? (delivery.status === 'delivered' ? 'OK' : '-')}
      </td>
      <td>{formatDateTime(delivery.created_at, { timeZone: 'Asia/Jakarta' })}</td>
      {writable ? (
        <td>
          {delivery.status === 'failed' || delivery.status === 'dead' ? (
            <Button
              type="button"
              disabled={busy}
              aria-label={`Replay delivery ${delivery.source_key}`}
              onClick={() => replay(() => api.replay(forwarderId, delivery.id))}
            >
              Replay
            </Button>
          ) : null}
        </td>
      ) : null}
    </tr>
  );

  const failedCount = state.kind === 'ready' ? state.data.counts.failed + state.data.counts.dead : 0;
  return (
    <Section aria-labelledby={`deliveries-${forwarderId}`} data-deliveries="">
      <h3 id={`deliveries-${forwarderId}`}>Deliveries</h3>
      <PanelLoadState state={state} loading="Loading deliveries…" onRetry={load}>
        {({ data }) => (
          <>
            <Toolbar>
              <span>
                {(Object.keys(STATUS_LABELS) as Delivery['status'][])
                  .map((status) => `${STATUS_LABELS[status]}: ${formatGrouped(data.counts[status])}`)
                  .join(' · ')}
              </span>
              <Button type="button" onClick={load} disabled={busy}>
                Refresh
              </Button>
              {writable ? (
                <Button
                  type="button"
                  data-kind="primary"
                  disabled={busy || failedCount === 0}
                  onClick={() => replay(() => api.replayFailed(forwarderId))}
                >
                  Replay all failed ({formatGrouped(failedCount)})
                </Button>
              ) : null}
            </Toolbar>
            {message ? <Notice role="status">{message}</Notice> : null}
            <RunList
              rows={data.data}
              empty="No deliveries yet: matching Mayar purchases will appear here."
              caption="Latest deliveries of this rule"
              columns={[
                'Event',
                'Status',
                'Attempts',
                'Last answer',
                'Queued',
                ...(writable ? ['Action'] : []),
              ]}
              row={deliveryRow}
            />
          </>
        )}
      </PanelLoadState>
    </Section>
  );
}
