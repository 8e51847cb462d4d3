import type { FormEvent } from 'react';
import {
  BOT_FREQUENCIES,
  BOT_HOURS,
  BOT_MATCH_TYPES,
  botsEndpoints,
  type BotRuleBody,
} from '@staff/console-contract';
import { Button } from '@staff/console-ui';
import { useEndpointForm } from '../useEndpointForm.js';
import { FieldMessage, Panel, type BotsTexts } from './botParts.js';

export const EMPTY_RULE: BotRuleBody = {
  name: '',
  priority: 100,
  match_type: 'contains',
  pattern: '',
  action: 'reply',
  reply_text: '',
  hours: 'always',
  frequency: 'every_time',
  cooldown_minutes: 0,
  active: true,
};

/** The rule being edited (`id` null for a new one) and its body. */
export interface RuleDraft {
  id: number | null;
  body: BotRuleBody;
}

/**
 * A bot rule's form: created on the number (`createRule`) or changed in place (`updateRule`); the rule's body
 * schema is checked before sending and each message, the browser's or the server's, shows under its field.
 * Mounted per rule (a `key`), so switching rules starts from that rule.
 */
export function BotRuleForm({
  registryId,
  rule,
  words,
  onSaved,
  onCancel,
}: {
  registryId: number;
  rule: RuleDraft;
  words: BotsTexts['rules'];
  onSaved: () => void;
  onCancel: () => void;
}) {
  const form = useEndpointForm(rule.id === null ? botsEndpoints.createRule : botsEndpoints.updateRule, {
    initial: rule.body,
    input: rule.id === null ? { params: { registry_id: registryId } } : { params: { id: rule.id } },
    onSaved,
  });
  const { values, set, errors } = form;
  const invalid = (name: keyof BotRuleBody) => (errors[name] ? true : undefined);

  return (
    <Panel aria-labelledby="bot-rule-form">
      <h2 id="bot-rule-form">{rule.id === null ? words.newRule : words.editRule}</h2>
      <form className="grid" onSubmit={(event: FormEvent) => void form.submit(event)} noValidate>
        <label>
          <span>{words.name}</span>
          <input
            value={values.name}
            onChange={(event) => set('name', event.target.value)}
            aria-invalid={invalid('name')}
          />
          <FieldMessage text={errors.name} />
        </label>
        <label>
          <span>{words.priorityHint}</span>
          <input
            type="number"
            min={0}
            value={values.priority}
            onChange={(event) => set('priority', Number(event.target.value))}
            aria-invalid={invalid('priority')}
          />
          <FieldMessage text={errors.priority} />
        </label>
        <label>
          <span>{words.matchWhen}</span>
          <select
            value={values.match_type}
            onChange={(event) => set('match_type', event.target.value as BotRuleBody['match_type'])}
            aria-invalid={invalid('match_type')}
          >
            {BOT_MATCH_TYPES.map((type) => (
              <option key={type} value={type}>
                {words.match[type]}
              </option>
            ))}
          </select>
          <FieldMessage text={errors.match_type} />
        </label>
        <label>
          <span>{words.pattern}</span>
          <input
            value={values.pattern}
            disabled={values.match_type === 'any'}
            onChange={(event) => set('pattern', event.target.value)}
            aria-invalid={invalid('pattern')}
          />
          <FieldMessage text={errors.pattern} />
        </label>
        <label>
          <span>{words.action}</span>
          <select
            value={values.action}
            onChange={(event) => set('action', event.target.value as BotRuleBody['action'])}
            aria-invalid={invalid('action')}
          >
            <option value="reply">{words.reply}</option>
            <option value="handover">{words.handover}</option>
          </select>
          <FieldMessage text={errors.action} />
        </label>
        <label className="wide">
          <span>{words.replyText}</span>
          <textarea
            rows={3}
            value={values.reply_text}
            onChange={(event) => set('reply_text', event.target.value)}
            aria-invalid={invalid('reply_text')}
          />
          <FieldMessage text={errors.reply_text} />
        </label>
        <label>
          <span>{words.time}</span>
          <select
            value={values.hours}
            onChange={(event) => set('hours', event.target.value as BotRuleBody['hours'])}
            aria-invalid={invalid('hours')}
          >
            {BOT_HOURS.map((value) => (
              <option key={value} value={value}>
                {words.hours[value]}
              </option>
            ))}
          </select>
          <FieldMessage text={errors.hours} />
        </label>
        <label>
          <span>{words.frequencyHeading}</span>
          <select
            value={values.frequency}
            onChange={(event) => set('frequency', event.target.value as BotRuleBody['frequency'])}
            aria-invalid={invalid('frequency')}
          >
            {BOT_FREQUENCIES.map((value) => (
              <option key={value} value={value}>
                {words.frequency[value]}
              </option>
            ))}
          </select>
          <FieldMessage text={errors.frequency} />
        </label>
        <label>
          <span>{words.cooldownMinutes}</span>
          <input
            type="number"
            min={0}
            value={values.cooldown_minutes}
            onChange={(event) => set('cooldown_minutes', Number(event.target.value))}
            aria-invalid={invalid('cooldown_minutes')}
          />
          <FieldMessage text={errors.cooldown_minutes} />
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={values.active}
            onChange={(event) => set('active', event.target.checked)}
          />
          <span>{words.active}</span>
        </label>
        {form.formError ? (
          <p role="alert" className="wide">
            {form.formError}
          </p>
        ) : null}
        <div className="wide buttons">
          <Button type="submit" kind="primary" disabled={form.submitting}>
            {words.saveRule}
          </Button>
          <Button type="button" onClick={onCancel}>
            {words.cancel}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
