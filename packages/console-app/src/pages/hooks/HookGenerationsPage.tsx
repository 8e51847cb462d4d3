import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { styled } from 'styled-components';
import {
  HOOK_COUNT_MAX,
  HOOK_COUNT_MIN,
  ROUTES,
  canWrite,
  hookGenerations,
  localizeEntity,
  products,
  resourcesEndpoints,
  toPermissionMap,
  translateMessage,
  type HookGeneration,
  type HookStreamEvent,
} from '@staff/console-contract';
import { Button, HookPicker, type HookPickerStatus, formatNumber, t, useHookPicker } from '@staff/console-ui';
import { ApiError } from '../../api/apiError.js';
import { createHookGenerationsApi } from '../../api/hookGenerations.js';
import { listInput } from '../../api/resources.js';
import { useLanguage, useTextsOf } from '../../i18n.js';
import { useConsoleContext } from '../../routes/consoleContext.js';
import { useServices } from '../../services.js';
import { Muted } from '../PageLayout.js';
import { FieldRow, InputField, SelectField, TextAreaField } from '../common/FormField.js';
import { Panel as BasePanel, controlCss, fieldsCss } from '../common/styles.js';
import ResourcePage from '../resources/ResourcePage.js';
import type { LoadedList } from '../resources/loadList.js';
import type { PageProps } from '../types.js';
import { useEndpoint } from '../useEndpoint.js';
import { HOOK_TEXTS } from './texts.js';

type HookTexts = (typeof HOOK_TEXTS)['en'];
type FailureCode = keyof HookTexts['failure'];

const MASTER_AD_CREATIVE = ROUTES.find((route) => route.id === 'master-ad-creative')!;

// Money is whole rupiah, numbers id-ID in both languages.
const idr = new Intl.NumberFormat('id-ID', { style: 'currency', currency: 'IDR', maximumFractionDigits: 0 });

/** What went wrong in the user's words, then the server's own (already in the user's language), and bad fields. */
function failureText(
  texts: HookTexts,
  code: string | undefined,
  message: string,
  fields?: Record<string, string[]>,
) {
  const known = code && code in texts.failure ? texts.failure[code as FailureCode] : null;
  const fieldText = Object.values(fields ?? {})
    .flat()
    .join(' ');
  return [known ?? (fields ? null : texts.failure.other), message, fieldText].filter(Boolean).join(' ');
}

interface Run {
  status: HookPickerStatus;
  expected: number;
  hooks: { text: string; formula: string }[];
  generation: HookGeneration | null;
  error: string | null;
}

/**
 * The brief (product, audience, pain point, formula, language, model, N) → Generate: the hooks stream in one by
 * one, each with its formula; pick and edit them, then keep them on the generation or send them to Master Ad
 * Creative as drafts.
 */
