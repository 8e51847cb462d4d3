import { useMemo, useState } from 'react';
import { styled } from 'styled-components';
import {
  auditChanges,
  auditEndpoints,
  auditValueText,
  type AuditEntry,
  type AuditFacets,
} from '@staff/console-contract';
import {
  Button,
  DataTable,
  DateRangePicker,
  addDays,
  jakartaDay,
  t,
  useNotifications,
  type DataTableColumn,
  type DateRangePickerValue,
} from '@staff/console-ui';
import { ApiError } from '../../api/apiError.js';
import { createDownload } from '../../api/download.js';
import { useTextsOf } from '../../i18n.js';
import { useServices } from '../../services.js';
import { RoutePage } from '../PageLayout.js';
import { Panel, Table, pageControlCss, stackCss, toolbarCss } from '../common/styles.js';
import type { PageProps } from '../types.js';
import { useEndpoint } from '../useEndpoint.js';
import { formatNumber, formatTime } from './format.js';
import { AUDIT_TEXTS } from './texts.js';

type Texts = (typeof AUDIT_TEXTS)['en'];

const Filters = styled.form`
  ${toolbarCss}
  gap: ${t.space3};
  align-items: flex-end;
  label {
    display: flex;
    flex-direction: column;
    gap: ${t.space1};
    font-size: ${t.fontSizeSm};
    color: ${t.colorTextMuted};
  }
  select {
    ${pageControlCss}
    min-width: 10rem;
  }
`;

const DiffPanel = styled(Panel)`
  ${stackCss}
  gap: ${t.space3};
  h2 {
    margin: 0;
    font-size: ${t.fontSizeLg};
  }
  td {
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    vertical-align: top;
  }
  .before {
    background: ${t.colorDangerSoft};
  }
  .after {
    background: ${t.colorSuccessSoft};
  }
`;

const DiffHeader = styled.div`
  ${toolbarCss}
  justify-content: space-between;
  gap: ${t.space3};
`;

interface Filter {
  user: string;
  entity: string;
  action: string;
  range: DateRangePickerValue;
}

/** The last 30 Jakarta days up to today (the presets stop at yesterday; an audit log wants today's changes). */
const last30WithToday = (): DateRangePickerValue => {
  const today = jakartaDay(new Date());
  return { preset: 'custom', from: addDays(today, -29), to: today };
};

const defaultFilter = (): Filter => ({ user: '', entity: '', action: '', range: last30WithToday() });

/** The filters as the endpoints' query: empty choices left out, the range as Jakarta days. */
const queryOf = (filter: Filter) => ({
  ...(filter.user ? { user: Number(filter.user) } : {}),
  ...(filter.entity ? { entity: filter.entity } : {}),
  ...(filter.action ? { action: filter.action } : {}),
  from: filter.range.from,
  to: filter.range.to,
});

const PAGE_SIZES = [25, 50, 100, 200];

