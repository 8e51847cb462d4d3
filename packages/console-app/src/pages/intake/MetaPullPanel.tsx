import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { styled } from 'styled-components';
import { intakeEndpoints, type MetaAdAccount, type MetaPullRun } from '@staff/console-contract';
import { formatDateTime, t } from '@staff/console-ui';
import { ApiError } from '../../api/apiError.js';
import { createMetaPullApi } from '../../api/metaPull.js';
import { useServices } from '../../services.js';
import { useEndpoint } from '../useEndpoint.js';
import { useEndpointForm } from '../useEndpointForm.js';
import { PanelLoadState, RunList } from '../common/JobRuns.js';
import { Button, Notice, Toolbar } from '../resources/ui.js';
import { useTextsOf } from '../../i18n.js';
import { INTAKE_TEXTS } from './texts.js';

type PullTexts = (typeof INTAKE_TEXTS)['en']['pull'];

const integer = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });
const grouped = (value: number) => integer.format(value);

/** While a run is queued or running, the list is read again this often. */
const REFRESH_MS = 5_000;

const Section = styled.section`
  display: grid;
  gap: ${t.space2};
  padding: ${t.space3};
  margin-bottom: ${t.space3};
  border: 1px solid ${t.colorBorder};
  border-radius: ${t.radiusSm};
  h2 {
    margin: 0;
    font-size: ${t.fontSizeMd};
  }
  label {
    display: inline-grid;
    gap: 2px;
    font-size: ${t.fontSizeSm};
  }
  input,
  select {
    font: inherit;
    font-size: ${t.fontSizeSm};
  }
  [data-field-error] {
    color: ${t.colorDanger};
    font-size: ${t.fontSizeSm};
  }
`;

const runColumns = ({ columns: c }: PullTexts) => [
  c.requested,
  c.account,
  c.days,
  c.kind,
  c.status,
  c.rows,
  c.pages,
  c.throttled,
  c.error,
];

const runRow = (run: MetaPullRun, texts: PullTexts) => (
  <tr key={run.id}>
    <td>{formatDateTime(run.created_at)}</td>
    <td>{run.ad_account_id}</td>
    <td>
      {run.since} – {run.until}
    </td>
    <td>{texts.trigger[run.trigger]}</td>
    <td data-status={run.status}>{texts.status[run.status]}</td>
    <td>
      {grouped(run.rows_written)} / {grouped(run.rows_read)}
    </td>
    <td>{grouped(run.pages)}</td>
    <td>{grouped(run.throttled_waits)}</td>
    <td>{run.last_error ?? ''}</td>
  </tr>
);

type State =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; accounts: MetaAdAccount[]; runs: MetaPullRun[] };

/** Which action's outcome is shown: each shows its own refusal. */
type Action = 'pull' | 'backfill' | 'add';

/**
 * "Pull from Meta" on Master Ad Campaign: the ad accounts the Marketing API pull reads, "pull now", a backfill
 * range and the recent runs with their status, rows and error. Writers act; readers see the runs.
 */
