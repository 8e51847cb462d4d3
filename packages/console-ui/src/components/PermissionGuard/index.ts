export {
  PermissionGuard,
  PermissionGuardDenied,
  PermissionGuardError,
  PermissionGuardLoading,
  permissionErrorText,
  useDocumentTitle,
  type PermissionGuardErrorProps,
  type PermissionGuardProps,
} from './PermissionGuard.js';
export {
  usePermission,
  type PermissionState,
  type PermissionStatus,
  type UsePermissionOptions,
} from './usePermission.js';
