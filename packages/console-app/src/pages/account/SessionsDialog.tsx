import { useState } from 'react';
import { styled } from 'styled-components';
import { ConfirmDialog, t, useNotifications } from '@staff/console-ui';
import { accountEndpoints, type OwnSession } from '@staff/console-contract';
import { useServices } from '../../services.js';
import { toAdminError } from '../admin/adminApi.js';
import { formatWhen } from '../admin/adminUi.js';
import { PageButton } from '../common/styles.js';
import { useEndpoint } from '../useEndpoint.js';
import { useTextsOf, useTexts } from '../../i18n.js';
import { ACCOUNT_TEXTS, type AccountTexts } from './texts.js';

/**
 * A short name for the device a session signed in from, read from its user agent ("Chrome on Windows").
 * @example deviceOf('Mozilla/5.0 (X11; Linux x86_64) … Chrome/140.0 Safari/537.36') // 'Chrome on Linux'
 */
export function deviceOf(userAgent: string | null, texts: AccountTexts['sessions']): string {
  if (!userAgent) return texts.unknownDevice;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /(Chrome|Chromium)\//.test(userAgent)
      ? 'Chrome'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && system) return texts.browserOn(browser, system);
  return browser ?? system ?? userAgent.slice(0, 60);
}

/**
 * "My sessions" from the sidebar: where the user is signed in (device, address, last use; this browser
 * marked), with a sign-out for each other session. Its tabs are signed out at once (ADR 013).
 */
export function SessionsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  // Mounted per opening: the list is read fresh each time.
  return open ? <SessionsDialogBody onClose={onClose} /> : null;
}

function SessionsDialogBody({ onClose }: { onClose: () => void }) {
  const { call } = useServices();
  const { notify } = useNotifications();
  const texts = useTextsOf(ACCOUNT_TEXTS);
  const s = texts.sessions;
  const title = useTexts().mySessions;
  const { state, reload } = useEndpoint(accountEndpoints.sessions, {});
  const [ending, setEnding] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const signOut = (session: OwnSession) => {
    setEnding(session.id);
    setError(null);
    call(accountEndpoints.endSession, { params: { id: session.id } }).then(
      () => {
        setEnding(null);
        notify({ type: 'success', message: s.signedOutDevice(deviceOf(session.user_agent, s)) });
        reload();
      },
      (failure: unknown) => {
        setEnding(null);
        setError(toAdminError(failure).message);
      },
    );
  };

  const common = {
    open: true,
    title,
    cancelLabel: texts.close,
    onCancel: onClose,
    error,
  } as const;

  if (state.status !== 'ready') {
    return (
      <ConfirmDialog
        {...common}
        description={state.status === 'loading' ? texts.loading : toAdminError(state.error).message}
        confirmLabel={texts.tryAgain}
        onConfirm={reload}
      />
    );
  }

  const { sessions } = state.data;
  const others = sessions.filter((session) => !session.current).length;
  return (
    <ConfirmDialog
      {...common}
      description={others === 0 ? s.thisBrowserOnly : s.signedInOn(sessions.length)}
      confirmLabel={s.done}
      onConfirm={onClose}
    >
      <List aria-label={s.list}>
        {sessions.map((session) => (
          <li key={session.id} data-current={session.current ? '' : undefined}>
            <div>
              <strong>{deviceOf(session.user_agent, s)}</strong>
              {session.current ? <Badge>{s.thisBrowser}</Badge> : null}
              <Meta>
                {s.meta(
                  session.ip ?? s.unknownAddress,
                  formatWhen(session.last_seen_at),
                  formatWhen(session.created_at),
                )}
              </Meta>
            </div>
            {session.current ? null : (
              <PageButton
                type="button"
                disabled={ending !== null}
                aria-label={s.signOutLabel(
                  deviceOf(session.user_agent, s),
                  session.ip ?? s.unknownAddressLower,
                )}
                onClick={() => signOut(session)}
              >
                {ending === session.id ? s.signingOut : s.signOut}
              </PageButton>
            )}
          </li>
        ))}
      </List>
    </ConfirmDialog>
  );
}

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${t.space2};
  li {
    display: flex;
    justify-content: space-between;
    align-items: center;
    gap: ${t.space3};
    padding: ${t.space2} 0;
    border-bottom: 1px solid ${t.colorBorder};
  }
`;

const Badge = styled.span`
  margin-left: ${t.space2};
  font-size: ${t.fontSizeSm};
  padding: 0 ${t.space1};
  border-radius: ${t.radiusSm};
  border: 1px solid ${t.colorBorder};
`;

const Meta = styled.p`
  margin: ${t.space1} 0 0;
  font-size: ${t.fontSizeSm};
`;
