import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import {
  CHAT_FILTERS,
  CONVERSATIONS_CHANGED_ENTITY,
  type ChatFilter,
  ROUTES,
  canWrite,
  chatsEndpoints,
  problemsEndpoints,
  toPermissionMap,
} from '@staff/console-contract';
import { Button, ChatThread, NumberText, formatIdr } from '@staff/console-ui';
import { useConsoleContext } from '../../routes/consoleContext.js';
import { useServices } from '../../services.js';
import { Muted, RoutePage } from '../PageLayout.js';
import { useOpenItemChanges } from '../resources/useResourceChanges.js';
import type { PageProps } from '../types.js';
import { useEndpoint } from '../useEndpoint.js';
import { useEndpointPages } from '../useEndpointPages.js';
import { type ConversationDetail, createChatsApi } from './chatsApi.js';
import { ConversationList, displayPhone } from './ConversationList.js';
import { UnregisteredInbox } from './UnregisteredInbox.js';
import { chatLink, chatLinkSearch, chatLinkTarget } from './chatLink.js';
import { CreateProblemForm } from '../problems/CreateProblemForm.js';
import { ApiError } from '../../api/apiError.js';
import { toCallError } from '../../api/errors.js';
import { ErrorBox } from '../common/LoadState.js';
import { useTextsOf } from '../../i18n.js';
import { CHATS_TEXTS } from './texts.js';
import { Column, CustomerConversations, Layout, Toolbar } from './chatStyles.js';

/** Approved message templates of the business account (sent outside the 24-hour window). */
const CHAT_TEMPLATES = [
  { name: 'follow_up', parameters: 1 },
  { name: 'order_shipped', parameters: 2 },
] as const;

const PAGE_SIZE = 200;
/** WA Registries' page (where a number is activated). */
const WA_REGISTRIES_PATH =
  ROUTES.find((route) => route.id === 'waregistries')?.path ?? '/app/admins/waregistries';
const SEARCH_DELAY_MS = 300;

