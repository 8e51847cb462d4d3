import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { t } from '../../theme/tokens.js';
import { useThemeCheck } from '../../theme/ThemeProvider.js';
import { focusRingCss, plainListCss } from '../../primitives/css.js';
import { useStaticStyles } from '../../primitives/staticStyles.js';

export type NotificationType = 'success' | 'info' | 'warning' | 'error';

export interface NotifyOptions {
  type: NotificationType;
  title?: string;
  message: string;
  /** Auto-dismiss after this many ms; `null` keeps it until dismissed. Default: the provider's timeout, errors stay. */
  timeoutMs?: number | null;
}

export interface NotificationItem {
  id: string;
  type: NotificationType;
  title?: string;
  message: string;
  /** Resolved timeout; null = stays until dismissed. */
  timeoutMs: number | null;
}

export interface NotificationsApi {
  /** Shows a notification and returns its id. */
  notify: (options: NotifyOptions) => string;
  dismiss: (id: string) => void;
  dismissAll: () => void;
  notifications: readonly NotificationItem[];
}

/** Default auto-dismiss delay for success, info and warning notifications. */
export const DEFAULT_NOTIFICATION_TIMEOUT_MS = 5000;

const NotificationsContext = createContext<NotificationsApi | null>(null);

/**
 * The notifications of the nearest `NotificationsProvider`.
 *
 * @example
 * ```tsx
 * const { notify } = useNotifications();
 * notify({ type: 'success', message: 'Saved' });
 * ```
 */
export function useNotifications(): NotificationsApi {
  const api = useContext(NotificationsContext);
  if (!api) throw new Error('useNotifications() must be used inside a <NotificationsProvider>.');
  return api;
}

type Action =
  { type: 'add'; item: NotificationItem; max: number } | { type: 'remove'; id: string } | { type: 'clear' };

function reducer(state: NotificationItem[], action: Action): NotificationItem[] {
  switch (action.type) {
    case 'add': {
      const next = [...state, action.item];
      return next.length > action.max ? next.slice(next.length - action.max) : next;
    }
    case 'remove':
      return state.filter((item) => item.id !== action.id);
    case 'clear':
      return [];
  }
}

export interface NotificationsProviderProps {
  children?: ReactNode;
  /** Auto-dismiss delay when a notification gives none (errors stay regardless). Default 5000 ms. */
  defaultTimeoutMs?: number;
  /** The oldest notifications go when more than this many are shown. Default 5. */
  max?: number;
  /** Notifications shown from the start (e.g. stories, a message carried over a redirect). */
  defaultNotifications?: NotifyOptions[];
  /** Render the viewport here (default), or false to place `<NotificationViewport />` yourself. */
  viewport?: boolean;
  /** Accessible name of the viewport region. */
  label?: string;
}

/**
 * A static sheet, not styled-components (ADR 048): the provider stands around every signed-in page and ships none
 * of it. One class per rule, as specific as the styled rules were. Bottom right (the inline end): at the top the
 * notifications covered the page's toolbar (New, Export) right after an action.
 */
const NOTIFICATIONS_CSS = `.cui-notifications {
  position: fixed;
  bottom: ${t.space4};
  inset-inline-end: ${t.space4};
  z-index: 1000;
  width: min(380px, calc(100vw - 32px));
  pointer-events: none;
}
.cui-notifications__list {${plainListCss}
  display: flex;
  flex-direction: column;
  gap: ${t.space2};
}
.cui-notifications__list > li {
  pointer-events: auto;
}
.cui-notification {
  display: flex;
  align-items: flex-start;
  gap: ${t.space3};
  padding: ${t.space3} ${t.space4};
  border-radius: ${t.radiusMd};
  border: 1px solid ${t.colorBorder};
  border-inline-start-width: 4px;
  box-shadow: ${t.shadowMd};
  color: ${t.colorText};
  font-family: ${t.fontFamily};
  font-size: ${t.fontSizeMd};
  background: ${t.colorSurfaceRaised};
}
.cui-notification[data-type='success'] {
  background: ${t.colorSuccessSoft};
  border-inline-start-color: ${t.colorSuccess};
}
.cui-notification[data-type='info'] {
  background: ${t.colorInfoSoft};
  border-inline-start-color: ${t.colorInfo};
}
.cui-notification[data-type='warning'] {
  background: ${t.colorWarningSoft};
  border-inline-start-color: ${t.colorWarning};
}
.cui-notification[data-type='error'] {
  background: ${t.colorDangerSoft};
  border-inline-start-color: ${t.colorDanger};
}
.cui-notification__body {
  flex: 1 1 auto;
  min-width: 0;
  overflow-wrap: anywhere;
}
.cui-notification__title {
  margin: 0 0 ${t.space1};
  font-weight: 600;
}
.cui-notification__message {
  margin: 0;
}
.cui-notification__dismiss {
  flex: none;
  width: 28px;
  height: 28px;
  padding: 0;
  border: 0;
  border-radius: ${t.radiusSm};
  background: transparent;
  color: inherit;
  font-size: 20px;
  line-height: 1;
  cursor: pointer;
}
.cui-notification__dismiss:hover {
  background: rgba(0, 0, 0, 0.08);
}
.cui-notification__dismiss:focus-visible {${focusRingCss}}`;

