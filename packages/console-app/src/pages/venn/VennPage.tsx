import { useMemo, useState } from 'react';
import { styled } from 'styled-components';
import {
  VENN_MAX_SETS,
  VENN_MIN_SETS,
  VENN_SET_KINDS,
  vennEndpoints,
  type VennCustomersResponse,
  type VennSetKind,
} from '@staff/console-contract';
import {
  Button,
  DateRangePicker,
  NumberText,
  VennDiagram,
  dateRangeFromPreset,
  formatDateTime,
  regionLabel,
  t,
  type DateRangePickerValue,
} from '@staff/console-ui';
import { ApiError } from '../../api/apiError.js';
import { useServices } from '../../services.js';
import { Muted, RoutePage } from '../PageLayout.js';
import type { PageProps } from '../types.js';
import { useEndpoint } from '../useEndpoint.js';
import { selectionQuery, vennApi, type VennSelection } from './vennApi.js';
import { controlRowCss, headerRowCss, tableCss } from '../common/styles.js';
import { TableHead, numColumn } from '../common/TableHead.js';
import { useTextsOf } from '../../i18n.js';
import { VENN_TEXTS, unreachable } from './texts.js';

/** A failed call in words (the server's message when it sent one). */
const failure = (error: unknown) => ApiError.from(error).message || unreachable();

/**
 * Cust Venn Diagram: customers (normalised email, else 62-phone) with paid purchases of 2–5 products or tribes
 * in a period; a region's customers below the diagram, paged and exportable.
 */
