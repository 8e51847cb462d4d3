import { useCallback, useEffect, useMemo, useState } from 'react';
import { styled } from 'styled-components';
import type { DeliveriesResponse, Delivery } from '@staff/console-contract';
import { formatDateTime, t } from '@staff/console-ui';
import { createDeliveriesApi } from '../../api/deliveries.js';
import { useServices } from '../../services.js';
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

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${t.fontSizeSm};
  th,
  td {
    text-align: left;
    padding: ${t.space1} ${t.space2};
    border-bottom: 1px solid ${t.colorBorder};
    vertical-align: top;
  }
  td[data-status='failed'],
  td[data-status='dead'] {
    color: ${t.colorDanger};
  }
`;

/** Read by screen readers, not shown. */
const Caption = styled.caption`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

const Scroll = styled.div`
  overflow-x: auto;
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

  const failedCount = state.kind === 'ready' ? state.data.counts.failed + state.data.counts.dead : 0;
  return (
    <Section aria-labelledby={`deliveries-${forwarderId}`} data-deliveries="">
      <h3 id={`deliveries-${forwarderId}`}>Deliveries</h3>
      {state.kind === 'loading' ? (
        <Notice role="status">Loading deliveries…</Notice>
      ) : state.kind === 'error' ? (
        <Toolbar>
          <Notice role="alert" data-tone="warning">
            {state.message}
          </Notice>
          <Button type="button" onClick={load}>
            Retry
          </Button>
        </Toolbar>
      ) : (
        <>
          <Toolbar>
            <span>
              {(Object.keys(STATUS_LABELS) as Delivery['status'][])
                .map((status) => `${STATUS_LABELS[status]}: ${formatGrouped(state.data.counts[status])}`)
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
          {state.data.data.length === 0 ? (
            <Notice role="note">No deliveries yet: matching Mayar purchases will appear here.</Notice>
          ) : (
            <Scroll>
              <Table>
                <Caption>Latest deliveries of this rule</Caption>
                <thead>
                  <tr>
                    <th scope="col">Event</th>
                    <th scope="col">Status</th>
                    <th scope="col">Attempts</th>
                    <th scope="col">Last answer</th>
                    <th scope="col">Queued</th>
                    {writable ? <th scope="col">Action</th> : null}
                  </tr>
                </thead>
                <tbody>
                  {state.data.data.map((delivery) => (
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
                  ))}
                </tbody>
              </Table>
            </Scroll>
          )}
        </>
      )}
    </Section>
  );
}
