import { useCallback, useId, useMemo, useState, type FormEvent } from 'react';
import { styled } from 'styled-components';
import { ConfirmDialog, t, useNotifications } from '@staff/console-ui';
import { Muted, Page } from '../PageLayout.js';
import type { PageProps } from '../types.js';
import type { AdminError, MatrixKey, PermissionMatrix, PermissionSet, SetEntry } from './adminApi.js';
import { Button, ErrorBox, Notice, Panel, Row, useAdminApi, useLoad } from './adminUi.js';

type Flags = { read: boolean; write: boolean };
/** setId → key → flags, as edited. */
type Draft = Record<number, Record<string, Flags>>;

const NONE: Flags = { read: false, write: false };

function draftOf(sets: PermissionSet[]): Draft {
  const draft: Draft = {};
  for (const set of sets) {
    draft[set.id] = {};
    for (const entry of set.entries) draft[set.id]![entry.key] = { read: entry.read, write: entry.write };
  }
  return draft;
}

const entriesOf = (flags: Record<string, Flags>): SetEntry[] =>
  Object.entries(flags)
    .filter(([, value]) => value.read || value.write)
    .map(([key, value]) => ({ key, read: value.read || value.write, write: value.write }));

const sameFlags = (a: Record<string, Flags> = {}, b: Record<string, Flags> = {}) =>
  JSON.stringify(entriesOf(a).sort((x, y) => x.key.localeCompare(y.key))) ===
  JSON.stringify(entriesOf(b).sort((x, y) => x.key.localeCompare(y.key)));

const Scroll = styled.div`
  overflow: auto;
  max-height: 70vh;
  border: 1px solid ${t.colorBorder};
  border-radius: ${t.radiusMd};
`;

const Matrix = styled.table`
  border-collapse: collapse;
  font-size: ${t.fontSizeSm};
  th,
  td {
    padding: ${t.space1} ${t.space2};
    border-bottom: 1px solid ${t.colorBorder};
    text-align: left;
    vertical-align: top;
  }
  thead th {
    position: sticky;
    top: 0;
    background: ${t.colorSurface};
    z-index: 1;
  }
  td.cell {
    text-align: center;
    white-space: nowrap;
    border-left: 1px solid ${t.colorBorder};
  }
  td.cell[data-changed='true'] {
    background: ${t.colorWarningSoft};
  }
  .opens {
    color: ${t.colorTextMuted};
    max-width: 22rem;
  }
  label {
    margin: 0 ${t.space1};
  }
`;

function opensText(key: MatrixKey): string {
  const pages = key.pages.map((page) => page.title);
  const unique = [...new Set(pages)];
  const groups = key.menu_groups.map((group) => group.label);
  return (
    [unique.length ? `Pages: ${unique.join(', ')}` : '', groups.length ? `Menu: ${groups.join(', ')}` : '']
      .filter(Boolean)
      .join(' · ') || 'No page'
  );
}

type Pending = { kind: 'rename' | 'delete'; set: PermissionSet } | null;

