import { t } from '../../theme/tokens.js';
import { useThemeCheck } from '../../theme/ThemeProvider.js';
import { focusRingCss } from '../../primitives/css.js';
import { useStaticStyles } from '../../primitives/staticStyles.js';

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

/**
 * A static sheet, not styled-components: a host that shows only the connection's state ships no styled-components
 * for it. One class per rule (the dot's colour by its `data-state`), as specific as the styled rules were.
 */
const CONNECTION_STATUS_CSS = `.cui-connection-status {
  display: inline-flex;
  align-items: center;
  gap: ${t.space2};
  font-family: ${t.fontFamily};
  font-size: ${t.fontSizeSm};
  color: ${t.colorText};
}
.cui-connection-status__status {
  display: inline-flex;
  align-items: center;
  gap: ${t.space2};
}
.cui-connection-status__dot {
  width: 0.625rem;
  height: 0.625rem;
  border-radius: 50%;
  flex: none;
  background: ${t.colorTextMuted};
}
.cui-connection-status__dot[data-state='connected'] {
  background: ${t.colorSuccess};
}
.cui-connection-status__dot[data-state='connecting'] {
  background: ${t.colorInfo};
}
.cui-connection-status__dot[data-state='reconnecting'] {
  background: ${t.colorWarning};
}
.cui-connection-status__dot[data-state='offline'] {
  background: ${t.colorDanger};
}
.cui-connection-status__dot[data-state='connecting'],
.cui-connection-status__dot[data-state='reconnecting'] {
  animation: cui-connection-pulse 1.2s ease-in-out infinite;
}
@media (prefers-reduced-motion: reduce) {
  .cui-connection-status__dot {
    animation: none !important;
  }
}
@keyframes cui-connection-pulse {
  50% {
    opacity: 0.35;
  }
}
.cui-connection-status__transport {
  color: ${t.colorTextMuted};
}
.cui-connection-status__retry {
  font: inherit;
  padding: 2px ${t.space2};
  color: ${t.colorPrimary};
  background: transparent;
  border: 1px solid ${t.colorBorder};
  border-radius: ${t.radiusSm};
  cursor: pointer;
}
.cui-connection-status__retry:focus-visible {
  ${focusRingCss}
}`;

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
  useStaticStyles('connection-status', CONNECTION_STATUS_CSS);
  const text = labels?.[state] ?? CONNECTION_STATUS_LABELS[state];
  return (
    <div className={['cui-connection-status', className].filter(Boolean).join(' ')} data-state={state}>
      <span role="status" className="cui-connection-status__status">
        <span aria-hidden="true" data-state={state} className="cui-connection-status__dot" />
        <span>{text}</span>
        {state === 'connected' && transport === 'polling' ? (
          <span className="cui-connection-status__transport">{pollingLabel}</span>
        ) : null}
      </span>
      {state === 'offline' && onRetry ? (
        <button type="button" className="cui-connection-status__retry" onClick={onRetry}>
          {retryLabel}
        </button>
      ) : null}
    </div>
  );
}
