import { useCallback, useId, useState } from 'react';
import { styled } from 'styled-components';
import {
  ConfirmDialog,
  RecordHistory,
  ResourceForm,
  t,
  useNotifications,
  type AuditEntry,
  type ResourceField,
} from '@staff/console-ui';
import type { ActivityEntry, AdminError, AdminUser, PermissionSet } from './adminApi.js';
import {
  Button,
  ErrorBox,
  Notice,
  OneTimeSecret,
  Panel,
  Row,
  formatWhen,
  useAdminApi,
  useLoad,
} from './adminUi.js';
import { Table } from '../common/styles.js';
import { USER_NAME_FIELDS } from './userFields.js';

const EDIT_FIELDS = USER_NAME_FIELDS;

/** How RecordHistory shows the audit entries of a user. */
const HISTORY_FIELDS: ResourceField[] = [
  { name: 'event', label: 'Event', type: 'text' },
  { name: 'username', label: 'Username', type: 'text' },
  { name: 'full_name', label: 'Full name', type: 'text' },
  { name: 'active', label: 'Active', type: 'boolean' },
  { name: 'permission_sets', label: 'Permission sets', type: 'tags' },
  { name: 'revoked_sessions', label: 'Sessions ended', type: 'integer' },
];

const EVENT_LABELS: Record<string, string> = {
  'view-as': 'An administrator viewed the console as this user',
  'sign-out-everywhere': 'Signed out everywhere',
  'reset-password': 'Password reset by an administrator',
  'change-password': 'Changed their own password',
  '2fa-setup': 'Started setting up two-step sign-in',
  '2fa-enable': 'Turned two-step sign-in on',
  '2fa-disable': 'Turned two-step sign-in off',
  '2fa-reset': 'Two-step sign-in reset by an administrator',
  'set-permission-sets': 'Permission sets changed',
  disable: 'Account disabled',
  enable: 'Account enabled',
};

/** Audit rows as RecordHistory entries: create/delete as they are, every other action as an update with its event named. */
export function toHistory(entries: ActivityEntry[]): AuditEntry[] {
  return entries.map((entry) => {
    const before = (entry.before ?? {}) as Record<string, unknown>;
    const after = (entry.after ?? {}) as Record<string, unknown>;
    const action = entry.action === 'create' || entry.action === 'delete' ? entry.action : 'update';
    const changes = Object.keys({ ...before, ...after })
      .filter((field) => field !== 'id' && JSON.stringify(before[field]) !== JSON.stringify(after[field]))
      .map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null }));
    const subject =
      entry.entity === 'user'
        ? `user #${entry.entity_id ?? '?'}`
        : `${entry.entity.replace('_', ' ')} #${entry.entity_id ?? '?'}`;
    const event =
      entry.role === 'actor' && !(entry.entity === 'user' && entry.action === 'change-password')
        ? `${entry.action} on ${subject}`
        : (EVENT_LABELS[entry.action] ?? entry.action);
    return {
      id: entry.id,
      at: entry.at,
      actor: entry.actor ? `${entry.actor.full_name} (${entry.actor.username})` : 'system',
      action,
      changes: [{ field: 'event', before: null, after: event }, ...changes],
    };
  });
}

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${t.space1} ${t.space4};
  margin: 0;
  dt {
    color: ${t.colorTextMuted};
  }
  dd {
    margin: 0;
  }
