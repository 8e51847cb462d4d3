import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { styled } from 'styled-components';
import {
  PROBLEM_ENTITY,
  PROBLEM_STATUSES,
  problemActionBetween,
  problemsEndpoints,
  type Problem,
  type ProblemDetail,
  type ProblemOptions,
  type ProblemStatus,
} from '@staff/console-contract';
import { Board, Button, formatDateTime, t, type BoardCard } from '@staff/console-ui';
import { ApiError } from '../../api/apiError.js';
import { useConsoleContext } from '../../routes/consoleContext.js';
import { useServices } from '../../services.js';
import { subscribeToChanges } from '../resources/useResourceChanges.js';
import { Muted, RoutePage } from '../PageLayout.js';
import type { PageProps } from '../types.js';
import { useEndpoint } from '../useEndpoint.js';
import { CreateProblemForm, Panel } from './CreateProblemForm.js';
import { AttachmentForm, CommentForm } from './ProblemPanelForms.js';
import { problemListQuery, problemsApi, type ProblemFilters } from './problemsApi.js';
import { Facts, pageControlCss, tableCss, toolbarCss } from '../common/styles.js';
import { TableHead } from '../common/TableHead.js';
import { useTextsOf } from '../../i18n.js';
import { PROBLEMS_TEXTS, unreachable } from './texts.js';
import { chatLink, chatSearchLink } from '../chats/chatLink.js';

// A failure without an answer (or a message) says the server could not be reached.
const failure = (error: unknown) => ApiError.from(error).message || unreachable();
const jakarta = (iso: string | null) => formatDateTime(iso, { timeZone: 'Asia/Jakarta' });
const customerOf = (problem: Problem) =>
  problem.customer_name ?? problem.customer_email ?? problem.customer_phone ?? '-';
/** The on/off filters of the toolbar. */
const FLAG_FILTERS = ['mine', 'breached'] as const;

/**
 * Cust Problem Tracking: a board by status (drag, or Space / arrows / Enter) and a list, SLA breaches marked,
 * a problem's details with its moves, assignee, comments and link attachments, and a form for a new problem.
 */
