import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { t } from '../../theme/tokens.js';
import { useThemeCheck } from '../../theme/ThemeProvider.js';
import { useStaticStyles } from '../../primitives/staticStyles.js';

/** Below this width (px) the sidebar becomes a drawer. */
export const APP_SHELL_COMPACT_BELOW = 900;

export type AppShellLayout = 'wide' | 'compact';

export interface AppShellProps {
  sidebar: ReactNode;
  children: ReactNode;
  /** Above everything, full width (e.g. an offline banner). */
  banner?: ReactNode;
  /** 'auto' (default) follows the shell's own width; force one for fixed embeds or tests. */
  layout?: 'auto' | AppShellLayout;
  /** Width in px below which the layout is compact. Default 900. */
  compactBelow?: number;
  /** Change it on navigation (e.g. the current path) to close the drawer. Link clicks inside it close it too. */
  navigationKey?: unknown;
  /** Label of the button that opens the drawer. Default "Menu". */
  menuLabel?: string;
  /**
   * Render the content area as the page's `<main>` landmark (default). Set false when the shell sits inside
   * a page that already has one.
   */
  mainLandmark?: boolean;
  /**
   * The shell's height (CSS). Default `'100dvh'`: the whole viewport. Under a host's own header use `'100%'`
   * inside a parent of fixed height (e.g. a flex column child with `flex: 1; min-height: 0`): the shell fills it
   * and its content area stays the page's only scroll area.
   */
  height?: string;
  /** Starts with the drawer open (compact layout only). */
  defaultDrawerOpen?: boolean;
  className?: string;
  style?: CSSProperties;
}

