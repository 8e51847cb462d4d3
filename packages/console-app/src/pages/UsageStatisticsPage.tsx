import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import {
  canRead,
  findRoute,
  statisticsEndpoints,
  toPermissionMap,
  type MyActivityResponse,
  type UsageStatisticsResponse,
} from '@staff/console-contract';
import { NumberText } from '@staff/console-ui';
import { AllowedPagesLinks } from '../routes/AllowedPagesLinks.js';
import { useConsoleContext } from '../routes/consoleContext.js';
import { useTexts, useTextsOf, type AppTexts } from '../i18n.js';
import { Muted, RoutePage, withClass } from './PageLayout.js';
import type { PageProps } from './types.js';
import { useEndpoint } from './useEndpoint.js';
import { USAGE_WINDOW_DAYS } from './usageWindow.js';
import { LoadState } from './common/LoadState.js';
import { Panel as BasePanel, Table } from './common/styles.js';
import { TableHead, numColumn, type ColumnHeading } from './common/TableHead.js';
import { USAGE_TEXTS } from './usageTexts.js';
import './usageStatistics.css';

type UsageTexts = AppTexts['usage'];

// The page's blocks on a static sheet (usageStatistics.css), not styled-components: the landing ships none (issue 33).
const Panel = ({ className, ...rest }: ComponentPropsWithoutRef<'section'>) => (
  <BasePanel className={withClass('usage-panel', className)} {...rest} />
);

/** Both calls' window: the same as the route's start of `statistics/me` (registry.ts). */
const WINDOW = { query: { days: USAGE_WINDOW_DAYS } };

/** Your latest sign-ins' columns. */
const signInColumns = (u: UsageTexts): ColumnHeading[] => [u.when, u.result];

/** Your most visited pages' columns. */
const myPageColumns = (u: UsageTexts): ColumnHeading[] => [u.page, numColumn(u.visits)];

/** The team's most visited pages' columns. */
const pageColumns = (u: UsageTexts): ColumnHeading[] => [u.page, u.permissionKey, numColumn(u.visits)];

/** The team's sign-ins per day: the last column is the bar, hidden from screen readers. */
const dayColumns = (u: UsageTexts): ColumnHeading[] => [
  u.day,
  numColumn(u.signIns),
  numColumn(u.failed),
  { label: null, hidden: true },
];

// Dates stay id-ID in both languages, in Asia/Jakarta like the server's days.
const dayFormat = new Intl.DateTimeFormat('id-ID', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Jakarta',
});
const formatDay = (isoDate: string) => {
  const date = new Date(isoDate.length === 10 ? `${isoDate}T00:00:00+07:00` : isoDate);
  return Number.isNaN(date.getTime()) ? isoDate : dayFormat.format(date);
};

function pageName(path: string | null, permissionKey: string, unnamed: (key: string) => string): string {
  if (!path) return unnamed(permissionKey);
  const route = findRoute(path) ?? findRoute(path.endsWith('/') ? path.slice(0, -1) : `${path}/`);
  return route ? route.title : path;
}

