import { useEffect, useState } from 'react';
import { styled } from 'styled-components';
import {
  canWrite,
  operationsEndpoints,
  toPermissionMap,
  type ClusterNode,
  type FailedOutboxItem,
  type JobRunSummary,
  type OperationsOverview,
  type OutboxName,
  type OutboxSummary,
  type WebhookIntake,
} from '@staff/console-contract';
import { Button, DataTable, KpiCard, t, useNotifications, type DataTableColumn } from '@staff/console-ui';
import { ApiError } from '../../api/apiError.js';
import { useTextsOf } from '../../i18n.js';
import { useConsoleContext } from '../../routes/consoleContext.js';
import { useServices } from '../../services.js';
import { Muted, RoutePage } from '../PageLayout.js';
import { LoadState } from '../common/LoadState.js';
import { Facts, Panel, stackCss } from '../common/styles.js';
import type { PageProps } from '../types.js';
import { useEndpoint } from '../useEndpoint.js';
import { formatAge, formatBytes, formatClock, formatNumber, formatTime } from './format.js';
import { OPERATIONS_TEXTS } from './texts.js';

type Texts = (typeof OPERATIONS_TEXTS)['en'];

/** How often the page asks again on its own ("live-ish"); a replay anywhere also reloads it (its topic). */
export const OPERATIONS_REFRESH_MS = 15_000;

const Kpis = styled.section`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr));
  gap: ${t.space3};
`;

const Section = styled(Panel)`
  ${stackCss}
  gap: ${t.space3};
  h2 {
    margin: 0;
    font-size: ${t.fontSizeLg};
  }
  h3 {
    margin: 0;
    font-size: ${t.fontSizeMd};
  }
`;

const Status = styled.span<{ $tone: 'ok' | 'bad' | 'muted' }>`
  font-weight: 600;
  color: ${({ $tone }) => ($tone === 'ok' ? t.colorSuccess : $tone === 'bad' ? t.colorDanger : t.colorTextMuted)};
`;

