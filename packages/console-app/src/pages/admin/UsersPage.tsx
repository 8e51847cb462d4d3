import { useCallback, useMemo, useState } from 'react';
import { styled } from 'styled-components';
import {
  DataTable,
  FilterBar,
  ResourceForm,
  createSearchParamsCodec,
  fieldCondition,
  useListController,
  useNotifications,
  type BaseListView,
  type DataProvider,
  type DataTableColumn,
  type FilterCondition,
  type FilterSet,
  t,
  type ResourceField,
} from '@staff/console-ui';
import { useRouterLocation } from '../../list/useRouterLocation.js';
import { RoutePage } from '../PageLayout.js';
import type { PageProps } from '../types.js';
import { adminEndpoints } from '@staff/console-contract';
import { type AdminError, type AdminUserRow, type UserListParams } from './adminApi.js';
import { useEndpointForm } from '../useEndpointForm.js';
import { resourceFormErrors } from './userFields.js';
import { Button, Panel, Row, adminLoad, formatWhen, useAdminApi } from './adminUi.js';
import { useEndpoint } from '../useEndpoint.js';
import { UserDetails } from './UserDetails.js';
import { ViewAsPreview } from './ViewAsPreview.js';
import { userNameFields } from './userFields.js';
import { listPaging } from '../common/listPaging.js';
import { ADMIN_TEXTS, type AdminTexts } from './texts.js';
import { useTextsOf } from '../../i18n.js';

const createFields = (texts: AdminTexts['fields']): ResourceField[] => [
  ...userNameFields(texts),
  { name: 'password', label: texts.initialPassword, type: 'secret', help: texts.initialPasswordHelp },
];

/** The new-user form's values: the initial password may stay empty. */
const NEW_USER = { username: '', full_name: '', password: '' };

const SORTABLE = ['username', 'full_name', 'last_login_at'];
const PAGE_SIZES = [10, 25, 50, 100];

/** The Users list's view; it lives in the address (`?q=…&active=1&set=…&sort=…&page=…&size=…`). */
interface UsersView extends BaseListView {
  filter: FilterSet;
}

/** The filter chips from the address (the list's own parameter names), lenient. */
function filterFromParams(params: URLSearchParams): FilterSet {
  const conditions: FilterCondition[] = [];
  const active = params.get('active');
  if (active === 'true' || active === 'false')
    conditions.push({ op: 'eq', field: 'active', value: active === 'true' });
  const sets = params.getAll('permission_set').filter(Boolean);
  if (sets.length) conditions.push({ op: 'in', field: 'permission_sets', values: sets });
  if (params.get('never_logged_in') === 'true')
    conditions.push({ op: 'empty', field: 'last_login_at', empty: true });
  else {
    const min = params.get('last_login_from');
    const max = params.get('last_login_to');
    if (min || max)
      conditions.push({ op: 'range', field: 'last_login_at', min: min || null, max: max || null });
  }
  return { filters: conditions, groups: [] };
}

const usersCodec = createSearchParamsCodec<UsersView>({
  defaults: {
    q: '',
    filter: { filters: [], groups: [] },
    sort: { field: 'username', direction: 'asc' },
    page: 1,
    pageSize: 25,
    cursor: null,
    presetId: null,
    viewId: null,
  },
  pageSizes: PAGE_SIZES,
  sortable: SORTABLE,
  parseExtra: (params) => ({ filter: filterFromParams(params) }),
  serializeExtra: (view, params) => {
    const filter = filterToParams(view.filter);
    if (filter.active !== undefined) params.set('active', String(filter.active));
    for (const set of filter.permission_set ?? []) params.append('permission_set', set);
    if (filter.never_logged_in) params.set('never_logged_in', 'true');
    if (filter.last_login_from) params.set('last_login_from', filter.last_login_from);
    if (filter.last_login_to) params.set('last_login_to', filter.last_login_to);
  },
});

const usersQuery = (view: UsersView): UserListParams => ({
  ...filterToParams(view.filter),
  ...(view.q ? { q: view.q } : {}),
  sort: (view.sort?.field ?? 'username') as UserListParams['sort'],
  dir: view.sort?.direction ?? 'asc',
  page: view.page,
  page_size: view.pageSize,
});

