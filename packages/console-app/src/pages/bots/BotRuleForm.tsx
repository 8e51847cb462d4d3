import { useId, type FormEvent } from 'react';
import {
  BOT_FREQUENCIES,
  BOT_HOURS,
  BOT_MATCH_TYPES,
  botsEndpoints,
  type BotRuleBody,
} from '@staff/console-contract';
import { Button } from '@staff/console-ui';
import { useEndpointForm } from '../useEndpointForm.js';
import { CheckField, FormSubmit, InputField, SelectField, TextAreaField } from '../common/FormField.js';
import { Panel, type BotsTexts } from './botParts.js';

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

/** A choice's options from its values and their words. */
const optionsOf = <V extends string>(values: readonly V[], words: Record<V, string>) =>
  values.map((value) => ({ value, label: words[value] }));

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
  const id = useId();
  /** A field's id and message, by the body's name. */
  const field = (name: keyof BotRuleBody) => ({ id: `${id}-${name}`, error: errors[name] });

  return (
    <Panel aria-labelledby="bot-rule-form">
      <h2 id="bot-rule-form">{rule.id === null ? words.newRule : words.editRule}</h2>
      <form className="grid" onSubmit={(event: FormEvent) => void form.submit(event)} noValidate>
        <InputField
          {...field('name')}
          label={words.name}
          value={values.name}
          onValueChange={(value) => set('name', value)}
        />
        <InputField
          {...field('priority')}
          label={words.priorityHint}
          type="number"
          min={0}
          value={String(values.priority)}
          onValueChange={(value) => set('priority', Number(value))}
        />
        <SelectField
          {...field('match_type')}
          label={words.matchWhen}
          value={values.match_type}
          options={optionsOf(BOT_MATCH_TYPES, words.match)}
          onValueChange={(value) => set('match_type', value)}
        />
        <InputField
          {...field('pattern')}
          label={words.pattern}
          value={values.pattern}
          disabled={values.match_type === 'any'}
          onValueChange={(value) => set('pattern', value)}
        />
        <SelectField
          {...field('action')}
          label={words.action}
          value={values.action}
          options={optionsOf(['reply', 'handover'] as const, words)}
          onValueChange={(value) => set('action', value)}
        />
        <TextAreaField
          {...field('reply_text')}
          wide
          label={words.replyText}
          rows={3}
          value={values.reply_text}
          onValueChange={(value) => set('reply_text', value)}
        />
        <SelectField
          {...field('hours')}
          label={words.time}
          value={values.hours}
          options={optionsOf(BOT_HOURS, words.hours)}
          onValueChange={(value) => set('hours', value)}
        />
        <SelectField
          {...field('frequency')}
          label={words.frequencyHeading}
          value={values.frequency}
          options={optionsOf(BOT_FREQUENCIES, words.frequency)}
          onValueChange={(value) => set('frequency', value)}
        />
        <InputField
          {...field('cooldown_minutes')}
          label={words.cooldownMinutes}
          type="number"
          min={0}
          value={String(values.cooldown_minutes)}
          onValueChange={(value) => set('cooldown_minutes', Number(value))}
        />
        <CheckField
          id={`${id}-active`}
          label={words.active}
          checked={values.active}
          onCheckedChange={(checked) => set('active', checked)}
        />
        <FormSubmit error={form.formError} label={words.saveRule} busy={form.submitting} kind="primary">
          <Button type="button" onClick={onCancel}>
            {words.cancel}
          </Button>
        </FormSubmit>
      </form>
    </Panel>
  );
}
