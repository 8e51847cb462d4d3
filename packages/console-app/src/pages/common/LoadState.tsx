import type { ReactNode } from 'react';
import { styled } from 'styled-components';
import { t, type CallError } from '@staff/console-ui';
import { Muted } from '../PageLayout.js';
import type { DataState } from '../usePreloadedData.js';
import { useTextsOf } from '../../i18n.js';
import { COMMON_TEXTS } from './texts.js';

type LoadErrorTexts = (typeof COMMON_TEXTS)['en']['loadError'];

/** A danger-toned alert row: the message, then its actions (Try again). */
export const ErrorBox = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${t.space3};
  align-items: center;
  padding: ${t.space3} ${t.space4};
  border-radius: ${t.radiusMd};
  background: ${t.colorDangerSoft};
  color: ${t.colorDanger};
`;

const RetryButton = styled.button`
  font: inherit;
  padding: ${t.space1} ${t.space3};
  border-radius: ${t.radiusSm};
  border: 1px solid currentColor;
  background: transparent;
  color: inherit;
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${t.colorFocus};
    outline-offset: 2px;
  }
`;

function errorText(error: unknown, what: string, texts: LoadErrorTexts): string {
  const e = error as CallError | undefined;
  if (e?.status === 403) return texts.forbidden(what);
  if (e?.status === undefined) return texts.unreachable;
  // The server's own message stays as it sent it.
  return e.message ? texts.withStatus(e.message, String(e.status)) : texts.statusOnly(String(e.status));
}

/** "Could not load {what}." with the reason and a "Try again" button, as an alert. */
export function LoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  const texts = useTextsOf(COMMON_TEXTS).loadError;
  return (
    <ErrorBox role="alert">
      <span>
        {texts.couldNotLoad(what)} {errorText(error, what, texts)}
      </span>
      <RetryButton type="button" onClick={onRetry}>
        {texts.tryAgain}
      </RetryButton>
    </ErrorBox>
  );
}

/**
 * One data load's three faces: `loading` as a status line, an error with retry (LoadError), or `children(data)`.
 *
 * @example
 * <LoadState state={state} what="your activity" loading="Loading your activity…" onRetry={reload}>
 *   {(activity) => <MyActivity activity={activity} />}
 * </LoadState>
 */
export function LoadState<T>({
  state,
  what,
  loading,
  onRetry,
  children,
}: {
  state: DataState<T>;
  what: string;
  loading: ReactNode;
  onRetry: () => void;
  children: (data: T) => ReactNode;
}) {
  if (state.status === 'loading') return <Muted role="status">{loading}</Muted>;
  if (state.status === 'error') return <LoadError what={what} error={state.error} onRetry={onRetry} />;
  return <>{children(state.data)}</>;
}

/** A load whose failure is already a sentence (`message`). */
export type MessageLoad<T> =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

/** A list's load: "Loading…", the error's message as an alert, `empty` for no rows, else `children(rows)`. */
export function ListLoadState<T>({
  state,
  empty,
  children,
}: {
  state: MessageLoad<readonly T[]>;
  empty: ReactNode;
  children: (rows: readonly T[]) => ReactNode;
}) {
  const texts = useTextsOf(COMMON_TEXTS);
  if (state.status === 'loading') return <p role="status">{texts.loading}</p>;
  if (state.status === 'error') return <p role="alert">{state.message}</p>;
  return <>{state.data.length === 0 ? empty : children(state.data)}</>;
}
