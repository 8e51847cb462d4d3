import { styled } from 'styled-components';
import { t } from '../../theme/tokens.js';
import { useThemeCheck } from '../../theme/ThemeProvider.js';
import { focusRingCss } from '../../primitives/css.js';

export type ConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'offline';

export const CONNECTION_STATUS_LABELS: Record<ConnectionState, string> = {
  connecting: 'Connecting…',
  connected: 'Connected',
  reconnecting: 'Reconnecting…',
  offline: 'Offline',
};

export interface ConnectionStatusProps {
  /** The realtime connection's state (the realtimeConnection machine's state value fits). */
  state: ConnectionState;
  /** Replace some or all texts, e.g. in Indonesian. */
  labels?: Partial<Record<ConnectionState, string>>;
  /** Shown after the text while connected, e.g. "(polling)" when the websocket fell back. */
  transport?: 'websocket' | 'polling' | null;
  /** The text shown after "Connected" when the transport is polling. Default "(polling)". */
  pollingLabel?: string;
  /** Shows a retry button while offline. */
  onRetry?: () => void;
  retryLabel?: string;
  className?: string;
}

const Root = styled.div`
  display: inline-flex;
  align-items: center;
  gap: ${t.space2};
  font-family: ${t.fontFamily};
  font-size: ${t.fontSizeSm};
  color: ${t.colorText};
`;

const Status = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${t.space2};
`;

const Dot = styled.span`
  width: 0.625rem;
  height: 0.625rem;
  border-radius: 50%;
  flex: none;
  background: ${t.colorTextMuted};

  &[data-state='connected'] {
    background: ${t.colorSuccess};
  }
  &[data-state='connecting'] {
    background: ${t.colorInfo};
  }
  &[data-state='reconnecting'] {
    background: ${t.colorWarning};
  }
  &[data-state='offline'] {
    background: ${t.colorDanger};
  }
  &[data-state='connecting'],
  &[data-state='reconnecting'] {
    animation: cui-connection-pulse 1.2s ease-in-out infinite;
  }
  @media (prefers-reduced-motion: reduce) {
    animation: none !important;
  }
  @keyframes cui-connection-pulse {
    50% {
      opacity: 0.35;
    }
  }
`;

const Transport = styled.span`
  color: ${t.colorTextMuted};
`;

const RetryButton = styled.button`
  font: inherit;
  padding: 2px ${t.space2};
  color: ${t.colorPrimary};
  background: transparent;
  border: 1px solid ${t.colorBorder};
  border-radius: ${t.radiusSm};
  cursor: pointer;
  &:focus-visible {
    ${focusRingCss}
  }
`;

/**
 * A coloured dot and a text for the realtime connection, in a polite live region (role=status) so changes are
 * announced. The colour is never the only signal: the text always says the state.
 *
 * @example
 * ```tsx
 * const state = useSelector(connection, (s) => s.value);
 * <ConnectionStatus state={state} onRetry={() => connection.send({ type: 'RETRY' })} />
 * ```
 */
export function ConnectionStatus({
  state,
  labels,
  transport,
  pollingLabel = '(polling)',
  onRetry,
  retryLabel = 'Retry',
  className,
}: ConnectionStatusProps) {
  useThemeCheck('ConnectionStatus');
  const text = labels?.[state] ?? CONNECTION_STATUS_LABELS[state];
  return (
    <Root className={['cui-connection-status', className].filter(Boolean).join(' ')} data-state={state}>
      <Status role="status">
        <Dot aria-hidden="true" data-state={state} className="cui-connection-status__dot" />
        <span>{text}</span>
        {state === 'connected' && transport === 'polling' ? <Transport>{pollingLabel}</Transport> : null}
      </Status>
      {state === 'offline' && onRetry ? (
        <RetryButton type="button" onClick={onRetry}>
          {retryLabel}
        </RetryButton>
      ) : null}
    </Root>
  );
}
