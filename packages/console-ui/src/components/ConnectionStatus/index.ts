export {
  CONNECTION_STATUS_LABELS,
  ConnectionStatus,
  type ConnectionState,
  type ConnectionStatusProps,
} from './ConnectionStatus.js';
