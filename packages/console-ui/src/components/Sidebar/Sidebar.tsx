import { useId, type ReactNode } from 'react';
import type { LinkRenderer, LinkRendererProps } from '../../adapters.js';
import { t } from '../../theme/tokens.js';
import { useThemeCheck } from '../../theme/ThemeProvider.js';
import { useMessages } from '../../theme/messages.js';
import { formatLastLogin, lastLoginDateTime, type SidebarMenuGroup } from './menu.js';
import { useSidebarMenu } from './useSidebarMenu.js';
import { SPIN_KEYFRAMES, spinKeyframesCss } from '../../primitives/spin.js';
import { plainListCss } from '../../primitives/css.js';
import { useStaticStyles } from '../../primitives/staticStyles.js';
import { VisuallyHidden } from '../../primitives/VisuallyHidden.js';
import { SIDEBAR_MESSAGES, type SidebarMessages } from './messages.js';

export { SIDEBAR_MESSAGES, type SidebarMessages } from './messages.js';

export interface SidebarUser {
  fullname: string;
  last_login: string | null;
}

/**
 * Props of `Sidebar`. Only `menu` and `currentPath` are required: without `user`, `onSignOut` and `onRefresh` it
 * is a plain navigation (no header, no buttons).
 */
export interface SidebarProps {
  /** Who is signed in (name and last login above the menu). */
  user?: SidebarUser;
  /**
   * The groups and items this user sees, as data, each item `locked` where its page would refuse them. The
   * Sidebar shows what it is given (groups without items left out): console-contract's
   * `visibleMenu(menuDefinition(), permissions)` decides.
   */
  menu: SidebarMenuGroup[];
  /** The current location's path; its link is highlighted and its group opens. */
  currentPath: string;
  /** Renders menu links with the app's router. Default: a plain `<a href>`. */
  renderLink?: LinkRenderer;
  /** Shows the Sign Out button. */
  onSignOut?: () => void;
  /** Shows the refresh icon: reload the user's permissions. */
  onRefresh?: () => void;
  /** Shows the refresh spinner (and ignores further clicks). */
  refreshing?: boolean;
  /** Below the menu, e.g. the connection status. */
  footer?: ReactNode;
  /** Shown above the user's name. */
  productLabel?: string;
  /** Accessible name of the menu's navigation landmark. Default "Main menu". */
  navLabel?: string;
  /** Replacements for the visible strings (over the provider's `sidebar` entry). */
  messages?: Partial<SidebarMessages>;
  /** Locale and time zone for the last-login time. Default 'id-ID' and Asia/Jakarta (never the browser's zone). */
  locale?: string;
  timeZone?: string;
  className?: string;
}

/** The default link renderer: a plain anchor. */
export function PlainLink({ to, children, ...rest }: LinkRendererProps) {
  return (
    <a href={to} {...rest}>
      {children}
    </a>
  );
}

/** The sidebar's buttons: on the sidebar's colours, a light outline. */
const buttonBase = `
  font: inherit;
  color: inherit;
  background: transparent;
  border: 1px solid rgba(255, 255, 255, 0.35);
  border-radius: ${t.radiusSm};
  cursor: pointer;
`;

/**
 * A static sheet, not styled-components (ADR 048): the sidebar stands on every signed-in page and ships none of
 * it. One class per rule, as specific as the styled rules were (nested ones under the part's own class); logical
 * properties, so the menu mirrors under `dir="rtl"`.
 */
