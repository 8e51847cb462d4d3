import { useState, type FormEvent } from 'react';
import { botsEndpoints } from '@staff/console-contract';
import { Button } from '@staff/console-ui';
import { useEndpointForm } from '../useEndpointForm.js';
import type { BotTestResult } from './botsApi.js';
import { FieldMessage, Panel, type BotsTexts } from './botParts.js';

/** The tester's inputs: the picker's local time is read as Jakarta time (UTC+7, no daylight saving). */
const testOf = (values: { text: string; name: string; at: string }) => ({
  text: values.text,
  ...(values.name ? { name: values.name } : {}),
  ...(values.at ? { at: `${values.at}:00+07:00` } : {}),
});

/** "What would the bot say": a customer's message (and name and time) tried against the number's rules. */
export function BotTester({ registryId, texts }: { registryId: number; texts: BotsTexts['tester'] }) {
  const [result, setResult] = useState<BotTestResult | null>(null);
  const form = useEndpointForm(botsEndpoints.test, {
    initial: { text: '', name: '', at: '' },
    toBody: testOf,
    input: { params: { registry_id: registryId } },
    onSaved: (answer) => setResult(answer.data),
  });
  const { values, set, errors } = form;

  return (
    <Panel aria-labelledby="bot-tester">
      <h2 id="bot-tester">{texts.title}</h2>
      <form className="grid" onSubmit={(event: FormEvent) => void form.submit(event)}>
        <label className="wide">
          <span>{texts.message}</span>
          <input value={values.text} onChange={(event) => set('text', event.target.value)} />
          <FieldMessage text={errors.text} />
        </label>
        <label>
          <span>{texts.name}</span>
          <input value={values.name} onChange={(event) => set('name', event.target.value)} />
          <FieldMessage text={errors.name} />
        </label>
        <label>
          <span>{texts.at}</span>
          <input
            type="datetime-local"
            value={values.at}
            onChange={(event) => set('at', event.target.value)}
          />
          <FieldMessage text={errors.at} />
        </label>
        {form.formError ? (
          <p role="alert" className="wide">
            {form.formError}
          </p>
        ) : null}
        <div className="wide buttons">
          <Button type="submit" disabled={form.submitting}>
            {texts.run}
          </Button>
        </div>
      </form>
      {result ? (
        <output className="result" aria-live="polite">
          <p>
            {texts.normalised} <code>{result.normalised}</code> ·{' '}
            {result.within_business_hours ? texts.inHours : texts.outOfHours}
          </p>
          {result.rule ? (
            <>
              <p>
                {texts.rule} <strong>{result.rule.name}</strong>:{' '}
                {result.action === 'handover' ? texts.handedOver : texts.replies}
                {result.reply ? ` "${result.reply}"` : ''}
              </p>
              {result.keyword ? <p>{texts.keyword(result.keyword)}</p> : null}
            </>
          ) : (
            <p>{texts.noRule}</p>
          )}
        </output>
      ) : null}
    </Panel>
  );
}