function Select({
  label,
  value,
  options,
  onChange,
  any,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  any: string;
}) {
  return (
    <label>
      {label}
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{any}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** One entry's change, field by field: before and after side by side. */
function EntryDiff({ entry, onClose, texts }: { entry: AuditEntry; onClose: () => void; texts: Texts }) {
  const d = texts.diff;
  const changes = auditChanges(entry.before, entry.after);
  const title = d.title(String(entry.id));
  const value = (v: unknown) => auditValueText(v) || d.empty;
  return (
    <DiffPanel aria-labelledby="audit-diff-title">
      <DiffHeader>
        <h2 id="audit-diff-title">{title}</h2>
        <Button onClick={onClose}>{d.close}</Button>
      </DiffHeader>
      <p>
        {formatTime(entry.at)} · {entry.actor_name ?? texts.system} · {entry.action} · {entry.entity}
        {entry.entity_id ? ` #${entry.entity_id}` : ''}
        {entry.ip ? ` · ${d.ip} ${entry.ip}` : ''}
      </p>
      {changes.length === 0 ? (
        <p>{texts.noFieldChange}</p>
      ) : (
        <Table aria-label={title}>
          <thead>
            <tr>
              <th scope="col">{d.field}</th>
              <th scope="col">{d.before}</th>
              <th scope="col">{d.after}</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={change.field}>
                <th scope="row">{change.field}</th>
                <td className="before">{value(change.before)}</td>
                <td className="after">{value(change.after)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </DiffPanel>
  );
}

/**
 * Audit Log (issue #29): every change recorded in audit_log across entities, filtered by user, entity, action and
 * a range of Jakarta days, paged on the server; an entry opens its change field by field; the filtered log
 * exports as CSV (a line per changed field).
 */
export default function AuditLogPage({ route }: PageProps) {
  const texts = useTextsOf(AUDIT_TEXTS);
  const services = useServices();
  const { notify } = useNotifications();
  const download = useMemo(() => createDownload(services.api), [services.api]);
  const [filter, setFilter] = useState<Filter>(defaultFilter);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(50);
  const [opened, setOpened] = useState<AuditEntry | null>(null);
  const [exporting, setExporting] = useState(false);

  const facets = useEndpoint(auditEndpoints.facets, {});
  const query = queryOf(filter);
  const list = useEndpoint(auditEndpoints.list, { query: { ...query, page, page_size: pageSize } });

  const change = (next: Partial<Filter>) => {
    setFilter((current) => ({ ...current, ...next }));
    setPage(1);
  };

  const exportCsv = () => {
    setExporting(true);
    download(auditEndpoints.export, { query })
      .then((file) => {
        const url = URL.createObjectURL(file);
        const link = document.createElement('a');
        link.href = url;
        link.download = `audit-log_${query.from}_${query.to}.csv`;
        link.click();
        URL.revokeObjectURL(url);
      })
      .catch((error: unknown) =>
        notify({ type: 'error', title: texts.exportFailed, message: ApiError.from(error).message }),
      )
      .finally(() => setExporting(false));
  };

  const f: AuditFacets = facets.data ?? { entities: [], actions: [], users: [] };
  const c = texts.columns;
  const columns: DataTableColumn<AuditEntry>[] = [
    { id: 'at', header: c.at, cell: (entry) => formatTime(entry.at) },
    {
      id: 'actor',
      header: c.user,
      cell: (entry) => entry.actor_name ?? texts.system,
      title: (entry) => entry.actor_username ?? undefined,
    },
    { id: 'action', header: c.action },
    { id: 'entity', header: c.entity },
    { id: 'entity_id', header: c.record, cell: (entry) => entry.entity_id ?? '' },
    {
      id: 'changes',
      header: c.changes,
      cell: (entry) => {
        const fields = auditChanges(entry.before, entry.after).map((change) => change.field);
        return fields.length === 0
          ? texts.noFieldChange
          : `${texts.changedFields(formatNumber(fields.length))}: ${fields.join(', ')}`;
      },
    },
  ];

  return (
    <RoutePage
      route={route}
      description={texts.description}
      actions={
        <Button onClick={exportCsv} disabled={exporting}>
          {exporting ? texts.exporting : texts.exportCsv}
        </Button>
      }
    >
      <Filters aria-label={texts.filters} onSubmit={(event) => event.preventDefault()}>
        <Select
          label={texts.user}
          value={filter.user}
          any={texts.any}
          options={f.users.map((user) => ({
            value: String(user.id),
            label: `${user.name} (${user.username})`,
          }))}
          onChange={(user) => change({ user })}
        />
        <Select
          label={texts.entity}
          value={filter.entity}
          any={texts.any}
          options={f.entities.map((entity) => ({ value: entity, label: entity }))}
          onChange={(entity) => change({ entity })}
        />
        <Select
          label={texts.action}
          value={filter.action}
          any={texts.any}
          options={f.actions.map((action) => ({ value: action, label: action }))}
          onChange={(action) => change({ action })}
        />
        <DateRangePicker
          label={texts.period}
          value={filter.range}
          onValueChange={(range) => change({ range })}
        />
        <Button type="button" onClick={() => change(defaultFilter())}>
          {texts.clear}
        </Button>
      </Filters>
      <DataTable
        label={texts.table}
        rows={list.data?.rows ?? []}
        columns={columns}
        getRowId={(entry) => String(entry.id)}
        total={list.data?.total ?? 0}
        page={page}
        onPageChange={setPage}
        pageSize={pageSize}
        pageSizeOptions={PAGE_SIZES}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        loading={list.loading}
        error={list.error ? list.error.message || texts.what : null}
        onRetry={list.reload}
        emptyMessage={texts.empty}
        onRowOpen={setOpened}
        rowActions={(entry) => (
          <Button aria-label={texts.showDiff(String(entry.id))} onClick={() => setOpened(entry)}>
            {texts.columns.changes}
          </Button>
        )}
      />
      {opened ? <EntryDiff entry={opened} onClose={() => setOpened(null)} texts={texts} /> : null}
    </RoutePage>
  );
}
