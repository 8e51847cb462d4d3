import { useId, useState, type FormEvent } from 'react';
import { botsEndpoints } from '@staff/console-contract';
import { useEndpointForm } from '../useEndpointForm.js';
import { FormSubmit, InputField } from '../common/FormField.js';
import type { BotTestResult } from './botsApi.js';
import { Panel, type BotsTexts } from './botParts.js';

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
  const id = useId();

  return (
    <Panel aria-labelledby="bot-tester">
      <h2 id="bot-tester">{texts.title}</h2>
      <form className="grid" onSubmit={(event: FormEvent) => void form.submit(event)}>
        <InputField
          id={`${id}-text`}
          wide
          label={texts.message}
          value={values.text}
          error={errors.text}
          onValueChange={(value) => set('text', value)}
        />
        <InputField
          id={`${id}-name`}
          label={texts.name}
          value={values.name}
          error={errors.name}
          onValueChange={(value) => set('name', value)}
        />
        <InputField
          id={`${id}-at`}
          label={texts.at}
          type="datetime-local"
          value={values.at}
          error={errors.at}
          onValueChange={(value) => set('at', value)}
        />
        <FormSubmit error={form.formError} label={texts.run} busy={form.submitting} />
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
