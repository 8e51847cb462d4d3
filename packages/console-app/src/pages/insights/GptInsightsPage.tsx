import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { styled } from 'styled-components';
import {
  INSIGHT_SCOPES,
  INSIGHT_SCOPE_LABELS,
  canWrite,
  insightsEndpoints,
  toPermissionMap,
  type Insight,
  type InsightScope,
  type InsightStreamEvent,
} from '@staff/console-contract';
import { Button, MarkdownText, NumberText, t } from '@staff/console-ui';
import { ApiError } from '../../api/apiError.js';
import { createInsightsApi } from '../../api/insights.js';
import { useConsoleContext } from '../../routes/consoleContext.js';
import { useServices } from '../../services.js';
import { Muted, RoutePage } from '../PageLayout.js';
import {
  DateRangeFields,
  FieldRow,
  InputField,
  SelectField,
  TextAreaField,
  type FieldOption,
} from '../common/FormField.js';
import { Panel as BasePanel, Table, controlCss, fieldsCss } from '../common/styles.js';
import type { PageProps } from '../types.js';
import { useEndpoint } from '../useEndpoint.js';
import { addDays, jakartaDay } from '../meetings/jakartaDays.js';
import { TableHead, numColumn, type ColumnHeading } from '../common/TableHead.js';
import { useTextsOf } from '../../i18n.js';
import { INSIGHT_TEXTS } from './texts.js';

type InsightTexts = (typeof INSIGHT_TEXTS)['en'];

/** The past insights' columns. */
const pastColumns = ({ past: { columns: c } }: InsightTexts): ColumnHeading[] => [
  c.when,
  c.about,
  c.range,
  c.status,
  numColumn(c.tokens),
  numColumn(c.cost),
  { label: <span className="sr">{c.actions}</span> },
];

interface Run {
  id: number | null;
  status: 'running' | 'done' | 'failed';
  answer: string;
  error: string | null;
  insight: Insight | null;
}

const SCOPE_OPTIONS: FieldOption<InsightScope>[] = INSIGHT_SCOPES.map((value) => ({
  value,
  label: INSIGHT_SCOPE_LABELS[value],
}));

