import { entityForRoute, type RouteDef } from '@staff/console-contract';
import { Muted, PageRoot } from '../pages/PageLayout.js';
import { useTextsOf } from '../i18n.js';
import { SHELL_TEXTS } from './texts.js';
import './shell.css';

const ROWS = 8;

/**
 * What a page shows while the guard's 0.75 s check runs (its data is already loading): the page's title, and for
 * a list its toolbar and table as a skeleton with the real column names, so the page appears complete when the
 * check ends instead of after a blank spinner. Not a heading yet: the page is not open until the server allows it.
 */
export function PageFrame({ route }: { route: RouteDef }) {
  const texts = useTextsOf(SHELL_TEXTS);
  const def = entityForRoute(route.id);
  const columns = def
    ? (def.fields.some((field) => field.list) ? def.fields.filter((field) => field.list) : def.fields).slice(
        0,
        7,
      )
    : [];
  return (
    <PageRoot as="div" data-page-frame={route.id} aria-busy="true">
      <span className="app-frame__status" role="status">
        {texts.checkingPermission}
      </span>
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
