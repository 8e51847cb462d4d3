import { useEffect, useState } from 'react';
import type { RouteDef } from '@staff/console-contract';
import type * as FrameEntityModule from './frameEntity.js';
import { Muted, PageRoot } from '../pages/PageLayout.js';
import { useTextsOf } from '../i18n.js';
import { SHELL_TEXTS } from './texts.js';
import './shell.css';

const ROWS = 8;

type FrameEntity = typeof FrameEntityModule;
let frameEntity: FrameEntity | null = null;
let loadingFrameEntity: Promise<FrameEntity> | null = null;
const loadFrameEntity = () =>
  (loadingFrameEntity ??= import('./frameEntity.js').then(
    (module) => (frameEntity = module),
    (error: unknown) => {
      loadingFrameEntity = null;
      throw error;
    },
  ));

/**
 * Whether the frame can be drawn: at once for a page without an entity; for a master-data route once the entity
 * definitions are in (a chunk of their own, loaded here beside the page's: the landing and the other pages never
 * download them). A skeleton without its column names would change under the user's eyes.
 */
function useFrameEntityModule(route: RouteDef): { ready: boolean; module: FrameEntity | null } {
  const needed = route.page.kind === 'resource';
  const [module, setModule] = useState(frameEntity);
  useEffect(() => {
    if (!needed || module) return;
    let live = true;
    loadFrameEntity().then(
      (loaded) => live && setModule(loaded),
      () => undefined, // the page's own module needs the same chunk and shows the failure
    );
    return () => {
      live = false;
    };
  }, [needed, module]);
  return { ready: !needed || module !== null, module };
}

/**
 * What a page shows while the guard's 0.75 s check runs (its data is already loading): the page's title, and for
 * a list its toolbar and table as a skeleton with the real column names, so the page appears complete when the
 * check ends instead of after a blank spinner. Not a heading yet: the page is not open until the server allows it.
 */
export function PageFrame({ route }: { route: RouteDef }) {
  const texts = useTextsOf(SHELL_TEXTS);
  const { ready, module } = useFrameEntityModule(route);
  const status = (
    <span className="app-frame__status" role="status">
      {texts.checkingPermission}
    </span>
  );
  if (!ready) return status;
  const def = module?.entityForRoute(route.id);
  const columns = def
    ? (def.fields.some((field) => field.list) ? def.fields.filter((field) => field.list) : def.fields).slice(
        0,
        7,
      )
    : [];
  return (
    <PageRoot as="div" data-page-frame={route.id} aria-busy="true">
      {status}
      <div aria-hidden="true">
        <p className="app-frame__title">{route.title}</p>
        {def?.description ? <Muted>{def.description}</Muted> : null}
      </div>
      <div className="app-frame__toolbar" aria-hidden="true">
        <span className="app-frame__bone" style={{ width: '18rem' }} />
        <span className="app-frame__bone" style={{ width: '7rem' }} />
        <span className="app-frame__bone" style={{ width: '7rem' }} />
      </div>
      <div
        className="app-frame__table"
        aria-hidden="true"
        style={{ ['--columns' as string]: Math.max(columns.length, 4) }}
      >
        {columns.length ? (
          <div>
            {columns.map((field) => (
              <span key={field.name}>{field.label}</span>
            ))}
          </div>
        ) : null}
        {Array.from({ length: ROWS }, (_, row) => (
          <div key={row}>
            {Array.from({ length: Math.max(columns.length, 4) }, (_, cell) => (
              <span
                className="app-frame__bone"
                key={cell}
                style={{ width: `${60 + ((row * 7 + cell * 13) % 40)}%` }}
              />
            ))}
          </div>
        ))}
      </div>
    </PageRoot>
  );
}
