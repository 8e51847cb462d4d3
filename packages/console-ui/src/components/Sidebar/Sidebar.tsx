import { useId, type ReactNode } from 'react';
import { keyframes, styled } from 'styled-components';
import type { LinkRenderer, LinkRendererProps, PermissionEntry } from '../../adapters.js';
import { t } from '../../theme/tokens.js';
import { formatLastLogin, lastLoginDateTime, type SidebarMenuGroup } from './menu.js';
import { useSidebarMenu } from './useSidebarMenu.js';

export interface SidebarUser {
  fullname: string;
  last_login: string | null;
}

export interface SidebarProps {
  user: SidebarUser;
  /** The whole menu as data (console-contract's `menuDefinition()` fits); filtered here by permissions. */
  menu: SidebarMenuGroup[];
  permissions: PermissionEntry[];
  /** The current location's path; its link is highlighted and its group opens. */
  currentPath: string;
  /** Renders menu links with the app's router. Default: a plain `<a href>`. */
  renderLink?: LinkRenderer;
  onSignOut: () => void;
  /** The refresh icon: reload the user's permissions. */
  onRefresh: () => void;
  /** Shows the refresh spinner (and ignores further clicks). */
  refreshing?: boolean;
  /** Below the menu, e.g. the connection status. */
  footer?: ReactNode;
  /** Shown above the user's name. */
  productLabel?: string;
  /** Accessible name of the menu's navigation landmark. Default "Main menu". */
  navLabel?: string;
  /** Locale and time zone for the last-login time. Default 'id-ID' and the browser's zone. */
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

/**
 * The console's sidebar: who is signed in, Sign Out, the permission refresh icon, and the menu groups the
 * user may see (one open at a time, the current page highlighted).
 *
 * @example
 * <Sidebar user={user} menu={menuDefinition()} permissions={permissions} currentPath={location.pathname}
 *   renderLink={RouterLink} onSignOut={signOut} onRefresh={refresh} refreshing={isRefreshing} />
 */
export function Sidebar({
  user,
  menu,
  permissions,
  currentPath,
  renderLink: Link = PlainLink,
  onSignOut,
  onRefresh,
  refreshing = false,
  footer,
  productLabel,
  navLabel = 'Main menu',
  locale,
  timeZone,
  className,
}: SidebarProps) {
  const baseId = useId();
  const { groups, openGroupId, toggleGroup, isCurrent } = useSidebarMenu({ menu, permissions, currentPath });
  const dateTime = lastLoginDateTime(user.last_login);

  return (
    <Root
      className={['sc-sidebar', className].filter(Boolean).join(' ')}
      data-refreshing={refreshing || undefined}
    >
      <Header className="sc-sidebar__header">
        {productLabel ? <Product className="sc-sidebar__product">{productLabel}</Product> : null}
        <UserName className="sc-sidebar__user">{user.fullname}</UserName>
        <LastLogin className="sc-sidebar__last-login">
          Last login:{' '}
          {dateTime ? (
            <time dateTime={dateTime}>{formatLastLogin(user.last_login, { locale, timeZone })}</time>
          ) : (
            formatLastLogin(user.last_login, { locale, timeZone })
          )}
        </LastLogin>
        <Actions>
          <IconButton
            type="button"
            className="sc-sidebar__refresh"
            aria-label="Refresh permissions"
            title="Refresh permissions"
            aria-disabled={refreshing || undefined}
            data-state={refreshing ? 'refreshing' : 'idle'}
            onClick={() => {
              if (!refreshing) onRefresh();
            }}
          >
            <RefreshIcon />
          </IconButton>
          <SignOutButton type="button" className="sc-sidebar__sign-out" onClick={onSignOut}>
            Sign Out
          </SignOutButton>
        </Actions>
        <VisuallyHidden role="status">{refreshing ? 'Refreshing permissions…' : ''}</VisuallyHidden>
      </Header>

      <Nav aria-label={navLabel} className="sc-sidebar__nav">
        <GroupList>
          {groups.map((group) => {
            const open = group.id === openGroupId;
            const panelId = `${baseId}-group-${group.id}`;
            return (
              <li key={group.id} className="sc-sidebar__group" data-state={open ? 'open' : 'closed'}>
                <GroupButton
                  type="button"
                  className="sc-sidebar__group-button"
                  aria-expanded={open}
                  aria-controls={panelId}
                  onClick={() => toggleGroup(group.id)}
                >
                  <span>{group.label}</span>
                  <Chevron aria-hidden="true" data-state={open ? 'open' : 'closed'} />
                </GroupButton>
                <ItemList id={panelId} hidden={!open} aria-label={group.label}>
                  {group.items.map((item) => {
                    const current = isCurrent(item.path);
                    return (
                      <li key={item.id}>
                        <Link
                          to={item.path}
                          className="sc-sidebar__link"
                          aria-current={current ? 'page' : undefined}
                        >
                          {item.label}
                        </Link>
                      </li>
                    );
                  })}
                </ItemList>
              </li>
            );
          })}
        </GroupList>
      </Nav>

      {footer ? <Footer className="sc-sidebar__footer">{footer}</Footer> : null}
    </Root>
  );
}

function RefreshIcon() {
  return (
    <svg
      className="sc-sidebar__refresh-icon"
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

const spin = keyframes`to { transform: rotate(360deg); }`;

const Root = styled.div`
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

  button:focus-visible,
  a:focus-visible {
    outline: 2px solid ${t.colorSidebarText};
    outline-offset: -2px;
  }
`;

const Header = styled.div`
  padding: ${t.space4};
  border-bottom: 1px solid rgba(255, 255, 255, 0.15);
`;

const Product = styled.p`
  margin: 0 0 ${t.space3};
  font-size: ${t.fontSizeSm};
  font-weight: 600;
  letter-spacing: 0.04em;
  text-transform: uppercase;
`;

const UserName = styled.p`
  margin: 0;
  font-size: ${t.fontSizeLg};
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const LastLogin = styled.p`
  margin: ${t.space1} 0 0;
  font-size: ${t.fontSizeSm};
`;

const Actions = styled.div`
  display: flex;
  gap: ${t.space2};
  margin-top: ${t.space3};
`;

const buttonBase = `
  font: inherit;
  color: inherit;
  background: transparent;
  border: 1px solid rgba(255, 255, 255, 0.35);
  border-radius: var(--sc-radius-sm);
  cursor: pointer;
  &:hover { background: rgba(255, 255, 255, 0.08); }
`;

const IconButton = styled.button`
  ${buttonBase}
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 36px;
  height: 36px;
  padding: 0;

  &[data-state='refreshing'] {
    cursor: progress;
  }
  &[data-state='refreshing'] .sc-sidebar__refresh-icon {
    animation: ${spin} 0.9s linear infinite;
  }
  @media (prefers-reduced-motion: reduce) {
    &[data-state='refreshing'] .sc-sidebar__refresh-icon {
      animation-duration: 3s;
    }
  }
`;

const SignOutButton = styled.button`
  ${buttonBase}
  flex: 1 1 auto;
  padding: ${t.space2} ${t.space3};
`;

const Nav = styled.nav`
  flex: 1 1 auto;
  min-height: 0;
  overflow-y: auto;
  padding: ${t.space2} 0;

  .sc-sidebar__link {
    display: block;
    padding: ${t.space2} ${t.space4} ${t.space2} ${t.space6};
    color: inherit;
    text-decoration: none;
    border-left: 3px solid transparent;
  }
  .sc-sidebar__link:hover {
    background: rgba(255, 255, 255, 0.08);
  }
  .sc-sidebar__link[aria-current='page'] {
    background: ${t.colorSidebarActive};
    border-left-color: ${t.colorSidebarText};
    font-weight: 600;
  }
`;

const GroupList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const ItemList = styled.ul`
  list-style: none;
  margin: 0 0 ${t.space2};
  padding: 0;
  font-size: ${t.fontSizeSm};
`;

const GroupButton = styled.button`
  ${buttonBase}
  border: 0;
  border-radius: 0;
  display: flex;
  width: 100%;
  align-items: center;
  justify-content: space-between;
  padding: ${t.space3} ${t.space4};
  text-align: left;
  font-weight: 600;
`;

const Chevron = styled.span`
  width: 8px;
  height: 8px;
  border-right: 2px solid currentColor;
  border-bottom: 2px solid currentColor;
  transform: rotate(45deg);
  transition: transform 0.15s ease;
  &[data-state='open'] {
    transform: rotate(-135deg);
  }
`;

const Footer = styled.div`
  padding: ${t.space3} ${t.space4};
  border-top: 1px solid rgba(255, 255, 255, 0.15);
`;

const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;
