import { useCallback, useMemo, useState } from 'react';
import {
  DataTable,
  EMPTY_FILTER,
  FilterBar,
  ResourceForm,
  fieldCondition,
  useNotifications,
  type DataTableColumn,
  type FilterGroup,
  type ResourceField,
  type SortState,
} from '@staff/console-ui';
import { Page } from '../PageLayout.js';
import type { PageProps } from '../types.js';
import type { AdminError, AdminUser, UserListParams } from './adminApi.js';
import { Button, Panel, Row, formatWhen, useAdminApi, useLoad } from './adminUi.js';
import { UserDetails } from './UserDetails.js';
import { ViewAsPreview } from './ViewAsPreview.js';

const CREATE_FIELDS: ResourceField[] = [
  {
    name: 'username',
    label: 'Username',
    type: 'text',
    required: true,
    maxLength: 64,
    help: '3–64 letters, digits, dots, dashes or underscores.',
  },
  { name: 'full_name', label: 'Full name', type: 'text', required: true, maxLength: 200 },
  {
    name: 'password',
    label: 'Initial password',
    type: 'secret',
    help: 'At least 10 characters, not containing the username. Leave empty to generate one (shown once).',
  },
];

const SORTABLE = new Set(['username', 'full_name', 'last_login_at']);

/** A datetime-local or date filter bound as the server takes it (a date, or an ISO instant). */
function boundParam(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const text = String(value);
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The FilterBar's chips as the list's query parameters. */
export function filterToParams(filter: FilterGroup): UserListParams {
  const params: UserListParams = {};
  const active = fieldCondition(filter, 'active');
  if (active?.op === 'equals') params.active = active.value === true || active.value === 'true';
  const sets = fieldCondition(filter, 'permission_sets');
  if (sets?.op === 'in') params.permission_set = sets.values.map(String);
  const login = fieldCondition(filter, 'last_login_at');
  if (login?.op === 'isEmpty') params.never_logged_in = true;
  if (login?.op === 'range') {
    const from = boundParam(login.min);
    const to = boundParam(login.max);
    if (from) params.last_login_from = from;
    if (to) params.last_login_to = to;
  }
  if (login?.op === 'withinLastDays')
    params.last_login_from = new Date(Date.now() - login.days * 86_400_000).toISOString();
  return params;
}

/** `/app/administration/users/`: find, create and manage users. */
export default function UsersPage({ route }: PageProps) {
  const admin = useAdminApi();
  const { notify } = useNotifications();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<FilterGroup>(EMPTY_FILTER);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [sort, setSort] = useState<SortState>({ field: 'username', direction: 'asc' });
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [createdSecret, setCreatedSecret] = useState<{ id: number; password: string } | null>(null);
  const [creating, setCreating] = useState(false);
  const [createErrors, setCreateErrors] = useState<Record<string, string[]> | undefined>();
  const [createError, setCreateError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [viewAsId, setViewAsId] = useState<number | null>(null);

  const loadSets = useCallback(() => admin.listSets(), [admin]);
  const sets = useLoad(loadSets);
  const setList = useMemo(() => (sets.state.status === 'ready' ? sets.state.data.sets : []), [sets.state]);

  const params = useMemo<UserListParams>(
    () => ({
      ...filterToParams(filter),
      ...(search.trim() ? { q: search.trim() } : {}),
      sort: sort.field as UserListParams['sort'],
      dir: sort.direction,
      page,
      page_size: pageSize,
    }),
    [filter, search, sort, page, pageSize],
  );
  const loadUsers = useCallback(() => admin.listUsers(params), [admin, params]);
  const users = useLoad(loadUsers);
  const reloadUsers = users.reload;
  const reloadSets = sets.reload;
  const onChanged = useCallback(() => {
    reloadUsers();
    reloadSets();
  }, [reloadUsers, reloadSets]);

  const filterFields = useMemo<ResourceField[]>(
    () => [
      { name: 'active', label: 'Active', type: 'boolean', filterable: true },
      {
        name: 'permission_sets',
        label: 'Permission set',
        type: 'enum',
        filterable: true,
        options: setList.map((set) => ({ value: set.name, label: set.name })),
      },
      { name: 'last_login_at', label: 'Last login', type: 'datetime', filterable: true },
    ],
    [setList],
  );

  const columns = useMemo<DataTableColumn<AdminUser & Record<string, unknown>>[]>(
    () => [
      { id: 'username', header: 'Username', sortable: true, cell: (row) => row.username },
      { id: 'full_name', header: 'Full name', sortable: true, cell: (row) => row.full_name },
      { id: 'active', header: 'Status', cell: (row) => (row.active ? 'Active' : 'Disabled') },
      {
        id: 'permission_sets',
        header: 'Permission sets',
        cell: (row) => (row.permission_sets.length ? row.permission_sets.join(', ') : 'None'),
      },
      {
        id: 'last_login_at',
        header: 'Last login',
        sortable: true,
        cell: (row) => formatWhen(row.last_login_at),
      },
      { id: 'live_sessions', header: 'Sessions', align: 'end', cell: (row) => row.live_sessions },
    ],
    [],
  );

  const create = (values: Record<string, unknown>) => {
    setSubmitting(true);
    setCreateErrors(undefined);
    setCreateError(null);
    const password =
      typeof values.password === 'string' && values.password !== '' ? values.password : undefined;
    admin
      .createUser({
        username: String(values.username ?? ''),
        full_name: String(values.full_name ?? ''),
        ...(password ? { password } : {}),
      })
      .then(
        (result) => {
          setSubmitting(false);
          setCreating(false);
          setSelectedId(result.user.id);
          setCreatedSecret(
            result.generated_password ? { id: result.user.id, password: result.generated_password } : null,
          );
          notify({
            type: 'success',
            message: `User ${result.user.username} created. Assign permission sets below.`,
          });
          onChanged();
        },
        (error: AdminError) => {
          setSubmitting(false);
          setCreateErrors(error.fields);
          setCreateError(Object.keys(error.fields).length === 0 ? error.message : null);
        },
      );
  };

  const list = users.state.status === 'ready' ? users.state.data : null;
  return (
    <Page title={route.title} data-page={route.id}>
      {creating ? (
        <Panel aria-label="New user">
          <h2>New user</h2>
          <ResourceForm
            label="New user"
            mode="create"
            fields={CREATE_FIELDS}
            errors={createErrors}
            formError={createError ?? undefined}
            submitting={submitting}
            submitLabel="Create user"
            onSubmit={create}
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
      <DataTable<AdminUser & Record<string, unknown>>
        label="Users"
        rows={(list?.users ?? []) as (AdminUser & Record<string, unknown>)[]}
        columns={columns}
        getRowId={(row) => String(row.id)}
        rowLabel={(row) => row.full_name}
        total={list?.total ?? 0}
        sort={sort}
        onSortChange={(next) => {
          if (!SORTABLE.has(next.field)) return;
          setSort(next);
          setPage(1);
        }}
        page={page}
        onPageChange={setPage}
        pageSize={pageSize}
        pageSizeOptions={[10, 25, 50, 100]}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        loading={users.state.status === 'loading'}
        error={users.state.status === 'error' ? users.state.error.message : null}
        onRetry={users.reload}
        emptyMessage={search || filter.conditions.length ? 'No users match these filters' : 'No users yet'}
        onRowOpen={(row) => setSelectedId(row.id)}
        rowActions={(row) => (
          <Row>
            <Button type="button" aria-label={`Manage ${row.username}`} onClick={() => setSelectedId(row.id)}>
              Manage
            </Button>
            <Button type="button" aria-label={`View as ${row.username}`} onClick={() => setViewAsId(row.id)}>
              View as
            </Button>
          </Row>
        )}
        toolbar={
          <Row>
            <FilterBar
              label="User filters"
              fields={filterFields}
              search={search}
              onSearchChange={(value) => {
                setSearch(value);
                setPage(1);
              }}
              searchPlaceholder="Search username or name…"
              filter={filter}
              onFilterChange={(next) => {
                setFilter(next);
                setPage(1);
              }}
            />
            <Button
              type="button"
              data-kind="primary"
              onClick={() => {
                setCreating(true);
                setCreateErrors(undefined);
                setCreateError(null);
              }}
            >
              New user
            </Button>
          </Row>
        }
      />
      {viewAsId !== null ? <ViewAsPreview userId={viewAsId} onExit={() => setViewAsId(null)} /> : null}
    </Page>
  );
}
