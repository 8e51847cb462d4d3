import { forwardRef, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import {
  PROBLEM_ASSIGNED_EVENT,
  findRoute,
  menuDefinition,
  visibleMenu,
  type ProblemAssignedPayload,
} from '@staff/console-contract';
import {
  AppShell,
  ConnectionStatus,
  Sidebar,
  permissionRefreshMachine,
  realtimeConnectionMachine,
  useNotifications,
  type LinkRendererProps,
  type PermissionEntry,
  type StoredUser,
} from '@staff/console-ui';
import { delaysFor } from '../delays.js';
import { useServices } from '../services.js';
import { createConsoleSocket } from '../realtime/socket.js';
import { PRODUCT_LABEL } from '../product.js';
import type { ConsoleOutletContext } from './consoleContext.js';
import { lazyDialog } from './lazyDialog.js';
import { useTexts } from '../i18n.js';
import './shell.css';
import { LanguageChoiceControl, ThemeChoiceControl } from './PreferenceControls.js';
import { ShellCommandPalette, useCommandPaletteShortcut } from '../palette/ShellCommandPalette.js';

// The user menu's dialogs load when first opened (issue 33): most visits never open them.
interface MenuDialogProps {
  open: boolean;
  onClose: () => void;
}
const ChangePasswordDialog = lazyDialog<MenuDialogProps>(() =>
  import('../pages/admin/ChangePasswordDialog.js').then((module) => ({
    default: module.ChangePasswordDialog,
  })),
);
const TwoFactorDialog = lazyDialog<MenuDialogProps>(() =>
  import('../pages/account/TwoFactorDialog.js').then((module) => ({ default: module.TwoFactorDialog })),
);
const SessionsDialog = lazyDialog<MenuDialogProps>(() =>
  import('../pages/account/SessionsDialog.js').then((module) => ({ default: module.SessionsDialog })),
);

const MENU = menuDefinition();

/** Menu links through react-router, so navigation stays in the page. */
const RouterLink = forwardRef<HTMLAnchorElement, LinkRendererProps>(function RouterLink(
  { to, children, ...rest },
  ref,
) {
  return (
    <Link ref={ref} to={to} {...rest}>
      {children}
    </Link>
  );
});

/** `/app/*`: the shell for a signed-in user; anyone else goes to `/`. */
export function ConsoleLayout() {
  const { session } = useServices();
  const user = useSelector(session, (snapshot) => snapshot.context.user);
  if (!user) return <Navigate to="/" replace />;
  return <SignedInConsole user={user} />;
}

function SignedInConsole({ user }: { user: StoredUser }) {
  const services = useServices();
  const { notify } = useNotifications();
  const { pathname } = useLocation();
  const texts = useTexts();
  // Read through a ref in the long-lived subscriptions below, so a language switch does not resubscribe them.
  const textsRef = useRef(texts);
  useEffect(() => {
    textsRef.current = texts;
  }, [texts]);

  const [refreshMachine] = useState(() =>
    permissionRefreshMachine.provide({
      actors: { loadPermissions: fromPromise(() => services.loadPermissions()) },
      // provide() merges: an empty object keeps the spec's 1 s.
      delays: delaysFor('REFRESH_SPINNER') ?? {},
    }),
  );
  const refresh = useActorRef(refreshMachine, { input: {} });
  const permissions = useSelector(refresh, (snapshot) => snapshot.context.permissions);
  const refreshing = useSelector(refresh, (snapshot) => snapshot.matches('refreshing'));
  const [permissionsVersion, setPermissionsVersion] = useState(0);
  // The first load at sign-in is not a change: the open page is checking already.
  const initialLoad = useRef(true);
  const userAskedRefresh = useRef(false);

  useEffect(() => {
    const changed = refresh.on('permissionsChanged', () => {
      if (initialLoad.current) {
        initialLoad.current = false;
        return;
      }
      setPermissionsVersion((v) => v + 1);
      if (userAskedRefresh.current) {
        userAskedRefresh.current = false;
        notify({ type: 'success', message: textsRef.current.permissionsRefreshed });
      }
    });
    const failed = refresh.on('refreshFailed', ({ error }) => {
      userAskedRefresh.current = false;
      notify({
        type: 'error',
        title: textsRef.current.permissionsRefreshFailed,
        message: error.message ?? textsRef.current.serverUnreachable,
      });
    });
    return () => {
      changed.unsubscribe();
      failed.unsubscribe();
    };
  }, [refresh, notify]);

  useEffect(() => {
    let live = true;
    services.loadPermissions().then(
      (list: PermissionEntry[]) => {
        if (!live) return;
        refresh.send({ type: 'PERMISSIONS.SET', permissions: list });
      },
      (error: { status?: number; message?: string }) => {
        initialLoad.current = false;
        // A 401 has already signed the user out; anything else leaves the always-shown menu groups.
        if (live && error.status !== 401) {
          notify({
            type: 'error',
            title: textsRef.current.permissionsLoadFailed,
            message: error.message ?? textsRef.current.serverUnreachable,
          });
        }
      },
    );
    return () => {
      live = false;
    };
  }, [services, refresh, notify]);

  // Realtime: one socket per signed-in shell; its state shows in the sidebar footer.
  const socket = useMemo(
    () => createConsoleSocket({ getToken: services.token, ...services.realtime }),
    [services],
  );
  // A fresh connection actor per effect run, not useActorRef: StrictMode's effect replay would stop that one
  // (closing the socket) and restart it from its kept snapshot in `connecting` without re-running the entry
  // that opens the socket, so it would sit there until the connect timeout.
  const [connection, setConnection] = useState<ActorRefFrom<typeof realtimeConnectionMachine> | null>(null);
  useEffect(() => {
    const actor = createActor(realtimeConnectionMachine, { input: { socket } }).start();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the actor is an external system made here; its ref is shown once started
    setConnection(actor);
    return () => {
      actor.stop();
    };
  }, [socket]);
  const connectionState = useSelector(
    connection ?? undefined,
    (snapshot) =>
      (snapshot?.value ?? 'connecting') as 'connecting' | 'connected' | 'reconnecting' | 'offline',
  );
  const transport = useSelector(connection ?? undefined, (snapshot) => snapshot?.context.transport ?? null);
  const retryConnection = useCallback(() => connection?.send({ type: 'RETRY' }), [connection]);

  useEffect(() => {
    const stopChanged = socket.onPermissionsChanged(() => {
      services.loadPermissions().then(
        (list) => {
          refresh.send({ type: 'PERMISSIONS.SET', permissions: list });
          notify({ type: 'info', message: textsRef.current.permissionsChangedByAdmin });
        },
        () => undefined, // a 401 signs out; the next change or a manual refresh will try again
      );
    });
    const stopRevoked = socket.onSessionRevoked(() => {
      services.session.send({ type: 'SESSION.UNAUTHORIZED' });
    });
    // Closing the socket is the connection machine's job when the shell unmounts.
    return () => {
      stopChanged();
      stopRevoked();
    };
  }, [socket, services, refresh, notify]);

  // Cust Problem Tracking: a problem given to this user (src/problems/ on the server).
  useEffect(() => {
    const onAssigned = (payload: ProblemAssignedPayload) =>
      notify({
        type: 'info',
        message: textsRef.current.problemAssigned(
          String(payload.id),
          payload.by,
          payload.customer ?? null,
          payload.description,
        ),
      });
    return socket.on(PROBLEM_ASSIGNED_EVENT, onAssigned);
  }, [socket, notify]);

  const onRefresh = useCallback(() => {
    userAskedRefresh.current = true;
    refresh.send({ type: 'PERMISSIONS.REFRESH' });
  }, [refresh]);

  const onSignOut = useCallback(() => {
    const token = services.token();
    services.session.send({ type: 'SESSION.SIGN_OUT' });
    if (!token) return;
    services.logout(token).then(
      () => notify({ type: 'success', message: textsRef.current.signedOut }),
      (error: { message?: string }) =>
        notify({
          type: 'warning',
          title: textsRef.current.signedOutHere,
          message: textsRef.current.sessionNotEnded(error.message ?? textsRef.current.noAnswer),
        }),
    );
  }, [services, notify]);

  const [changingPassword, setChangingPassword] = useState(false);
  const [twoFactorOpen, setTwoFactorOpen] = useState(false);
  const [sessionsOpen, setSessionsOpen] = useState(false);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const togglePalette = useCallback(() => setPaletteOpen((open) => !open), []);
  const closePalette = useCallback(() => setPaletteOpen(false), []);
  useCommandPaletteShortcut(togglePalette);
  const route =
    findRoute(pathname) ?? findRoute(pathname.endsWith('/') ? pathname.slice(0, -1) : `${pathname}/`);
  // Who sees what is the contract's rule; the Sidebar and the palette show its answer. Until the permissions
  // arrive: the always-visible groups, nothing locked.
  const menu = useMemo(() => visibleMenu(MENU, permissions), [permissions]);
  const outletContext: ConsoleOutletContext = useMemo(
    () => ({ permissions, permissionsVersion, socket }),
    [permissions, permissionsVersion, socket],
  );

  return (
    <AppShell
      navigationKey={pathname}
      sidebar={
        <Sidebar
          user={user}
          menu={menu}
          currentPath={route?.path ?? pathname}
          renderLink={RouterLink}
          onSignOut={onSignOut}
          onRefresh={onRefresh}
          refreshing={refreshing}
          productLabel={PRODUCT_LABEL}
          footer={
            <div className="app-sidebar-status">
              <button
                className="app-sidebar-action"
                type="button"
                aria-keyshortcuts="Control+K Meta+K"
                onClick={togglePalette}
              >
                {texts.searchPalette}
              </button>
              <ConnectionStatus
                state={connectionState}
                transport={transport}
                onRetry={retryConnection}
                labels={texts.connection}
                pollingLabel={texts.connection.polling}
                retryLabel={texts.connection.retry}
              />
              {/* ADR 007: the signed-in user's own password change and two-step sign-in. */}
              <ul className="app-account-actions" aria-label={texts.myAccount}>
                <li>
                  <button
                    className="app-sidebar-action"
                    type="button"
                    onClick={() => setChangingPassword(true)}
                  >
                    {texts.changePassword}
                  </button>
                </li>
                <li>
                  <button className="app-sidebar-action" type="button" onClick={() => setTwoFactorOpen(true)}>
                    {texts.twoStep}
                  </button>
                </li>
                <li>
                  <button className="app-sidebar-action" type="button" onClick={() => setSessionsOpen(true)}>
                    {texts.mySessions}
                  </button>
                </li>
              </ul>
              <ThemeChoiceControl />
              <LanguageChoiceControl />
            </div>
          }
        />
      }
    >
      <Outlet context={outletContext} />
      <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
      <TwoFactorDialog open={twoFactorOpen} onClose={() => setTwoFactorOpen(false)} />
      <SessionsDialog open={sessionsOpen} onClose={() => setSessionsOpen(false)} />
      <ShellCommandPalette open={paletteOpen} onClose={closePalette} permissions={permissions} />
    </AppShell>
  );
}
