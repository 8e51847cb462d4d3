import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { styled } from 'styled-components';
import { adminEndpoints, type MatrixSaveBody } from '@staff/console-contract';
import { ConfirmDialog, t, useNotifications } from '@staff/console-ui';
import { useEndpointForm } from '../useEndpointForm.js';
import { Muted, RoutePage } from '../PageLayout.js';
import type { PageProps } from '../types.js';
import { InputField } from '../common/FormField.js';
import {
  toAdminError,
  type AdminError,
  type MatrixKey,
  type PermissionMatrix,
  type PermissionSetRow,
  type SetEntry,
} from './adminApi.js';
import { Button, ErrorBox, Notice, Panel, Row, adminLoad, useAdminApi } from './adminUi.js';
import { useEndpoint } from '../useEndpoint.js';
import { TableHead, type ColumnHeading } from '../common/TableHead.js';
import { ADMIN_TEXTS, type AdminTexts } from './texts.js';
import { useTextsOf } from '../../i18n.js';

type MatrixTexts = AdminTexts['matrix'];

/** The permission matrix's columns. */
const matrixColumns = (texts: MatrixTexts): ColumnHeading[] => [
  texts.permissionKey,
  texts.opens,
  { label: texts.read, className: 'flag' },
  { label: texts.write, className: 'flag' },
];

type Flags = { read: boolean; write: boolean };
/** setId → key → flags, as edited. */
type Draft = Record<number, Record<string, Flags>>;

const NONE: Flags = { read: false, write: false };

