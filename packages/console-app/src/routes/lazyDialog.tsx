import { Suspense, useState, type ComponentType } from 'react';
import { lazyWithPreload } from '../pages/preload.js';

/**
 * A dialog whose code loads when it first opens, not with the page under it (issue 33: the signed-in landing
 * carried the account and admin dialogs, their texts and endpoints, for a click most visits never make). Until
 * then it renders nothing; once opened it stays mounted, so it closes the way it always did.
 * @example
 * const LazySessionsDialog = lazyDialog(() => import('../pages/account/SessionsDialog.js').then((m) => ({ default: m.SessionsDialog })));
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<{ default: ComponentType<P> }>) {
  const { Component, preload } = lazyWithPreload(load);
  function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened && !props.open) return null;
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyDialog, { preload });
}