export default function ProblemsPage({ route }: PageProps) {
  const { api } = useServices();
  const texts = useTextsOf(PROBLEMS_TEXTS);
  const { socket } = useConsoleContext();
  const calls = useMemo(() => problemsApi(api), [api]);
  const [view, setView] = useState<'board' | 'list'>('board');
  const [filters, setFilters] = useState<ProblemFilters>({ mine: false, breached: false, q: '' });
  const [revision, setRevision] = useState(0);
  const [busy, setBusy] = useState<string[]>([]);
  const [moveError, setMoveError] = useState<string | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);

  // The list reloads itself on other people's changes (live); the board keeps its cards while it does.
  const listed = useEndpoint(problemsEndpoints.list, { query: problemListQuery(filters) }, { live: true });
  const list = listed.state;
  const retry = listed.reload;
  const { state: options, reload: retryOptions } = useEndpoint(problemsEndpoints.options, {});
  const reload = () => {
    retry();
    setRevision((n) => n + 1);
  };

  // Other people's changes arrive over the socket: an open problem is shown afresh.
  useEffect(() => subscribeToChanges(socket, PROBLEM_ENTITY, () => setRevision((n) => n + 1)), [socket]);

  const rows = list.status === 'ready' ? list.data.rows : [];
  const columns = PROBLEM_STATUSES.map((status) => ({ id: status, label: texts.statuses[status] }));
  const cards: BoardCard[] = rows.map((problem) => ({
    id: String(problem.id),
    columnId: problem.status,
    title: `#${problem.id} ${problem.description.slice(0, 80)}`,
    subtitle: `${customerOf(problem)} · ${problem.category_name}${problem.subcategory_name ? ` / ${problem.subcategory_name}` : ''}`,
    meta: `${texts.priorities[problem.priority]} · ${texts.due(jakarta(problem.sla_due_at))}${problem.assignee_name ? ` · ${problem.assignee_name}` : ''}`,
    ...(problem.sla_breached ? { tone: 'danger' as const, badge: texts.breached } : {}),
  }));

  const move = async (cardId: string, to: string) => {
    const problem = rows.find((row) => String(row.id) === cardId);
    if (!problem) return;
    setMoveError(null);
    setBusy((current) => [...current, cardId]);
    try {
      await calls.move(problem, to as ProblemStatus);
    } catch (error) {
      setMoveError(texts.notMoved(problem.id, failure(error)));
    } finally {
      setBusy((current) => current.filter((id) => id !== cardId));
      reload();
    }
  };

  return (
    <RoutePage
      route={route}
      actions={
        <Button kind="primary" onClick={() => setCreating(true)}>
          {texts.newProblem}
        </Button>
      }
    >
      <Toolbar aria-label={texts.toolbar}>
        <div role="group" aria-label={texts.view}>
          <Button aria-pressed={view === 'board'} onClick={() => setView('board')}>
            {texts.board}
          </Button>
          <Button aria-pressed={view === 'list'} onClick={() => setView('list')}>
            {texts.list}
          </Button>
        </div>
        {FLAG_FILTERS.map((key) => (
          <label key={key}>
            <input
              type="checkbox"
              checked={filters[key]}
              onChange={(event) => setFilters({ ...filters, [key]: event.target.checked })}
            />
            {texts[key]}
          </label>
        ))}
        <label className="search">
          {texts.search}
          <input
            type="search"
            value={filters.q}
            onChange={(event) => setFilters({ ...filters, q: event.target.value })}
          />
        </label>
      </Toolbar>

      {creating ? (
        <CreateProblemForm
          options={options.status === 'ready' ? options.data : null}
          optionsError={options.status === 'error' ? failure(options.error) : null}
          onRetryOptions={retryOptions}
          onCancel={() => setCreating(false)}
          onCreated={(problem) => {
            setCreating(false);
            setOpenId(problem.id);
            reload();
          }}
        />
      ) : null}

      {moveError ? <p role="alert">{moveError}</p> : null}

      {view === 'board' ? (
        <Board
          label={texts.boardLabel}
          columns={columns}
          cards={cards}
          canMove={(card, to) =>
            problemActionBetween(card.columnId as ProblemStatus, to as ProblemStatus) !== null
          }
          onMove={(cardId, to) => void move(cardId, to)}
          onOpen={(cardId) => setOpenId(Number(cardId))}
          busyCardIds={busy}
          status={list.status === 'error' ? 'error' : list.status === 'ready' ? 'ready' : 'loading'}
          error={list.status === 'error' ? texts.notLoaded(failure(list.error)) : null}
          onRetry={retry}
        />
      ) : list.status === 'error' ? (
        <p role="alert">{texts.notLoaded(failure(list.error))}</p>
      ) : list.status !== 'ready' ? (
        <Muted role="status">{texts.loading}</Muted>
      ) : rows.length === 0 ? (
        <Muted>{texts.noMatch}</Muted>
      ) : (
        <ProblemTable rows={rows} onOpen={setOpenId} />
      )}

      {openId !== null ? (
        <ProblemPanel
          key={`${openId}-${revision}`}
          id={openId}
          calls={calls}
          options={options.status === 'ready' ? options.data : null}
          onChanged={reload}
          onClose={() => setOpenId(null)}
        />
      ) : null}
    </RoutePage>
  );
}