function draftOf(sets: PermissionSetRow[]): Draft {
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

/** The set list beside the selected set's keys; stacked on narrow screens (ADR 022). */
const Editor = styled.div`
  display: grid;
  grid-template-columns: minmax(13rem, 16rem) minmax(0, 1fr);
  gap: ${t.space4};
  align-items: start;
  @media (max-width: 60rem) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const SetList = styled.fieldset`
  margin: 0;
  padding: ${t.space2};
  border: 1px solid ${t.colorBorder};
  border-radius: ${t.radiusMd};
  background: ${t.colorSurface};
  display: flex;
  flex-direction: column;
  gap: ${t.space1};
  position: sticky;
  top: ${t.space2};
  legend {
    padding: 0 ${t.space1};
    font-weight: 600;
  }
  label {
    display: flex;
    gap: ${t.space2};
    align-items: baseline;
    padding: ${t.space2};
    border-radius: ${t.radiusSm};
    cursor: pointer;
  }
  label[data-selected='true'] {
    background: ${t.colorPrimarySoft};
  }
  label span {
    display: flex;
    flex-direction: column;
    min-width: 0;
  }
  small {
    color: ${t.colorTextMuted};
  }
  @media (max-width: 60rem) {
    position: static;
    flex-direction: row;
    flex-wrap: wrap;
    label {
      border: 1px solid ${t.colorBorder};
    }
  }
`;

const SetHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${t.space2} ${t.space4};
  align-items: center;
  justify-content: space-between;
`;

const Matrix = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${t.fontSizeSm};
  th,
  td {
    padding: ${t.space2};
    border-bottom: 1px solid ${t.colorBorder};
    text-align: left;
    vertical-align: top;
  }
  thead th {
    color: ${t.colorTextMuted};
    font-weight: 600;
    white-space: nowrap;
  }
  th[scope='row'] {
    white-space: nowrap;
  }
  .flag {
    width: 5rem;
    white-space: nowrap;
  }
  tr[data-changed='true'] {
    background: ${t.colorWarningSoft};
  }
  .opens {
    color: ${t.colorTextMuted};
  }
  label {
    display: inline-flex;
    gap: ${t.space1};
    align-items: center;
  }
  /* The flag's name beside its box only where the column headers are hidden. */
  .flag-name {
    display: none;
  }
  /* Phone: each key is a card, its two boxes on the key's line, what it opens below. */
  @media (max-width: 40rem) {
    thead {
      display: none;
    }
    tr {
      display: grid;
      grid-template-columns: minmax(0, 1fr) auto auto;
      grid-template-areas: 'key read write' 'opens opens opens';
      gap: ${t.space1} ${t.space3};
      padding: ${t.space2} 0;
      border-bottom: 1px solid ${t.colorBorder};
    }
    th,
    td {
      padding: 0;
      border: 0;
    }
    th[scope='row'] {
      grid-area: key;
      white-space: normal;
      overflow-wrap: anywhere;
    }
    .opens {
      grid-area: opens;
    }
    .flag {
      width: auto;
    }
    .flag-name {
      display: inline;
    }
  }
`;

function opensText(key: MatrixKey, texts: MatrixTexts): string {
  const pages = key.pages.map((page) => page.title);
  const unique = [...new Set(pages)];
  const groups = key.menu_groups.map((group) => group.label);
  return (
    [unique.length ? texts.pages(unique.join(', ')) : '', groups.length ? texts.menu(groups.join(', ')) : '']
      .filter(Boolean)
      .join(' · ') || texts.noPage
  );
}

/** One read or write checkbox of the matrix. */
function FlagCell(props: { label: string; name: string; checked: boolean; onToggle: (on: boolean) => void }) {
  return (
    <td className="flag">
      <label>
        <input
          type="checkbox"
          aria-label={props.label}
          checked={props.checked}
          onChange={(event) => props.onToggle(event.target.checked)}
        />
        <span className="flag-name">{props.name}</span>
      </label>
    </td>
  );
}

type Pending = { kind: 'rename' | 'delete'; set: PermissionSetRow } | null;

/**
 * `/app/administration/user-permissions/`: the sets beside the selected set's keys (what each opens, read and
 * write); edits to several sets are kept and saved in one go.
 */
export default function UserPermissionsPage({ route }: PageProps) {
  const admin = useAdminApi();
  const { notify } = useNotifications();
  const texts = useTextsOf(ADMIN_TEXTS);
  const m = texts.matrix;
  const loaded = useEndpoint(adminEndpoints.matrix, {});
  const { state, reload } = adminLoad(loaded);
  // The draft belongs to the matrix it was made from: a reload starts from the saved state again.
  const [edited, setEdited] = useState<{ base: PermissionMatrix; draft: Draft } | null>(null);
  // The changed sets' keys, sent in one go; a newer version on the server answers 409 STALE.
  const matrixForm = useEndpointForm(adminEndpoints.saveMatrix, {
    initial: { sets: [] as MatrixSaveBody['sets'] },
    onSaved: (result) => {
      notify({
        type: 'success',
        title: m.saved,
        message: m.savedMessage(
          result.changed_sets.join(', '),
          result.changed_sets.length,
          result.notified_users,
        ),
      });
      reload();
    },
    onFailed: (error) => notify({ type: 'error', title: m.notSaved, message: toAdminError(error).message }),
  });
  const saving = matrixForm.submitting;
  const saveError = matrixForm.errors.sets ?? matrixForm.formError;
  const newSet = useEndpointForm(adminEndpoints.createSet, {
    initial: { name: '' },
    onSaved: (set) => {
      newSet.reset({ name: '' });
      setSelectedId(set.id);
      notify({ type: 'success', message: m.setCreated(set.name) });
      reload();
    },
  });
  const newName = newSet.values.name;
  const createError = newSet.errors.name ?? newSet.formError;
  const [pending, setPending] = useState<Pending>(null);
  // Renaming a set is a form (its name, checked and placed by the hook); deleting one is a plain call.
  const rename = useEndpointForm(adminEndpoints.updateSet, {
    initial: { name: '' },
    input: { params: { id: pending?.set.id ?? 0 } },
    toBody: ({ name }) => ({ name, version: pending?.set.version }),
    onSaved: (_set, { name }) => {
      if (pending) notify({ type: 'success', message: m.renamed(pending.set.name, name.trim()) });
      setPending(null);
      reload();
    },
  });
  const renameForm = useRef<HTMLFormElement>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const newNameId = useId();
  const newNameErrorId = `${newNameId}-error`;
  const renameId = useId();
  const setRadioName = useId();
  const selectedHeadingId = useId();
  // The set being edited: one at a time, so the keys and what they open stay readable at any width.
  const [selectedId, setSelectedId] = useState<number | null>(null);

  const matrix: PermissionMatrix | null = loaded.state.status === 'ready' ? loaded.state.data : null;
  const draft: Draft = useMemo(
    () => (matrix ? (edited?.base === matrix ? edited.draft : draftOf(matrix.sets)) : {}),
    [matrix, edited],
  );
  const selected = matrix?.sets.find((set) => set.id === selectedId) ?? matrix?.sets[0] ?? null;
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
    void matrixForm.submitValues({
      sets: changedSets.map((set) => ({
        id: set.id,
        version: set.version,
        entries: entriesOf(draft[set.id] ?? {}),
      })),
    });
  };

  const runDelete = (set: PermissionSetRow) => {
    setDeleteBusy(true);
    setDeleteError(null);
    admin.deleteSet(set.id).then(
      () => {
        setDeleteBusy(false);
        notify({ type: 'success', message: m.deleted(set.name) });
        setPending(null);
        reload();
      },
      (error: AdminError) => {
        setDeleteBusy(false);
        setDeleteError(error.message);
      },
    );
  };

  /** The dialog's confirm: the rename form's submit (its checks and focus), or the delete. */
  const confirmPending = () => {
    if (pending?.kind === 'delete') runDelete(pending.set);
    else if (renameForm.current?.requestSubmit) renameForm.current.requestSubmit();
    else void rename.submit();
  };

  return (
    <RoutePage route={route}>
      <Muted>{m.intro}</Muted>
      <Panel aria-label={m.newSet}>
        <form onSubmit={(event: FormEvent) => void newSet.submit(event)} noValidate>
          <Row>
            <label htmlFor={newNameId}>{m.newSetName}</label>
            <input
              id={newNameId}
              value={newName}
              onChange={(event) => newSet.set('name', event.target.value)}
              aria-invalid={createError ? true : undefined}
              aria-describedby={createError ? newNameErrorId : undefined}
              maxLength={100}
            />
            <Button type="submit" disabled={newName.trim() === '' || newSet.submitting}>
              {m.createSet}
            </Button>
          </Row>
          {createError ? (
            <div id={newNameErrorId}>
              <Notice tone="danger">{createError}</Notice>
            </div>
          ) : null}
        </form>
      </Panel>

      {state.status === 'loading' ? <p role="status">{m.loading}</p> : null}
      {state.status === 'error' ? <ErrorBox error={state.error} onRetry={reload} what={m.theMatrix} /> : null}
      {matrix && matrix.sets.length === 0 ? <p>{m.noSets}</p> : null}
      {matrix && matrix.sets.length > 0 ? (
        <>
          <Row>
            <Button
              type="button"
              data-kind="primary"
              disabled={changedSets.length === 0 || saving}
              onClick={save}
            >
              {saving ? m.saving : changedSets.length ? m.saveChangesOf(changedSets.length) : m.saveChanges}
            </Button>
            <Button
              type="button"
              disabled={changedSets.length === 0 || saving}
              onClick={() => setEdited(null)}
            >
              {m.discard}
            </Button>
            {changedSets.length ? (
              <span role="status">{m.unsaved(changedSets.map((set) => set.name).join(', '))}</span>
            ) : null}
          </Row>
          {saveError ? (
            <Notice tone="danger">
              {saveError}
              {matrixForm.failure?.code === 'STALE' ? (
                <Button
                  type="button"
                  onClick={() => {
                    matrixForm.reset();
                    reload();
                  }}
                >
                  {m.reload}
                </Button>
              ) : null}
            </Notice>
          ) : null}
          <Editor>
            <SetList>
              <legend>{m.sets}</legend>
              {matrix.sets.map((set) => {
                const readable = entriesOf(draft[set.id] ?? {}).length;
                const changed = changedSets.includes(set);
                return (
                  <label key={set.id} data-selected={set.id === selected?.id}>
                    <input
                      type="radio"
                      name={setRadioName}
                      aria-label={set.name}
                      checked={set.id === selected?.id}
                      onChange={() => setSelectedId(set.id)}
                    />
                    <span>
                      {set.name}
                      <small>
                        {m.setSummary(set.user_count, readable)}
                        {changed ? m.unsavedMark : ''}
                      </small>
                    </span>
                  </label>
                );
              })}
            </SetList>
            {selected ? (
              <Panel aria-labelledby={selectedHeadingId} data-set={selected.name}>
                <SetHeader>
                  <div>
                    <h2 id={selectedHeadingId}>{selected.name}</h2>
                    <Muted>{m.heldBy(selected.user_count)}</Muted>
                  </div>
                  <Row>
                    <Button
                      type="button"
                      aria-label={m.renameSet(selected.name)}
                      onClick={() => {
                        setPending({ kind: 'rename', set: selected });
                        rename.reset({ name: selected.name });
                      }}
                    >
                      {m.rename}
                    </Button>
                    <Button
                      type="button"
                      data-kind="danger"
                      aria-label={m.deleteSet(selected.name)}
                      onClick={() => {
                        setPending({ kind: 'delete', set: selected });
                        setDeleteError(null);
                      }}
                    >
                      {m.delete}
                    </Button>
                  </Row>
                </SetHeader>
                <Matrix aria-label={m.table}>
                  <TableHead columns={matrixColumns(m)} />
                  <tbody>
                    {matrix.keys.map((key) => {
                      const set = selected;
                      const flags = draft[set.id]?.[key.key] ?? NONE;
                      const saved = set.entries.find((entry) => entry.key === key.key) ?? { ...NONE };
                      const changed = saved.read !== flags.read || saved.write !== flags.write;
                      return (
                        <tr key={key.key} data-key={key.key} data-changed={changed}>
                          <th scope="row">
                            <code>{key.key}</code>
                          </th>
                          <td className="opens">{opensText(key, m)}</td>
                          <FlagCell
                            label={m.readIn(key.key, set.name)}
                            name={m.read}
                            checked={flags.read}
                            onToggle={(on) => toggle(set.id, key.key, 'read', on)}
                          />
                          <FlagCell
                            label={m.writeIn(key.key, set.name)}
                            name={m.write}
                            checked={flags.write}
                            onToggle={(on) => toggle(set.id, key.key, 'write', on)}
                          />
                        </tr>
                      );
                    })}
                  </tbody>
                </Matrix>
              </Panel>
            ) : null}
          </Editor>
        </>
      ) : null}

      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.kind === 'rename'
            ? m.renameTitle(pending.set.name)
            : m.deleteTitle(pending?.set.name ?? '')
        }
        description={
          pending?.kind === 'delete'
            ? pending.set.user_count > 0
              ? m.assigned(pending.set.user_count)
              : m.unheld
            : m.renameKeeps
        }
        confirmLabel={pending?.kind === 'rename' ? m.rename : m.deleteSetLabel}
        destructive={pending?.kind === 'delete'}
        busy={pending?.kind === 'rename' ? rename.submitting : deleteBusy}
        error={pending?.kind === 'rename' ? rename.formError : deleteError}
        onConfirm={confirmPending}
        onCancel={() => setPending(null)}
      >
        {pending?.kind === 'rename' ? (
          <form ref={renameForm} onSubmit={(event: FormEvent) => void rename.submit(event)} noValidate>
            <InputField
              id={renameId}
              label={m.newName}
              value={rename.values.name}
              maxLength={100}
              error={rename.errors.name}
              onValueChange={(value) => rename.set('name', value)}
            />
          </form>
        ) : null}
      </ConfirmDialog>
    </RoutePage>
  );
}