export function MetaPullPanel({ writable }: { writable: boolean }) {
  const services = useServices();
  const texts = useTextsOf(INTAKE_TEXTS).pull;
  const api = useMemo(() => createMetaPullApi(services.api), [services.api]);
  const accountsLoad = useEndpoint(intakeEndpoints.pullAccounts, {});
  const runsLoad = useEndpoint(intakeEndpoints.pullRuns, { query: { limit: 10 } });
  // Shown together: the first failure, else loading until both have answered.
  const failed = [accountsLoad.state, runsLoad.state].find((load) => load.status === 'error');
  const state: State = failed
    ? { kind: 'error', message: ApiError.from(failed.error).message || texts.loadFailed }
    : accountsLoad.state.status === 'ready' && runsLoad.state.status === 'ready'
      ? { kind: 'ready', accounts: accountsLoad.state.data.data, runs: runsLoad.state.data.data }
      : { kind: 'loading' };
  const { reload: reloadAccounts } = accountsLoad;
  const { reload: reloadRuns } = runsLoad;
  /** Reads the accounts and the runs again: quietly over what is shown, as loading after a failure. */
  const reload = useCallback(() => {
    reloadAccounts();
    reloadRuns();
  }, [reloadAccounts, reloadRuns]);
  const [chosenAccount, setChosenAccount] = useState<number | null>(null);
  const accountId = chosenAccount ?? (state.kind === 'ready' ? (state.accounts[0]?.id ?? null) : null);
  const [pulling, setPulling] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [pullFailure, setPullFailure] = useState<string | null>(null);
  const [last, setLast] = useState<Action | null>(null);

  const active =
    state.kind === 'ready' && state.runs.some((run) => run.status === 'queued' || run.status === 'running');
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(reload, REFRESH_MS);
    return () => clearInterval(timer);
  }, [active, reload]);

  /** Starts an action: the last outcome goes; the runs are read again once it is answered. */
  const begin = (action: Action) => {
    setLast(action);
    setMessage(null);
    setPullFailure(null);
  };
  const answered = (done: string) => () => {
    setMessage(done);
    reload();
  };
  const refused = () => reload();

  /** "Pull now": no input, so no form; a refusal is shown as the panel's notice. */
  const pullNow = (id: number) => {
    begin('pull');
    setPulling(true);
    api
      .start(id)
      .then(answered(texts.pullQueued), (failure: unknown) =>
        setPullFailure(ApiError.from(failure).message || texts.loadFailed),
      )
      .finally(() => {
        setPulling(false);
        reload();
      });
  };

  /** A backfill range: the server's messages beside the dates (useEndpointForm). */
  const backfill = useEndpointForm(intakeEndpoints.startPull, {
    initial: { since: '', until: '' },
    input: { params: { id: accountId ?? 0 } },
    onSaved: answered(texts.backfillQueued),
    onFailed: refused,
  });
  /** A new ad account; the access token is cleared once sent, whatever the answer. */
  const adding = useEndpointForm(intakeEndpoints.addPullAccount, {
    initial: { name: '', ad_account_id: '', access_token: '' },
    onSaved: answered(texts.accountSaved),
    onFailed: refused,
  });
  const addAccount = (event: FormEvent) => {
    begin('add');
    void adding.submit(event);
    adding.setValues((current) => ({ ...current, access_token: '' }));
  };

  const busy = pulling || backfill.submitting || adding.submitting;
  const rangeErrors = last === 'backfill' ? backfill.errors : {};
  const accountErrors = last === 'add' ? adding.errors : {};
  const failure =
    last === 'pull'
      ? pullFailure
      : last === 'backfill'
        ? backfill.formError
        : last === 'add'
          ? adding.formError
          : null;

  const accounts = state.kind === 'ready' ? state.accounts : [];
  return (
    <Section aria-labelledby="meta-pull-title" data-meta-pull="">
      <h2 id="meta-pull-title">{texts.title}</h2>
      <PanelLoadState state={state} loading={texts.loading} onRetry={reload}>
        {({ runs }) => (
          <>
            {accounts.length === 0 ? (
              <Notice role="note">
                {texts.noAccount}
                {writable ? texts.addOneBelow : '.'}
              </Notice>
            ) : writable ? (
              <Toolbar>
                <label>
                  {texts.adAccount}
                  <select
                    value={accountId ?? ''}
                    onChange={(event) => setChosenAccount(Number(event.target.value))}
                    disabled={busy}
                  >
                    {accounts.map((account) => (
                      <option key={account.id} value={account.id}>
                        {account.name} ({account.ad_account_id}){account.pull_enabled ? '' : texts.dailyOff}
                      </option>
                    ))}
                  </select>
                </label>
                <Button
                  type="button"
                  data-kind="primary"
                  disabled={busy || accountId === null}
                  onClick={() => pullNow(accountId!)}
                >
                  {texts.pullNow}
                </Button>
                <label>
                  {texts.backfillFrom}
                  <input
                    type="date"
                    value={backfill.values.since}
                    onChange={(event) => backfill.set('since', event.target.value)}
                    aria-invalid={rangeErrors.since ? true : undefined}
                    aria-describedby={rangeErrors.since ? 'meta-pull-since-error' : undefined}
                  />
                </label>
                <label>
                  {texts.to}
                  <input
                    type="date"
                    value={backfill.values.until}
                    onChange={(event) => backfill.set('until', event.target.value)}
                    aria-invalid={rangeErrors.until ? true : undefined}
                    aria-describedby={rangeErrors.until ? 'meta-pull-until-error' : undefined}
                  />
                </label>
                <Button
                  type="button"
                  disabled={busy || accountId === null || !backfill.values.since || !backfill.values.until}
                  onClick={() => {
                    begin('backfill');
                    void backfill.submit();
                  }}
                >
                  {texts.backfill}
                </Button>
                <Button type="button" onClick={reload} disabled={busy}>
                  {texts.refresh}
                </Button>
              </Toolbar>
            ) : null}
            {rangeErrors.since ? (
              <span id="meta-pull-since-error" data-field-error="">
                {texts.fromField(rangeErrors.since)}
              </span>
            ) : null}
            {rangeErrors.until ? (
              <span id="meta-pull-until-error" data-field-error="">
                {texts.toField(rangeErrors.until)}
              </span>
            ) : null}
            {failure ? (
              <Notice role="alert" data-tone="warning">
                {failure}
              </Notice>
            ) : null}
            {message ? <Notice role="status">{message}</Notice> : null}
            {writable ? (
              <form onSubmit={addAccount} aria-label={texts.addAccount}>
                <Toolbar>
                  <label>
                    {texts.name}
                    <input
                      required
                      maxLength={120}
                      value={adding.values.name}
                      onChange={(event) => adding.set('name', event.target.value)}
                      aria-invalid={accountErrors.name ? true : undefined}
                    />
                  </label>
                  <label>
                    {texts.adAccountId}
                    <input
                      required
                      placeholder={texts.adAccountIdExample}
                      pattern="act_[0-9]{6,24}"
                      value={adding.values.ad_account_id}
                      onChange={(event) => adding.set('ad_account_id', event.target.value)}
                      aria-invalid={accountErrors.ad_account_id ? true : undefined}
                    />
                  </label>
                  <label>
                    {texts.accessToken}
                    <input
                      required
                      type="password"
                      autoComplete="off"
                      value={adding.values.access_token}
                      onChange={(event) => adding.set('access_token', event.target.value)}
                      aria-invalid={accountErrors.access_token ? true : undefined}
                    />
                  </label>
                  <Button type="submit" disabled={busy}>
                    {texts.addAccountButton}
                  </Button>
                </Toolbar>
                {accountErrors.ad_account_id ? (
                  <span data-field-error="">{texts.adAccountIdField(accountErrors.ad_account_id)}</span>
                ) : null}
                {/* The name and token have no message of their own: the server's (translated) as it is. */}
                {accountErrors.name ? <span data-field-error="">{accountErrors.name}</span> : null}
                {accountErrors.access_token ? (
                  <span data-field-error="">{accountErrors.access_token}</span>
                ) : null}
              </form>
            ) : null}
            <RunList
              rows={runs}
              empty={texts.noPulls}
              label={texts.recent}
              columns={runColumns(texts)}
              row={(run) => runRow(run, texts)}
            />
          </>
        )}
      </PanelLoadState>
    </Section>
  );
}
