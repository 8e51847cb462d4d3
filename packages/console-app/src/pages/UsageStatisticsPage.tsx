import { useCallback } from 'react';
import { styled } from 'styled-components';
import { findRoute, type UsageStatisticsResponse } from '@staff/console-contract';
import { NumberText, t, type CallError } from '@staff/console-ui';
import { useServices } from '../services.js';
import { Muted, Page } from './PageLayout.js';
import type { PageProps } from './types.js';
import { usePreloadedData } from './usePreloadedData.js';

import { USAGE_WINDOW_DAYS } from './usageWindow.js';

const Summary = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  gap: ${t.space4};
  margin: 0;
`;

const Figure = styled.div`
  background: ${t.colorSurface};
  border: 1px solid ${t.colorBorder};
  border-radius: ${t.radiusMd};
  padding: ${t.space4};
  dt {
    color: ${t.colorTextMuted};
    font-size: ${t.fontSizeSm};
  }
  dd {
    margin: ${t.space1} 0 0;
    font-size: ${t.fontSizeXl};
    font-weight: 600;
  }
`;

const Panel = styled.section`
  background: ${t.colorSurface};
  border: 1px solid ${t.colorBorder};
  border-radius: ${t.radiusMd};
  padding: ${t.space4};
  h2 {
    margin: 0 0 ${t.space3};
    font-size: ${t.fontSizeLg};
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
  }
  td.num,
  th.num {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`;

const Bar = styled.span`
  display: inline-block;
  height: 0.6rem;
  border-radius: ${t.radiusSm};
  background: ${t.colorPrimary};
  vertical-align: middle;
`;

const ErrorBox = styled.div`
  display: flex;
  gap: ${t.space3};
  align-items: center;
  padding: ${t.space3} ${t.space4};
  border-radius: ${t.radiusMd};
  background: ${t.colorDangerSoft};
  color: ${t.colorDanger};
`;

const Button = styled.button`
  font: inherit;
  padding: ${t.space1} ${t.space3};
  border-radius: ${t.radiusSm};
  border: 1px solid currentColor;
  background: transparent;
  color: inherit;
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${t.colorFocus};
    outline-offset: 2px;
  }
`;

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const formatDay = (isoDate: string) => {
  const date = new Date(isoDate.length === 10 ? `${isoDate}T00:00:00Z` : isoDate);
  return Number.isNaN(date.getTime()) ? isoDate : dayFormat.format(date);
};

function pageName(path: string | null, permissionKey: string): string {
  if (!path) return `(page not named) · ${permissionKey}`;
  const route = findRoute(path) ?? findRoute(path.endsWith('/') ? path.slice(0, -1) : `${path}/`);
  return route ? route.title : path;
}

function errorText(error: unknown): string {
  const e = error as CallError | undefined;
  if (e?.status === 403) return "You don't have permission to see usage statistics.";
  if (e?.status === undefined) return 'The server could not be reached.';
  return e.message ? `${e.message} (status ${e.status}).` : `The server answered with status ${e.status}.`;
}

/** Sign-ins per day, active users and most visited pages, from what the server records (`GET /api/statistics/usage`). */
export default function UsageStatisticsPage({ route, data }: PageProps<UsageStatisticsResponse>) {
  const { fetchUsageStatistics } = useServices();
  const load = useCallback(() => fetchUsageStatistics(USAGE_WINDOW_DAYS), [fetchUsageStatistics]);
  const { state, reload } = usePreloadedData(data, load);

  return (
    <Page title={route.title} data-page={route.id}>
      {state.status === 'loading' ? (
        <Muted role="status">Loading usage statistics…</Muted>
      ) : state.status === 'error' ? (
        <ErrorBox role="alert">
          <span>Could not load usage statistics. {errorText(state.error)}</span>
          <Button type="button" onClick={reload}>
            Try again
          </Button>
        </ErrorBox>
      ) : (
        <UsageFigures stats={state.data} />
      )}
    </Page>
  );
}

function UsageFigures({ stats }: { stats: UsageStatisticsResponse }) {
  const days = stats.sign_ins_per_day;
  const totalSignIns = days.reduce((sum, d) => sum + d.sign_ins, 0);
  const totalFailed = days.reduce((sum, d) => sum + d.failed, 0);
  const peak = Math.max(1, ...days.map((d) => d.sign_ins));
  const daysWithActivity = days.filter((d) => d.sign_ins > 0 || d.failed > 0).reverse();
  const nothingRecorded = totalSignIns === 0 && totalFailed === 0 && stats.most_visited_pages.length === 0;

  return (
    <>
      <Muted>
        Last {stats.days} days, from {formatDay(stats.from)}.
      </Muted>
      {nothingRecorded ? (
        <Muted role="status">No sign-ins or page visits were recorded in this period.</Muted>
      ) : null}
      <Summary aria-label="Summary">
        <Figure>
          <dt>Active users</dt>
          <dd>
            <NumberText value={stats.active_users} />{' '}
            <Muted as="span">
              of <NumberText value={stats.total_users} />
            </Muted>
          </dd>
        </Figure>
        <Figure>
          <dt>Sign-ins</dt>
          <dd>
            <NumberText value={totalSignIns} />
          </dd>
        </Figure>
        <Figure>
          <dt>Failed sign-ins</dt>
          <dd>
            <NumberText value={totalFailed} />
          </dd>
        </Figure>
      </Summary>

      <Panel aria-labelledby="usage-sign-ins">
        <h2 id="usage-sign-ins">Sign-ins per day</h2>
        <Muted>Newest first; days without sign-ins are left out.</Muted>
        {daysWithActivity.length === 0 ? (
          <Muted>No sign-ins in this period.</Muted>
        ) : (
          <Table aria-labelledby="usage-sign-ins">
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col" className="num">
                  Sign-ins
                </th>
                <th scope="col" className="num">
                  Failed
                </th>
                <th scope="col" aria-hidden="true" />
              </tr>
            </thead>
            <tbody>
              {daysWithActivity.map((day) => (
                <tr key={day.date}>
                  <td>{formatDay(day.date)}</td>
                  <td className="num">
                    <NumberText value={day.sign_ins} />
                  </td>
                  <td className="num">
                    <NumberText value={day.failed} />
                  </td>
                  <td aria-hidden="true" style={{ width: '40%' }}>
                    <Bar style={{ width: `${(day.sign_ins / peak) * 100}%` }} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Panel>

      <Panel aria-labelledby="usage-pages">
        <h2 id="usage-pages">Most visited pages</h2>
        {stats.most_visited_pages.length === 0 ? (
          <Muted>No page visits recorded yet.</Muted>
        ) : (
          <Table aria-labelledby="usage-pages">
            <thead>
              <tr>
                <th scope="col">Page</th>
                <th scope="col">Permission key</th>
                <th scope="col" className="num">
                  Visits
                </th>
              </tr>
            </thead>
            <tbody>
              {stats.most_visited_pages.map((page) => (
                <tr key={`${page.path ?? ''}|${page.permission_key}`}>
                  <td>{pageName(page.path, page.permission_key)}</td>
                  <td>{page.permission_key}</td>
                  <td className="num">
                    <NumberText value={page.visits} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Panel>
    </>
  );
}
