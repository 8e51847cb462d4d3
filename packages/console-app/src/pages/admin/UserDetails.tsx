import { useCallback, useId, useMemo, useState } from 'react';
import { styled } from 'styled-components';
import {
  ConfirmDialog,
  CheckboxOptions,
  RecordHistory,
  ResourceForm,
  t,
  useNotifications,
  type AuditEntry,
  type ResourceField,
} from '@staff/console-ui';
import { adminEndpoints } from '@staff/console-contract';
import { useEndpointForm } from '../useEndpointForm.js';
import {
  toAdminError,
  type ActivityEntry,
  type AdminError,
  type AdminUserRow,
  type PermissionSetRow,
} from './adminApi.js';
import {
  Button,
  ErrorBox,
  Notice,
  OneTimeSecret,
  Panel,
  Row,
  formatWhen,
  adminLoad,
  useAdminApi,
} from './adminUi.js';
import { useEndpoint } from '../useEndpoint.js';
import { Facts, Table } from '../common/styles.js';
import { resourceFormErrors, userNameFields } from './userFields.js';
import { ADMIN_TEXTS, type AdminTexts } from './texts.js';
import { useTextsOf } from '../../i18n.js';

/** How RecordHistory shows the audit entries of a user. */
const historyFields = (texts: AdminTexts['fields']): ResourceField[] => [
  { name: 'event', label: texts.event, type: 'text' },
  { name: 'username', label: texts.username, type: 'text' },
  { name: 'full_name', label: texts.fullName, type: 'text' },
  { name: 'active', label: texts.active, type: 'boolean' },
  { name: 'permission_sets', label: texts.permissionSets, type: 'tags' },
  { name: 'revoked_sessions', label: texts.sessionsEnded, type: 'integer' },
];

/** Audit rows as RecordHistory entries: create/delete as they are, every other action as an update with its event named. */
export function toHistory(entries: ActivityEntry[], texts: AdminTexts['details']): AuditEntry[] {
  const events: Record<string, string> = texts.events;
  return entries.map((entry) => {
    const before = (entry.before ?? {}) as Record<string, unknown>;
    const after = (entry.after ?? {}) as Record<string, unknown>;
    const action = entry.action === 'create' || entry.action === 'delete' ? entry.action : 'update';
    const changes = Object.keys({ ...before, ...after })
      .filter((field) => field !== 'id' && JSON.stringify(before[field]) !== JSON.stringify(after[field]))
      .map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null }));
    const subject =
      entry.entity === 'user'
        ? texts.userSubject(entry.entity_id ?? '?')
        : `${entry.entity.replace('_', ' ')} #${entry.entity_id ?? '?'}`;
    const event =
      entry.role === 'actor' && !(entry.entity === 'user' && entry.action === 'change-password')
        ? texts.actedOn(entry.action, subject)
        : (events[entry.action] ?? entry.action);
    return {
      id: entry.id,
      at: entry.at,
      actor: entry.actor ? `${entry.actor.full_name} (${entry.actor.username})` : texts.system,
      action,
      changes: [{ field: 'event', before: null, after: event }, ...changes],
    };
  });
}

const SetList = styled.fieldset`
  border: 1px solid ${t.colorBorder};
  border-radius: ${t.radiusMd};
  padding: ${t.space3};
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
  gap: ${t.space2};
  legend {
    padding: 0 ${t.space1};
  }
`;

type Confirm = 'disable' | 'enable' | 'reset' | 'reset2fa' | 'delete' | 'signout' | null;

export interface UserDetailsProps {
  userId: number;
  sets: PermissionSetRow[];
  /** The list should refresh (something about this user changed). */
  onChanged: () => void;
  onClose: () => void;
  onDeleted: () => void;
  onViewAs: (userId: number) => void;
  /** A password the server generated for this user on creation, shown once. */
  initialSecret?: string | undefined;
}

