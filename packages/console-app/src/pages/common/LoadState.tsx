import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import type { CallError } from '@staff/console-ui';
import { Muted, withClass } from '../PageLayout.js';
import './page.css';
import type { DataState } from '../useEndpoint.js';
import { useTextsOf } from '../../i18n.js';
import { COMMON_TEXTS } from './texts.js';

type LoadErrorTexts = (typeof COMMON_TEXTS)['en']['loadError'];

/** A danger-toned alert row: the message, then its actions (Try again). Static CSS: page.css `.app-error-box`. */
export const ErrorBox = ({ className, ...rest }: ComponentPropsWithoutRef<'div'>) => (
  <div className={withClass('app-error-box', className)} {...rest} />
);

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
      <button className="app-error-box__retry" type="button" onClick={onRetry}>
        {texts.tryAgain}
      </button>
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
