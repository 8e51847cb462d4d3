import { useEffect, useId, useMemo, useRef, type FormEvent, type ReactNode } from 'react';
import { styled } from 'styled-components';
import { t } from '../../theme/tokens.js';
import { useThemeCheck } from '../../theme/ThemeProvider.js';
import { ConsoleMessagesProvider } from '../../theme/messages.js';
import { formatFieldValue, type FormatOptions, type ResourceField } from '../../resource.js';
import { type FieldErrors, type FormValues } from './formValues.js';
import { type LoadOptions } from './RelationSelect.js';
import { useResourceForm } from './useResourceForm.js';
import { RESOURCE_FORM_MESSAGES, useResourceFormMessages, type ResourceFormMessages } from './messages.js';
import { buttonBoxCss } from '../../primitives/Button.js';
import { focusRingCss, popoverCss, resizeGripCss } from '../../primitives/css.js';
import { useValueFormat } from '../../primitives/useValueFormat.js';
import { FieldRow } from './FieldRow.js';

export type ResourceFormMode = 'create' | 'edit' | 'view';

export interface ResourceFormConflict {
  /** Default: the `conflict` message ("This record was changed by someone else"). */
  message?: string;
  onReload: () => void;
}

export interface ResourceFormProps {
  fields: ResourceField[];
  /** `view` is read-only (users without write). */
  mode: ResourceFormMode;
  /** Accessible name of the form, e.g. "Edit creator". */
  label: string;
  initialValues?: FormValues;
  /** Values to send (read-only fields and untouched secrets left out) and the names of changed fields. */
  onSubmit?: (values: FormValues, meta: { changed: string[] }) => void;
  onCancel?: () => void;
  /** Field messages from the server (400 validation, 409 unique). */
  errors?: FieldErrors;
  /** A banner above the fields, e.g. a server error without a field. */
  formError?: ReactNode;
  /** A 409 stale edit: the banner with Reload. */
  conflict?: ResourceFormConflict | null;
  submitting?: boolean;
  loadOptions?: LoadOptions;
  /** Labels of relation values known up front, by field name. */
  relationLabels?: Record<string, string>;
  onDirtyChange?: (dirty: boolean) => void;
  submitLabel?: string;
  cancelLabel?: string;
  formatOptions?: FormatOptions;
  className?: string;
  /** Replaces visible strings (buttons, checks, the inputs' texts); see `RESOURCE_FORM_MESSAGES`. */
  messages?: Partial<ResourceFormMessages>;
}

/** The English conflict banner (the `conflict` message of RESOURCE_FORM_MESSAGES). */
export const CONFLICT_MESSAGE = RESOURCE_FORM_MESSAGES.conflict;

/**
 * A create/edit/view form built from a field list. Server field errors show beside their fields (with
 * `aria-invalid` and `aria-describedby`) and the first invalid field gets focus; a 409 stale edit shows a
 * banner with Reload; Enter in a single-line field submits.
 *
 * @example
 * ```tsx
 * <ResourceForm label="Edit creator" mode="edit" fields={creators.fields} initialValues={row}
 *   errors={serverErrors} conflict={stale ? { onReload } : null} submitting={saving}
 *   loadOptions={(entity, q) => api.options(entity, q)} onSubmit={save} onCancel={close} />
 * ```
 */