const dayFormat = new Intl.DateTimeFormat('id-ID', { timeZone: 'Asia/Jakarta', dateStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat('id-ID', {
  timeZone: 'Asia/Jakarta',
  day: '2-digit',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** The viewport height the windowed list may take (kept in step with the window). */
function useListHeight() {
  const read = () => Math.max(320, (typeof window === 'undefined' ? 800 : window.innerHeight) - 260);
  const [height, setHeight] = useState(read);
  useEffect(() => {
    const onResize = () => setHeight(read());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return height;
}

/**
 * Chat List (`/customer-chats`): WhatsApp conversations newest first, live over the socket; the thread with
 * delivery ticks, reply (a template outside 24 hours), assign, resolve, and the customer's purchases and
 * packages beside it.
 */
export default function ChatListPage({ route }: PageProps) {
  const { api } = useServices();
  const texts = useTextsOf(CHATS_TEXTS);
  const templates = CHAT_TEMPLATES.map((template) => ({
    ...template,
    label: texts.templates[template.name],
  }));
  const { socket, permissions } = useConsoleContext();
  const chats = useMemo(() => createChatsApi(api), [api]);
  const writable = canWrite(toPermissionMap(permissions), 'statistics');
  // Who may activate a number (WA Registries' key) gets a link to it from a closed composer.
  const registryWriter = canWrite(toPermissionMap(permissions), 'databank_whatsapp_notifications');
  // Problems are written with the problem tracker's key.
  const problemWriter = canWrite(toPermissionMap(permissions), 'ad_daily_tracker');
  const [problemFrom, setProblemFrom] = useState<{ messageId: number; body: string } | null>(null);
  // The new problem's choices, loaded once a message is first made a problem.
  const [problemOptionsWanted, setProblemOptionsWanted] = useState(false);
  const optionsLoad = useEndpoint(problemsEndpoints.options, {}, { enabled: problemOptionsWanted });
  const problemOptions = optionsLoad.data ?? null;
  const problemOptionsError =
    optionsLoad.state.status === 'error'
      ? (toCallError(optionsLoad.state.error).message ?? texts.unreachable)
      : null;
  const loadProblemOptions = optionsLoad.reload;
  const [problemNotice, setProblemNotice] = useState<string | null>(null);
  const height = useListHeight();

  const [filter, setFilter] = useState<ChatFilter>('all');
  // A link from elsewhere (a problem) opens its conversation and points at its message, or (a problem filed by
  // phone alone) opens the list searching the customer's number.
  const location = useLocation();
  const [search, setSearch] = useState(() => chatLinkSearch(location.search));
  const [query, setQuery] = useState(search);
  // The conversations of the filter and search, paged in as the list scrolls, refreshed live (a failed refresh
  // leaves the list as it was).
  const pages = useEndpointPages(
    chatsEndpoints.list,
    { query: { filter, ...(query ? { q: query } : {}), limit: PAGE_SIZE } },
    {
      rowsOf: (page) => page.data,
      cursorOf: (page) => page.next_cursor,
      withCursor: (input, cursor) => ({ query: { ...input.query, cursor } }),
      idOf: (row) => row.id,
      live: true,
    },
  );
  const shown = pages.state;
  const target = useMemo(() => chatLinkTarget(location.search), [location.search]);
  const [selectedId, setSelectedId] = useState<number | null>(target.conversationId);
  const [detailState, setDetailState] = useState<{
    id: number | null;
    status: 'ready' | 'error';
    data: ConversationDetail | null;
    error: string | null;
  }>({ id: null, status: 'ready', data: null, error: null });
  const [sending, setSending] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  // Whom a conversation may be assigned to, for writers; without them the choice offers no one.
  const assignees = useEndpoint(chatsEndpoints.assignees, {}, { enabled: writable }).data?.data ?? [];

  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const fetchDetail = useCallback(
    async (id: number, quiet: boolean) => {
      try {
        const data = await chats.detail(id);
        // An old link to a conversation merged into another (one customer, one number) opens the kept one.
        const shownId = data.conversation.id;
        setDetailState({ id: shownId, status: 'ready', data, error: null });
        if (shownId !== id) setSelectedId((current) => (current === id ? shownId : current));
        if (data.conversation.unread_count > 0) await chats.markRead(shownId).catch(() => undefined);
      } catch (error) {
        if (!quiet)
          setDetailState({
            id,
            status: 'error',
            data: null,
            error: ApiError.from(error).message,
          });
      }
    },
    [chats],
  );

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- state is set when the request answers, not synchronously
    if (selectedId !== null) void fetchDetail(selectedId, false);
  }, [selectedId, fetchDetail]);

  const select = (id: number | null) => {
    setActionError(null);
    setSelectedId(id);
  };

  // Live: every change to a conversation (new message, status tick, assignment) on any node reaches here; the
  // list refreshes itself (useEndpointPages' `live`), the open conversation when it is the one that changed.
  useOpenItemChanges(socket, CONVERSATIONS_CHANGED_ENTITY, selectedId, (id) => void fetchDetail(id, true));

  const act = async (work: () => Promise<unknown>) => {
    setActionError(null);
    setSending(true);
    try {
      await work();
      if (selectedId !== null) await fetchDetail(selectedId, true);
      await pages.refresh();
    } catch (error) {
      // A refused reply names its field (outside the 24-hour window: "text"): its words say why.
      const e = ApiError.from(error);
      setActionError(Object.values(e.fields ?? {})[0]?.[0] ?? e.message);
    } finally {
      setSending(false);
    }
  };

  const detail = detailState.id === selectedId ? detailState.data : null;
  const detailStatus: 'loading' | 'ready' | 'error' =
    detailState.id !== selectedId ? 'loading' : detailState.status;
  const conversation = detail?.conversation ?? null;
  const customer = detail?.customer ?? null;
  const numberOf = new Map((customer?.conversations ?? []).map((row) => [row.id, row.number_name]));

  return (
    <RoutePage
      route={route}
      description={
        shown.status === 'ready' ? (
          <>
            <NumberText value={shown.first.total_unread} /> {texts.unread}
          </>
        ) : undefined
      }
    >
      <Layout data-open={selectedId !== null || undefined}>
        <Column className="list">
          {registryWriter ? <UnregisteredInbox registriesPath={WA_REGISTRIES_PATH} /> : null}
          <div role="tablist" aria-label={texts.filterLabel} className="filters">
            {CHAT_FILTERS.map((value) => (
              <button
                key={value}
                type="button"
                role="tab"
                aria-selected={filter === value}
                onClick={() => setFilter(value)}
              >
                {texts.filters[value]}
              </button>
            ))}
          </div>
          <label className="search">
            <span>{texts.search}</span>
            <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
          </label>
          {shown.status === 'loading' ? (
            <Muted role="status">{texts.loading}</Muted>
          ) : shown.status === 'error' ? (
            <ErrorBox role="alert">
              <span>{texts.notLoaded(shown.error.message)}</span>
              <Button type="button" onClick={pages.retry}>
                {texts.retry}
              </Button>
            </ErrorBox>
          ) : shown.rows.length === 0 ? (
            <Muted role="status">{query ? texts.noMatch : texts.none}</Muted>
          ) : (
            <ConversationList
              conversations={shown.rows}
              selectedId={selectedId}
              onSelect={select}
              onEndReached={() => void pages.loadMore()}
              height={height}
            />
          )}
          {shown.status === 'ready' && shown.moreError ? (
            <ErrorBox role="alert">
              <span>{texts.moreNotLoaded(shown.moreError.message)}</span>
              <Button type="button" onClick={() => void pages.loadMore()}>
                {texts.retry}
              </Button>
            </ErrorBox>
          ) : null}
        </Column>
        <Column className="thread">
          {selectedId === null ? (
            <Muted>{texts.pick}</Muted>
          ) : (
            <>
              <Toolbar aria-label={texts.actions}>
                <Button type="button" className="back" onClick={() => select(null)}>
                  {texts.back}
                </Button>
                {conversation && writable ? (
                  <>
                    <label>
                      <span>{texts.assignedTo}</span>
                      <select
                        value={conversation.assigned_to ?? ''}
                        disabled={sending}
                        onChange={(event) =>
                          void act(() =>
                            chats.assign(
                              conversation.id,
                              event.target.value ? Number(event.target.value) : null,
                            ),
                          )
                        }
                      >
                        <option value="">{texts.unassigned}</option>
                        {assignees.map((user) => (
                          <option key={user.id} value={user.id}>
                            {user.full_name}
                          </option>
                        ))}
                      </select>
                    </label>
                    <Button
                      type="button"
                      disabled={sending}
                      onClick={() =>
                        void act(() => chats.resolve(conversation.id, conversation.status === 'open'))
                      }
                    >
                      {conversation.status === 'open' ? texts.resolve : texts.reopen}
                    </Button>
                  </>
                ) : null}
              </Toolbar>
              {problemNotice ? (
                <Muted role="status">
                  {problemNotice} <a href="/app/crm/problem-tracker/">{texts.openProblems}</a>
                </Muted>
              ) : null}
              {problemFrom && conversation ? (
                <CreateProblemForm
                  key={problemFrom.messageId}
                  options={problemOptions}
                  optionsError={problemOptionsError}
                  onRetryOptions={loadProblemOptions}
                  initial={{
                    customer_name: conversation.customer_name,
                    customer_phone: conversation.customer_wa_id,
                    description: problemFrom.body,
                  }}
                  purchases={(detail?.purchases ?? []).map((purchase) => ({
                    mayar_id: purchase.mayar_id,
                    label: `${purchase.product_name ?? purchase.mayar_id} · ${formatIdr(purchase.amount)}`,
                  }))}
                  link={{ conversation_id: conversation.id, message_id: problemFrom.messageId }}
                  onCancel={() => setProblemFrom(null)}
                  onCreated={(problem) => {
                    setProblemFrom(null);
                    setProblemNotice(texts.problemCreated(problem.id));
                  }}
                />
              ) : null}
              {customer && customer.conversations.length > 1 ? (
                <CustomerConversations aria-label={texts.customer.conversations}>
                  <ul>
                    {customer.conversations.map((row) => {
                      const current = row.id === conversation?.id;
                      const details = [
                        current ? texts.customer.current : null,
                        row.unread_count > 0 ? texts.customer.unread(row.unread_count) : null,
                        row.status === 'resolved' ? texts.customer.resolved : null,
                        row.number_active ? null : texts.customer.inactive,
                      ].filter((part): part is string => part !== null);
                      return (
                        <li key={row.id}>
                          <Link
                            to={chatLink(row.id)}
                            aria-current={current ? 'true' : undefined}
                            aria-label={`${texts.customer.open(row.number_name)}${details.length ? ` (${details.join(', ')})` : ''}`}
                            onClick={() => select(row.id)}
                          >
                            <strong>{row.number_name}</strong>
                            <span>{displayPhone(row.number_phone.replace(/\D/g, ''))}</span>
                            {row.last_message_at ? (
                              <span>{timeFormat.format(new Date(row.last_message_at))}</span>
                            ) : null}
                            {details.length ? <span>{details.join(' · ')}</span> : null}
                          </Link>
                        </li>
                      );
                    })}
                  </ul>
                </CustomerConversations>
              ) : null}
              <ChatThread
                title={
                  conversation
                    ? (conversation.customer_name ?? displayPhone(conversation.customer_wa_id))
                    : texts.conversation
                }
                subtitle={
                  conversation
                    ? `${displayPhone(conversation.customer_wa_id)} · ${conversation.number_name}${conversation.number_active ? '' : texts.inactiveSuffix}${conversation.status === 'resolved' ? texts.resolved : ''}`
                    : undefined
                }
                state={detailStatus === 'ready' && !conversation ? 'loading' : detailStatus}
                error={detailState.error}
                onRetry={() => void fetchDetail(selectedId, false)}
                messages={(detail?.messages ?? []).map((message) => ({
                  id: message.id,
                  direction: message.direction,
                  body: message.body,
                  at: message.at,
                  status: message.status,
                  author: message.sent_by_name,
                  botRule: message.bot_rule_name,
                  error: message.error,
                }))}
                windowOpen={conversation?.window_open ?? false}
                focusMessageId={selectedId === target.conversationId ? target.messageId : null}
                readOnly={!writable}
                closed={
                  conversation && !conversation.number_active
                    ? {
                        reason: texts.numberInactive(conversation.number_name, registryWriter),
                        ...(registryWriter
                          ? {
                              action: (
                                <Link
                                  to={`${WA_REGISTRIES_PATH}?q=${encodeURIComponent(conversation.number_name)}`}
                                >
                                  {texts.openRegistry(conversation.number_name)}
                                </Link>
                              ),
                            }
                          : {}),
                      }
                    : null
                }
                sending={sending}
                sendError={actionError}
                templates={templates}
                {...(problemWriter
                  ? {
                      messageAction: {
                        label: texts.createProblem,
                        onSelect: (message) => {
                          setProblemNotice(null);
                          setProblemFrom({ messageId: Number(message.id), body: message.body });
                          setProblemOptionsWanted(true);
                          if (optionsLoad.error) loadProblemOptions();
                        },
                      },
                    }
                  : {})}
                onSendText={(text) => void act(() => chats.sendText(selectedId, text))}
                onSendTemplate={(name, parameters) =>
                  void act(() => chats.sendTemplate(selectedId, name, parameters))
                }
              />
            </>
          )}
        </Column>
        {selectedId !== null && detail && conversation ? (
          <Column className="customer" as="aside" aria-label={texts.customerData}>
            {customer ? (
              <section aria-label={texts.customer.title}>
                <h2>{customer.name ?? displayPhone(customer.phone)}</h2>
                <ul>
                  <li>
                    <span>{displayPhone(customer.phone)}</span>
                    <span>{texts.customer.numbers(customer.conversations.length)}</span>
                  </li>
                </ul>
              </section>
            ) : null}
            <section>
              <h2>{texts.purchases}</h2>
              {detail.purchases.length === 0 ? (
                <Muted>{texts.noPurchases}</Muted>
              ) : (
                <ul>
                  {detail.purchases.map((purchase) => (
                    <li key={purchase.id}>
                      <strong>{purchase.product_name ?? purchase.mayar_id}</strong>
                      <span>
                        {formatIdr(purchase.amount)} · {purchase.transaction_status} ·{' '}
                        {dayFormat.format(new Date(purchase.at))}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section>
              <h2>{texts.problems}</h2>
              {detail.problems.length === 0 ? (
                <Muted>{texts.noProblems}</Muted>
              ) : (
                <ul>
                  {detail.problems.map((problem) => (
                    <li key={problem.id}>
                      <strong>
                        {texts.problemLabel(problem.id)} · {texts.problemStatus[problem.status]}
                      </strong>
                      <span>
                        {problem.description.slice(0, 120)}
                        {problem.conversation_id !== null && problem.message_id !== null ? (
                          <>
                            {' · '}
                            <Link
                              to={chatLink(problem.conversation_id, problem.message_id)}
                              onClick={() => select(problem.conversation_id)}
                            >
                              {problem.conversation_id !== conversation.id &&
                              numberOf.has(problem.conversation_id)
                                ? texts.fromMessageOn(numberOf.get(problem.conversation_id)!)
                                : texts.fromMessage}
                            </Link>
                          </>
                        ) : null}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section>
              <h2>{texts.packages}</h2>
              {detail.packages.length === 0 ? (
                <Muted>{texts.noPackages}</Muted>
              ) : (
                <ul>
                  {detail.packages.map((pkg) => (
                    <li key={pkg.id}>
                      <strong>{pkg.label}</strong>
                      <span>
                        {pkg.status ?? '–'}
                        {pkg.resi ? texts.receipt(pkg.resi) : ''}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </Column>
        ) : null}
      </Layout>
    </RoutePage>
  );
}