function ProblemTable({ rows, onOpen }: { rows: readonly Problem[]; onOpen: (id: number) => void }) {
  const texts = useTextsOf(PROBLEMS_TEXTS);
  const { columns } = texts;
  return (
    <TableWrap>
      <table aria-label={texts.listLabel}>
        <TableHead
          columns={[
            '#',
            columns.customer,
            columns.category,
            columns.priority,
            columns.status,
            columns.assignee,
            columns.slaDue,
          ]}
        />
        <tbody>
          {rows.map((problem) => (
            <tr key={problem.id} data-breached={problem.sla_breached ? 'true' : undefined}>
              <td>
                <button type="button" className="link" onClick={() => onOpen(problem.id)}>
                  #{problem.id}
                </button>
              </td>
              <td>{customerOf(problem)}</td>
              <td>
                {problem.category_name}
                {problem.subcategory_name ? ` / ${problem.subcategory_name}` : ''}
              </td>
              <td>{texts.priorities[problem.priority]}</td>
              <td>{texts.statuses[problem.status]}</td>
              <td>{problem.assignee_name ?? '-'}</td>
              <td>
                {jakarta(problem.sla_due_at)}
                {problem.sla_breached ? <strong className="breach"> {texts.breached}</strong> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

function ProblemPanel({
  id,
  calls,
  options,
  onChanged,
  onClose,
}: {
  id: number;
  calls: ReturnType<typeof problemsApi>;
  options: ProblemOptions | null;
  onChanged: () => void;
  onClose: () => void;
}) {
  const texts = useTextsOf(PROBLEMS_TEXTS);
  const words = texts.panel;
  const { state, reload: retry } = useEndpoint(problemsEndpoints.detail, { params: { id } });
  const [error, setError] = useState<string | null>(null);
  const saved = () => {
    onChanged();
    retry();
  };
  const act = async (work: () => Promise<unknown>) => {
    setError(null);
    try {
      await work();
      saved();
    } catch (caught) {
      setError(failure(caught));
    }
  };
  if (state.status === 'error') return <p role="alert">{words.notLoaded(id, failure(state.error))}</p>;
  if (state.status !== 'ready') return <Muted role="status">{words.loading(id)}</Muted>;
  const { problem, comments, attachments }: ProblemDetail = state.data;
  const moves = PROBLEM_STATUSES.filter((to) => problemActionBetween(problem.status, to) !== null);
  return (
    <Panel aria-labelledby="problem-detail-title">
      <header>
        <h2 id="problem-detail-title">
          {words.title(problem.id)} · {texts.statuses[problem.status]}
        </h2>
        <Button onClick={onClose}>{words.close}</Button>
      </header>
      <p>{problem.description}</p>
      <Facts>
        <dt>{words.customer}</dt>
        <dd>
          {customerOf(problem)} {problem.customer_email ? `· ${problem.customer_email}` : ''}{' '}
          {problem.customer_phone ? `· ${problem.customer_phone}` : ''}
        </dd>
        <dt>{words.purchase}</dt>
        <dd>
          {problem.purchase_mayar_id ?? '-'} / {problem.product_name ?? '-'}
        </dd>
        {problem.conversation_id !== null ? (
          <>
            <dt>{words.chat}</dt>
            <dd>
              <Link to={chatLink(problem.conversation_id, problem.message_id)}>
                {words.openChat(problem.message_id)}
              </Link>
            </dd>
          </>
        ) : problem.customer_phone ? (
          <>
            <dt>{words.chat}</dt>
            <dd>
              <Link to={chatSearchLink(problem.customer_phone)}>{words.customerChats}</Link>
            </dd>
          </>
        ) : null}
        <dt>{words.category}</dt>
        <dd>
          {problem.category_name}
          {problem.subcategory_name ? ` / ${problem.subcategory_name}` : ''} ·{' '}
          {texts.priorities[problem.priority]}
        </dd>
        <dt>{words.slaLabel}</dt>
        <dd>
          {words.sla(problem.sla_hours, jakarta(problem.sla_due_at))}
          {problem.sla_breached ? <strong className="breach"> · {texts.breached}</strong> : null}
        </dd>
      </Facts>
      <div className="actions" role="group" aria-label={words.moveStatus}>
        {moves.map((to) => (
          <Button key={to} onClick={() => void act(() => calls.move(problem, to))}>
            {texts.statuses[to]}
          </Button>
        ))}
      </div>
      <label className="field">
        {words.assignee}
        <select
          value={problem.assignee_id ?? ''}
          onChange={(event) =>
            void act(() =>
              calls.update(problem.id, {
                version: problem.version,
                assignee_id: event.target.value ? Number(event.target.value) : null,
              }),
            )
          }
        >
          <option value="">-</option>
          {options?.assignees.map((user) => (
            <option key={user.id} value={user.id}>
              {user.name}
            </option>
          ))}
        </select>
      </label>
      {error ? <p role="alert">{error}</p> : null}
      <section aria-labelledby="problem-comments">
        <h3 id="problem-comments">{words.comments(comments.length)}</h3>
        <ul>
          {comments.map((comment) => (
            <li key={comment.id}>
              <strong>{comment.author_name ?? '-'}</strong> · {jakarta(comment.created_at)}: {comment.body}
            </li>
          ))}
        </ul>
        <CommentForm problemId={problem.id} onSaved={saved} />
      </section>
      <section aria-labelledby="problem-attachments">
        <h3 id="problem-attachments">{words.attachments(attachments.length)}</h3>
        <ul>
          {attachments.map((attachment) => (
            <li key={attachment.id}>
              <a href={attachment.url} target="_blank" rel="noreferrer noopener">
                {attachment.label ?? attachment.url}
              </a>
            </li>
          ))}
        </ul>
        <AttachmentForm problemId={problem.id} onSaved={saved} />
      </section>
    </Panel>
  );
}

const Toolbar = styled.section`
  ${toolbarCss}
  gap: ${t.space3} ${t.space4};
  [role='group'] {
    display: inline-flex;
    gap: ${t.space1};
  }
  label {
    display: inline-flex;
    gap: ${t.space1};
    align-items: center;
  }
  .search input {
    ${pageControlCss}
  }
`;

const TableWrap = styled.div`
  overflow-x: auto;
  table {
    ${tableCss}
  }
  tr[data-breached='true'] td {
    background: ${t.colorDangerSoft};
  }
  .breach {
    color: ${t.colorDanger};
  }
  .link {
    font: inherit;
    color: ${t.colorPrimary};
    background: none;
    border: none;
    padding: 0;
    text-decoration: underline;
    cursor: pointer;
  }
`;
