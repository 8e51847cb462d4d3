import { useCallback, useMemo, useState } from 'react';
import { styled } from 'styled-components';
import { t } from '../../theme/tokens.js';
import { resizeGripCss } from '../../primitives/css.js';
import { useMessages } from '../../theme/messages.js';
import { HOOK_PICKER_MESSAGES, type HookPickerMessages } from './messages.js';

export { HOOK_PICKER_MESSAGES, type HookPickerMessages } from './messages.js';

/** Where a generation stands: nothing yet, hooks arriving, all arrived, or failed (the hooks so far stay). */
export type HookPickerStatus = 'empty' | 'streaming' | 'done' | 'error';

export interface GeneratedHook {
  text: string;
  /** The formula's shown name ("Problem call-out"). */
  formula: string;
}

/** Which hooks are picked and their edited texts (index → text; absent: as generated). */
export interface HookPickerSelection {
  picked: readonly number[];
  edits: Readonly<Record<number, string>>;
}

export interface HookPickerProps {
  status: HookPickerStatus;
  hooks: readonly GeneratedHook[];
  /** How many were asked for (shown while streaming). */
  expected?: number;
  selection: HookPickerSelection;
  onSelectionChange: (selection: HookPickerSelection) => void;
  /** Shown as an alert in the `error` state. */
  error?: string;
  /** Picking and editing off (while the picks are being sent). */
  disabled?: boolean;
  messages?: Partial<HookPickerMessages>;
  className?: string;
}

/** The picked hooks' texts, edited where edited, trimmed, in list order. */
export function pickedTexts(hooks: readonly GeneratedHook[], selection: HookPickerSelection): string[] {
  return [...selection.picked]
    .sort((a, b) => a - b)
    .map((index) => (selection.edits[index] ?? hooks[index]?.text ?? '').trim())
    .filter((text) => text !== '');
}

/**
 * Headless state for HookPicker: the selection, a reset for a new run, and the picked texts.
 * @example
 * ```tsx
 * const picker = useHookPicker();
 * <HookPicker status="done" hooks={hooks} selection={picker.selection} onSelectionChange={picker.setSelection} />
 * picker.texts(hooks) // ['Capek begadang tiap malam?']
 * ```
 */
export function useHookPicker(initial: HookPickerSelection = { picked: [], edits: {} }) {
  const [selection, setSelection] = useState<HookPickerSelection>(initial);
  const reset = useCallback(() => setSelection({ picked: [], edits: {} }), []);
  const texts = useCallback((hooks: readonly GeneratedHook[]) => pickedTexts(hooks, selection), [selection]);
  return { selection, setSelection, reset, texts };
}

const Wrap = styled.div`
  display: grid;
  gap: ${t.space3};
  font-family: ${t.fontFamily};
  color: ${t.colorText};
`;

const Status = styled.p`
  margin: 0;
  font-size: ${t.fontSizeSm};
  color: ${t.colorTextMuted};
`;

const Failure = styled.p`
  margin: 0;
  padding: ${t.space2} ${t.space3};
  border-radius: ${t.radiusSm};
  background: ${t.colorDangerSoft};
  color: ${t.colorDanger};
`;

const List = styled.ol`
  display: grid;
  gap: ${t.space2};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${t.space2} ${t.space3};
  align-items: start;
  padding: ${t.space3};
  border: 1px solid ${t.colorBorder};
  border-radius: ${t.radiusMd};
  background: ${t.colorSurface};
  &[data-picked] {
    border-color: ${t.colorPrimary};
    background: ${t.colorPrimarySoft};
  }
  & input[type='checkbox'] {
    margin-top: 0.35rem;
    width: 1.1rem;
    height: 1.1rem;
  }
  & textarea {
    width: 100%;
    min-height: 2.5rem;
    resize: vertical;
    font: inherit;
    color: inherit;
    background: ${t.colorBg};
    border: 1px solid ${t.colorBorder};
    border-radius: ${t.radiusSm};
    padding: ${t.space1} ${t.space2};
    box-sizing: border-box;
  }
  /* The grip drawn as TextArea's is, not the browser's own: the same on every Chromium build (issue 34). */
  ${resizeGripCss.replace('&', '& textarea')}
  ${resizeGripCss.replace('&', '& textarea:dir(rtl)').replaceAll(' right ', ' left ')}
  & textarea:focus-visible,
  & input:focus-visible {
    outline: 2px solid ${t.colorFocus};
    outline-offset: 1px;
  }
`;

const Formula = styled.span`
  grid-column: 2;
  justify-self: start;
  font-size: ${t.fontSizeSm};
  padding: 0 ${t.space2};
  border-radius: 999px;
  background: ${t.colorInfoSoft};
  color: ${t.colorText};
`;

/**
 * The hooks of a generation as they arrive, each with its formula: pick some with their checkboxes and edit their
 * text in place. Controlled (`selection` / `onSelectionChange`); `useHookPicker` holds the state when wanted.
 * State is on `data-state` (empty, streaming, done, error).
 */
export function HookPicker({
  status,
  hooks,
  expected,
  selection,
  onSelectionChange,
  error,
  disabled = false,
  messages,
  className,
}: HookPickerProps) {
  const m = useMessages('hookPicker', HOOK_PICKER_MESSAGES, messages);
  const picked = useMemo(() => new Set(selection.picked), [selection.picked]);
  const toggle = (index: number, on: boolean) =>
    onSelectionChange({
      ...selection,
      picked: on ? [...selection.picked, index] : selection.picked.filter((i) => i !== index),
    });
  const edit = (index: number, text: string) =>
    onSelectionChange({
      // Editing a hook picks it: the edit is what will be kept.
      picked: picked.has(index) ? selection.picked : [...selection.picked, index],
      edits: { ...selection.edits, [index]: text },
    });
  const statusText =
    status === 'empty'
      ? m.empty
      : status === 'streaming'
        ? m.streaming(hooks.length, expected ?? hooks.length)
        : m.done(hooks.length, picked.size);
  return (
    <Wrap className={['cui-hook-picker', className].filter(Boolean).join(' ')} data-state={status}>
      <Status role="status" aria-live="polite">
        {statusText}
      </Status>
      {status === 'error' && error ? <Failure role="alert">{error}</Failure> : null}
      {hooks.length > 0 ? (
        <List aria-busy={status === 'streaming'}>
          {hooks.map((hook, index) => {
            const n = index + 1;
            return (
              <Item key={index} data-picked={picked.has(index) ? '' : undefined}>
                <input
                  type="checkbox"
                  aria-label={m.pick(n)}
                  checked={picked.has(index)}
                  disabled={disabled}
                  onChange={(event) => toggle(index, event.currentTarget.checked)}
                />
                <textarea
                  aria-label={m.edit(n)}
                  value={selection.edits[index] ?? hook.text}
                  disabled={disabled}
                  rows={2}
                  maxLength={300}
                  onChange={(event) => edit(index, event.currentTarget.value)}
                />
                <Formula>
                  {m.formula}: {hook.formula}
                </Formula>
              </Item>
            );
          })}
        </List>
      ) : null}
    </Wrap>
  );
}
