import { useId, type FormEvent } from 'react';
import { problemsEndpoints } from '@staff/console-contract';
import { useTextsOf } from '../../i18n.js';
import { useEndpointForm } from '../useEndpointForm.js';
import { FormSubmit, InputField, TextAreaField } from '../common/FormField.js';
import { PROBLEMS_TEXTS } from './texts.js';

/** What a problem's forms take: the problem, and what follows a saved write (reload the panel and the board). */
interface PanelFormProps {
  problemId: number;
  onSaved: () => void;
}

const NO_COMMENT = { body: '' };

/** A problem's new comment (`problemsEndpoints.comment`): the message under the text, emptied once sent. */
export function CommentForm({ problemId, onSaved }: PanelFormProps) {
  const words = useTextsOf(PROBLEMS_TEXTS).panel;
  const id = useId();
  const form = useEndpointForm(problemsEndpoints.comment, {
    initial: NO_COMMENT,
    input: { params: { id: problemId } },
    onSaved: () => {
      form.reset(NO_COMMENT);
      onSaved();
    },
  });
  return (
    <form onSubmit={(event: FormEvent) => void form.submit(event)} noValidate>
      <TextAreaField
        id={`${id}-body`}
        label={words.newComment}
        rows={2}
        maxLength={2000}
        value={form.values.body}
        error={form.errors.body}
        onValueChange={(value) => form.set('body', value)}
      />
      <FormSubmit
        error={form.formError}
        label={words.sendComment}
        busy={form.submitting}
        className="actions"
      />
    </form>
  );
}

const NO_ATTACHMENT = { url: '', label: '' };

/** A problem's new link attachment (`problemsEndpoints.attach`): http or https, with an optional label. */
export function AttachmentForm({ problemId, onSaved }: PanelFormProps) {
  const words = useTextsOf(PROBLEMS_TEXTS).panel;
  const id = useId();
  const form = useEndpointForm(problemsEndpoints.attach, {
    initial: NO_ATTACHMENT,
    input: { params: { id: problemId } },
    toBody: ({ url, label }) => ({ url, label: label.trim() || null }),
    onSaved: () => {
      form.reset(NO_ATTACHMENT);
      onSaved();
    },
  });
  return (
    <form onSubmit={(event: FormEvent) => void form.submit(event)} noValidate>
      <InputField
        id={`${id}-url`}
        label={words.link}
        type="url"
        placeholder={words.linkExample}
        value={form.values.url}
        error={form.errors.url}
        onValueChange={(value) => form.set('url', value)}
      />
      <InputField
        id={`${id}-label`}
        label={words.label}
        value={form.values.label}
        error={form.errors.label}
        onValueChange={(value) => form.set('label', value)}
      />
      <FormSubmit
        error={form.formError}
        label={words.addAttachment}
        busy={form.submitting}
        className="actions"
      />
    </form>
  );
}