/** A datetime-local or date filter bound as the server takes it (a date, or an ISO instant). */
function boundParam(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const text = String(value);
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The FilterBar's chips as the list's query parameters. */
export function filterToParams(filter: FilterSet): UserListParams {
  const params: UserListParams = {};
  const active = fieldCondition(filter, 'active');
  if (active?.op === 'eq') params.active = active.value === true || active.value === 'true';
  const sets = fieldCondition(filter, 'permission_sets');
  if (sets?.op === 'in') params.permission_set = sets.values.map(String);
  const login = fieldCondition(filter, 'last_login_at');
  if (login?.op === 'empty' && login.empty) params.never_logged_in = true;
  if (login?.op === 'range') {
    const from = boundParam(login.min);
    const to = boundParam(login.max);
    if (from) params.last_login_from = from;
    if (to) params.last_login_to = to;
  }
  if (login?.op === 'within')
    params.last_login_from = new Date(Date.now() - login.days * 86_400_000).toISOString();
  return params;
}

/** A row's "Manage" and "View as" on one line: the actions cell never wraps them under each other. */
const RowActions = styled.div`
  display: inline-flex;
  flex-wrap: nowrap;
  white-space: nowrap;
  gap: ${t.space2};
`;

/** `/app/administration/users/`: find, create and manage users. */
export default function UsersPage({ route }: PageProps) {
  const admin = useAdminApi();
  const { notify } = useNotifications();
  const texts = useTextsOf(ADMIN_TEXTS);
  const { fields: f, users: u } = texts;
  const newUserFields = useMemo(() => createFields(f), [f]);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [createdSecret, setCreatedSecret] = useState<{ id: number; password: string } | null>(null);
  const [creating, setCreating] = useState(false);
  const [viewAsId, setViewAsId] = useState<number | null>(null);

  const sets = adminLoad(useEndpoint(adminEndpoints.listSets, {}));
  const setsAnswer = sets.state.status === 'ready' ? sets.state.data : undefined;
  const setList = useMemo(() => setsAnswer?.sets ?? [], [setsAnswer]);

  const location = useRouterLocation();
  const provider = useMemo<DataProvider<AdminUserRow, UserListParams>>(
    () => ({
      list: async (_resource, query) => {
        const answer = await admin.listUsers(query);
        return { rows: answer.users, total: answer.total };
      },
    }),
    [admin],
  );
  const users = useListController<AdminUserRow, UserListParams, UsersView>({
    resource: 'users',
    dataProvider: provider,
    location,
    codec: usersCodec,
    queryOf: usersQuery,
  });
  const reloadUsers = users.reload;
  const reloadSets = sets.reload;
  const onChanged = useCallback(() => {
    reloadUsers();
    reloadSets();
  }, [reloadUsers, reloadSets]);

  const filterFields = useMemo<ResourceField[]>(
    () => [
      { name: 'active', label: f.active, type: 'boolean', filterable: true },
      {
        name: 'permission_sets',
        label: f.permissionSet,
        type: 'enum',
        filterable: true,
        options: setList.map((set) => ({ value: set.name, label: set.name })),
      },
      { name: 'last_login_at', label: f.lastLogin, type: 'datetime', filterable: true },
    ],
    [setList, f],
  );

  const columns = useMemo<DataTableColumn<AdminUserRow & Record<string, unknown>>[]>(
    () => [
      { id: 'username', header: f.username, sortable: true, cell: (row) => row.username },
      { id: 'full_name', header: f.fullName, sortable: true, cell: (row) => row.full_name },
      { id: 'active', header: f.status, cell: (row) => (row.active ? u.active : u.disabled) },
      {
        id: 'permission_sets',
        header: f.permissionSets,
        cell: (row) => (row.permission_sets.length ? row.permission_sets.join(', ') : u.none),
      },
      {
        id: 'last_login_at',
        header: f.lastLogin,
        sortable: true,
        cell: (row) => formatWhen(row.last_login_at, texts.never),
      },
      { id: 'live_sessions', header: f.sessions, align: 'end', cell: (row) => row.live_sessions },
    ],
    [f, u, texts.never],
  );

  // ResourceForm keeps the values; the hook checks, sends and places the messages.
  const newUser = useEndpointForm(adminEndpoints.createUser, {
    initial: NEW_USER,
    // An empty password is left out: the server generates one and answers it once.
    toBody: ({ username, full_name, password }) => ({
      username,
      full_name,
      ...(password ? { password } : {}),
    }),
    onSaved: (result) => {
      setCreating(false);
      setSelectedId(result.user.id);
      setCreatedSecret(
        result.generated_password ? { id: result.user.id, password: result.generated_password } : null,
      );
      notify({ type: 'success', message: u.created(result.user.username) });
      onChanged();
    },
  });

  // One object per failure: ResourceForm focuses the first invalid field whenever it receives new errors.
  const newUserErrors = useMemo(() => resourceFormErrors(newUser.errors), [newUser.errors]);

  const { view } = users;
  return (
    <RoutePage route={route}>
      {creating ? (
        <Panel aria-label={u.newUser}>
          <h2>{u.newUser}</h2>
          <ResourceForm
            label={u.newUser}
            mode="create"
            fields={newUserFields}
            errors={newUserErrors}
            formError={newUser.formError ?? undefined}
            submitting={newUser.submitting}
            submitLabel={u.createUser}
            onSubmit={(values) =>
              void newUser.submitValues({
                username: String(values.username ?? ''),
                full_name: String(values.full_name ?? ''),
                password: typeof values.password === 'string' ? values.password : '',
              })
            }
            onCancel={() => setCreating(false)}
          />
        </Panel>
      ) : null}
      {selectedId !== null ? (
        <UserDetails
          key={selectedId}
          userId={selectedId}
          sets={setList}
          initialSecret={createdSecret?.id === selectedId ? createdSecret.password : undefined}
          onChanged={onChanged}
          onClose={() => setSelectedId(null)}
          onDeleted={() => {
            setSelectedId(null);
            onChanged();
          }}
          onViewAs={setViewAsId}
        />
      ) : null}
      <DataTable<AdminUserRow & Record<string, unknown>>
        label={route.title}
        rows={users.rows as (AdminUserRow & Record<string, unknown>)[]}
        columns={columns}
        getRowId={(row) => String(row.id)}
        rowLabel={(row) => row.full_name}
        {...listPaging(users, PAGE_SIZES)}
        sort={view.sort ?? { field: 'username', direction: 'asc' }}
        onSortChange={(next) => {
          if (SORTABLE.includes(next.field)) users.setSort(next);
        }}
        loading={users.loading}
        error={
          users.status === 'error' ? ((users.error as AdminError | null)?.message ?? u.couldNotLoad) : null
        }
        onRetry={users.reload}
        emptyMessage={view.q || view.filter.filters.length ? u.noMatch : u.noUsers}
        onRowOpen={(row) => setSelectedId(row.id)}
        rowActions={(row) => (
          <RowActions>
            <Button
              type="button"
              aria-label={u.manageUser(row.username)}
              onClick={() => setSelectedId(row.id)}
            >
              {u.manage}
            </Button>
            <Button type="button" aria-label={u.viewAsUser(row.username)} onClick={() => setViewAsId(row.id)}>
              {u.viewAs}
            </Button>
          </RowActions>
        )}
        toolbar={
          <Row>
            <FilterBar
              label={u.filters}
              fields={filterFields}
              search={view.q}
              onSearchChange={users.setQ}
              searchPlaceholder={u.search}
              filter={view.filter}
              onFilterChange={(filter) => users.setView({ filter, page: 1 })}
            />
            <Button
              type="button"
              data-kind="primary"
              onClick={() => {
                setCreating(true);
                newUser.reset(NEW_USER);
              }}
            >
              {u.newUser}
            </Button>
          </Row>
        }
      />
      {viewAsId !== null ? <ViewAsPreview userId={viewAsId} onExit={() => setViewAsId(null)} /> : null}
    </RoutePage>
  );
}