function HookGenerator() {
  const services = useServices();
  const texts = useTextsOf(HOOK_TEXTS);
  const { language } = useLanguage();
  const def = useMemo(() => localizeEntity(hookGenerations, language), [language]);
  const fieldOf = (name: string) => def.fields.find((field) => field.name === name)!;
  const formulaOptions = fieldOf('formula').options ?? [];
  const languageOptions = (fieldOf('language').options ?? []) as { value: 'id' | 'en'; label: string }[];
  const api = useMemo(
    () => createHookGenerationsApi(services.api, services.token, services.api.defaults.baseURL ?? ''),
    [services],
  );

  const listed = useEndpoint(
    resourcesEndpoints.list,
    listInput(products, { limit: 500, sort: { field: 'name', direction: 'asc' } }),
  );
  const productOptions = useMemo(
    () => listed.data?.rows.map((row) => ({ value: String(row.id), label: String(row.name) })) ?? null,
    [listed.data],
  );
  const productsError = listed.error?.message || null;
  // The first product until one is chosen.
  const [chosenProduct, setChosenProduct] = useState('');
  const productId = chosenProduct || (productOptions?.[0]?.value ?? '');
  const [audience, setAudience] = useState('');
  const [pain, setPain] = useState('');
  const [formula, setFormula] = useState(formulaOptions[0]?.value ?? 'question');
  const [hookLanguage, setHookLanguage] = useState<'id' | 'en'>('id');
  const [model, setModel] = useState('');
  const [count, setCount] = useState('5');
  const [run, setRun] = useState<Run>({
    status: 'empty',
    expected: 0,
    hooks: [],
    generation: null,
    error: null,
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: 'kept' | 'sent'; n: number } | null>(null);
  const picker = useHookPicker();
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const formulaLabel = (value: string) =>
    formulaOptions.find((option) => option.value === value)?.label ?? value;
  const streaming = run.status === 'streaming';

  const onEvent = (event: HookStreamEvent) => {
    switch (event.event) {
      case 'start':
        return setRun((current) => ({ ...current, expected: event.data.count }));
      case 'hook':
        return setRun((current) => ({
          ...current,
          hooks: [...current.hooks, { text: event.data.text, formula: formulaLabel(event.data.formula) }],
        }));
      case 'done':
        return setRun((current) => ({ ...current, status: 'done', generation: event.data }));
      case 'failed':
        return setRun((current) => ({
          ...current,
          status: 'error',
          error: failureText(texts, event.data.code, translateMessage(event.data.message, language)),
        }));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setFormError(null);
    setOutcome(null);
    picker.reset();
    const wanted = Number(count);
    setRun({ status: 'streaming', expected: wanted, hooks: [], generation: null, error: null });
    api
      .generate(
        {
          product_id: Number(productId),
          target_audience: audience,
          pain_point: pain,
          formula,
          language: hookLanguage,
          model,
          count: wanted,
        },
        onEvent,
        controller.signal,
      )
      .then(
        // A stream that ended without done or failed (the connection closed) is a break-off.
        () =>
          setRun((current) =>
            current.status === 'streaming'
              ? { ...current, status: 'error', error: texts.failure.UPSTREAM_BROKEN }
              : current,
          ),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          const { message, code, fields } = ApiError.from(error);
          const text = failureText(texts, code, message, fields);
          setRun((current) => ({ ...current, status: 'error', error: text }));
          if (fields) setFormError(text);
        },
      );
  };

  const pick = (sendToDrafts: boolean) => {
    const generation = run.generation;
    if (!generation) return;
    const hooks = picker.texts(run.hooks);
    setSending(true);
    setOutcome(null);
    api.pick(generation.id, { version: generation.version, hooks, send_to_drafts: sendToDrafts }).then(
      (answer) => {
        setSending(false);
        setRun((current) => ({ ...current, generation: answer.generation }));
        setOutcome({
          kind: sendToDrafts ? 'sent' : 'kept',
          n: sendToDrafts ? answer.drafts.length : hooks.length,
        });
      },
      (error: unknown) => {
        setSending(false);
        const { message, code, fields } = ApiError.from(error);
        setRun((current) => ({
          ...current,
          error: [texts.failure.pick, failureText(texts, code, message, fields)].join(' '),
        }));
      },
    );
  };

  const b = texts.brief;
  const r = texts.results;
  const picked = picker.texts(run.hooks).length;
  const generation = run.generation;
  return (
    <>
      <Panel as="form" onSubmit={submit} aria-labelledby="hook-brief-title">
        <h2 id="hook-brief-title">{b.title}</h2>
        <div className="fields">
          <FieldRow id="hook-product" label={fieldOf('product_id').label}>
            <select
              id="hook-product"
              value={productId}
              required
              onChange={(event) => setChosenProduct(event.target.value)}
              disabled={!productOptions || productOptions.length === 0}
            >
              {productOptions === null ? <option value="">{b.loading}</option> : null}
              {productOptions?.length === 0 ? <option value="">{b.noProducts}</option> : null}
              {productOptions?.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </FieldRow>
          <InputField
            id="hook-audience"
            label={fieldOf('target_audience').label}
            value={audience}
            required
            maxLength={200}
            placeholder={fieldOf('target_audience').placeholder}
            onValueChange={setAudience}
          />
          <SelectField
            id="hook-formula"
            label={fieldOf('formula').label}
            value={formula}
            onValueChange={setFormula}
            options={formulaOptions}
          />
          <SelectField
            id="hook-language"
            label={fieldOf('language').label}
            value={hookLanguage}
            onValueChange={setHookLanguage}
            options={languageOptions}
          />
          <InputField id="hook-model" label={b.model} value={model} maxLength={60} onValueChange={setModel} />
          <InputField
            id="hook-count"
            label={b.count}
            type="number"
            min={HOOK_COUNT_MIN}
            max={HOOK_COUNT_MAX}
            required
            value={count}
            onValueChange={setCount}
          />
          <TextAreaField
            id="hook-pain"
            label={fieldOf('pain_point').label}
            wide
            required
            value={pain}
            maxLength={1000}
            rows={2}
            onValueChange={setPain}
          />
        </div>
        {productsError ? <p role="alert">{productsError}</p> : null}
        {formError ? <p role="alert">{formError}</p> : null}
        <div>
          <Button kind="primary" type="submit" disabled={streaming || sending || !productId}>
            {streaming ? b.generating : b.generate}
          </Button>
        </div>
      </Panel>

      <Panel aria-labelledby="hook-results-title">
        <h2 id="hook-results-title">{r.title}</h2>
        <HookPicker
          status={run.status}
          hooks={run.hooks}
          expected={run.expected}
          selection={picker.selection}
          onSelectionChange={picker.setSelection}
          {...(run.error ? { error: run.error } : {})}
          disabled={sending || run.status !== 'done'}
        />
        {generation ? (
          <Muted>
            {r.usage(
              generation.model,
              formatNumber(generation.prompt_tokens ?? 0),
              formatNumber(generation.completion_tokens ?? 0),
              generation.cost_idr === null ? r.costUnknown : idr.format(generation.cost_idr),
            )}
          </Muted>
        ) : null}
        {run.status === 'done' ? (
          <div className="actions">
            <Button disabled={sending || picked === 0} onClick={() => pick(false)}>
              {r.keep}
            </Button>
            <Button kind="primary" disabled={sending || picked === 0} onClick={() => pick(true)}>
              {sending ? r.sending : r.send}
            </Button>
          </div>
        ) : null}
        {outcome ? (
          <p role="status" className="outcome">
            {outcome.kind === 'sent' ? r.sent(outcome.n) : r.kept(outcome.n)}{' '}
            {outcome.kind === 'sent' ? <Link to={MASTER_AD_CREATIVE.path}>{r.openDrafts}</Link> : null}
          </p>
        ) : null}
      </Panel>
    </>
  );
}

/** Hook Generations: the generator (for those who may write the page) above the list of past generations. */
export default function HookGenerationsPage(props: PageProps<LoadedList>) {
  const { permissions } = useConsoleContext();
  const writable = canWrite(toPermissionMap(permissions), props.route.key);
  // Readers see the list alone (it says they may only read).
  return (
    <>
      {writable ? <HookGenerator /> : null}
      <ResourcePage {...props} />
    </>
  );
}

const Panel = styled(BasePanel)`
  [role='alert'] {
    margin: 0;
    padding: ${t.space2} ${t.space3};
    border-radius: ${t.radiusSm};
    background: ${t.colorDangerSoft};
    color: ${t.colorDanger};
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: ${t.space2};
  }
  .outcome {
    margin: 0;
  }
  ${fieldsCss}
  input,
  select,
  textarea {
    ${controlCss}
    font-size: ${t.fontSizeMd};
  }
`;