export function ResourceForm({
  fields,
  mode,
  label,
  initialValues,
  onSubmit,
  onCancel,
  errors,
  formError,
  conflict,
  submitting = false,
  loadOptions,
  relationLabels,
  onDirtyChange,
  submitLabel,
  cancelLabel,
  formatOptions,
  className,
  messages,
}: ResourceFormProps) {
  useThemeCheck('ResourceForm');
  const m = useResourceFormMessages(messages);
  const valueOptions = useValueFormat(formatOptions);
  // The prop reaches the fields and inputs below through the provider, like an app-wide override would.
  const scoped = useMemo(() => (messages ? { resourceForm: messages } : null), [messages]);
  const formId = useId();
  const form = useResourceForm({ fields, initialValues, errors, messages: m });
  const shown = mode === 'create' ? fields.filter((field) => !field.readOnly) : fields;
  const fieldId = (name: string) => `${formId}-${name}`;

  const { dirty } = form;
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);

  // Focus the first invalid field whenever the server sends errors.
  const focusFirstInvalid = (names: string[]) => {
    const first = shown.find((field) => names.includes(field.name));
    if (first) document.getElementById(fieldId(first.name))?.focus();
  };
  const focusRef = useRef(focusFirstInvalid);
  useEffect(() => {
    focusRef.current = focusFirstInvalid;
  });
  useEffect(() => {
    if (errors && Object.keys(errors).length > 0) focusRef.current(Object.keys(errors));
  }, [errors]);

  if (mode === 'view') {
    return (
      <div
        role="group"
        aria-label={label}
        className={['cui-resource-form', className].filter(Boolean).join(' ')}
        data-mode="view"
      >
        <ViewList>
          {fields.map((field) => (
            <div key={field.name} className="cui-resource-form-item">
              <dt>{field.label}</dt>
              <dd>
                {field.type === 'relation' && relationLabels?.[field.name]
                  ? relationLabels[field.name]
                  : formatFieldValue(field, initialValues?.[field.name], valueOptions)}
              </dd>
            </div>
          ))}
        </ViewList>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const attempt = form.attemptSubmit();
    if (!attempt.ok) {
      focusFirstInvalid(Object.keys(attempt.errors));
      return;
    }
    onSubmit?.(attempt.values, { changed: attempt.changed });
  };

  const body = (
    <Form
      className={['cui-resource-form', className].filter(Boolean).join(' ')}
      data-mode={mode}
      data-dirty={form.dirty ? '' : undefined}
      aria-label={label}
      aria-busy={submitting || undefined}
      noValidate
      onSubmit={submit}
    >
      {conflict ? (
        <Banner role="alert" data-tone="warning" className="cui-resource-form-conflict">
          <span>{conflict.message ?? m.conflict}</span>
          <button type="button" className="cui-button" onClick={conflict.onReload}>
            {m.reload}
          </button>
        </Banner>
      ) : null}
      {formError ? (
        <Banner role="alert" data-tone="danger" className="cui-resource-form-error">
          {formError}
        </Banner>
      ) : null}
      <div className="cui-resource-form-fields">
        {shown.map((field) => (
          <FieldRow
            key={field.name}
            field={field}
            id={fieldId(field.name)}
            draft={form.drafts[field.name] ?? null}
            errors={form.errors[field.name]}
            readOnly={field.readOnly === true}
            readOnlyText={
              field.readOnly ? formatFieldValue(field, initialValues?.[field.name], valueOptions) : ''
            }
            onChange={(draft) => form.setDraft(field.name, draft)}
            loadOptions={loadOptions}
            relationLabel={relationLabels?.[field.name]}
          />
        ))}
      </div>
      <Actions className="cui-resource-form-actions">
        {form.dirty ? <span className="cui-resource-form-dirty">{m.unsavedChanges}</span> : null}
        {onCancel ? (
          <button type="button" className="cui-button" onClick={onCancel} disabled={submitting}>
            {cancelLabel ?? m.cancel}
          </button>
        ) : null}
        <button type="submit" className="cui-button" data-kind="primary" disabled={submitting}>
          {submitting ? m.saving : (submitLabel ?? (mode === 'create' ? m.create : m.save))}
        </button>
      </Actions>
    </Form>
  );
  return scoped ? <ConsoleMessagesProvider messages={scoped}>{body}</ConsoleMessagesProvider> : body;
}

