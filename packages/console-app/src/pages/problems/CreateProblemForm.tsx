import { cloneElement, useId, useState, type FormEvent, type ReactElement } from 'react';
import { styled } from 'styled-components';
import {
  PROBLEM_PRIORITIES,
  type ProblemCreate,
  type ProblemOptions,
  type ProblemPriority,
} from '@staff/console-contract';
import { Button, t } from '@staff/console-ui';
import { ApiError } from '../../api/apiError.js';
import { useTextsOf } from '../../i18n.js';
import { PROBLEMS_TEXTS, unreachable } from './texts.js';
import { controlCss } from '../common/styles.js';

// A failure without an answer (or a message) says the server could not be reached.
const failure = (error: unknown) => ApiError.from(error).message || unreachable();

/**
 * The new-problem form: on the problem tracker, and from a Chat List message (prefilled with the customer, the
 * message as description, the customer's purchases to pick from, and the link back to the message).
 */
export function CreateProblemForm({
  options,
  onCreate,
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
  onCreate: (body: ProblemCreate) => Promise<void>;
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
  const [category, setCategory] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  const subs = options?.subcategories.filter((sub) => String(sub.category_id) === category) ?? [];
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const num = (name: string) => (text(name) ? Number(text(name)) : null);
    setSaving(true);
    setError(null);
    try {
      await onCreate({
        customer_name: text('customer_name') || null,
        customer_email: text('customer_email') || null,
        customer_phone: text('customer_phone') || null,
        purchase_mayar_id: text('purchase_mayar_id') || null,
        category_id: num('category_id') ?? 0,
        subcategory_id: num('subcategory_id'),
        description: text('description'),
        ...(text('priority') ? { priority: text('priority') as ProblemPriority } : {}),
        assignee_id: num('assignee_id'),
        ...(link ?? {}),
      });
    } catch (caught) {
      setFieldErrors(ApiError.from(caught).fields ?? {});
      setError(failure(caught));
    } finally {
      setSaving(false);
    }
  };
  const fieldError = (name: string) => fieldErrors[`body.${name}`]?.[0];
  // The label points at its control (not wrapping it), so the control's name is the label alone, not
  // "Category Choose…" with the selected option's text.
  const field = (
    name: string,
    label: string,
    input: ReactElement<{ id?: string; 'aria-describedby'?: string }>,
  ) => {
    const id = `${formId}-${name}`;
    const error = fieldError(name);
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        {cloneElement(input, { id, ...(error ? { 'aria-describedby': `${id}-error` } : {}) })}
        {error ? (
          <span className="error" id={`${id}-error`}>
            {error}
          </span>
        ) : null}
      </div>
    );
  };
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
      <form onSubmit={(event) => void submit(event)} noValidate>
        {purchases
          ? field(
              'purchase_mayar_id',
              words.relatedPurchase,
              <select name="purchase_mayar_id" defaultValue={purchases[0]?.mayar_id ?? ''}>
                <option value="">{words.none}</option>
                {purchases.map((purchase) => (
                  <option key={purchase.mayar_id} value={purchase.mayar_id}>
                    {purchase.label}
                  </option>
                ))}
              </select>,
            )
          : field('purchase_mayar_id', words.purchaseId, <input name="purchase_mayar_id" />)}
        {field(
          'customer_name',
          words.customerName,
          <input name="customer_name" defaultValue={initial?.customer_name ?? ''} />,
        )}
        {field('customer_email', words.email, <input name="customer_email" type="email" />)}
        {field(
          'customer_phone',
          words.phone,
          <input name="customer_phone" defaultValue={initial?.customer_phone ?? ''} />,
        )}
        {field(
          'category_id',
          words.category,
          <select name="category_id" value={category} onChange={(event) => setCategory(event.target.value)}>
            <option value="">{words.choose}</option>
            {options?.categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>,
        )}
        {field(
          'subcategory_id',
          words.subcategory,
          <select name="subcategory_id">
            <option value="">-</option>
            {subs.map((sub) => (
              <option key={sub.id} value={sub.id}>
                {sub.name}
                {sub.sla_hours ? words.hours(sub.sla_hours) : ''}
              </option>
            ))}
          </select>,
        )}
        {field(
          'priority',
          words.priority,
          <select name="priority">
            <option value="">{words.subcategoryDefault}</option>
            {PROBLEM_PRIORITIES.map((priority) => (
              <option key={priority} value={priority}>
                {texts.priorities[priority]}
              </option>
            ))}
          </select>,
        )}
        {field(
          'assignee_id',
          words.assignee,
          <select name="assignee_id">
            <option value="">-</option>
            {options?.assignees.map((user) => (
              <option key={user.id} value={user.id}>
                {user.name}
              </option>
            ))}
          </select>,
        )}
        {field(
          'description',
          words.description,
          <textarea name="description" rows={3} maxLength={4000} defaultValue={initial?.description ?? ''} />,
        )}
        {error ? <p role="alert">{error}</p> : null}
        <div className="actions">
          <Button type="submit" kind="primary" disabled={saving}>
            {words.save}
          </Button>
          <Button onClick={onCancel}>{words.cancel}</Button>
        </div>
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
