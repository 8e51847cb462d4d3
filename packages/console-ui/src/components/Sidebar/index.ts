export {
  PlainLink,
  SIDEBAR_MESSAGES,
  Sidebar,
  type SidebarMessages,
  type SidebarProps,
  type SidebarUser,
} from './Sidebar.js';
export {
  formatLastLogin,
  groupOfPath,
  lastLoginDateTime,
  samePath,
  type FormatLastLoginOptions,
  type SidebarMenuGroup,
  type SidebarMenuItem,
} from './menu.js';
export { useSidebarMenu, type SidebarMenuState, type UseSidebarMenuOptions } from './useSidebarMenu.js';
