import { useId, type FormEvent } from 'react';
import { botsEndpoints, type BotSettings } from '@staff/console-contract';
import { useEndpointForm } from '../useEndpointForm.js';
import { CheckField, ChoiceGroup, FormSubmit, InputField } from '../common/FormField.js';
import { Panel, type BotsTexts } from './botParts.js';

/** The normalisation switches of the settings, in order. */
const NORMALISATIONS = ['lowercase', 'collapse_spaces', 'strip_punctuation', 'strip_accents'] as const;

/**
 * The number's business hours (Asia/Jakarta) and how messages are normalised before matching; read-only
 * without write access. Mounted per number (a `key`).
 */
export function BotSettingsForm({
  registryId,
  settings,
  writable,
  texts,
  days,
  onSaved,
}: {
  registryId: number;
  settings: BotSettings;
  writable: boolean;
  texts: BotsTexts['settings'];
  /** The weekdays' short names, Monday first. */
  days: readonly string[];
  onSaved: () => void;
}) {
  const form = useEndpointForm(botsEndpoints.saveSettings, {
    initial: settings,
    input: { params: { registry_id: registryId } },
    onSaved,
  });
  const { values, set, errors } = form;
  const id = useId();
  const check = (
    name: keyof BotSettings,
    label: string,
    checked: boolean,
    onChecked: (on: boolean) => void,
  ) => (
    <CheckField
      key={name + label}
      id={`${id}-${name}-${label}`}
      label={label}
      checked={checked}
      disabled={!writable}
      onCheckedChange={onChecked}
    />
  );
  const day = (index: number, on: boolean) =>
    set(
      'business_days',
      on ? [...values.business_days, index + 1] : values.business_days.filter((other) => other !== index + 1),
    );

  return (
    <Panel aria-labelledby="bot-settings">
      <h2 id="bot-settings">{texts.title}</h2>
      <form className="grid" onSubmit={(event: FormEvent) => void form.submit(event)}>
        {check('enabled', texts.enabled, values.enabled, (on) => set('enabled', on))}
        <ChoiceGroup id={`${id}-days`} legend={texts.days} error={errors.business_days} wide>
          {days.map((label, index) =>
            check('business_days', label, values.business_days.includes(index + 1), (on) => day(index, on)),
          )}
        </ChoiceGroup>
        <InputField
          id={`${id}-opens`}
          label={texts.opens}
          type="time"
          disabled={!writable}
          value={values.opens_at}
          error={errors.opens_at}
          onValueChange={(value) => set('opens_at', value)}
        />
        <InputField
          id={`${id}-closes`}
          label={texts.closes}
          type="time"
          disabled={!writable}
          value={values.closes_at}
          error={errors.closes_at}
          onValueChange={(value) => set('closes_at', value)}
        />
        {NORMALISATIONS.map((key) => check(key, texts[key], values[key], (on) => set(key, on)))}
        <FormSubmit error={form.formError} label={writable ? texts.save : undefined} busy={form.submitting} />
      </form>
    </Panel>
  );
}