const SIDEBAR_CSS = `.cui-sidebar {
  display: flex;
  flex-direction: column;
  box-sizing: border-box;
  width: ${t.sidebarWidth};
  max-width: 100%;
  height: 100%;
  min-height: 0;
  background: ${t.colorSidebarBg};
  color: ${t.colorSidebarText};
  font-family: ${t.fontFamily};
  font-size: ${t.fontSizeMd};
}
.cui-sidebar button:focus-visible,
.cui-sidebar a:focus-visible {
  outline: 2px solid ${t.colorSidebarText};
  outline-offset: -2px;
}
.cui-sidebar__header {
  padding: ${t.space4};
  border-bottom: 1px solid rgba(255, 255, 255, 0.15);
}
.cui-sidebar__product {
  margin: 0 0 ${t.space3};
  font-size: ${t.fontSizeSm};
  font-weight: 600;
  letter-spacing: 0.04em;
  text-transform: uppercase;
}
.cui-sidebar__user {
  margin: 0;
  font-size: ${t.fontSizeLg};
  font-weight: 600;
  overflow-wrap: anywhere;
}
.cui-sidebar__last-login {
  margin: ${t.space1} 0 0;
  font-size: ${t.fontSizeSm};
}
.cui-sidebar__actions {
  display: flex;
  gap: ${t.space2};
  margin-top: ${t.space3};
}
.cui-sidebar__refresh {${buttonBase}
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 36px;
  height: 36px;
  padding: 0;
}
.cui-sidebar__refresh:hover {
  background: rgba(255, 255, 255, 0.08);
}
.cui-sidebar__refresh[data-state='refreshing'] {
  cursor: progress;
}
.cui-sidebar__refresh[data-state='refreshing'] .cui-sidebar__refresh-icon {
  animation: ${SPIN_KEYFRAMES} 0.9s linear infinite;
}
@media (prefers-reduced-motion: reduce) {
  .cui-sidebar__refresh[data-state='refreshing'] .cui-sidebar__refresh-icon {
    animation-duration: 3s;
  }
}
.cui-sidebar__sign-out {${buttonBase}
  flex: 1 1 auto;
  padding: ${t.space2} ${t.space3};
}
.cui-sidebar__sign-out:hover {
  background: rgba(255, 255, 255, 0.08);
}
.cui-sidebar__nav {
  flex: 1 1 auto;
  min-height: 0;
  overflow-y: auto;
  padding: ${t.space2} 0;
}
.cui-sidebar__nav .cui-sidebar__link {
  display: block;
  padding-block: ${t.space2};
  padding-inline: ${t.space6} ${t.space4};
  color: inherit;
  text-decoration: none;
  border-inline-start: 3px solid transparent;
}
.cui-sidebar__nav .cui-sidebar__link:hover {
  background: rgba(255, 255, 255, 0.08);
}
.cui-sidebar__nav .cui-sidebar__link[aria-current='page'] {
  background: ${t.colorSidebarActive};
  border-inline-start-color: ${t.colorSidebarText};
  font-weight: 600;
}
.cui-sidebar__groups {${plainListCss}}
.cui-sidebar__items {
  list-style: none;
  margin: 0 0 ${t.space2};
  padding: 0;
  font-size: ${t.fontSizeSm};
}
.cui-sidebar__group-button {${buttonBase}
  border: 0;
  border-radius: 0;
  display: flex;
  width: 100%;
  align-items: center;
  justify-content: space-between;
  padding: ${t.space3} ${t.space4};
  text-align: start;
  font-weight: 600;
}
.cui-sidebar__group-button:hover {
  background: rgba(255, 255, 255, 0.08);
}
.cui-sidebar__chevron {
  width: 8px;
  height: 8px;
  border-right: 2px solid currentColor;
  border-bottom: 2px solid currentColor;
  transform: rotate(45deg);
  transition: transform 0.15s ease;
}
.cui-sidebar__chevron[data-state='open'] {
  transform: rotate(-135deg);
}
.cui-sidebar__footer {
  padding: ${t.space3} ${t.space4};
  border-top: 1px solid rgba(255, 255, 255, 0.15);
}
.cui-sidebar__lock {
  width: 0.8em;
  height: 0.8em;
  margin-inline-start: ${t.space2};
  vertical-align: -0.05em;
  opacity: 0.7;
}
${spinKeyframesCss}`;

/**
 * The console's sidebar: who is signed in, Sign Out, the permission refresh icon, and the menu groups the
 * user may see (one open at a time, the current page highlighted).
 *
 * @example
 * ```tsx
 * <Sidebar user={user} menu={visibleMenu(menuDefinition(), permissions)} currentPath={location.pathname}
 *   renderLink={RouterLink} onSignOut={signOut} onRefresh={refresh} refreshing={isRefreshing} />
 * ```
 */