/** One user: edit, permission sets, disable/enable, password reset, delete, sessions and recent activity. */
export function UserDetails({
  userId,
  sets,
  onChanged,
  onClose,
  onDeleted,
  onViewAs,
  initialSecret,
}: UserDetailsProps) {
  const admin = useAdminApi();
  const { notify } = useNotifications();
  const texts = useTextsOf(ADMIN_TEXTS);
  const { details: d, fields: f } = texts;
  const editFields = useMemo(() => userNameFields(f), [f]);
  const activityFields = useMemo(() => historyFields(f), [f]);
  const headingId = useId();
  const byId = { params: { id: userId } };
  const user = adminLoad(useEndpoint(adminEndpoints.getUser, byId));
  const sessions = adminLoad(useEndpoint(adminEndpoints.sessions, byId));
  // The latest 30 entries.
  const activity = adminLoad(useEndpoint(adminEndpoints.activity, { ...byId, query: { limit: 30 } }));

  const [secret, setSecret] = useState<string | undefined>(initialSecret);
  const [chosenSets, setChosenSets] = useState<string[] | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [confirmBusy, setConfirmBusy] = useState(false);
  const [confirmError, setConfirmError] = useState<string | null>(null);

  const refreshAll = useCallback(() => {
    user.reload();
    sessions.reload();
    activity.reload();
    onChanged();
  }, [user, sessions, activity, onChanged]);

  const loaded = user.state.status === 'ready' ? user.state.data : null;
  // ResourceForm keeps the values; the hook checks, sends and places the messages.
  const edit = useEndpointForm(adminEndpoints.updateUser, {
    initial: { username: '', full_name: '' },
    input: { params: { id: userId } },
    // What changed, with the version the form was made from: a newer one on the server answers 409 STALE.
    toBody: ({ username, full_name }) => ({
      ...(username !== loaded?.username ? { username } : {}),
      ...(full_name !== loaded?.full_name ? { full_name } : {}),
      ...(loaded ? { version: loaded.version } : {}),
    }),
    onSaved: (_user, values) => {
      notify({ type: 'success', message: d.saved(values.full_name) });
      refreshAll();
    },
  });
  // The checkboxes keep the choice (`chosenSets`, null while it is the saved one); the hook sends it.
  const setsForm = useEndpointForm(adminEndpoints.setUserSets, {
    initial: { permission_sets: [] as string[] },
    input: { params: { id: userId } },
    onSaved: (updated) => {
      setChosenSets(null);
      notify({ type: 'success', message: d.setsSaved(updated.full_name) });
      refreshAll();
    },
    onFailed: (error) =>
      notify({ type: 'error', title: d.setsNotSaved, message: toAdminError(error).message }),
  });
  const setsError = setsForm.errors.permission_sets ?? setsForm.formError;
  // One object per failure: ResourceForm focuses the first invalid field whenever it receives new errors.
  const editErrors = useMemo(() => resourceFormErrors(edit.errors), [edit.errors]);
  const stale = edit.failure?.code === 'STALE' ? edit.failure : null;

  if (user.state.status === 'loading') {
    return (
      <Panel aria-label={d.region}>
        <p role="status">{d.loading}</p>
      </Panel>
    );
  }
  if (user.state.status === 'error') {
    return (
      <Panel aria-label={d.region}>
        <ErrorBox error={user.state.error} onRetry={user.reload} what={d.theUser} />
        <Row>
          <Button type="button" onClick={onClose}>
            {texts.close}
          </Button>
        </Row>
      </Panel>
    );
  }
  const current: AdminUserRow = user.state.data;
  const selected = chosenSets ?? current.permission_sets;

  const saveEdit = (values: Record<string, unknown>, meta: { changed: string[] }) => {
    if (meta.changed.length === 0) return;
    void edit.submitValues({
      username: String(values.username ?? current.username),
      full_name: String(values.full_name ?? current.full_name),
    });
  };

  const saveSets = () => void setsForm.submitValues({ permission_sets: selected });

  const runConfirm = () => {
    setConfirmBusy(true);
    setConfirmError(null);
    const done = (message: string) => {
      setConfirmBusy(false);
      setConfirm(null);
      notify({ type: 'success', message });
    };
    const failed = (error: AdminError) => {
      setConfirmBusy(false);
      setConfirmError(error.message);
    };
    if (confirm === 'disable' || confirm === 'enable') {
      admin.updateUser(current.id, { active: confirm === 'enable' }).then(() => {
        done(confirm === 'enable' ? d.enabled(current.full_name) : d.disabledDone(current.full_name));
        refreshAll();
      }, failed);
    } else if (confirm === 'reset') {
      admin.resetPassword(current.id).then((result) => {
        setSecret(result.generated_password);
        done(d.passwordReset(current.full_name, result.revoked_sessions));
        refreshAll();
      }, failed);
    } else if (confirm === 'reset2fa') {
      admin.resetTwoFactor(current.id).then((result) => {
        done(result.was_enabled ? d.twoStepReset(current.full_name) : d.twoStepWasOff(current.full_name));
        refreshAll();
      }, failed);
    } else if (confirm === 'signout') {
      admin.revokeAllSessions(current.id).then((result) => {
        done(d.signedOutOf(current.full_name, result.revoked));
        refreshAll();
      }, failed);
    } else if (confirm === 'delete') {
      admin.deleteUser(current.id).then(() => {
        done(d.deleted(current.full_name));
        onDeleted();
      }, failed);
    }
  };

  const dialogTexts = {
    disable: d.confirmDisable,
    enable: d.confirmEnable,
    reset: d.confirmReset,
    reset2fa: d.confirmReset2fa,
    signout: d.confirmSignOut,
    delete: d.confirmDelete,
  }[confirm ?? 'disable'];
  const dialog = confirm
    ? {
        title: dialogTexts.title(current.full_name),
        description: dialogTexts.description,
        label: dialogTexts.label,
        destructive: confirm !== 'enable',
      }
    : null;

  return (
    <Panel aria-labelledby={headingId} data-user={current.username}>
      <Row>
        <h2 id={headingId}>
          {current.full_name} ({current.username})
        </h2>
        <Button type="button" onClick={() => onViewAs(current.id)}>
          {d.viewAs(current.full_name)}
        </Button>
        <Button type="button" onClick={onClose}>
          {texts.close}
        </Button>
      </Row>
      {secret ? (
        <OneTimeSecret
          label={d.passwordFor(current.username)}
          value={secret}
          onDismiss={() => setSecret(undefined)}
        />
      ) : null}
      <Facts>
        <dt>{f.status}</dt>
        <dd>{current.active ? texts.users.active : texts.users.disabled}</dd>
        <dt>{f.lastLogin}</dt>
        <dd>{formatWhen(current.last_login_at, texts.never)}</dd>
        <dt>{d.openSessions}</dt>
        <dd>{current.live_sessions}</dd>
        <dt>{d.created}</dt>
        <dd>{formatWhen(current.created_at)}</dd>
        {current.locked_until ? (
          <>
            <dt>{d.lockedUntil}</dt>
            <dd>{formatWhen(current.locked_until)}</dd>
          </>
        ) : null}
      </Facts>

      <ResourceForm
        key={`${current.id}-${current.version}`}
        label={d.edit(current.username)}
        mode="edit"
        fields={editFields}
        initialValues={{ username: current.username, full_name: current.full_name }}
        errors={editErrors}
        formError={!stale ? (edit.formError ?? undefined) : undefined}
        conflict={
          stale
            ? {
                message: stale.message,
                onReload: () => {
                  edit.reset();
                  user.reload();
                },
              }
            : null
        }
        submitting={edit.submitting}
        onSubmit={saveEdit}
      />

      <SetList aria-describedby={setsError ? `${headingId}-sets-error` : undefined}>
        <legend>{d.setsLegend}</legend>
        {sets.length === 0 ? <span>{d.noSets}</span> : null}
        <CheckboxOptions
          options={sets.map((set) => ({ value: set.name, label: set.name }))}
          value={selected}
          onValueChange={(next) => setChosenSets(next.sort())}
        />
      </SetList>
      {setsError ? (
        <div id={`${headingId}-sets-error`}>
          <Notice tone="danger">{setsError}</Notice>
        </div>
      ) : null}
      <Row>
        <Button
          type="button"
          data-kind="primary"
          disabled={chosenSets === null || setsForm.submitting}
          onClick={saveSets}
        >
          {d.saveSets}
        </Button>
        {current.active ? (
          <Button type="button" data-kind="danger" onClick={() => setConfirm('disable')}>
            {d.disableUser}
          </Button>
        ) : (
          <Button type="button" onClick={() => setConfirm('enable')}>
            {d.enableUser}
          </Button>
        )}
        <Button type="button" onClick={() => setConfirm('reset')}>
          {d.resetPassword}
        </Button>
        <Button type="button" onClick={() => setConfirm('reset2fa')}>
          {d.resetTwoStep}
        </Button>
        <Button type="button" data-kind="danger" onClick={() => setConfirm('delete')}>
          {d.deleteUser}
        </Button>
      </Row>

      <section aria-label={d.sessions}>
        <Row>
          <h3>{d.sessions}</h3>
          <Button
            type="button"
            disabled={sessions.state.status !== 'ready' || sessions.state.data.sessions.length === 0}
            onClick={() => setConfirm('signout')}
          >
            {d.signOutEverywhere}
          </Button>
        </Row>
        {sessions.state.status === 'loading' ? <p role="status">{d.loadingSessions}</p> : null}
        {sessions.state.status === 'error' ? (
          <ErrorBox error={sessions.state.error} onRetry={sessions.reload} what={d.theSessions} />
        ) : null}
        {sessions.state.status === 'ready' && sessions.state.data.sessions.length === 0 ? (
          <p>{d.noSessions}</p>
        ) : null}
        {sessions.state.status === 'ready' && sessions.state.data.sessions.length > 0 ? (
          <Table aria-label={d.sessionsOf(current.username)}>
            <thead>
              <tr>
                <th scope="col">{d.signedIn}</th>
                <th scope="col">{d.lastSeen}</th>
                <th scope="col">{d.address}</th>
                <th scope="col">{d.browser}</th>
              </tr>
            </thead>
            <tbody>
              {sessions.state.data.sessions.map((session) => (
                <tr key={session.id}>
                  <td>
                    {formatWhen(session.created_at)}
                    {session.current ? d.thisSession : ''}
                  </td>
                  <td>{formatWhen(session.last_seen_at)}</td>
                  <td>{session.ip ?? '-'}</td>
                  <td>{session.user_agent ?? '-'}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : null}
      </section>

      <RecordHistory
        title={d.recentActivity}
        fields={activityFields}
        entries={activity.state.status === 'ready' ? toHistory(activity.state.data.entries, d) : []}
        loading={activity.state.status === 'loading'}
        error={activity.state.status === 'error' ? activity.state.error.message : null}
        onRetry={activity.reload}
        emptyMessage={d.noActivity}
      />

      <ConfirmDialog
        open={dialog !== null}
        title={dialog?.title ?? ''}
        description={dialog?.description}
        confirmLabel={dialog?.label ?? texts.confirm}
        destructive={dialog?.destructive ?? false}
        busy={confirmBusy}
        error={confirmError}
        onConfirm={runConfirm}
        onCancel={() => {
          setConfirm(null);
          setConfirmError(null);
        }}
      />
    </Panel>
  );
}
