// A throwaway embedding app: built by test/consumer.test.ts against the packed tarball, with only the peers
// installed. It uses the public API the way an embedder would (adapters handed in, delays overridden).
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import {
  AppShell,
  Chart,
  ConsoleThemeProvider,
  DataTable,
  LoginForm,
  OtpInput,
  PermissionGuard,
  Sidebar,
  type CheckPermissionFn,
  type DataTableColumn,
  type LoginFn,
  type PermissionEntry,
  type SidebarMenuGroup,
} from '@staff/console-ui';

const permissions: PermissionEntry[] = [
  { permission_key: 'customer_chats', allow_read: 1 },
  { permission_key: 'admin_users', allow_read: 0 },
];

// The Sidebar shows the groups it is given: who sees what is the embedder's rule (the console's own app asks
// console-contract's `visibleMenu`). Here a group shows when its one key is readable.
const allGroups: (SidebarMenuGroup & { key: string })[] = [
  {
    id: 'chats',
    label: 'Chats',
    key: 'customer_chats',
    items: [{ id: 'customer-chats', label: 'Customer Chats', path: '/app/customer-chats' }],
  },
  {
    id: 'admin',
    label: 'Administration',
    key: 'admin_users',
    items: [{ id: 'admin-users', label: 'Admin Users', path: '/app/admin-users' }],
  },
];
const menu = allGroups.filter((group) =>
  permissions.some((p) => p.permission_key === group.key && p.allow_read === 1),
);

const check: CheckPermissionFn = async (key) =>
  permissions.some((p) => p.permission_key === key && p.allow_read === 1);

// The server answers 403 with a message: the form must show "Error : " + that message.
const login: LoginFn = async () => Promise.reject({ status: 403, message: 'Username atau password salah' });

function App() {
  const [otp, setOtp] = useState('');
  const [signedOut, setSignedOut] = useState(false);
  return (
    <ConsoleThemeProvider global>
      <Sidebar
        user={{ fullname: 'Embedder Test User', last_login: '2024-05-01T09:30:00Z' }}
        menu={menu}
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
    </ConsoleThemeProvider>
  );
}

// An embedder's row type written as an interface (no index signature): DataTable must accept it.
interface Creator {
  id: string;
  name: string;
  followers: number;
}

const creators: Creator[] = [
  { id: 'c1', name: 'Budi', followers: 300 },
  { id: 'c2', name: 'Ani', followers: 1200 },
  { id: 'c3', name: 'Citra', followers: 50 },
];

const creatorColumns: DataTableColumn<Creator>[] = [
  { id: 'name', header: 'Name', sortable: true },
  { id: 'followers', header: 'Followers', sortable: true, align: 'end', cell: (row) => row.followers },
];

// No provider at all: the components must still be visible (token fallbacks) and the uncontrolled table sorts.
function Bare() {
  const [otp, setOtp] = useState('');
  return (
    <main>
      <h1>Without a provider</h1>
      <section aria-label="One-time code">
        <OtpInput onValueChange={setOtp} />
        <p>{otp ? `Code entered: ${otp}` : 'No code yet'}</p>
      </section>
      <DataTable<Creator> label="Creators" rows={creators} columns={creatorColumns} />
    </main>
  );
}

// A host page with its own header: the shell fills the rest, and only its content area scrolls.
function Host() {
  return (
    // The provider renders a wrapper element: it sits outside the chain of heights the shell fills.
    <ConsoleThemeProvider>
      <div style={{ height: '100vh', display: 'flex', flexDirection: 'column' }}>
        <header style={{ flex: 'none', height: 64, background: '#222', color: '#fff' }}>
          <h1 style={{ margin: 0 }}>Host header</h1>
        </header>
        <div style={{ flex: 1, minHeight: 0 }}>
          <AppShell
            height="100%"
            layout="wide"
            sidebar={<Sidebar menu={menu} currentPath="/app/customer-chats" />}
          >
            {Array.from({ length: 80 }, (_, index) => (
              <p key={index}>Line {index + 1}</p>
            ))}
          </AppShell>
        </div>
      </div>
    </ConsoleThemeProvider>
  );
}

// A chart: drawn where echarts is installed; where it is not (the optional peer), the chart says how to install it.
function Charts() {
  return (
    <ConsoleThemeProvider>
      <h1>Charts</h1>
      <Chart
        kind="line"
        label="Spend per day"
        categories={['1 Nov', '2 Nov', '3 Nov']}
        series={[{ name: 'Spend', data: [1500000, 2000000, 1750000], format: 'idr' }]}
      />
    </ConsoleThemeProvider>
  );
}

const page = new URLSearchParams(window.location.search).get('page');
const pages = { bare: Bare, host: Host, chart: Charts } as const;
const Page = pages[page as keyof typeof pages] ?? App;

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Page />
  </StrictMode>,
);