let counter = 0;
const nextId = () => `cui-notification-${(counter += 1)}`;

/**
 * Holds the notifications and renders them in a viewport (top right).
 *
 * @example
 * ```tsx
 * <NotificationsProvider><App /></NotificationsProvider>
 * ```
 */
export function NotificationsProvider({
  children,
  defaultTimeoutMs = DEFAULT_NOTIFICATION_TIMEOUT_MS,
  max = 5,
  defaultNotifications,
  viewport = true,
  label,
}: NotificationsProviderProps) {
  const resolve = useCallback(
    (options: NotifyOptions): NotificationItem => ({
      id: nextId(),
      type: options.type,
      ...(options.title !== undefined ? { title: options.title } : {}),
      message: options.message,
      timeoutMs:
        options.timeoutMs !== undefined
          ? options.timeoutMs
          : options.type === 'error'
            ? null
            : defaultTimeoutMs,
    }),
    [defaultTimeoutMs],
  );
  const [notifications, dispatch] = useReducer(reducer, undefined, () =>
    (defaultNotifications ?? []).map(resolve).slice(-max),
  );
  const notify = useCallback(
    (options: NotifyOptions) => {
      const item = resolve(options);
      dispatch({ type: 'add', item, max });
      return item.id;
    },
    [resolve, max],
  );
  const dismiss = useCallback((id: string) => dispatch({ type: 'remove', id }), []);
  const dismissAll = useCallback(() => dispatch({ type: 'clear' }), []);
  const api = useMemo(
    () => ({ notify, dismiss, dismissAll, notifications }),
    [notify, dismiss, dismissAll, notifications],
  );

  return (
    <NotificationsContext.Provider value={api}>
      {children}
      {viewport ? <NotificationViewport label={label} /> : null}
    </NotificationsContext.Provider>
  );
}

/** The list of the provider's notifications, each auto-dismissed after its timeout (paused on hover/focus). */
export function NotificationViewport({
  label = 'Notifications',
  className,
}: {
  label?: string;
  className?: string;
}) {
  useStaticStyles('notifications', NOTIFICATIONS_CSS);
  useThemeCheck('NotificationViewport');
  const { notifications, dismiss } = useNotifications();
  return (
    <section aria-label={label} className={['cui-notifications', className].filter(Boolean).join(' ')}>
      <ol className="cui-notifications__list">
        {notifications.map((item) => (
          <TimedNotification key={item.id} item={item} onDismiss={dismiss} />
        ))}
      </ol>
    </section>
  );
}

function TimedNotification({ item, onDismiss }: { item: NotificationItem; onDismiss: (id: string) => void }) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(item.timeoutMs);
  const onDismissRef = useRef(onDismiss);
  useEffect(() => {
    onDismissRef.current = onDismiss;
  });

  useEffect(() => {
    if (remaining.current === null || paused) return;
    const started = Date.now();
    const timer = setTimeout(() => onDismissRef.current(item.id), remaining.current);
    return () => {
      clearTimeout(timer);
      if (remaining.current !== null)
        remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [paused, item.id]);

  return (
    <li
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <Notification
        type={item.type}
        title={item.title}
        message={item.message}
        onDismiss={() => onDismiss(item.id)}
      />
    </li>
  );
}

export interface NotificationProps {
  type: NotificationType;
  title?: string;
  message: string;
  /** Shows the dismiss button. */
  onDismiss?: () => void;
  dismissLabel?: string;
  className?: string;
}

/**
 * One notification, presentational. Errors and warnings are alerts (announced at once); success and info
 * are polite status messages.
 */
export function Notification({
  type,
  title,
  message,
  onDismiss,
  dismissLabel = 'Dismiss notification',
  className,
}: NotificationProps) {
  useStaticStyles('notifications', NOTIFICATIONS_CSS);
  const urgent = type === 'error' || type === 'warning';
  return (
    <div
      role={urgent ? 'alert' : 'status'}
      data-type={type}
      className={['cui-notification', className].filter(Boolean).join(' ')}
    >
      <div className="cui-notification__body">
        {title ? <p className="cui-notification__title">{title}</p> : null}
        <p className="cui-notification__message">{message}</p>
      </div>
      {onDismiss ? (
        <button
          type="button"
          className="cui-notification__dismiss"
          aria-label={dismissLabel}
          title={dismissLabel}
          onClick={onDismiss}
        >
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </div>
  );
}