/** `/app/administration/user-permissions/`: permission keys × sets, read/write per cell, saved in one go. */
export default function UserPermissionsPage({ route }: PageProps) {
  const admin = useAdminApi();
  const { notify } = useNotifications();
  const load = useCallback(() => admin.matrix(), [admin]);
  const { state, reload } = useLoad(load);
  // The draft belongs to the matrix it was made from: a reload starts from the saved state again.
  const [edited, setEdited] = useState<{ base: PermissionMatrix; draft: Draft } | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<AdminError | null>(null);
  const [newName, setNewName] = useState('');
  const [createError, setCreateError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [renameTo, setRenameTo] = useState('');
  const [pendingBusy, setPendingBusy] = useState(false);
  const [pendingError, setPendingError] = useState<string | null>(null);
  const newNameId = useId();
  const renameId = useId();

  const matrix: PermissionMatrix | null = state.status === 'ready' ? state.data : null;
  const draft: Draft = useMemo(
    () => (matrix ? (edited?.base === matrix ? edited.draft : draftOf(matrix.sets)) : {}),
    [matrix, edited],
  );
  const setDraft = (update: (current: Draft) => Draft) => {
    if (matrix) setEdited({ base: matrix, draft: update(draft) });
  };

  const changedSets = useMemo(() => {
    if (!matrix) return [];
    const saved = draftOf(matrix.sets);
    return matrix.sets.filter((set) => !sameFlags(saved[set.id], draft[set.id]));
  }, [matrix, draft]);

  const toggle = (setId: number, key: string, flag: 'read' | 'write', on: boolean) => {
    setDraft((current) => {
      const flags = { ...(current[setId]?.[key] ?? NONE) };
      if (flag === 'write') {
        flags.write = on;
        if (on) flags.read = true; // write implies read
      } else {
        flags.read = on;
        if (!on) flags.write = false;
      }
      return { ...current, [setId]: { ...current[setId], [key]: flags } };
    });
  };

  const save = () => {
    if (!matrix || changedSets.length === 0) return;
    setSaving(true);
    setSaveError(null);
    admin
      .saveMatrix(
        changedSets.map((set) => ({
          id: set.id,
          version: set.version,
          entries: entriesOf(draft[set.id] ?? {}),
        })),
      )
      .then(
        (result) => {
          setSaving(false);
          notify({
            type: 'success',
            title: 'Permissions saved',
            message: `${result.changed_sets.join(', ')} changed; ${result.notified_users} user${result.notified_users === 1 ? '' : 's'} holding ${result.changed_sets.length === 1 ? 'it' : 'them'} updated at once.`,
          });
          reload();
        },
        (error: AdminError) => {
          setSaving(false);
          setSaveError(error);
          notify({ type: 'error', title: 'Permissions not saved', message: error.message });
        },
      );
  };

  const createSet = (event: FormEvent) => {
    event.preventDefault();
    setCreateError(null);
    admin.createSet({ name: newName }).then(
      (set) => {
        setNewName('');
        notify({ type: 'success', message: `Permission set "${set.name}" created. Tick its keys and save.` });
        reload();
      },
      (error: AdminError) => setCreateError(error.fields.name?.join(' ') ?? error.message),
    );
  };

  const runPending = () => {
    if (!pending) return;
    setPendingBusy(true);
    setPendingError(null);
    const request =
      pending.kind === 'rename'
        ? admin.updateSet(pending.set.id, { name: renameTo, version: pending.set.version })
        : admin.deleteSet(pending.set.id);
    request.then(
      () => {
        setPendingBusy(false);
        notify({
          type: 'success',
          message:
            pending.kind === 'rename'
              ? `Renamed "${pending.set.name}" to "${renameTo.trim()}".`
              : `Deleted "${pending.set.name}".`,
        });
        setPending(null);
        reload();
      },
      (error: AdminError) => {
        setPendingBusy(false);
        setPendingError(error.fields.name?.join(' ') ?? error.message);
      },
    );
  };

  return (
    <Page title={route.title} data-page={route.id}>
      <Muted>
        A user gets the union of their sets: a key is readable (writable) when any of their sets allows it.
        Write includes read. Saving updates every signed-in holder&apos;s menu and open page at once.
      </Muted>
      <Panel aria-label="New permission set">
        <form onSubmit={createSet}>
          <Row>
            <label htmlFor={newNameId}>New set name</label>
            <input
              id={newNameId}
              value={newName}
              onChange={(event) => setNewName(event.target.value)}
              aria-invalid={createError ? true : undefined}
              maxLength={100}
            />
            <Button type="submit" disabled={newName.trim() === ''}>
              Create set
            </Button>
          </Row>
          {createError ? <Notice tone="danger">{createError}</Notice> : null}
        </form>
      </Panel>

      {state.status === 'loading' ? <p role="status">Loading the permission matrix…</p> : null}
      {state.status === 'error' ? (
        <ErrorBox error={state.error} onRetry={reload} what="the permission matrix" />
      ) : null}
      {matrix && matrix.sets.length === 0 ? <p>No permission sets yet: create one above.</p> : null}
      {matrix && matrix.sets.length > 0 ? (
        <>
          <Row>
            <Button
              type="button"
              data-kind="primary"
              disabled={changedSets.length === 0 || saving}
              onClick={save}
            >
              {saving
                ? 'Saving…'
                : changedSets.length
                  ? `Save changes (${changedSets.length} set${changedSets.length === 1 ? '' : 's'})`
                  : 'Save changes'}
            </Button>
            <Button
              type="button"
              disabled={changedSets.length === 0 || saving}
              onClick={() => setEdited(null)}
            >
              Discard changes
            </Button>
            {changedSets.length ? (
              <span role="status">Unsaved: {changedSets.map((set) => set.name).join(', ')}</span>
            ) : null}
          </Row>
          {saveError ? (
            <Notice tone="danger">
              {saveError.message}
              {saveError.code === 'STALE' ? (
                <Button
                  type="button"
                  onClick={() => {
                    setSaveError(null);
                    reload();
                  }}
                >
                  Reload
                </Button>
              ) : null}
            </Notice>
          ) : null}
          <Scroll>
            <Matrix aria-label="Permission matrix">
              <thead>
                <tr>
                  <th scope="col">Permission key</th>
                  <th scope="col">Opens</th>
                  {matrix.sets.map((set) => (
                    <th scope="col" key={set.id} data-set={set.name}>
                      <div>{set.name}</div>
                      <Muted as="div">
                        {set.user_count} user{set.user_count === 1 ? '' : 's'}
                      </Muted>
                      <Row>
                        <Button
                          type="button"
                          aria-label={`Rename ${set.name}`}
                          onClick={() => {
                            setPending({ kind: 'rename', set });
                            setRenameTo(set.name);
                            setPendingError(null);
                          }}
                        >
                          Rename
                        </Button>
                        <Button
                          type="button"
                          data-kind="danger"
                          aria-label={`Delete ${set.name}`}
                          onClick={() => {
                            setPending({ kind: 'delete', set });
                            setPendingError(null);
                          }}
                        >
                          Delete
                        </Button>
                      </Row>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {matrix.keys.map((key) => (
                  <tr key={key.key} data-key={key.key}>
                    <th scope="row">
                      <code>{key.key}</code>
                    </th>
                    <td className="opens">{opensText(key)}</td>
                    {matrix.sets.map((set) => {
                      const flags = draft[set.id]?.[key.key] ?? NONE;
                      const saved = set.entries.find((entry) => entry.key === key.key) ?? { ...NONE };
                      const changed = saved.read !== flags.read || saved.write !== flags.write;
                      return (
                        <td className="cell" key={set.id} data-changed={changed}>
                          <label>
                            <input
                              type="checkbox"
                              aria-label={`Read ${key.key} in ${set.name}`}
                              checked={flags.read}
                              onChange={(event) => toggle(set.id, key.key, 'read', event.target.checked)}
                            />{' '}
                            R
                          </label>
                          <label>
                            <input
                              type="checkbox"
                              aria-label={`Write ${key.key} in ${set.name}`}
                              checked={flags.write}
                              onChange={(event) => toggle(set.id, key.key, 'write', event.target.checked)}
                            />{' '}
                            W
                          </label>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </Matrix>
          </Scroll>
        </>
      ) : null}

      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.kind === 'rename' ? `Rename "${pending.set.name}"` : `Delete "${pending?.set.name ?? ''}"?`
        }
        description={
          pending?.kind === 'delete'
            ? pending.set.user_count > 0
              ? `It is assigned to ${pending.set.user_count} user(s): remove it from them first.`
              : 'No user holds it. This cannot be undone.'
            : 'Users keep the set; only its name changes.'
        }
        confirmLabel={pending?.kind === 'rename' ? 'Rename' : 'Delete set'}
        destructive={pending?.kind === 'delete'}
        busy={pendingBusy}
        error={pendingError}
        onConfirm={runPending}
        onCancel={() => setPending(null)}
      >
        {pending?.kind === 'rename' ? (
          <Row>
            <label htmlFor={renameId}>New name</label>
            <input
              id={renameId}
              value={renameTo}
              maxLength={100}
              onChange={(event) => setRenameTo(event.target.value)}
            />
          </Row>
        ) : null}
      </ConfirmDialog>
    </Page>
  );
}