/** Measures the element's width; falls back to the window's when it is not laid out (jsdom, SSR). */
function useMeasuredLayout(
  ref: RefObject<HTMLElement | null>,
  compactBelow: number,
  enabled: boolean,
): AppShellLayout {
  const [layout, setLayout] = useState<AppShellLayout>('wide');
  useLayoutEffect(() => {
    const element = ref.current;
    if (!enabled || !element) return;
    const measure = () => {
      const width =
        element.getBoundingClientRect().width || (typeof window !== 'undefined' ? window.innerWidth : 0);
      setLayout(width > 0 && width < compactBelow ? 'compact' : 'wide');
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, compactBelow, enabled]);
  return layout;
}

/**
 * A static sheet, not styled-components: the frame ships none of it (ADR 048). One class per rule; the compact
 * layout's rules go through the shell's own `data-layout` (child combinators, so a shell nested in a compact one
 * keeps its own layout). The drawer sits at the line's start and slides in from it, the right in right-to-left text.
 */
const APP_SHELL_CSS = `.cui-app-shell {
  position: relative;
  display: flex;
  flex-direction: column;
  height: var(--cui-app-shell-height, 100dvh);
  min-height: 0;
  overflow: hidden;
  background: ${t.colorBg};
  color: ${t.colorText};
  font-family: ${t.fontFamily};
}
.cui-app-shell__banner {
  flex: none;
}
.cui-app-shell__topbar {
  flex: none;
  display: flex;
  align-items: center;
  gap: ${t.space2};
  padding: ${t.space2} ${t.space3};
  background: ${t.colorSidebarBg};
  color: ${t.colorSidebarText};
}
.cui-app-shell__menu-button {
  display: inline-flex;
  align-items: center;
  gap: ${t.space2};
  font: inherit;
  font-weight: 600;
  color: inherit;
  background: transparent;
  border: 1px solid currentColor;
  border-radius: ${t.radiusSm};
  padding: ${t.space2} ${t.space3};
  cursor: pointer;
}
.cui-app-shell__menu-button:focus-visible {
  outline: 2px solid ${t.colorSidebarText};
  outline-offset: 2px;
}
.cui-app-shell__menu-icon {
  width: 16px;
  height: 2px;
  background: currentColor;
  box-shadow:
    0 -5px 0 currentColor,
    0 5px 0 currentColor;
}
.cui-app-shell__body {
  position: relative;
  flex: 1 1 auto;
  min-height: 0;
  display: flex;
}
.cui-app-shell__sidebar {
  flex: none;
  display: flex;
  height: 100%;
  min-height: 0;
}
.cui-app-shell[data-layout='compact'] > .cui-app-shell__body > .cui-app-shell__sidebar {
  position: absolute;
  z-index: 20;
  inset-block: 0;
  inset-inline-start: 0;
  max-width: 85%;
  box-shadow: ${t.shadowMd};
  transform: translateX(-100%);
  visibility: hidden;
}
.cui-app-shell[data-layout='compact']:dir(rtl) > .cui-app-shell__body > .cui-app-shell__sidebar {
  transform: translateX(100%);
}
.cui-app-shell[data-layout='compact'][data-drawer='open'] > .cui-app-shell__body > .cui-app-shell__sidebar {
  transform: none;
  visibility: visible;
}
.cui-app-shell[data-layout='compact'][data-animate] > .cui-app-shell__body > .cui-app-shell__sidebar {
  transition:
    transform 0.2s ease,
    visibility 0s linear 0.2s;
}
.cui-app-shell[data-layout='compact'][data-animate][data-drawer='open'] > .cui-app-shell__body > .cui-app-shell__sidebar {
  transition: transform 0.2s ease;
}
@media (prefers-reduced-motion: reduce) {
  .cui-app-shell__sidebar {
    transition: none !important;
  }
}
.cui-app-shell__backdrop {
  position: absolute;
  inset: 0;
  z-index: 10;
  background: rgba(0, 0, 0, 0.45);
}
.cui-app-shell__main {
  flex: 1 1 auto;
  min-width: 0;
  overflow: auto;
  padding: ${t.space6};
}
.cui-app-shell[data-layout='compact'] > .cui-app-shell__body > .cui-app-shell__main {
  padding: ${t.space4};
}`;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * The console frame: sidebar beside a main content area. Below 900 px the sidebar becomes a drawer opened
 * by a "Menu" button; it closes on Escape, on the backdrop, and on navigation.
 *
 * @example
 * ```tsx
 * <AppShell sidebar={<Sidebar … />} navigationKey={location.pathname} banner={<ConnectionBanner />}>
 *   <Outlet />
 * </AppShell>
 * ```
 */
export function AppShell({
  sidebar,
  children,
  banner,
  layout: forcedLayout = 'auto',
  compactBelow = APP_SHELL_COMPACT_BELOW,
  navigationKey,
  menuLabel = 'Menu',
  defaultDrawerOpen = false,
  mainLandmark = true,
  height = '100dvh',
  className,
  style,
}: AppShellProps) {
  useThemeCheck('AppShell');
  useStaticStyles('app-shell', APP_SHELL_CSS);
  const rootRef = useRef<HTMLDivElement>(null);
  const drawerRef = useRef<HTMLDivElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const drawerId = useId();
  const measured = useMeasuredLayout(rootRef, compactBelow, forcedLayout === 'auto');
  const layout = forcedLayout === 'auto' ? measured : forcedLayout;
  const compact = layout === 'compact';
  const [open, setOpen] = useState(defaultDrawerOpen);
  const drawerOpen = compact && open;

  // Drawer transitions start after the first frame, so a compact start does not animate out of the wide layout.
  const [animate, setAnimate] = useState(false);
  useEffect(() => {
    if (typeof requestAnimationFrame === 'undefined') return;
    const frame = requestAnimationFrame(() => setAnimate(true));
    return () => cancelAnimationFrame(frame);
  }, []);

  // The Menu button is inert while the drawer is open, so focus goes back to it after the close renders.
  const returnFocus = useRef(false);
  const close = useCallback((restore: boolean) => {
    returnFocus.current = restore;
    setOpen(false);
  }, []);

  // Navigation closes the drawer (derived-state update while rendering, not in an effect).
  const [lastNavigationKey, setLastNavigationKey] = useState(navigationKey);
  if (!Object.is(lastNavigationKey, navigationKey)) {
    setLastNavigationKey(navigationKey);
    if (open) setOpen(false);
  }

  useEffect(() => {
    if (!drawerOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close(true);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [drawerOpen, close]);

  // Opening moves focus into the drawer so keyboard users land in the menu; closing can bring it back.
  useEffect(() => {
    if (drawerOpen) {
      drawerRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus({ preventScroll: true });
    } else if (returnFocus.current) {
      returnFocus.current = false;
      menuButtonRef.current?.focus();
    }
  }, [drawerOpen]);

  const onDrawerClick = (event: MouseEvent<HTMLDivElement>) => {
    if (compact && (event.target as Element).closest?.('a[href]')) close(false);
  };

  const Main = mainLandmark ? 'main' : 'div';
  return (
    <div
      ref={rootRef}
      className={['cui-app-shell', className].filter(Boolean).join(' ')}
      style={{ '--cui-app-shell-height': height, ...style } as CSSProperties}
      data-layout={layout}
      data-drawer={drawerOpen ? 'open' : 'closed'}
      data-animate={animate || undefined}
    >
      {banner ? <div className="cui-app-shell__banner">{banner}</div> : null}
      {compact ? (
        <div className="cui-app-shell__topbar" inert={drawerOpen}>
          <button
            ref={menuButtonRef}
            className="cui-app-shell__menu-button"
            type="button"
            aria-expanded={drawerOpen}
            aria-controls={drawerId}
            onClick={() => setOpen(true)}
          >
            <span className="cui-app-shell__menu-icon" aria-hidden="true" />
            {menuLabel}
          </button>
        </div>
      ) : null}
      <div className="cui-app-shell__body">
        {drawerOpen ? (
          <div className="cui-app-shell__backdrop" aria-hidden="true" onClick={() => close(true)} />
        ) : null}
        {/* The click handler only notices link activations bubbling up; the links handle the keyboard. */}
        {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
        <div
          ref={drawerRef}
          id={drawerId}
          className="cui-app-shell__sidebar"
          onClick={onDrawerClick}
          inert={compact && !drawerOpen}
          {...(drawerOpen ? { role: 'dialog', 'aria-modal': true, 'aria-label': menuLabel } : {})}
        >
          {sidebar}
        </div>
        <Main className="cui-app-shell__main" inert={drawerOpen}>
          {children}
        </Main>
      </div>
    </div>
  );
}