const ErrorText = styled.span`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

/** Hours since an instant, whole (the last good backup's age card). */
const hoursSince = (iso: string | null, now: string) =>
  iso === null ? null : Math.floor((new Date(now).getTime() - new Date(iso).getTime()) / 3_600_000);

function Summary({ view, texts }: { view: OperationsOverview; texts: Texts }) {
  const connected = view.nodes.filter((node) => node.connected).length;
  const failing = view.jobs.filter((job) => job.last_ok === false).length;
  const failed = view.outboxes.reduce((sum, outbox) => sum + outbox.failed, 0);
  const calls = view.webhooks.reduce((sum, source) => sum + source.total, 0);
  const k = texts.kpi;
  return (
    <Kpis aria-label={k.label}>
      <KpiCard label={k.nodes} value={connected} />
      <KpiCard label={k.failingJobs} value={failing} trend="lower" />
      <KpiCard label={k.failedItems} value={failed} trend="lower" />
      <KpiCard label={k.webhooks} value={calls} />
      <KpiCard
        label={k.backupAge}
        value={hoursSince(view.backup.last_success?.at ?? null, view.generated_at)}
        trend="lower"
      />
    </Kpis>
  );
}

function Nodes({ nodes, texts }: { nodes: ClusterNode[]; texts: Texts }) {
  const n = texts.nodes;
  const columns: DataTableColumn<ClusterNode>[] = [
    {
      id: 'node_id',
      header: n.node,
      cell: (node) => (node.current ? `${node.node_id} (${n.thisNode})` : node.node_id),
    },
    { id: 'hostname', header: n.host },
    { id: 'pid', header: n.pid, align: 'end' },
    { id: 'version', header: n.version },
    { id: 'started_at', header: n.started, cell: (node) => formatTime(node.started_at) },
    { id: 'last_seen_at', header: n.lastSeen, cell: (node) => formatTime(node.last_seen_at) },
    {
      id: 'connected',
      header: n.status,
      cell: (node) => (
        <Status $tone={node.connected ? 'ok' : 'muted'}>{node.connected ? n.connected : n.silent}</Status>
      ),
    },
  ];
  return (
    <Section aria-labelledby="ops-nodes">
      <h2 id="ops-nodes">{n.title}</h2>
      <DataTable
        label={n.title}
        rows={nodes}
        columns={columns}
        getRowId={(node) => node.node_id}
        emptyMessage={n.empty}
        readOnly
      />
    </Section>
  );
}

function Jobs({ jobs, texts }: { jobs: JobRunSummary[]; texts: Texts }) {
  const j = texts.jobs;
  const columns: DataTableColumn<JobRunSummary>[] = [
    { id: 'job', header: j.job },
    {
      id: 'last_started_at',
      header: j.lastRun,
      cell: (job) => formatTime(job.last_started_at) || texts.never,
    },
    {
      id: 'last_ok',
      header: j.result,
      cell: (job) =>
        job.last_ok === null ? (
          <Status $tone="muted">{job.last_started_at ? j.running : texts.none}</Status>
        ) : (
          <Status $tone={job.last_ok ? 'ok' : 'bad'}>{job.last_ok ? j.ok : j.failed}</Status>
        ),
    },
    {
      id: 'last_seconds',
      header: j.duration,
      align: 'end',
      cell: (job) => (job.last_seconds === null ? '' : j.seconds(formatNumber(job.last_seconds))),
    },
    { id: 'runs', header: j.runs, align: 'end', cell: (job) => formatNumber(job.runs) },
    {
      id: 'failures',
      header: j.failures,
      align: 'end',
      cell: (job) =>
        job.consecutive_failures > 1
          ? `${formatNumber(job.failures)} (${j.inARow(formatNumber(job.consecutive_failures))})`
          : formatNumber(job.failures),
    },
    { id: 'last_error', header: j.lastError, cell: (job) => <ErrorText>{job.last_error ?? ''}</ErrorText> },
    { id: 'last_node', header: j.node },
  ];
  return (
    <Section aria-labelledby="ops-jobs">
      <h2 id="ops-jobs">{j.title}</h2>
      <DataTable
        label={j.title}
        rows={jobs}
        columns={columns}
        getRowId={(job) => job.job}
        emptyMessage={j.empty}
        readOnly
      />
    </Section>
  );
}

/** An outbox's failed items with Replay (write access) for each. */
function FailedItems({
  outbox,
  writable,
  onReplayed,
  texts,
}: {
  outbox: OutboxName;
  writable: boolean;
  onReplayed: () => void;
  texts: Texts;
}) {
  const f = texts.failed;
  const { call } = useServices();
  const { notify } = useNotifications();
  const [replaying, setReplaying] = useState<number | null>(null);
  const items = useEndpoint(operationsEndpoints.failedItems, { params: { outbox }, query: { limit: 50 } });
  const replay = (item: FailedOutboxItem) => {
    setReplaying(item.id);
    call(operationsEndpoints.replay, { params: { outbox, id: item.id } })
      .then(
        () => {
          notify({ type: 'success', message: f.replayed(String(item.id)) });
          items.reload();
          onReplayed();
        },
        (error: unknown) =>
          notify({ type: 'error', title: f.replayFailed, message: ApiError.from(error).message }),
      )
      .finally(() => setReplaying(null));
  };
  const columns: DataTableColumn<FailedOutboxItem>[] = [
    { id: 'id', header: f.id, align: 'end', cell: (item) => `#${item.id}` },
    { id: 'created_at', header: f.created, cell: (item) => formatTime(item.created_at) },
    { id: 'target', header: f.target },
    { id: 'attempts', header: f.attempts, align: 'end' },
    { id: 'error', header: f.error, cell: (item) => <ErrorText>{item.error ?? ''}</ErrorText> },
  ];
  const title = f.title(texts.outboxes.names[outbox]);
  return (
    <Section aria-label={title}>
      <h3>{title}</h3>
      {writable ? null : <Muted>{f.readOnly}</Muted>}
      <LoadState state={items.state} what={f.what} loading={f.loading} onRetry={items.reload}>
        {(data) => (
          <>
            {data.total > data.items.length ? (
              <Muted>{f.shown(formatNumber(data.items.length), formatNumber(data.total))}</Muted>
            ) : null}
            <DataTable
              label={title}
              rows={data.items}
              columns={columns}
              getRowId={(item) => String(item.id)}
              emptyMessage={f.empty}
              readOnly={!writable}
              rowActions={(item) => (
                <Button
                  kind="primary"
                  aria-label={f.replayOf(String(item.id))}
                  disabled={replaying !== null}
                  onClick={() => replay(item)}
                >
                  {replaying === item.id ? f.replaying : f.replay}
                </Button>
              )}
            />
          </>
        )}
      </LoadState>
    </Section>
  );
}

