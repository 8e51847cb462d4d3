import type { FormEvent } from 'react';
import { botsEndpoints, type BotSettings } from '@staff/console-contract';
import { Button } from '@staff/console-ui';
import { useEndpointForm } from '../useEndpointForm.js';
import { FieldMessage, Panel, type BotsTexts } from './botParts.js';

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

  return (
    <Panel aria-labelledby="bot-settings">
      <h2 id="bot-settings">{texts.title}</h2>
      <form className="grid" onSubmit={(event: FormEvent) => void form.submit(event)}>
        <label className="check">
          <input
            type="checkbox"
            checked={values.enabled}
            disabled={!writable}
            onChange={(event) => set('enabled', event.target.checked)}
          />
          <span>{texts.enabled}</span>
        </label>
        <fieldset className="wide">
          <legend>{texts.days}</legend>
          {days.map((label, index) => (
            <label key={label} className="check">
              <input
                type="checkbox"
                disabled={!writable}
                checked={values.business_days.includes(index + 1)}
                onChange={(event) =>
                  set(
                    'business_days',
                    event.target.checked
                      ? [...values.business_days, index + 1]
                      : values.business_days.filter((day) => day !== index + 1),
                  )
                }
              />
              <span>{label}</span>
            </label>
          ))}
          <FieldMessage text={errors.business_days} />
        </fieldset>
        <label>
          <span>{texts.opens}</span>
          <input
            type="time"
            disabled={!writable}
            value={values.opens_at}
            onChange={(event) => set('opens_at', event.target.value)}
            aria-invalid={errors.opens_at ? true : undefined}
          />
          <FieldMessage text={errors.opens_at} />
        </label>
        <label>
          <span>{texts.closes}</span>
          <input
            type="time"
            disabled={!writable}
            value={values.closes_at}
            onChange={(event) => set('closes_at', event.target.value)}
            aria-invalid={errors.closes_at ? true : undefined}
          />
          <FieldMessage text={errors.closes_at} />
        </label>
        {NORMALISATIONS.map((key) => (
          <label key={key} className="check">
            <input
              type="checkbox"
              disabled={!writable}
              checked={values[key]}
              onChange={(event) => set(key, event.target.checked)}
            />
            <span>{texts[key]}</span>
          </label>
        ))}
        {form.formError ? (
          <p role="alert" className="wide">
            {form.formError}
          </p>
        ) : null}
        {writable ? (
          <div className="wide buttons">
            <Button type="submit" disabled={form.submitting}>
              {texts.save}
            </Button>
          </div>
        ) : null}
      </form>
    </Panel>
  );
}
