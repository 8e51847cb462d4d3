import { useMemo, useState } from 'react';
import { styled } from 'styled-components';
import { type DeliveriesResponse, type Delivery, intakeEndpoints } from '@staff/console-contract';
import { formatDateTime, t } from '@staff/console-ui';
import { ApiError } from '../../api/apiError.js';
import { createDeliveriesApi } from '../../api/deliveries.js';
import { useTextsOf } from '../../i18n.js';
import { useServices } from '../../services.js';
import { PanelLoadState, RunList } from '../common/JobRuns.js';
import { useEndpoint } from '../useEndpoint.js';
import { RESOURCE_TEXTS } from './texts.js';
import { Button, Notice, Toolbar } from './ui.js';

const integer = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });
const formatGrouped = (value: number) => integer.format(value);
/** The next attempt to the second: the first retries come after seconds. */
const nextAttemptFormat = new Intl.DateTimeFormat('id-ID', {
  timeZone: 'Asia/Jakarta',
  dateStyle: 'medium',
  timeStyle: 'medium',
});

const STATUSES: readonly Delivery['status'][] = ['pending', 'delivered', 'failed', 'dead'];

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
  const texts = useTextsOf(RESOURCE_TEXTS).deliveries;
  const api = useMemo(() => createDeliveriesApi(services.api), [services.api]);
  // The rule's id as the list holds it (a string): the path takes it as it is, the server reads the number.
  const listed = useEndpoint(intakeEndpoints.deliveries, {
    params: { id: forwarderId },
    query: { limit: 50 },
  });
  const state: State =
    listed.state.status === 'ready'
      ? { kind: 'ready', data: listed.state.data }
      : listed.state.status === 'error'
        ? { kind: 'error', message: ApiError.from(listed.state.error).message || texts.loadFailed }
        : { kind: 'loading' };
  const load = listed.reload;
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const replay = (run: () => Promise<{ replayed: number }>) => {
    setBusy(true);
    setMessage(null);
    run()
      .then(
        ({ replayed }) => setMessage(texts.requeued(formatGrouped(replayed), replayed === 1)),
        (error: unknown) => setMessage(ApiError.from(error).message || texts.replayFailed),
      )
      .finally(() => {
        setBusy(false);
        load();
      });
  };

  const deliveryRow = (delivery: Delivery) => (
    <tr key={delivery.id} data-delivery={delivery.id}>
      <td>{delivery.source_key}</td>
      <td data-status={delivery.status}>
        {texts.status[delivery.status]}
        {delivery.status === 'pending' && delivery.attempts > 0 ? (
          <>
            {' · '}
            <time dateTime={delivery.next_attempt_at} data-next-attempt="">
              {texts.nextAttempt(nextAttemptFormat.format(new Date(delivery.next_attempt_at)))}
            </time>
          </>
        ) : null}
      </td>
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
              aria-label={texts.replayOne(delivery.source_key)}
              onClick={() => replay(() => api.replay(forwarderId, delivery.id))}
            >
              {texts.replay}
            </Button>
          ) : null}
        </td>
      ) : null}
    </tr>
  );

  const failedCount = state.kind === 'ready' ? state.data.counts.failed + state.data.counts.dead : 0;
  return (
    <Section aria-labelledby={`deliveries-${forwarderId}`} data-deliveries="">
      <h3 id={`deliveries-${forwarderId}`}>{texts.heading}</h3>
      <PanelLoadState state={state} loading={texts.loading} onRetry={load}>
        {({ data }) => (
          <>
            <Toolbar>
              <span>
                {STATUSES.map(
                  (status) => `${texts.status[status]}: ${formatGrouped(data.counts[status])}`,
                ).join(' · ')}
              </span>
              <Button type="button" onClick={load} disabled={busy}>
                {texts.refresh}
              </Button>
              {writable ? (
                <Button
                  type="button"
                  data-kind="primary"
                  disabled={busy || failedCount === 0}
                  onClick={() => replay(() => api.replayFailed(forwarderId))}
                >
                  {texts.replayAll(formatGrouped(failedCount))}
                </Button>
              ) : null}
            </Toolbar>
            {message ? <Notice role="status">{message}</Notice> : null}
            <RunList
              rows={data.data}
              empty={texts.empty}
              caption={texts.caption}
              columns={[
                texts.columns.event,
                texts.columns.status,
                texts.columns.attempts,
                texts.columns.lastAnswer,
                texts.columns.queued,
                ...(writable ? [texts.columns.action] : []),
              ]}
              row={deliveryRow}
            />
          </>
        )}
      </PanelLoadState>
    </Section>
  );
}
