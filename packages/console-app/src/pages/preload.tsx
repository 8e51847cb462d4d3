import { lazy, useState, type ComponentType } from 'react';

/**
 * `React.lazy` with a `preload()` that can start the chunk download before the component renders. Once the
 * module is in, the component renders directly (no Suspense round-trip).
 */
export function lazyWithPreload<P extends object>(factory: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    pending ??= factory().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = undefined; // a failed chunk load may be retried on the next visit
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(preload);
  function Preloaded(props: P) {
    // Chosen once per mount: switching from Lazy to the loaded component later is a new type to React, which
    // remounts the page (its state and its requests) on the next render. A resolved Lazy renders directly.
    const [Component] = useState(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return { Component: Preloaded, preload };
}

/** A data request started ahead of its page, readable synchronously once settled. */
export interface Preloaded<T> {
  promise: Promise<T>;
  state: { status: 'pending' } | { status: 'fulfilled'; value: T } | { status: 'rejected'; error: unknown };
}

/** Starts `load` now and records its outcome, so a page mounting later can show the data in its first render. */
export function preloadData<T>(load: () => Promise<T>): Preloaded<T> {
  const record: Preloaded<T> = { promise: Promise.resolve() as Promise<T>, state: { status: 'pending' } };
  record.promise = load();
  record.promise.then(
    (value) => {
      record.state = { status: 'fulfilled', value };
    },
    (error: unknown) => {
      // Handled here so a page that is denied (and never reads it) leaves no unhandled rejection.
      record.state = { status: 'rejected', error };
    },
  );
  return record;
}
