// A throwaway embedding app: built by test/consumer.test.ts against the packed tarball, with only the peers
// installed. It uses the public API the way an embedder would (adapters handed in, delays overridden).
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import {
  LoginForm,
  OtpInput,
  PermissionGuard,
  Sidebar,
  ThemeProvider,
  type CheckPermissionFn,
  type LoginFn,
  type PermissionEntry,
  type SidebarMenuGroup,
} from '@staff/console-ui';

const menu: SidebarMenuGroup[] = [
  {
    id: 'chats',
    label: 'Chats',
    alwaysVisible: false,
    requires: ['customer_chats'],
    items: [
      {
        id: 'customer-chats',
        label: 'Customer Chats',
        path: '/app/customer-chats',
        requires: ['customer_chats'],
      },
    ],
  },
  {
    id: 'admin',
    label: 'Administration',
    alwaysVisible: false,
    requires: ['admin_users'],
    items: [{ id: 'admin-users', label: 'Admin Users', path: '/app/admin-users', requires: ['admin_users'] }],
  },
];

const permissions: PermissionEntry[] = [
  { permission_key: 'customer_chats', allow_read: 1 },
  { permission_key: 'admin_users', allow_read: 0 },
];

const check: CheckPermissionFn = async (key) =>
  permissions.some((p) => p.permission_key === key && p.allow_read === 1);

// The server answers 403 with a message: the form must show "Error : " + that message.
const login: LoginFn = async () => Promise.reject({ status: 403, message: 'Username atau password salah' });

function App() {
  const [otp, setOtp] = useState('');
  const [signedOut, setSignedOut] = useState(false);
  return (
    <ThemeProvider global>
      <Sidebar
        user={{ fullname: 'Embedder Test User', last_login: '2024-05-01T09:30:00Z' }}
        menu={menu}
        permissions={permissions}
        currentPath="/app/customer-chats"
        onSignOut={() => setSignedOut(true)}
        onRefresh={() => undefined}
      />
      <main>
        <h1>Embedded widgets</h1>
        <p>{signedOut ? 'Signed out' : 'Signed in'}</p>
        <section aria-label="Allowed page">
          <PermissionGuard permissionKey="customer_chats" check={check} delays={{ PAGE_GUARD_DELAY: 0 }}>
            <p>Customer chats content</p>
          </PermissionGuard>
        </section>
        <section aria-label="Denied page">
          <PermissionGuard permissionKey="admin_users" check={check} delays={{ PAGE_GUARD_DELAY: 0 }}>
            <p>Admin users content</p>
          </PermissionGuard>
        </section>
        <section aria-label="One-time code">
          <OtpInput onValueChange={setOtp} />
          <p>{otp ? `Code entered: ${otp}` : 'No code yet'}</p>
        </section>
        <LoginForm
          login={login}
          onSuccess={() => undefined}
          productLabel="Consumer Check"
          copyrightHolder="Staff"
        />
      </main>
    </ThemeProvider>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
