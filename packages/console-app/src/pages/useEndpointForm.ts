import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod/mini';
import {
  translateFieldMessages,
  type AnyEndpoint,
  type EndpointInput,
  type EndpointResponse,
} from '@staff/console-contract';
import { ApiError } from '../api/apiError.js';
import { useLanguage, useTextsOf } from '../i18n.js';
import { useServices } from '../services.js';
import { COMMON_TEXTS } from './common/texts.js';

/** An endpoint that takes a body: what a form sends. */
export type BodyEndpoint = AnyEndpoint & { body: z.ZodMiniType };

/** The body a caller hands the endpoint (before the schema's defaults and trimming). */
export type EndpointBody<E extends BodyEndpoint> = z.input<E['body']>;

/** The rest of the call: the path parameters and the query (the body comes from the form). */
export type FormCallInput<E extends BodyEndpoint> = E extends BodyEndpoint
  ? Omit<EndpointInput<E>, 'body'>
  : never;

/** One message per form field, by the field's name. */
export type FormErrors<V> = Partial<Record<Extract<keyof V, string>, string>>;

export interface EndpointFormOptions<E extends BodyEndpoint, V> {
  /** The values the form starts from (also what `reset()` returns to until `reset(values)` names others). */
  initial: V;
  /** The body sent, from the form's values; without it the values are the body. */
  toBody?: (values: V) => EndpointBody<E>;
  /** The path parameters and query of the call, e.g. `{ params: { id } }` for an update. */
  input?: FormCallInput<E>;
  /**
   * Which field shows a message about a body path that is not itself a field, e.g.
   * `{ 'schedule.time': 'time', view_id: 'view' }`. A path is also placed on its nearest enclosing field
   * (`business_days.2` → `business_days`); messages no field takes are shown as the form's error.
   */
  fieldOf?: Partial<Record<string, Extract<keyof V, string>>>;
  /** The page's own checks before the schema (a repeated password): a message per field, none when fine. */
  check?: (values: V) => FormErrors<V>;
  /** The page's text for a server code (`ApiError.code`), shown as the form's error instead of the server's. */
  codeTexts?: Partial<Record<string, string>>;
  /** Called with the parsed answer once saved; the saved values are the form's new starting point. */
  onSaved?: (answer: EndpointResponse<E>, values: V) => void;
  /** Called with the server's refusal (or the failed call's) once it is shown, e.g. for a toast besides it. */
  onFailed?: (failure: ApiError) => void;
}

export interface EndpointForm<E extends BodyEndpoint, V> {
  values: V;
  /** Changes one field; its message goes with it. */
  set: <K extends keyof V>(name: K, value: V[K]) => void;
  setValues: (update: V | ((current: V) => V)) => void;
  /** Each field's message (the first check, schema or server message; several joined). */
  errors: FormErrors<V>;
  /** The message that belongs to no field (the server's, a network failure's), in the user's language. */
  formError: string | null;
  /** The last failure of a submit, for what a page does with it besides showing it (a 409 `STALE`). */
  failure: ApiError | null;
  submitting: boolean;
  /** The values differ from the starting point (`initial`, the last `reset(values)` or the last save). */
  dirty: boolean;
  /** Back to the starting point, or to `values` as the new one; messages cleared. */
  reset: (values?: V) => void;
  /**
   * Checks the values (the page's `check`, then the endpoint's body schema) and sends them; resolves with the
   * answer, or undefined when nothing was sent or the server refused. For `<form onSubmit={form.submit}>`.
   */
  submit: (event?: FormEvent) => Promise<EndpointResponse<E> | undefined>;
  /** The same for values a form keeps itself (console-ui's ResourceForm hands them to `onSubmit`). */
  submitValues: (values: V) => Promise<EndpointResponse<E> | undefined>;
}

type UntypedCall = (endpoint: AnyEndpoint, input: unknown) => Promise<unknown>;

/** The body paths of a failure's field errors (`body.schedule.time` → `schedule.time`); others keep their key. */
const bodyPath = (key: string) => (key === 'body' ? '' : key.replace(/^body\./, ''));

/**
 * Sorts messages by body path onto the form's fields: the path, a `fieldOf` entry or the nearest enclosing
 * field; what is left is the form's.
 */
function place<V>(
  messages: Record<string, string[]>,
  values: V,
  fieldOf: Partial<Record<string, string>>,
): { errors: FormErrors<V>; rest: string[] } {
  const isField = (name: string) =>
    !!values && typeof values === 'object' && Object.prototype.hasOwnProperty.call(values, name);
  const errors: Record<string, string> = {};
  const rest: string[] = [];
  for (const [path, list] of Object.entries(messages)) {
    const text = list.filter(Boolean).join(' ');
    if (!text) continue;
    const parts = path === '' ? [] : path.split('.');
    let field: string | undefined;
    for (let length = parts.length; length > 0 && !field; length -= 1) {
      const candidate = parts.slice(0, length).join('.');
      field = fieldOf[candidate] ?? (isField(candidate) ? candidate : undefined);
    }
    if (field) errors[field] = errors[field] ? `${errors[field]} ${text}` : text;
    else rest.push(text);
  }
  return { errors: errors as FormErrors<V>, rest };
}

