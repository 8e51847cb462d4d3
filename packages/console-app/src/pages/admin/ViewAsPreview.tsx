import { forwardRef, useEffect, useRef, useState } from 'react';
import { styled } from 'styled-components';
import { ROUTES, adminEndpoints } from '@staff/console-contract';
import { Sidebar, t, type LinkRendererProps } from '@staff/console-ui';
import { Button, ErrorBox, adminLoad } from './adminUi.js';
import { useEndpoint } from '../useEndpoint.js';
import { ADMIN_TEXTS } from './texts.js';
import { useTextsOf } from '../../i18n.js';

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: 900;
  display: grid;
  grid-template-rows: auto 1fr;
  background: ${t.colorBg};
`;

const Banner = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${t.space3};
  align-items: center;
  padding: ${t.space2} ${t.space4};
  background: ${t.colorWarning};
  color: #1b1b1b;
  font-weight: 600;
`;

const Body = styled.div`
  display: grid;
  grid-template-columns: ${t.sidebarWidth} 1fr;
  min-height: 0;
  > aside {
    overflow: auto;
  }
  > main {
    overflow: auto;
    padding: ${t.space4};
  }
  ul {
    margin: 0;
    padding-left: ${t.space4};
  }
`;

/** Menu links in the preview do not navigate: it shows, it does not act. */
const InertLink = forwardRef<HTMLAnchorElement, LinkRendererProps>(function InertLink(
  { to, children, ...rest },
  ref,
) {
  return (
    <a ref={ref} href={to} {...rest} onClick={(event) => event.preventDefault()}>
      {children}
    </a>
  );
});

/**
 * "View as": the sidebar and the page access exactly as the chosen user has them — the same Sidebar component
 * showing the server's answer (its `visibleMenu` for that user's `___ca`, locked items marked as the shell marks
 * them) — read-only and clearly marked, with an exit control.
 */
export function ViewAsPreview({ userId, onExit }: { userId: number; onExit: () => void }) {
  const v = useTextsOf(ADMIN_TEXTS).viewAs;
  const { state, reload } = adminLoad(useEndpoint(adminEndpoints.viewAs, { params: { userId } }));
  const [currentPath, setCurrentPath] = useState('');
  const exitRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    exitRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onExit();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onExit]);

  const name = state.status === 'ready' ? state.data.user.full_name : v.someone;
  return (
    <Overlay role="dialog" aria-modal="true" aria-label={v.dialog(name)} data-view-as={userId}>
      <Banner role="status">
        <span>{v.banner(state.status === 'ready' ? `${name} (${state.data.user.username})` : name)}</span>
        <Button ref={exitRef} type="button" onClick={onExit}>
          {v.exit}
        </Button>
      </Banner>
      {state.status === 'loading' ? <p role="status">{v.loading}</p> : null}
      {state.status === 'error' ? <ErrorBox error={state.error} onRetry={reload} what={v.theView} /> : null}
      {state.status === 'ready' ? (
        <Body>
          <aside
            aria-label={v.sidebarOf(name)}
            onClickCapture={(event) => {
              const link = (event.target as HTMLElement).closest('a');
              if (link) setCurrentPath(link.getAttribute('href') ?? '');
            }}
          >
            <Sidebar
              user={{ fullname: state.data.user.full_name, last_login: state.data.user.last_login_at }}
              menu={state.data.menu}
              currentPath={currentPath}
              renderLink={InertLink}
              onSignOut={onExit}
              onRefresh={reload}
              navLabel={v.menuOf(name)}
            />
          </aside>
          <main>
            <h2>{v.canOpen(name)}</h2>
            <p>
              {v.sets} {state.data.permission_sets.length ? state.data.permission_sets.join(', ') : v.none}
              {state.data.user.active ? '' : v.disabledAccount}
            </p>
            <ul aria-label={v.pageAccess}>
              {ROUTES.map((route) => {
                const allowed = state.data.allowed_pages.includes(route.path);
                return (
                  <li key={route.id} data-allowed={allowed}>
                    {route.title} ({route.path}): {allowed ? v.allowed : v.denied(route.key)}
                  </li>
                );
              })}
            </ul>
          </main>
        </Body>
      ) : null}
    </Overlay>
  );
}
