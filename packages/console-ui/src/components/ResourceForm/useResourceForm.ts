import { useMemo, useState } from 'react';
import type { ResourceField } from '../../resource.js';
import {
  buildValues,
  changedFields,
  toDrafts,
  type Draft,
  type Drafts,
  type FieldErrors,
  type FormValues,
} from './formValues.js';
import type { ResourceFormMessages } from './messages.js';

export interface UseResourceFormOptions {
  fields: ResourceField[];
  /** The stored record (edit/view) or defaults (create). A new object resets the form (e.g. after Reload). */
  initialValues?: FormValues;
  /** Errors from the server; a new object shows them again even on fields edited since. */
  errors?: FieldErrors;
  /** Texts of the client-side checks (ResourceForm passes its resolved messages). */
  messages?: ResourceFormMessages;
}

export interface SubmitAttempt {
  ok: boolean;
  values: FormValues;
  changed: string[];
  errors: FieldErrors;
}

/**
 * The behaviour of ResourceForm without its look: drafts per field, dirty tracking, client checks merged
 * with server errors (a field's error hides once the user edits it).
 *
 * @example
 * ```tsx
 * const form = useResourceForm({ fields, initialValues: record, errors: serverErrors });
 * form.setDraft('name', 'Budi');
 * const attempt = form.attemptSubmit(); // { ok, values, changed, errors }
 * ```
 */
export function useResourceForm({ fields, initialValues, errors, messages }: UseResourceFormOptions) {
  const [source, setSource] = useState(initialValues);
  const [initial, setInitial] = useState(() => toDrafts(fields, initialValues));
  const [drafts, setDrafts] = useState<Drafts>(initial);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors | undefined>(errors);
  const [editedSinceErrors, setEditedSinceErrors] = useState<string[]>([]);

  // Adjusting state to new props during render (React's recommended alternative to an effect).
  if (source !== initialValues) {
    const next = toDrafts(fields, initialValues);
    setSource(initialValues);
    setInitial(next);
    setDrafts(next);
    setClientErrors({});
    setEditedSinceErrors([]);
  }
  if (serverErrors !== errors) {
    setServerErrors(errors);
    setEditedSinceErrors([]);
  }

  const changed = useMemo(() => changedFields(fields, initial, drafts), [fields, initial, drafts]);

  const visibleErrors: FieldErrors = {};
  for (const field of fields) {
    if (editedSinceErrors.includes(field.name)) continue;
    const messages = [...(clientErrors[field.name] ?? []), ...(errors?.[field.name] ?? [])];
    if (messages.length > 0) visibleErrors[field.name] = messages;
  }

  const setDraft = (name: string, draft: Draft) => {
    setDrafts((current) => ({ ...current, [name]: draft }));
    if (!editedSinceErrors.includes(name)) setEditedSinceErrors((list) => [...list, name]);
  };

  const attemptSubmit = (): SubmitAttempt => {
    const built = buildValues(fields, drafts, messages);
    setClientErrors(built.errors);
    // Fresh client errors show even on edited fields; server errors stay hidden there until the server answers.
    setEditedSinceErrors((list) => list.filter((name) => !built.errors[name]));
    return {
      ok: Object.keys(built.errors).length === 0,
      values: built.values,
      changed,
      errors: built.errors,
    };
  };

  const reset = () => {
    setDrafts(initial);
    setClientErrors({});
    setEditedSinceErrors([]);
  };

  return {
    drafts,
    setDraft,
    dirty: changed.length > 0,
    changed,
    errors: visibleErrors,
    attemptSubmit,
    reset,
  };
}
