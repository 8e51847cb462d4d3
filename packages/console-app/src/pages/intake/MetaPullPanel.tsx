import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { styled } from 'styled-components';
import type { MetaAdAccount, MetaPullRun } from '@staff/console-contract';
import { formatDateTime, t } from '@staff/console-ui';
import { ApiError } from '../../api/apiError.js';
import { createMetaPullApi } from '../../api/metaPull.js';
import { useServices } from '../../services.js';
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

const fieldError = (error: ApiError | null, field: string) => error?.fields?.[`body.${field}`]?.[0] ?? null;

/**
 * "Pull from Meta" on Master Ad Campaign: the ad accounts the Marketing API pull reads, "pull now", a backfill
 * range and the recent runs with their status, rows and error. Writers act; readers see the runs.
 */
export function MetaPullPanel({ writable }: { writable: boolean }) {
  const services = useServices();
  const texts = useTextsOf(INTAKE_TEXTS).pull;
  const api = useMemo(() => createMetaPullApi(services.api), [services.api]);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [accountId, setAccountId] = useState<number | null>(null);
  const [since, setSince] = useState('');
  const [until, setUntil] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [newAccount, setNewAccount] = useState({ name: '', ad_account_id: '', access_token: '' });

  const fetchAll = useCallback(
    () =>
      Promise.all([api.accounts(), api.runs()]).then(
        ([accounts, runs]) => {
          setState({ kind: 'ready', accounts, runs });
          setAccountId((current) => current ?? accounts[0]?.id ?? null);
        },
        (failure: unknown) =>
          setState({ kind: 'error', message: ApiError.from(failure).message || texts.loadFailed }),
      ),
    [api, texts],
  );
  const reload = () => {
    setState({ kind: 'loading' });
    void fetchAll();
  };
  useEffect(() => {
    void fetchAll();
  }, [fetchAll]);

  const active =
    state.kind === 'ready' && state.runs.some((run) => run.status === 'queued' || run.status === 'running');
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => void fetchAll(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [active, fetchAll]);

  const act = (run: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setMessage(null);
    setError(null);
    run()
      .then(
        () => setMessage(done),
        (failure: unknown) => setError(ApiError.from(failure)),
      )
      .finally(() => {
        setBusy(false);
        void fetchAll();
      });
  };

  const addAccount = (event: FormEvent) => {
    event.preventDefault();
    act(() => api.addAccount(newAccount), texts.accountSaved);
    setNewAccount((current) => ({ ...current, access_token: '' }));
  };

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
                    onChange={(event) => setAccountId(Number(event.target.value))}
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
                  onClick={() => act(() => api.start(accountId!), texts.pullQueued)}
                >
                  {texts.pullNow}
                </Button>
                <label>
                  {texts.backfillFrom}
                  <input
                    type="date"
                    value={since}
                    onChange={(event) => setSince(event.target.value)}
                    aria-invalid={fieldError(error, 'since') ? true : undefined}
                    aria-describedby={fieldError(error, 'since') ? 'meta-pull-since-error' : undefined}
                  />
                </label>
                <label>
                  {texts.to}
                  <input
                    type="date"
                    value={until}
                    onChange={(event) => setUntil(event.target.value)}
                    aria-invalid={fieldError(error, 'until') ? true : undefined}
                    aria-describedby={fieldError(error, 'until') ? 'meta-pull-until-error' : undefined}
                  />
                </label>
                <Button
                  type="button"
                  disabled={busy || accountId === null || !since || !until}
                  onClick={() => act(() => api.start(accountId!, { since, until }), texts.backfillQueued)}
                >
                  {texts.backfill}
                </Button>
                <Button type="button" onClick={reload} disabled={busy}>
                  {texts.refresh}
                </Button>
              </Toolbar>
            ) : null}
            {fieldError(error, 'since') ? (
              <span id="meta-pull-since-error" data-field-error="">
                {texts.fromField(fieldError(error, 'since') ?? '')}
              </span>
            ) : null}
            {fieldError(error, 'until') ? (
              <span id="meta-pull-until-error" data-field-error="">
                {texts.toField(fieldError(error, 'until') ?? '')}
              </span>
            ) : null}
            {error && !error.fields ? (
              <Notice role="alert" data-tone="warning">
                {error.message}
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
                      value={newAccount.name}
                      onChange={(event) => setNewAccount({ ...newAccount, name: event.target.value })}
                    />
                  </label>
                  <label>
                    {texts.adAccountId}
                    <input
                      required
                      placeholder={texts.adAccountIdExample}
                      pattern="act_[0-9]{6,24}"
                      value={newAccount.ad_account_id}
                      onChange={(event) =>
                        setNewAccount({ ...newAccount, ad_account_id: event.target.value })
                      }
                      aria-invalid={fieldError(error, 'ad_account_id') ? true : undefined}
                    />
                  </label>
                  <label>
                    {texts.accessToken}
                    <input
                      required
                      type="password"
                      autoComplete="off"
                      value={newAccount.access_token}
                      onChange={(event) => setNewAccount({ ...newAccount, access_token: event.target.value })}
                    />
                  </label>
                  <Button type="submit" disabled={busy}>
                    {texts.addAccountButton}
                  </Button>
                </Toolbar>
                {fieldError(error, 'ad_account_id') ? (
                  <span data-field-error="">
                    {texts.adAccountIdField(fieldError(error, 'ad_account_id') ?? '')}
                  </span>
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