`;

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
  sets: PermissionSet[];
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
  const headingId = useId();
  const loadUser = useCallback(() => admin.getUser(userId), [admin, userId]);
  const user = useLoad(loadUser);
  const loadSessions = useCallback(() => admin.sessions(userId), [admin, userId]);
  const sessions = useLoad(loadSessions);
  const loadActivity = useCallback(() => admin.activity(userId), [admin, userId]);
  const activity = useLoad(loadActivity);

  const [secret, setSecret] = useState<string | undefined>(initialSecret);
  const [editErrors, setEditErrors] = useState<Record<string, string[]> | undefined>();
  const [editError, setEditError] = useState<AdminError | null>(null);
  const [saving, setSaving] = useState(false);
  const [chosenSets, setChosenSets] = useState<string[] | null>(null);
  const [setsError, setSetsError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [confirmBusy, setConfirmBusy] = useState(false);
  const [confirmError, setConfirmError] = useState<string | null>(null);

  const refreshAll = useCallback(() => {
    user.reload();
    sessions.reload();
    activity.reload();
    onChanged();
  }, [user, sessions, activity, onChanged]);

  if (user.state.status === 'loading') {
    return (
      <Panel aria-label="User details">
        <p role="status">Loading the user…</p>
      </Panel>
    );
  }
  if (user.state.status === 'error') {
    return (
      <Panel aria-label="User details">
        <ErrorBox error={user.state.error} onRetry={user.reload} what="the user" />
        <Row>
          <Button type="button" onClick={onClose}>
            Close
          </Button>
        </Row>
      </Panel>
    );
  }
  const current: AdminUser = user.state.data;
  const selected = chosenSets ?? current.permission_sets;

  const saveEdit = (values: Record<string, unknown>, meta: { changed: string[] }) => {
    if (meta.changed.length === 0) return;
    setSaving(true);
    setEditErrors(undefined);
    setEditError(null);
    const body: { username?: string; full_name?: string; version: number } = { version: current.version };
    if (meta.changed.includes('username')) body.username = String(values.username ?? '');
    if (meta.changed.includes('full_name')) body.full_name = String(values.full_name ?? '');
    admin.updateUser(current.id, body).then(
      () => {
        setSaving(false);
        notify({ type: 'success', message: `Saved ${body.full_name ?? current.full_name}.` });
        refreshAll();
      },
      (error: AdminError) => {
        setSaving(false);
        setEditErrors(error.fields);
        setEditError(error);
      },
    );
  };

  const saveSets = () => {
    setSetsError(null);
    admin.setUserSets(current.id, selected).then(
      (updated) => {
        setChosenSets(null);
        notify({
          type: 'success',
          message: `Permission sets of ${updated.full_name} saved. Their open tabs update at once.`,
        });
        refreshAll();
      },
      (error: AdminError) => {
        setSetsError(error.message);
        notify({ type: 'error', title: 'Permission sets not saved', message: error.message });
      },
    );
  };

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
        done(
          confirm === 'enable'
            ? `${current.full_name} can sign in again.`
            : `${current.full_name} is disabled and was signed out everywhere.`,
        );
        refreshAll();
      }, failed);
    } else if (confirm === 'reset') {
      admin.resetPassword(current.id).then((result) => {
        setSecret(result.generated_password);
        done(`New password set for ${current.full_name}; ${result.revoked_sessions} session(s) ended.`);
        refreshAll();
      }, failed);
    } else if (confirm === 'reset2fa') {
      admin.resetTwoFactor(current.id).then((result) => {
        done(
          result.was_enabled
            ? `Two-step sign-in is off for ${current.full_name}; they sign in with the password and can set it up again.`
            : `${current.full_name} did not have two-step sign-in on.`,
        );
        refreshAll();
      }, failed);
    } else if (confirm === 'signout') {
      admin.revokeAllSessions(current.id).then((result) => {
        done(`${current.full_name} was signed out of ${result.revoked} session(s).`);
        refreshAll();
      }, failed);
    } else if (confirm === 'delete') {
      admin.deleteUser(current.id).then(() => {
        done(`${current.full_name} was deleted.`);
        onDeleted();
      }, failed);
    }
  };

  const dialogs: Record<
    Exclude<Confirm, null>,
    { title: string; description: string; label: string; destructive: boolean }
  > = {
    disable: {
      title: `Disable ${current.full_name}?`,
      description: 'They are signed out everywhere at once and cannot sign in until enabled again.',
      label: 'Disable',
      destructive: true,
    },
    enable: {
      title: `Enable ${current.full_name}?`,
      description: 'They can sign in again with their password.',
      label: 'Enable',
      destructive: false,
    },
    reset: {
      title: `Reset the password of ${current.full_name}?`,
      description: 'A new password is generated and shown once. Their open sessions end.',
      label: 'Generate new password',
      destructive: true,
    },
    reset2fa: {
      title: `Reset two-step sign-in of ${current.full_name}?`,
      description:
        'Their authenticator secret and recovery codes are deleted: they sign in with the password alone until they set it up again.',
      label: 'Reset two-step sign-in',
      destructive: true,
    },
    signout: {
      title: `Sign ${current.full_name} out everywhere?`,
      description: 'Every open session of this user ends now.',
      label: 'Sign out everywhere',
      destructive: true,
    },
    delete: {
      title: `Delete ${current.full_name}?`,
      description:
        'The account is removed for good; its audit entries stay. Disabling keeps the account instead.',
      label: 'Delete user',
      destructive: true,
    },
  };
  const dialog = confirm ? dialogs[confirm] : null;

  return (
    <Panel aria-labelledby={headingId} data-user={current.username}>
      <Row>
        <h2 id={headingId}>
          {current.full_name} ({current.username})
        </h2>
        <Button type="button" onClick={() => onViewAs(current.id)}>
          View as {current.full_name}
        </Button>
        <Button type="button" onClick={onClose}>
          Close
        </Button>
      </Row>
      {secret ? (
        <OneTimeSecret
          label={`Password for ${current.username}`}
          value={secret}
          onDismiss={() => setSecret(undefined)}
        />
      ) : null}
      <Facts>
        <dt>Status</dt>
        <dd>{current.active ? 'Active' : 'Disabled'}</dd>
        <dt>Last login</dt>
        <dd>{formatWhen(current.last_login_at)}</dd>
        <dt>Open sessions</dt>
        <dd>{current.live_sessions}</dd>
        <dt>Created</dt>
        <dd>{formatWhen(current.created_at)}</dd>
        {current.locked_until ? (
          <>
            <dt>Locked until</dt>
            <dd>{formatWhen(current.locked_until)}</dd>
          </>
        ) : null}
      </Facts>

      <ResourceForm
        key={`${current.id}-${current.version}`}
        label={`Edit ${current.username}`}
        mode="edit"
        fields={EDIT_FIELDS}
        initialValues={{ username: current.username, full_name: current.full_name }}
        errors={editErrors}
        formError={
          editError && Object.keys(editError.fields).length === 0 && editError.code !== 'STALE'
            ? editError.message
            : undefined
        }
        conflict={
          editError?.code === 'STALE'
            ? {
                message: editError.message,
                onReload: () => {
                  setEditError(null);
                  user.reload();
                },
              }
            : null
        }
        submitting={saving}
        onSubmit={saveEdit}
      />

      <SetList>
        <legend>Permission sets (the user gets the union of their sets)</legend>
        {sets.length === 0 ? <span>No permission sets exist yet.</span> : null}
        {sets.map((set) => (
          <label key={set.id}>
            <input
              type="checkbox"
              checked={selected.includes(set.name)}
              onChange={(event) =>
                setChosenSets(
                  event.target.checked
                    ? [...selected, set.name].sort()
                    : selected.filter((name) => name !== set.name),
                )
              }
            />{' '}
            {set.name}
          </label>
        ))}
      </SetList>
      {setsError ? <Notice tone="danger">{setsError}</Notice> : null}
      <Row>
        <Button type="button" data-kind="primary" disabled={chosenSets === null} onClick={saveSets}>
          Save permission sets
        </Button>
        {current.active ? (
          <Button type="button" data-kind="danger" onClick={() => setConfirm('disable')}>
            Disable user
          </Button>
        ) : (
          <Button type="button" onClick={() => setConfirm('enable')}>
            Enable user
          </Button>
        )}
        <Button type="button" onClick={() => setConfirm('reset')}>
          Reset password
        </Button>
        <Button type="button" onClick={() => setConfirm('reset2fa')}>
          Reset two-step sign-in
        </Button>
        <Button type="button" data-kind="danger" onClick={() => setConfirm('delete')}>
          Delete user
        </Button>
      </Row>

      <section aria-label="Sessions">
        <Row>
          <h3>Sessions</h3>
          <Button
            type="button"
            disabled={sessions.state.status !== 'ready' || sessions.state.data.sessions.length === 0}
            onClick={() => setConfirm('signout')}
          >
            Sign out everywhere
          </Button>
        </Row>
        {sessions.state.status === 'loading' ? <p role="status">Loading sessions…</p> : null}
        {sessions.state.status === 'error' ? (
          <ErrorBox error={sessions.state.error} onRetry={sessions.reload} what="the sessions" />
        ) : null}
        {sessions.state.status === 'ready' && sessions.state.data.sessions.length === 0 ? (
          <p>No open sessions.</p>
        ) : null}
        {sessions.state.status === 'ready' && sessions.state.data.sessions.length > 0 ? (
          <Table aria-label={`Open sessions of ${current.username}`}>
            <thead>
              <tr>
                <th scope="col">Signed in</th>
                <th scope="col">Last seen</th>
                <th scope="col">Address</th>
                <th scope="col">Browser</th>
              </tr>
            </thead>
            <tbody>
              {sessions.state.data.sessions.map((session) => (
                <tr key={session.id}>
                  <td>
                    {formatWhen(session.created_at)}
                    {session.current ? ' (this session)' : ''}
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
        title="Recent activity"
        fields={HISTORY_FIELDS}
        entries={activity.state.status === 'ready' ? toHistory(activity.state.data.entries) : []}
        loading={activity.state.status === 'loading'}
        error={activity.state.status === 'error' ? activity.state.error.message : null}
        onRetry={activity.reload}
        emptyMessage="No activity recorded yet"
      />

      <ConfirmDialog
        open={dialog !== null}
        title={dialog?.title ?? ''}
        description={dialog?.description}
        confirmLabel={dialog?.label ?? 'Confirm'}
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
