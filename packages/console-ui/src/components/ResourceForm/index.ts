export {
  ResourceForm,
  CONFLICT_MESSAGE,
  type ResourceFormConflict,
  type ResourceFormMode,
  type ResourceFormProps,
} from './ResourceForm.js';
export { useResourceForm, type SubmitAttempt, type UseResourceFormOptions } from './useResourceForm.js';
export type { Draft, Drafts, FieldErrors, FormValues, SecretDraft } from './formValues.js';
export { MoneyInput, groupDigits, type MoneyInputProps } from './MoneyInput.js';
export { RelationSelect, type LoadOptions, type RelationSelectProps } from './RelationSelect.js';
export { SecretInput, type SecretInputProps } from './SecretInput.js';
export { TagsInput, type TagsInputProps } from './TagsInput.js';
export { RESOURCE_FORM_MESSAGES, type ResourceFormMessages } from './messages.js';
