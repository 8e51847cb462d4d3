export {
  DEFAULT_NOTIFICATION_TIMEOUT_MS,
  Notification,
  NotificationViewport,
  NotificationsProvider,
  useNotifications,
  type NotificationItem,
  type NotificationProps,
  type NotificationType,
  type NotificationsApi,
  type NotificationsProviderProps,
  type NotifyOptions,
} from './Notifications.js';