// Numbers stay id-ID in both languages; the model is billed in US dollars.
const usd = new Intl.NumberFormat('id-ID', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 4,
  maximumFractionDigits: 6,
});
const when = new Intl.DateTimeFormat('id-ID', {
  timeZone: 'Asia/Jakarta',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The server's words, and those of the fields it refused (a run's 400 names the bad input). */
const messageOf = (error: unknown, texts: InsightTexts) => {
  const { message, fields } = ApiError.from(error);
  const fieldText = Object.values(fields ?? {})
    .flat()
    .join(' ');
  return [message || texts.requestFailed, fieldText].filter(Boolean).join(': ');
};

/**
 * GPT Insights: a scope and a range → the server snapshots the report figures, asks the language model and streams
 * its answer here (markdown rendered safely); past insights are searchable and can be run again.
 */
export default function GptInsightsPage({ route }: PageProps) {
  const services = useServices();
  const texts = useTextsOf(INSIGHT_TEXTS);
  const { permissions } = useConsoleContext();
  const writable = canWrite(toPermissionMap(permissions), route.key);
  const api = useMemo(
    () => createInsightsApi(services.api, services.token, services.api.defaults.baseURL ?? ''),
    [services],
  );

  const today = jakartaDay(new Date());
  const [scope, setScope] = useState<InsightScope>('campaign');
  const scopes = useEndpoint(insightsEndpoints.scopes, { query: { scope } });
  const scopeOptions = scopes.state.status === 'ready' ? scopes.state.data.options : null;
  const [chosenId, setScopeId] = useState('');
  // The person's choice while the scope offers it, else the scope's first option.
  const scopeId = scopeOptions?.some((option) => option.id === chosenId)
    ? chosenId
    : (scopeOptions?.[0]?.id ?? '');
  const optionsError = scopes.error ? messageOf(scopes.error, texts) : null;
  const [from, setFrom] = useState(addDays(today, -7));
  const [to, setTo] = useState(addDays(today, -1));
  const [question, setQuestion] = useState('');
  const [run, setRun] = useState<Run | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const [search, setSearch] = useState('');
  // Asked once the typing pauses.
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);
  const past = useEndpoint(insightsEndpoints.list, { query: query ? { q: query } : {} });

  const onEvent = (event: InsightStreamEvent) => {
    setRun((current) => {
      const base: Run = current ?? { id: null, status: 'running', answer: '', error: null, insight: null };
      switch (event.event) {
        case 'start':
          return { ...base, id: event.data.id };
        case 'delta':
          return { ...base, answer: base.answer + event.data.content };
        case 'done':
          return { ...base, status: 'done', answer: event.data.answer, insight: event.data };
        case 'failed':
          return { ...base, status: 'failed', error: event.data.message };
      }
    });
  };

  const start = (call: () => Promise<void>) => {
    setFormError(null);
    setRun({ id: null, status: 'running', answer: '', error: null, insight: null });
    call()
      .catch((error: unknown) => {
        setRun(null);
        setFormError(messageOf(error, texts));
      })
      .finally(() => past.reload());
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    start(() => api.run({ scope, scope_id: scopeId, from, to, question }, { onEvent }));
  };

  const open = (id: number) => {
    setFormError(null);
    api.get(id).then(
      (insight) =>
        setRun({
          id: insight.id,
          status: insight.status,
          answer: insight.answer,
          error: insight.error,
          insight,
        }),
      (error: unknown) => setFormError(messageOf(error, texts)),
    );
  };

  const running = run?.status === 'running';
  const { form: f, answer: a, past: p } = texts;

  return (
    <RoutePage route={route} description={texts.description}>
      {writable ? (
        <Panel as="form" onSubmit={submit} aria-labelledby="insight-form-title">
          <h2 id="insight-form-title">{f.title}</h2>
          <div className="fields">
            <SelectField
              id="insight-scope"
              label={f.scope}
              value={scope}
              onValueChange={setScope}
              options={SCOPE_OPTIONS}
            />
            <FieldRow id="insight-scope-id" label={INSIGHT_SCOPE_LABELS[scope]}>
              <select
                id="insight-scope-id"
                value={scopeId}
                onChange={(event) => setScopeId(event.target.value)}
                disabled={!scopeOptions || scopeOptions.length === 0}
              >
                {scopeOptions === null ? <option value="">{f.loading}</option> : null}
                {scopeOptions?.length === 0 ? <option value="">{f.none}</option> : null}
                {scopeOptions?.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.label}
                  </option>
                ))}
              </select>
            </FieldRow>
            <DateRangeFields
              id="insight"
              labels={f}
              from={from}
              to={to}
              onFromChange={setFrom}
              onToChange={setTo}
            />
            <TextAreaField
              id="insight-question"
              label={f.question}
              wide
              value={question}
              maxLength={1000}
              rows={2}
              onValueChange={setQuestion}
            />
          </div>
          {optionsError ? <p role="alert">{optionsError}</p> : null}
          {formError ? <p role="alert">{formError}</p> : null}
          <div>
            <Button kind="primary" type="submit" disabled={running || !scopeId}>
              {running ? f.asking : f.ask}
            </Button>
          </div>
        </Panel>
      ) : (
        <Muted>{texts.readOnly}</Muted>
      )}

      {run ? (
        <Panel aria-labelledby="insight-answer-title" aria-live="polite">
          <div className="head">
            <h2 id="insight-answer-title">
              {run.insight
                ? `${INSIGHT_SCOPE_LABELS[run.insight.scope]}: ${run.insight.scope_label} · ${run.insight.from} – ${run.insight.to}`
                : a.title}
            </h2>
            <span className="status" data-status={run.status}>
              {run.status === 'running' ? a.streaming : run.status === 'done' ? a.done : a.failed}
            </span>
          </div>
          {run.error ? <p role="alert">{run.error}</p> : null}
          <MarkdownText
            text={run.answer}
            streaming={run.status === 'running'}
            emptyText={run.status === 'failed' ? a.noAnswer : a.waiting}
          />
          {run.insight && run.status === 'done' ? (
            <Muted>
              {run.insight.model} · <NumberText value={run.insight.prompt_tokens ?? 0} /> {a.prompt} +{' '}
              <NumberText value={run.insight.completion_tokens ?? 0} /> {a.answerTokens} ·{' '}
              {run.insight.cost_usd === null ? a.costUnknown : usd.format(run.insight.cost_usd)}
            </Muted>
          ) : null}
          {run.insight && writable ? (
            <div>
              <Button disabled={running} onClick={() => start(() => api.rerun(run.insight!.id, { onEvent }))}>
                {a.runAgain}
              </Button>
            </div>
          ) : null}
        </Panel>
      ) : null}

      <Panel aria-labelledby="insight-past-title">
        <h2 id="insight-past-title">{p.title}</h2>
        <InputField
          id="insight-search"
          label={p.search}
          type="search"
          value={search}
          placeholder={p.searchHint}
          onValueChange={setSearch}
        />
        {past.error ? (
          <p role="alert">{messageOf(past.error, texts)}</p>
        ) : past.data === undefined ? (
          <p role="status">{p.loading}</p>
        ) : past.data.rows.length === 0 ? (
          <Muted>{search ? p.noMatch : p.none}</Muted>
        ) : (
          <Table>
            <TableHead columns={pastColumns(texts)} />
            <tbody>
              {past.data.rows.map((row) => (
                <tr key={row.id}>
                  <td>{when.format(new Date(row.created_at))}</td>
                  <td>
                    {INSIGHT_SCOPE_LABELS[row.scope]}: {row.scope_label}
                    {row.created_by ? <Muted as="span"> · {row.created_by}</Muted> : null}
                  </td>
                  <td>
                    {row.from} – {row.to}
                  </td>
                  <td>{p.status[row.status]}</td>
                  <td className="num">
                    {row.prompt_tokens === null ? (
                      '-'
                    ) : (
                      <NumberText value={(row.prompt_tokens ?? 0) + (row.completion_tokens ?? 0)} />
                    )}
                  </td>
                  <td className="num">{row.cost_usd === null ? '-' : usd.format(row.cost_usd)}</td>
                  <td>
                    <Button kind="ghost" onClick={() => open(row.id)} aria-label={p.openOf(String(row.id))}>
                      {p.open}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Panel>
    </RoutePage>
  );
}

const Panel = styled(BasePanel)`
  .head {
    display: flex;
    flex-wrap: wrap;
    gap: ${t.space2};
    align-items: baseline;
    justify-content: space-between;
  }
  .status[data-status='failed'],
  [role='alert'] {
    color: ${t.colorDanger};
  }
  [role='alert'] {
    margin: 0;
    padding: ${t.space2} ${t.space3};
    border-radius: ${t.radiusSm};
    background: ${t.colorDangerSoft};
  }
  ${fieldsCss}
  input,
  select,
  textarea {
    ${controlCss}
    font-size: ${t.fontSizeMd};
  }
`;