export function Sidebar({
  user,
  menu,
  currentPath,
  renderLink: Link = PlainLink,
  onSignOut,
  onRefresh,
  refreshing = false,
  footer,
  productLabel,
  navLabel,
  locale,
  timeZone,
  messages,
  className,
}: SidebarProps) {
  useStaticStyles('sidebar', SIDEBAR_CSS);
  useThemeCheck('Sidebar');
  const m = useMessages('sidebar', SIDEBAR_MESSAGES, messages);
  const baseId = useId();
  const { groups, openGroupId, toggleGroup, isCurrent } = useSidebarMenu({ menu, currentPath });
  const dateTime = user ? lastLoginDateTime(user.last_login, timeZone) : null;
  const hasHeader = Boolean(productLabel || user || onRefresh || onSignOut);
  const lockedHintId = `${baseId}-locked`;

  return (
    <div
      className={['cui-sidebar', className].filter(Boolean).join(' ')}
      data-refreshing={refreshing || undefined}
    >
      {hasHeader ? (
        <div className="cui-sidebar__header">
          {productLabel ? <p className="cui-sidebar__product">{productLabel}</p> : null}
          {user ? (
            <>
              <p className="cui-sidebar__user">{user.fullname}</p>
              <p className="cui-sidebar__last-login">
                {m.lastLogin}{' '}
                {dateTime ? (
                  <time dateTime={dateTime}>{formatLastLogin(user.last_login, { locale, timeZone })}</time>
                ) : (
                  formatLastLogin(user.last_login, { locale, timeZone })
                )}
              </p>
            </>
          ) : null}
          {onRefresh || onSignOut ? (
            <div className="cui-sidebar__actions">
              {onRefresh ? (
                <button
                  type="button"
                  className="cui-sidebar__refresh"
                  aria-label={m.refresh}
                  title={m.refresh}
                  aria-disabled={refreshing || undefined}
                  data-state={refreshing ? 'refreshing' : 'idle'}
                  onClick={() => {
                    if (!refreshing) onRefresh();
                  }}
                >
                  <RefreshIcon />
                </button>
              ) : null}
              {onSignOut ? (
                <button type="button" className="cui-sidebar__sign-out" onClick={onSignOut}>
                  {m.signOut}
                </button>
              ) : null}
            </div>
          ) : null}
          {onRefresh ? <VisuallyHidden role="status">{refreshing ? m.refreshing : ''}</VisuallyHidden> : null}
        </div>
      ) : null}

      <nav aria-label={navLabel ?? m.navLabel} className="cui-sidebar__nav">
        <ul className="cui-sidebar__groups">
          {groups.map((group) => {
            const open = group.id === openGroupId;
            const panelId = `${baseId}-group-${group.id}`;
            return (
              <li key={group.id} className="cui-sidebar__group" data-state={open ? 'open' : 'closed'}>
                <button
                  type="button"
                  className="cui-sidebar__group-button"
                  aria-expanded={open}
                  aria-controls={panelId}
                  onClick={() => toggleGroup(group.id)}
                >
                  <span>{group.label}</span>
                  <span
                    className="cui-sidebar__chevron"
                    aria-hidden="true"
                    data-state={open ? 'open' : 'closed'}
                  />
                </button>
                <ul id={panelId} className="cui-sidebar__items" hidden={!open} aria-label={group.label}>
                  {group.items.map((item) => {
                    const current = isCurrent(item.path);
                    const locked = item.locked === true;
                    return (
                      <li key={item.id}>
                        <Link
                          to={item.path}
                          className="cui-sidebar__link"
                          aria-current={current ? 'page' : undefined}
                          {...(locked
                            ? { 'aria-describedby': lockedHintId, 'data-locked': 'true' as const }
                            : {})}
                        >
                          {item.label}
                          {locked ? <LockIcon /> : null}
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              </li>
            );
          })}
        </ul>
        <VisuallyHidden id={lockedHintId}>{m.locked}</VisuallyHidden>
      </nav>

      {footer ? <div className="cui-sidebar__footer">{footer}</div> : null}
    </div>
  );
}

function RefreshIcon() {
  return (
    <svg
      className="cui-sidebar__refresh-icon"
      width="18"
      height="18"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="currentColor"
        d="M17.65 6.35A7.96 7.96 0 0 0 12 4a8 8 0 1 0 7.73 10h-2.08A6 6 0 1 1 12 6c1.66 0 3.14.69 4.22 1.78L13 11h7V4l-2.35 2.35z"
      />
    </svg>
  );
}

/** A small padlock after a locked link's label. */
function LockIcon() {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false" className="cui-sidebar__lock">
      <path
        d="M5 7V5a3 3 0 0 1 6 0v2h.5A1.5 1.5 0 0 1 13 8.5v5A1.5 1.5 0 0 1 11.5 15h-7A1.5 1.5 0 0 1 3 13.5v-5A1.5 1.5 0 0 1 4.5 7H5Zm1.5 0h3V5a1.5 1.5 0 0 0-3 0v2Z"
        fill="currentColor"
      />
    </svg>
  );
}
