import { useCallback, useEffect, useState } from 'react';
import type { ResourceCallError, ResourcesApi, StoredView, ViewInput } from '../../api/resources.js';

/**
 * The saved views of one entity (the user's own and those shared with everyone who can read it), with save,
 * share and delete. Failures reject so the page can say what went wrong.
 */
export function useSavedViews(entity: string, api: ResourcesApi) {
  const [views, setViews] = useState<StoredView[]>([]);
  const [error, setError] = useState<ResourceCallError | null>(null);
  const [loaded, setLoaded] = useState(false);

  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    let live = true;
    api.views(entity).then(
      (list) => {
        if (!live) return;
        setViews(list);
        setError(null);
        setLoaded(true);
      },
      (failure: unknown) => {
        if (!live) return;
        setError(failure as ResourceCallError);
        setLoaded(true);
      },
    );
    return () => {
      live = false;
    };
  }, [api, entity, reloads]);
  const refresh = useCallback(() => setReloads((n) => n + 1), []);

  const save = useCallback(
    async (input: ViewInput) => {
      const view = await api.createView(entity, input);
      setViews((list) => [...list.filter((other) => other.id !== view.id), view]);
      return view;
    },
    [api, entity],
  );

  const share = useCallback(
    async (id: string, shared: boolean) => {
      const view = await api.updateView(id, { shared });
      setViews((list) => list.map((other) => (other.id === id ? view : other)));
    },
    [api],
  );

  const remove = useCallback(
    async (id: string) => {
      await api.deleteView(id);
      setViews((list) => list.filter((other) => other.id !== id));
    },
    [api],
  );

  return { views, error, loaded, refresh, save, share, remove };
}