const timeFormat = new Intl.DateTimeFormat('id-ID', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Asia/Jakarta',
});
const formatTime = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${timeFormat.format(date)} WIB`;
};

/** Figures as a row of labelled cards. */
function Figures({ label, figures }: { label: string; figures: readonly [string, ReactNode][] }) {
  return (
    <dl className="usage-summary" aria-label={label}>
      {figures.map(([name, value]) => (
        <div className="usage-figure" key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The most visited pages, by the route's title (else the path); the team's also name the permission key. */
function PageVisits({
  labelledBy,
  pages,
  withKey = false,
}: {
  labelledBy: string;
  pages: MyActivityResponse['most_visited_pages'];
  withKey?: boolean;
}) {
  const u = useTexts().usage;
  const { pageNotNamed } = useTextsOf(USAGE_TEXTS);
  return (
    <Table aria-labelledby={labelledBy}>
      <TableHead columns={withKey ? pageColumns(u) : myPageColumns(u)} />
      <tbody>
        {pages.map((page) => (
          <tr key={`${page.path ?? ''}|${page.permission_key}`}>
            <td>{pageName(page.path, page.permission_key, pageNotNamed)}</td>
            {withKey ? <td>{page.permission_key}</td> : null}
            <td className="num">
              <NumberText value={page.visits} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/**
 * Where sign-in lands, so useful to everyone signed in: their own activity (`GET /api/statistics/me`, a session
 * is enough) and the pages they can open; holders of `statistics` also see the team's figures
 * (`GET /api/statistics/usage`, which the server keeps keyed).
 */
export default function UsageStatisticsPage({ route, data }: PageProps<MyActivityResponse>) {
  const { permissions } = useConsoleContext();
  const seesTeam = canRead(toPermissionMap(permissions), route.key);
  // `data`: the route's start of this same call (registry.ts), shown without asking again.
  const { state, reload } = useEndpoint(statisticsEndpoints.me, WINDOW, { preloaded: data });
  const u = useTexts().usage;

  return (
    <RoutePage route={route}>
      <Panel aria-labelledby="usage-mine">
        <h2 id="usage-mine">{u.yourActivity}</h2>
        <LoadState state={state} what={u.yourActivityWhat} loading={u.loadingYourActivity} onRetry={reload}>
          {(activity) => <MyActivity activity={activity} />}
        </LoadState>
      </Panel>
      <Panel>
        <AllowedPagesLinks permissions={permissions} exceptPath={route.path} />
      </Panel>
      {seesTeam ? <TeamStatistics /> : null}
    </RoutePage>
  );
}

function MyActivity({ activity }: { activity: MyActivityResponse }) {
  const signIns = activity.sign_ins_per_day.reduce((sum, d) => sum + d.sign_ins, 0);
  const failed = activity.sign_ins_per_day.reduce((sum, d) => sum + d.failed, 0);
  const visits = activity.most_visited_pages.reduce((sum, p) => sum + p.visits, 0);
  const u = useTexts().usage;
  return (
    <>
      <Muted>{u.lastDays(String(activity.days), formatDay(activity.from))}</Muted>
      <Figures
        label={u.yourFigures}
        figures={[
          [u.yourSignIns, <NumberText value={signIns} />],
          [u.failedOnYourAccount, <NumberText value={failed} />],
          [u.pagesYouOpened, <NumberText value={visits} />],
        ]}
      />
      <h3 id="usage-my-sign-ins">{u.latestSignIns}</h3>
      {activity.recent_sign_ins.length === 0 ? (
        <Muted>{u.noSignInsRecorded}</Muted>
      ) : (
        <Table aria-labelledby="usage-my-sign-ins">
          <TableHead columns={signInColumns(u)} />
          <tbody>
            {activity.recent_sign_ins.map((entry, index) => (
              <tr key={`${entry.at}-${index}`}>
                <td>{formatTime(entry.at)}</td>
                <td>{entry.success ? u.signedIn : u.failedSignIn}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <h3 id="usage-my-pages">{u.yourMostVisited}</h3>
      {activity.most_visited_pages.length === 0 ? (
        <Muted>{u.noPagesOpened}</Muted>
      ) : (
        <PageVisits labelledBy="usage-my-pages" pages={activity.most_visited_pages} />
      )}
    </>
  );
}

/** The team's figures, for holders of `statistics` only. */
function TeamStatistics() {
  const { state, reload } = useEndpoint(statisticsEndpoints.usage, WINDOW);
  const u = useTexts().usage;
  return (
    <section className="usage-team" aria-labelledby="usage-team">
      <h2 id="usage-team">{u.teamActivity}</h2>
      <LoadState state={state} what={u.teamWhat} loading={u.loadingTeam} onRetry={reload}>
        {(stats) => <UsageFigures stats={stats} />}
      </LoadState>
    </section>
  );
}

function UsageFigures({ stats }: { stats: UsageStatisticsResponse }) {
  const days = stats.sign_ins_per_day;
  const totalSignIns = days.reduce((sum, d) => sum + d.sign_ins, 0);
  const totalFailed = days.reduce((sum, d) => sum + d.failed, 0);
  const peak = Math.max(1, ...days.map((d) => d.sign_ins));
  const daysWithActivity = days.filter((d) => d.sign_ins > 0 || d.failed > 0).reverse();
  const nothingRecorded = totalSignIns === 0 && totalFailed === 0 && stats.most_visited_pages.length === 0;
  const u = useTexts().usage;

  return (
    <>
      <Muted>{u.lastDays(String(stats.days), formatDay(stats.from))}</Muted>
      {nothingRecorded ? <Muted role="status">{u.nothingRecorded}</Muted> : null}
      <Figures
        label={u.teamFigures}
        figures={[
          [
            u.activeUsers,
            <>
              <NumberText value={stats.active_users} />{' '}
              <Muted as="span">
                {u.of} <NumberText value={stats.total_users} />
              </Muted>
            </>,
          ],
          [u.signIns, <NumberText value={totalSignIns} />],
          [u.failedSignIns, <NumberText value={totalFailed} />],
        ]}
      />

      <Panel aria-labelledby="usage-sign-ins">
        <h3 id="usage-sign-ins">{u.signInsPerDay}</h3>
        <Muted>{u.newestFirst}</Muted>
        {daysWithActivity.length === 0 ? (
          <Muted>{u.noSignInsInPeriod}</Muted>
        ) : (
          <Table aria-labelledby="usage-sign-ins">
            <TableHead columns={dayColumns(u)} />
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
                    <span className="usage-bar" style={{ width: `${(day.sign_ins / peak) * 100}%` }} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Panel>

      <Panel aria-labelledby="usage-pages">
        <h3 id="usage-pages">{u.mostVisited}</h3>
        {stats.most_visited_pages.length === 0 ? (
          <Muted>{u.noPageVisits}</Muted>
        ) : (
          <PageVisits labelledBy="usage-pages" pages={stats.most_visited_pages} withKey />
        )}
      </Panel>
    </>
  );
}
