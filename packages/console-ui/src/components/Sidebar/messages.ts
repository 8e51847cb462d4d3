// The default texts, apart from the component: the console's language sets import them without the component's code.

/** Every visible string of the Sidebar. */
export interface SidebarMessages {
  lastLogin: string;
  signOut: string;
  refresh: string;
  refreshing: string;
  navLabel: string;
  /** The hint on a link whose page the user cannot open. */
  locked: string;
}

export const SIDEBAR_MESSAGES: SidebarMessages = {
  lastLogin: 'Last login:',
  signOut: 'Sign Out',
  refresh: 'Refresh permissions',
  refreshing: 'Refreshing permissions…',
  navLabel: 'Main menu',
  locked: 'No access: this page needs a permission you do not have.',
};