export default function VennPage({ route }: PageProps) {
  const { api } = useServices();
  const texts = useTextsOf(VENN_TEXTS);
  const calls = useMemo(() => vennApi(api), [api]);
  const [by, setBy] = useState<VennSetKind>('product');
  const [filter, setFilter] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const [range, setRange] = useState<DateRangePickerValue>(() => dateRangeFromPreset('last30'));
  // The region picked, for the diagram it was picked on (a new choice of sets or period forgets it).
  const [picked, setPicked] = useState<{ countsKey: string; mask: number; page: number } | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);

  const options = useEndpoint(vennEndpoints.options, { query: { by } }).state;
  const selection: VennSelection | null = useMemo(
    () => (chosen.length >= VENN_MIN_SETS ? { by, ids: chosen, from: range.from, to: range.to } : null),
    [by, chosen, range.from, range.to],
  );
  const countsKey = selection ? JSON.stringify(selection) : null;
  // Nothing is counted before enough sets are chosen, and no customers are listed before a region is picked.
  const query = selectionQuery(selection ?? { by, ids: chosen, from: range.from, to: range.to });
  const { state: counts, reload: retry } = useEndpoint(
    vennEndpoints.counts,
    { query },
    { enabled: selection !== null },
  );
  const region = picked && picked.countsKey === countsKey ? picked : null;
  const mask = region?.mask ?? null;
  const { state: customers } = useEndpoint(
    vennEndpoints.customers,
    { query: { ...query, mask: region?.mask ?? 0, page: region?.page ?? 1 } },
    { enabled: region !== null },
  );

  const chooseKind = (next: VennSetKind) => {
    setBy(next);
    setChosen([]);
    setFilter('');
  };
  const toggle = (id: number) =>
    setChosen((current) =>
      current.includes(id)
        ? current.filter((other) => other !== id)
        : current.length < VENN_MAX_SETS
          ? [...current, id]
          : current,
    );
  const selectRegion = (next: number) => {
    if (countsKey) setPicked({ countsKey, mask: next, page: 1 });
    setExportError(null);
  };
  const setPage = (page: number) => setPicked((current) => (current ? { ...current, page } : current));

  const items = options.status === 'ready' ? options.data.items : [];
  const labelOf = (id: number) => items.find((item) => item.id === id)?.label ?? `#${id}`;
  const shown = items.filter(
    (item) => chosen.includes(item.id) || item.label.toLowerCase().includes(filter.trim().toLowerCase()),
  );
  const answer = counts.status === 'ready' ? counts.data : null;
  const setLabels = answer ? answer.sets.map((set) => set.label) : chosen.map(labelOf);

  const exportCsv = async () => {
    if (!selection || mask === null) return;
    setExportError(null);
    try {
      const blob = await calls.exportCsv(selection, mask);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `venn_${selection.by}_region-${mask}_${selection.from}_${selection.to}.csv`;
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      setExportError(texts.exportFailed(failure(error)));
    }
  };

  return (
    <RoutePage route={route} description={texts.description}>
      <Controls aria-label={texts.controls}>
        <fieldset className="kind">
          <legend>{texts.sets}</legend>
          {VENN_SET_KINDS.map((kind) => (
            <label key={kind}>
              <input
                type="radio"
                name="venn-kind"
                value={kind}
                checked={by === kind}
                onChange={() => chooseKind(kind)}
              />
              {texts.kinds[kind]}
            </label>
          ))}
        </fieldset>
        <DateRangePicker value={range} onValueChange={setRange} />
      </Controls>

      <Picker aria-labelledby="venn-picker-title">
        <h2 id="venn-picker-title">
          {texts.choose(VENN_MIN_SETS, VENN_MAX_SETS, texts.kinds[by].toLowerCase(), chosen.length)}
        </h2>
        <label className="filter">
          {texts.search(texts.kinds[by].toLowerCase())}
          <input type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
        </label>
        {options.status === 'loading' ? (
          <Muted role="status">{texts.loadingList}</Muted>
        ) : options.status === 'error' ? (
          <p role="alert">{texts.listNotLoaded(failure(options.error))}</p>
        ) : shown.length === 0 ? (
          <Muted>{texts.noMatch}</Muted>
        ) : (
          <ul className="options">
            {shown.slice(0, 200).map((item) => {
              const on = chosen.includes(item.id);
              return (
                <li key={item.id}>
                  <label>
                    <input
                      type="checkbox"
                      checked={on}
                      disabled={!on && chosen.length >= VENN_MAX_SETS}
                      onChange={() => toggle(item.id)}
                    />
                    {item.label}
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </Picker>

      {selection ? (
        <VennDiagram
          title={texts.diagramTitle(setLabels.join(', '))}
          sets={answer ? answer.sets : chosen.map((id) => ({ label: labelOf(id), total: 0 }))}
          regions={answer ? answer.regions : []}
          status={counts.status === 'error' ? 'error' : counts.status === 'ready' ? 'ready' : 'loading'}
          error={counts.status === 'error' ? texts.notCounted(failure(counts.error)) : null}
          onRetry={retry}
          selectedMask={mask}
          onRegionSelect={selectRegion}
        />
      ) : (
        <Muted role="status">{texts.pickAtLeast(VENN_MIN_SETS)}</Muted>
      )}

      {mask !== null && selection ? (
        <Customers aria-labelledby="venn-customers-title">
          <header>
            <h2 id="venn-customers-title">{regionLabel(mask, setLabels, texts.only)}</h2>
            <Button onClick={() => void exportCsv()}>{texts.exportCsv}</Button>
          </header>
          {exportError ? <p role="alert">{exportError}</p> : null}
          {customers.status === 'loading' ? (
            <Muted role="status">{texts.loadingCustomers}</Muted>
          ) : customers.status === 'error' ? (
            <p role="alert">{texts.customersNotLoaded(failure(customers.error))}</p>
          ) : (
            <CustomerTable data={customers.data} onPage={setPage} />
          )}
        </Customers>
      ) : null}
    </RoutePage>
  );
}

function CustomerTable({ data, onPage }: { data: VennCustomersResponse; onPage: (page: number) => void }) {
  const texts = useTextsOf(VENN_TEXTS);
  const { columns } = texts;
  const pages = Math.max(1, Math.ceil(data.total / data.page_size));
  if (data.total === 0) return <Muted>{texts.noCustomers}</Muted>;
  return (
    <>
      <div className="scroll">
        <table aria-label={texts.customersTable}>
          <TableHead
            columns={[
              columns.name,
              columns.email,
              columns.phone,
              numColumn(columns.purchases),
              numColumn(columns.total),
              columns.lastPaid,
            ]}
          />
          <tbody>
            {data.rows.map((row) => (
              <tr key={row.key}>
                <td>{row.name ?? '-'}</td>
                <td>{row.email ?? '-'}</td>
                <td>{row.phone ?? '-'}</td>
                <td className="num">
                  <NumberText value={row.purchases} />
                </td>
                <td className="num">
                  <NumberText value={row.amount} currency="IDR" />
                </td>
                <td>{formatDateTime(row.last_paid_at, { timeZone: 'Asia/Jakarta' })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav className="pager" aria-label={texts.pager}>
        <Button disabled={data.page <= 1} onClick={() => onPage(data.page - 1)}>
          {texts.previous}
        </Button>
        <span>
          {texts.page(data.page, pages)} · <NumberText value={data.total} /> {texts.customers}
        </span>
        <Button disabled={data.page >= pages} onClick={() => onPage(data.page + 1)}>
          {texts.next}
        </Button>
      </nav>
    </>
  );
}

const Controls = styled.section`
  ${controlRowCss}
  gap: ${t.space4};
  fieldset {
    display: flex;
    gap: ${t.space3};
    border: 1px solid ${t.colorBorder};
    border-radius: ${t.radiusMd};
    padding: ${t.space2} ${t.space3};
    margin: 0;
  }
  label {
    display: inline-flex;
    align-items: center;
  }
`;

const Picker = styled.section`
  display: grid;
  gap: ${t.space2};
  h2 {
    margin: 0;
    font-size: ${t.fontSizeMd};
  }
  .filter {
    display: grid;
    gap: ${t.space1};
    max-width: 24rem;
    font-size: ${t.fontSizeSm};
  }
  .filter input {
    font: inherit;
    padding: ${t.space1} ${t.space2};
  }
  .options {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
    gap: ${t.space1} ${t.space3};
    max-height: 14rem;
    overflow: auto;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .options label {
    display: flex;
    gap: ${t.space2};
    align-items: center;
  }
`;

const Customers = styled.section`
  display: grid;
  gap: ${t.space2};
  ${headerRowCss}
  .scroll {
    overflow-x: auto;
  }
  table {
    ${tableCss}
  }
  .pager {
    display: flex;
    gap: ${t.space3};
    align-items: center;
    flex-wrap: wrap;
  }
`;