const controlStyles = `
  input[type='text'], input[type='email'], input[type='url'], input[type='tel'], input[type='date'],
  input[type='month'], input[type='datetime-local'], input[type='password'], select, textarea {
    box-sizing: border-box;
    width: 100%;
    font: inherit;
    color: ${t.colorText};
    background: ${t.colorSurface};
    border: 1px solid ${t.colorBorder};
    border-radius: ${t.radiusSm};
    padding: ${t.space2} ${t.space3};
  }
  /* A JSON field's grip drawn as TextArea's is, not the browser's own: the same on every Chromium build. */
  ${resizeGripCss.replace('&', 'textarea')}
  ${resizeGripCss.replace('&', 'textarea:dir(rtl)').replaceAll(' right ', ' left ')}
  input:focus-visible, select:focus-visible, textarea:focus-visible, button:focus-visible {
    ${focusRingCss}
  }
  [aria-invalid='true'] {
    border-color: ${t.colorDanger};
  }
`;

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${t.space4};
  font-family: ${t.fontFamily};
  color: ${t.colorText};
  ${controlStyles}
  .cui-resource-form-fields {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
    gap: ${t.space4};
  }
  .cui-field {
    display: flex;
    flex-direction: column;
    gap: ${t.space1};
    min-width: 0;
    margin: 0;
    padding: 0;
    border: 0;
  }
  .cui-field[data-wide] {
    grid-column: 1 / -1;
  }
  .cui-field-label {
    font-size: ${t.fontSizeSm};
    font-weight: 600;
    padding: 0;
  }
  .cui-required {
    color: ${t.colorDanger};
  }
  .cui-field-error {
    color: ${t.colorDanger};
    font-size: ${t.fontSizeSm};
  }
  .cui-field-help {
    color: ${t.colorTextMuted};
    font-size: ${t.fontSizeSm};
  }
  .cui-field output {
    padding: ${t.space2} 0;
    color: ${t.colorTextMuted};
  }
  .cui-money-input,
  .cui-number-input,
  .cui-secret-input,
  .cui-relation-select {
    position: relative;
    display: flex;
    align-items: center;
    gap: ${t.space2};
  }
  .cui-relation-select-field {
    position: relative;
    display: flex;
    flex: 1;
    min-width: 0;
  }
  .cui-relation-select-field input {
    flex: 1;
    min-width: 0;
    padding-inline-end: 2rem;
    cursor: pointer;
  }
  .cui-relation-select-chevron {
    position: absolute;
    inset-inline-end: 0.8rem;
    top: 50%;
    width: 0.45rem;
    height: 0.45rem;
    margin-top: -0.35rem;
    border-right: 2px solid ${t.colorTextMuted};
    border-bottom: 2px solid ${t.colorTextMuted};
    transform: rotate(45deg);
    pointer-events: none;
  }
  .cui-relation-select[data-state='open'] .cui-relation-select-chevron {
    margin-top: -0.1rem;
    transform: rotate(-135deg);
  }
  .cui-money-input-prefix {
    color: ${t.colorTextMuted};
  }
  .cui-money-input input {
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
  .cui-secret-input-mask {
    font-family: ui-monospace, monospace;
  }
  .cui-relation-select-list {
    position: absolute;
    top: 100%;
    inset-inline: 0;
    z-index: 10;
    margin: ${t.space1} 0 0;
    padding: ${t.space1} 0;
    list-style: none;
    max-height: 14rem;
    overflow: auto;
    ${popoverCss}
    border-radius: ${t.radiusSm};
  }
  .cui-relation-select-list li {
    padding: ${t.space1} ${t.space3};
    cursor: pointer;
  }
  .cui-relation-select-list li[data-active] {
    background: ${t.colorPrimarySoft};
  }
  .cui-relation-select-note {
    color: ${t.colorTextMuted};
  }
  .cui-tags-input {
    display: flex;
    flex-wrap: wrap;
    gap: ${t.space1};
    align-items: center;
  }
  .cui-tags-input-list {
    display: contents;
    list-style: none;
  }
  .cui-tag {
    display: inline-flex;
    align-items: center;
    gap: ${t.space1};
    padding: 0 ${t.space2};
    border-radius: 999px;
    background: ${t.colorPrimarySoft};
  }
  .cui-tag button {
    border: 0;
    background: none;
    color: inherit;
    cursor: pointer;
    font: inherit;
  }
  .cui-tags-input input {
    flex: 1;
    min-width: 8rem;
  }
  .cui-switch {
    display: inline-flex;
    align-items: center;
    gap: ${t.space2};
    padding-top: ${t.space4};
  }
  .cui-date-range {
    display: flex;
    gap: ${t.space2};
  }
  .cui-date-range label {
    flex: 1;
    font-size: ${t.fontSizeSm};
  }
  .cui-json-input {
    font-family: ui-monospace, monospace;
  }
  .cui-button {
    ${buttonBoxCss}
    white-space: nowrap;
  }
  .cui-button[data-kind='primary'] {
    background: ${t.colorPrimary};
    border-color: ${t.colorPrimary};
    color: ${t.colorPrimaryText};
  }
  .cui-button:disabled {
    cursor: progress;
  }
`;

const Banner = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${t.space3};
  padding: ${t.space2} ${t.space3};
  border-radius: ${t.radiusSm};
  &[data-tone='warning'] {
    background: ${t.colorWarningSoft};
    color: ${t.colorWarning};
  }
  &[data-tone='danger'] {
    background: ${t.colorDangerSoft};
    color: ${t.colorDanger};
  }
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  align-items: center;
  gap: ${t.space2};
  .cui-resource-form-dirty {
    margin-inline-end: auto;
    color: ${t.colorTextMuted};
    font-size: ${t.fontSizeSm};
  }
`;

const ViewList = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
  gap: ${t.space4};
  margin: 0;
  font-family: ${t.fontFamily};
  color: ${t.colorText};
  dt {
    font-size: ${t.fontSizeSm};
    font-weight: 600;
    color: ${t.colorTextMuted};
  }
  dd {
    margin: ${t.space1} 0 0;
    overflow-wrap: anywhere;
  }
`;