/**
 * One form over a contract endpoint's body (docs/adr/050-endpoints-and-one-client.md): the values (typed from the
 * body schema, or the page's own with `toBody`), each field's message, from the body schema checked in the browser
 * and from the server's 400 `fields` (the same schema, plus what only the server can check), a form-level error in
 * the user's language, and the submitting and dirty states. Sends through `call()`, so a failure is one ApiError.
 * After a refusal naming fields, the first invalid control of the form gets focus.
 *
 * @example
 * const form = useEndpointForm(meetingsEndpoints.book, { initial: EMPTY_BOOKING, onSaved: close });
 * <form onSubmit={form.submit} noValidate>
 *   <InputField id="title" label="Title" value={form.values.title}
 *     onValueChange={(value) => form.set('title', value)} error={form.errors.title} />
 *   {form.formError ? <p role="alert">{form.formError}</p> : null}
 *   <button disabled={form.submitting}>Book</button>
 * </form>
 */
export function useEndpointForm<E extends BodyEndpoint, V = EndpointBody<E>>(
  endpoint: E,
  options: EndpointFormOptions<E, V>,
): EndpointForm<E, V> {
  const call = useServices().call as unknown as UntypedCall;
  const { language } = useLanguage();
  const texts = useTextsOf(COMMON_TEXTS).loadError;
  const [values, setValuesState] = useState<V>(options.initial);
  const [baseline, setBaseline] = useState<V>(options.initial);
  const [errors, setErrors] = useState<FormErrors<V>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const sending = useRef(false);
  // The form element of the submit that failed on fields, and that failure: its first invalid control gets focus.
  const [focusIn, setFocusIn] = useState<{ form: HTMLFormElement } | null>(null);

  useEffect(() => {
    focusIn?.form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusIn]);

  const clearMessages = () => {
    setErrors({});
    setFormError(null);
    setFailure(null);
  };

  const showFieldMessages = (messages: Record<string, string[]>, sent: V, form: HTMLFormElement | null) => {
    const placed = place(messages, sent, options.fieldOf ?? {});
    setErrors(placed.errors);
    setFormError(placed.rest.length > 0 ? placed.rest.join(' ') : null);
    if (form) setFocusIn({ form });
  };

  /** The form-level text of a failure without field messages. */
  const failureText = (error: ApiError) => {
    const own = error.code ? options.codeTexts?.[error.code] : undefined;
    if (own) return own;
    if (error.status === undefined) return texts.unreachable;
    return error.message || texts.statusOnly(String(error.status));
  };

  const send = async (sent: V, form: HTMLFormElement | null) => {
    if (sending.current) return undefined;
    clearMessages();
    const own = options.check?.(sent) ?? {};
    const ownMessages = Object.entries(own).filter(([, message]) => !!message);
    if (ownMessages.length > 0) {
      setErrors(Object.fromEntries(ownMessages) as FormErrors<V>);
      if (form) setFocusIn({ form });
      return undefined;
    }
    const body = options.toBody ? options.toBody(sent) : (sent as EndpointBody<E>);
    const parsed = endpoint.body.safeParse(body);
    if (!parsed.success) {
      const messages: Record<string, string[]> = {};
      for (const issue of parsed.error.issues)
        (messages[issue.path.map(String).join('.')] ??= []).push(issue.message);
      showFieldMessages(translateFieldMessages(messages, language), sent, form);
      return undefined;
    }
    sending.current = true;
    setSubmitting(true);
    try {
      // The body as the form wrote it: the server applies the schema itself.
      const answer = (await call(endpoint, { ...options.input, body })) as EndpointResponse<E>;
      setBaseline(sent);
      setFocusIn(null);
      options.onSaved?.(answer, sent);
      return answer;
    } catch (thrown) {
      const error = ApiError.from(thrown);
      setFailure(error);
      const fields = Object.fromEntries(
        Object.entries(error.fields ?? {}).map(([key, messages]) => [bodyPath(key), messages]),
      );
      if (Object.keys(fields).length > 0) showFieldMessages(fields, sent, form);
      else setFormError(failureText(error));
      options.onFailed?.(error);
      return undefined;
    } finally {
      sending.current = false;
      setSubmitting(false);
    }
  };

  return {
    values,
    set: (name, value) => {
      setValuesState((current) => ({ ...current, [name]: value }));
      setErrors((current) => {
        if (!(name in current)) return current;
        const next: Record<PropertyKey, unknown> = { ...current };
        delete next[name];
        return next as FormErrors<V>;
      });
    },
    setValues: (update) =>
      setValuesState((current) => (typeof update === 'function' ? (update as (v: V) => V)(current) : update)),
    errors,
    formError,
    failure,
    submitting,
    dirty: JSON.stringify(values) !== JSON.stringify(baseline),
    reset: (next) => {
      const start = next === undefined ? baseline : next;
      setBaseline(start);
      setValuesState(start);
      setFocusIn(null);
      clearMessages();
    },
    submit: (event) => {
      event?.preventDefault();
      const form = event?.currentTarget instanceof HTMLFormElement ? event.currentTarget : null;
      return send(values, form);
    },
    submitValues: (sent) => {
      setValuesState(sent);
      return send(sent, null);
    },
  };
}