function Outboxes({
  outboxes,
  writable,
  onReplayed,
  texts,
}: {
  outboxes: OutboxSummary[];
  writable: boolean;
  onReplayed: () => void;
  texts: Texts;
}) {
  const o = texts.outboxes;
  const [open, setOpen] = useState<OutboxName | null>(null);
  const columns: DataTableColumn<OutboxSummary>[] = [
    { id: 'outbox', header: o.outbox, cell: (row) => o.names[row.outbox] },
    { id: 'pending', header: o.pending, align: 'end', cell: (row) => formatNumber(row.pending) },
    {
      id: 'oldest_age_seconds',
      header: o.oldest,
      align: 'end',
      cell: (row) => formatAge(row.oldest_age_seconds, texts.units),
    },
    {
      id: 'next_attempt_at',
      header: o.next,
      align: 'end',
      cell: (row) => formatTime(row.next_attempt_at),
    },
    {
      id: 'failed',
      header: o.failed,
      align: 'end',
      cell: (row) => <Status $tone={row.failed > 0 ? 'bad' : 'muted'}>{formatNumber(row.failed)}</Status>,
    },
  ];
  return (
    <Section aria-labelledby="ops-outboxes">
      <h2 id="ops-outboxes">{o.title}</h2>
      <DataTable
        label={o.title}
        rows={outboxes}
        columns={columns}
        getRowId={(row) => row.outbox}
        rowActions={(row) =>
          row.failed > 0 ? (
            <Button
              aria-expanded={open === row.outbox}
              onClick={() => setOpen(open === row.outbox ? null : row.outbox)}
            >
              {open === row.outbox ? o.hideFailed : o.showFailed(formatNumber(row.failed))}
            </Button>
          ) : null
        }
      />
      {open ? (
        <FailedItems key={open} outbox={open} writable={writable} onReplayed={onReplayed} texts={texts} />
      ) : null}
    </Section>
  );
}

function Webhooks({ webhooks, texts }: { webhooks: WebhookIntake[]; texts: Texts }) {
  const w = texts.webhooks;
  const resultName = (result: string) =>
    (w.resultNames as Record<string, string | undefined>)[result] ?? result;
  const columns: DataTableColumn<WebhookIntake>[] = [
    { id: 'source', header: w.source, cell: (row) => w.sources[row.source] },
    { id: 'total', header: w.total, align: 'end', cell: (row) => formatNumber(row.total) },
    {
      id: 'results',
      header: w.results,
      cell: (row) =>
        row.results.length === 0
          ? w.none
          : row.results
              .map((entry) => `${resultName(entry.result)}: ${formatNumber(entry.count)}`)
              .join(' · '),
    },
  ];
  return (
    <Section aria-labelledby="ops-webhooks">
      <h2 id="ops-webhooks">{w.title}</h2>
      <DataTable label={w.title} rows={webhooks} columns={columns} getRowId={(row) => row.source} readOnly />
    </Section>
  );
}

function Backups({ backup, texts }: { backup: OperationsOverview['backup']; texts: Texts }) {
  const b = texts.backup;
  const { last, last_success: good } = backup;
  return (
    <Section aria-labelledby="ops-backups">
      <h2 id="ops-backups">{b.title}</h2>
      {last === null ? (
        <Muted>{b.none}</Muted>
      ) : (
        <Facts>
          <dt>{b.last}</dt>
          <dd>
            {formatTime(last.at)} ·{' '}
            <Status $tone={last.ok ? 'ok' : 'bad'}>{last.ok ? b.ok : b.failed}</Status>
            {last.error ? <ErrorText> · {last.error}</ErrorText> : null}
          </dd>
          <dt>{b.lastSuccess}</dt>
          <dd>{good ? formatTime(good.at) : texts.never}</dd>
          {good?.file ? (
            <>
              <dt>{b.file}</dt>
              <dd>{good.file}</dd>
              <dt>{b.size}</dt>
              <dd>{formatBytes(good.bytes)}</dd>
            </>
          ) : null}
        </Facts>
      )}
    </Section>
  );
}

/**
 * Operations (issue #29): the running console for the administrator. Nodes of the cluster, the background jobs'
 * last runs, every outbox with Replay for its failed items, webhook intake per source over 24 hours, the last
 * backup. Asks again every 15 s and when a replay anywhere is pushed.
 */
export default function OperationsPage({ route }: PageProps) {
  const texts = useTextsOf(OPERATIONS_TEXTS);
  const { permissions } = useConsoleContext();
  const writable = canWrite(toPermissionMap(permissions), route.key);
  const overview = useEndpoint(operationsEndpoints.overview, {}, { live: true });
  const { reload } = overview;
  useEffect(() => {
    const timer = setInterval(reload, OPERATIONS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);
  return (
    <RoutePage
      route={route}
      description={texts.description}
      actions={
        <>
          {overview.data ? <Muted>{texts.updated(formatClock(overview.data.generated_at))}</Muted> : null}
          <Button onClick={reload}>{texts.refresh}</Button>
        </>
      }
    >
      <LoadState state={overview.state} what={texts.what} loading={texts.loading} onRetry={reload}>
        {(view) => (
          <>
            <Summary view={view} texts={texts} />
            <Outboxes outboxes={view.outboxes} writable={writable} onReplayed={reload} texts={texts} />
            <Jobs jobs={view.jobs} texts={texts} />
            <Nodes nodes={view.nodes} texts={texts} />
            <Webhooks webhooks={view.webhooks} texts={texts} />
            <Backups backup={view.backup} texts={texts} />
          </>
        )}
      </LoadState>
    </RoutePage>
  );
}
