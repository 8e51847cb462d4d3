import { useId, type FormEvent } from 'react';
import { styled } from 'styled-components';
import {
  PROBLEM_PRIORITIES,
  problemsEndpoints,
  type Problem,
  type ProblemOptions,
  type ProblemPriority,
} from '@staff/console-contract';
import { Button, t } from '@staff/console-ui';
import { useTextsOf } from '../../i18n.js';
import { useEndpointForm } from '../useEndpointForm.js';
import { FormSubmit, InputField, SelectField, TextAreaField } from '../common/FormField.js';
import { PROBLEMS_TEXTS } from './texts.js';
import { controlCss } from '../common/styles.js';

/** The form's values: what the inputs hold, as text (ids and the priority empty when not chosen). */
interface NewProblem {
  purchase_mayar_id: string;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  category_id: string;
  subcategory_id: string;
  priority: ProblemPriority | '';
  assignee_id: string;
  description: string;
}

/** A trimmed text, or null when empty. */
const textOrNull = (value: string) => value.trim() || null;
/** A chosen id, or null when none is. */
const idOrNull = (value: string) => (value ? Number(value) : null);

/**
 * The new-problem form: on the problem tracker, and from a Chat List message (prefilled with the customer, the
 * message as description, the customer's purchases to pick from, and the link back to the message). It sends
 * `problemsEndpoints.create` itself (useEndpointForm): each message, the body schema's or the server's 400, shows
 * under its field, the first invalid field gets focus, and `onCreated` gets the new problem.
 */
export function CreateProblemForm({
  options,
  onCreated,
  onCancel,
  initial,
  purchases,
  link,
  optionsError,
  onRetryOptions,
}: {
  /** Categories, sub categories and assignees; null while they load. */
  options: ProblemOptions | null;
  /** Why the options did not load, with a way to try again. */
  optionsError?: string | null;
  onRetryOptions?: () => void;
  /** The problem was recorded (the server's answer). */
  onCreated: (problem: Problem) => void;
  onCancel: () => void;
  /** Prefilled fields (e.g. from a chat message). */
  initial?: { customer_name?: string | null; customer_phone?: string | null; description?: string };
  /** The customer's purchases to choose from (Mayar id and a label) instead of typing the id. */
  purchases?: readonly { mayar_id: string; label: string }[];
  /** The chat conversation and message the problem comes from. */
  link?: { conversation_id: number; message_id: number };
}) {
  const formId = useId();
  const texts = useTextsOf(PROBLEMS_TEXTS);
  const words = texts.form;
  const form = useEndpointForm(problemsEndpoints.create, {
    initial: {
      purchase_mayar_id: purchases?.[0]?.mayar_id ?? '',
      customer_name: initial?.customer_name ?? '',
      customer_email: '',
      customer_phone: initial?.customer_phone ?? '',
      category_id: '',
      subcategory_id: '',
      priority: '',
      assignee_id: '',
      description: initial?.description ?? '',
    } satisfies NewProblem as NewProblem,
    toBody: (values) => ({
      customer_name: textOrNull(values.customer_name),
      customer_email: textOrNull(values.customer_email),
      customer_phone: textOrNull(values.customer_phone),
      purchase_mayar_id: textOrNull(values.purchase_mayar_id),
      category_id: idOrNull(values.category_id) ?? 0,
      subcategory_id: idOrNull(values.subcategory_id),
      description: values.description.trim(),
      ...(values.priority ? { priority: values.priority } : {}),
      assignee_id: idOrNull(values.assignee_id),
      ...(link ?? {}),
    }),
    onSaved: onCreated,
  });
  const { values, set, errors } = form;
  // The label points at its control (not wrapping it), so the control's name is the label alone, not
  // "Category Choose…" with the selected option's text.
  const field = <K extends keyof NewProblem>(name: K) => ({
    id: `${formId}-${name}`,
    value: values[name],
    error: errors[name],
    onValueChange: (value: NewProblem[K]) => set(name, value),
  });
  const subs = options?.subcategories.filter((sub) => String(sub.category_id) === values.category_id) ?? [];
  const choices = (rows: readonly { id: number; name: string }[] | undefined) =>
    (rows ?? []).map((row) => ({ value: String(row.id), label: row.name }));
  return (
    <Panel aria-labelledby="problem-create-title">
      <h2 id="problem-create-title">{words.title}</h2>
      {optionsError ? (
        <p role="alert">
          {words.optionsNotLoaded(optionsError)}{' '}
          {onRetryOptions ? <Button onClick={onRetryOptions}>{words.retry}</Button> : null}
        </p>
      ) : options === null ? (
        <p role="status">{words.loadingOptions}</p>
      ) : null}
      <form onSubmit={(event: FormEvent) => void form.submit(event)} noValidate>
        {purchases ? (
          <SelectField
            {...field('purchase_mayar_id')}
            label={words.relatedPurchase}
            options={[
              { value: '', label: words.none },
              ...purchases.map((purchase) => ({ value: purchase.mayar_id, label: purchase.label })),
            ]}
          />
        ) : (
          <InputField {...field('purchase_mayar_id')} label={words.purchaseId} />
        )}
        <InputField {...field('customer_name')} label={words.customerName} />
        <InputField {...field('customer_email')} label={words.email} type="email" />
        <InputField {...field('customer_phone')} label={words.phone} />
        <SelectField
          {...field('category_id')}
          label={words.category}
          options={[{ value: '', label: words.choose }, ...choices(options?.categories)]}
          onValueChange={(value) => {
            set('category_id', value);
            // A sub category belongs to its category.
            set('subcategory_id', '');
          }}
        />
        <SelectField
          {...field('subcategory_id')}
          label={words.subcategory}
          options={[
            { value: '', label: '-' },
            ...subs.map((sub) => ({
              value: String(sub.id),
              label: `${sub.name}${sub.sla_hours ? words.hours(sub.sla_hours) : ''}`,
            })),
          ]}
        />
        <SelectField
          {...field('priority')}
          label={words.priority}
          options={[
            { value: '' as const, label: words.subcategoryDefault },
            ...PROBLEM_PRIORITIES.map((priority) => ({ value: priority, label: texts.priorities[priority] })),
          ]}
        />
        <SelectField
          {...field('assignee_id')}
          label={words.assignee}
          options={[{ value: '', label: '-' }, ...choices(options?.assignees)]}
        />
        <TextAreaField {...field('description')} label={words.description} rows={3} maxLength={4000} />
        <FormSubmit
          error={form.formError}
          label={words.save}
          busy={form.submitting}
          kind="primary"
          className="actions"
        >
          <Button onClick={onCancel}>{words.cancel}</Button>
        </FormSubmit>
      </form>
    </Panel>
  );
}

export const Panel = styled.section`
  display: grid;
  gap: ${t.space3};
  padding: ${t.space4};
  background: ${t.colorSurface};
  border: 1px solid ${t.colorBorder};
  border-radius: ${t.radiusMd};
  header {
    display: flex;
    justify-content: space-between;
    gap: ${t.space2};
    flex-wrap: wrap;
  }
  h2,
  h3 {
    margin: 0;
  }
  form {
    display: grid;
    gap: ${t.space2};
    grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
    align-items: end;
  }
  .field {
    display: grid;
    gap: ${t.space1};
    font-size: ${t.fontSizeSm};
  }
  .field input,
  .field select,
  .field textarea {
    ${controlCss}
  }
  .error {
    color: ${t.colorDanger};
  }
  .actions {
    display: flex;
    gap: ${t.space2};
    flex-wrap: wrap;
  }
  .breach {
    color: ${t.colorDanger};
  }
`;
