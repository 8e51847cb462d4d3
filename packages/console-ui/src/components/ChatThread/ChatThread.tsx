import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { styled } from 'styled-components';
import { t } from '../../theme/tokens.js';
import { Button } from '../../primitives/Button.js';
import { useMessages } from '../../theme/messages.js';
import {
  panelCss,
  focusRingCss,
  focusRingWideCss,
  resizeGripCss,
  visuallyHiddenCss,
} from '../../primitives/css.js';
import {
  CHAT_STATUS_LABELS,
  CHAT_THREAD_MESSAGES,
  type ChatDeliveryStatus,
  type ChatThreadMessages,
} from './messages.js';
export {
  CHAT_STATUS_LABELS,
  CHAT_THREAD_MESSAGES,
  type ChatDeliveryStatus,
  type ChatThreadMessages,
} from './messages.js';

export interface ChatThreadMessage {
  id: string | number;
  direction: 'in' | 'out';
  body: string;
  /** ISO time. */
  at: string;
  status: ChatDeliveryStatus;
  /** Who wrote an outgoing message (a person's name); null for the bot. */
  author?: string | null;
  /** The bot rule that wrote this answer. */
  botRule?: string | null;
  error?: string | null;
}

export interface ChatTemplateOption {
  name: string;
  label: string;
  /** How many {{n}} body parameters the template takes. */
  parameters?: number;
}

export interface ChatThreadProps {
  /** The customer's name or number (the thread's heading). */
  title: string;
  subtitle?: string;
  messages: readonly ChatThreadMessage[];
  state?: 'ready' | 'loading' | 'error';
  error?: string | null;
  onRetry?: () => void;
  /** The customer wrote within 24 hours: free text may be sent. Outside it only a template. */
  windowOpen: boolean;
  /** No write access: the thread shows, the composer does not. */
  readOnly?: boolean;
  /**
   * Replies cannot be sent here at all (e.g. the business number is inactive): the composer is replaced by why,
   * and what to do (`action`, e.g. a link for someone who may fix it), before anyone types.
   */
  closed?: { reason: string; action?: ReactNode } | null;
  sending?: boolean;
  sendError?: string | null;
  onSendText?: (text: string) => void;
  onSendTemplate?: (name: string, parameters: string[]) => void;
  templates?: readonly ChatTemplateOption[];
  /** Times are shown in this zone (the operation's: Asia/Jakarta). */
  timeZone?: string;
  /** A message to point at (e.g. the one a problem was created from): marked, and scrolled into view. */
  focusMessageId?: string | number | null;
  /** An action on each customer message (e.g. "create a problem" from it), as a button under the message. */
  messageAction?: { label: string; onSelect: (message: ChatThreadMessage) => void };
  className?: string;
  /** Replacements for visible strings (named `texts` because `messages` is the conversation). */
  texts?: Partial<ChatThreadMessages>;
}

const TICKS: Record<ChatDeliveryStatus, string> = {
  received: '',
  pending: '…',
  accepted: '✓',
  sent: '✓',
  delivered: '✓✓',
  read: '✓✓',
  failed: '!',
};

const timeFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('id-ID', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    day: '2-digit',
    month: 'short',
  });

/**
 * A WhatsApp conversation: the messages with delivery ticks (sent ✓, delivered ✓✓, read ✓✓ in colour, failed
 * with Meta's reason) and the composer, free text inside the customer's 24-hour window or a template outside it.
 *
 * @example
 * ```tsx
 * <ChatThread title="Rina" messages={messages} windowOpen onSendText={(text) => send(text)} />
 * ```
 */
export function ChatThread({
  title,
  subtitle,
  messages,
  state = 'ready',
  error = null,
  onRetry,
  windowOpen,
  readOnly = false,
  closed = null,
  sending = false,
  sendError = null,
  onSendText,
  onSendTemplate,
  templates = [],
  timeZone = 'Asia/Jakarta',
  messageAction,
  focusMessageId = null,
  className,
  texts,
}: ChatThreadProps) {
  const m = useMessages('chatThread', CHAT_THREAD_MESSAGES, texts);
  const id = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const [text, setText] = useState('');
  const [template, setTemplate] = useState(templates[0]?.name ?? '');
  const [parameters, setParameters] = useState<string[]>([]);
  const chosen = templates.find((option) => option.name === template) ?? templates[0];
  const format = timeFormat(timeZone);
  const lastId = messages.at(-1)?.id;

  // Newest at the bottom, kept in view as messages arrive; a message pointed at is shown instead.
  const focusShown = focusMessageId !== null && messages.some((message) => message.id === focusMessageId);
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const focused = focusShown ? list.querySelector<HTMLElement>('[data-focused]') : null;
    if (focused) list.scrollTop = Math.max(0, focused.offsetTop - list.offsetTop - 16);
    else list.scrollTop = list.scrollHeight;
  }, [lastId, state, focusShown]);

  const submitText = (event?: FormEvent) => {
    event?.preventDefault();
    const value = text.trim();
    if (!value || sending) return;
    onSendText?.(value);
    setText('');
  };
  const submitTemplate = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || sending) return;
    onSendTemplate?.(chosen.name, parameters.slice(0, chosen.parameters ?? 0));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter is a new line (as in WhatsApp Web).
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submitText(event);
  };

  return (
    <Root
      className={['cui-chat-thread', className].filter(Boolean).join(' ')}
      data-state={state}
      aria-labelledby={`${id}-title`}
    >
      <header className="cui-chat-thread__header">
        <h2 id={`${id}-title`}>{title}</h2>
        {subtitle ? <p>{subtitle}</p> : null}
      </header>
      {state === 'loading' ? (
        <p className="cui-chat-thread__status" role="status">
          {m.loading}
        </p>
      ) : state === 'error' ? (
        <div className="cui-chat-thread__error" role="alert">
          <span>{error}</span>
          {onRetry ? (
            <Button type="button" onClick={onRetry}>
              {m.retry}
            </Button>
          ) : null}
        </div>
      ) : messages.length === 0 ? (
        <p className="cui-chat-thread__status">{m.empty}</p>
      ) : (
        // A scrolling list must take focus so the keyboard can scroll it (axe: scrollable-region-focusable).
        <ol
          ref={listRef}
          className="cui-chat-thread__messages"
          aria-label={m.list(title)}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above
          tabIndex={0}
        >
          {messages.map((message) => (
            <li
              key={message.id}
              className="cui-chat-thread__message"
              data-direction={message.direction}
              data-status={message.status}
              data-focused={message.id === focusMessageId || undefined}
              aria-current={message.id === focusMessageId ? 'true' : undefined}
            >
              {message.direction === 'out' ? (
                <span className="cui-chat-thread__author">
                  {message.botRule ? `${m.bot} · ${message.botRule}` : (message.author ?? m.reply)}
                </span>
              ) : null}
              <span className="cui-chat-thread__body">{message.body}</span>
              <span className="cui-chat-thread__meta">
                <time dateTime={message.at}>{format.format(new Date(message.at))}</time>
                {message.direction === 'out' ? (
                  <span className="cui-chat-thread__ticks" data-status={message.status}>
                    <span aria-hidden="true">{TICKS[message.status]}</span>
                    <span className="cui-chat-thread__sr">
                      {m.statuses[message.status] ?? CHAT_STATUS_LABELS[message.status]}
                    </span>
                  </span>
                ) : null}
              </span>
              {message.status === 'failed' && message.error ? (
                <span className="cui-chat-thread__failure">{message.error}</span>
              ) : null}
              {messageAction && message.direction === 'in' ? (
                <button
                  type="button"
                  className="cui-chat-thread__action"
                  aria-label={`${messageAction.label}: ${message.body.slice(0, 60)}`}
                  onClick={() => messageAction.onSelect(message)}
                >
                  {messageAction.label}
                </button>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {readOnly ? (
        <p className="cui-chat-thread__status">{m.readOnly}</p>
      ) : state !== 'ready' ? null : closed ? (
        <div className="cui-chat-thread__closed" role="note" aria-label={m.closed}>
          <strong>{m.closed}</strong>
          <span>{closed.reason}</span>
          {closed.action ? <span className="cui-chat-thread__closed-action">{closed.action}</span> : null}
        </div>
      ) : windowOpen ? (
        <form className="cui-chat-thread__composer" onSubmit={submitText}>
          <label htmlFor={`${id}-text`} className="cui-chat-thread__sr">
            {m.placeholder}
          </label>
          <textarea
            id={`${id}-text`}
            value={text}
            rows={2}
            maxLength={4096}
            placeholder={m.placeholder}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            aria-invalid={sendError ? true : undefined}
            aria-describedby={sendError ? `${id}-send-error` : undefined}
          />
          <Button type="submit" kind="primary" disabled={sending || text.trim() === ''}>
            {sending ? m.sending : m.send}
          </Button>
        </form>
      ) : (
        <form className="cui-chat-thread__composer" data-mode="template" onSubmit={submitTemplate}>
          <p className="cui-chat-thread__window">{m.windowClosed}</p>
          <label>
            {m.template}
            <select
              value={chosen?.name ?? ''}
              onChange={(event) => {
                setTemplate(event.target.value);
                setParameters([]);
              }}
            >
              {templates.map((option) => (
                <option key={option.name} value={option.name}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          {Array.from({ length: chosen?.parameters ?? 0 }, (_, index) => (
            <label key={index}>
              {m.parameter(index + 1)}
              <input
                value={parameters[index] ?? ''}
                maxLength={1000}
                onChange={(event) => {
                  const next = [...parameters];
                  next[index] = event.target.value;
                  setParameters(next);
                }}
              />
            </label>
          ))}
          <Button type="submit" kind="primary" disabled={sending || !chosen}>
            {sending ? m.sending : m.sendTemplate}
          </Button>
        </form>
      )}
      {sendError && !readOnly && !closed ? (
        <p id={`${id}-send-error`} className="cui-chat-thread__send-error" role="alert">
          {sendError}
        </p>
      ) : null}
    </Root>
  );
}

const Root = styled.section`
  display: flex;
  flex-direction: column;
  min-height: 0;
  height: 100%;
  ${panelCss}
  .cui-chat-thread__header {
    padding: ${t.space3} ${t.space4};
    border-bottom: 1px solid ${t.colorBorder};
    h2 {
      margin: 0;
      font-size: ${t.fontSizeLg};
    }
    p {
      margin: ${t.space1} 0 0;
      color: ${t.colorTextMuted};
      font-size: ${t.fontSizeSm};
    }
  }
  .cui-chat-thread__status {
    margin: 0;
    padding: ${t.space4};
    color: ${t.colorTextMuted};
  }
  .cui-chat-thread__error {
    display: flex;
    gap: ${t.space3};
    align-items: center;
    margin: ${t.space4};
    padding: ${t.space3};
    border-radius: ${t.radiusMd};
    background: ${t.colorDangerSoft};
    color: ${t.colorDanger};
  }
  .cui-chat-thread__action {
    align-self: flex-start;
    margin-top: ${t.space1};
    padding: 0;
    border: 0;
    background: none;
    color: ${t.colorPrimary};
    font: inherit;
    font-size: ${t.fontSizeSm};
    text-decoration: underline;
    cursor: pointer;
    &:focus-visible {
      ${focusRingWideCss}
    }
  }
  .cui-chat-thread__messages {
    list-style: none;
    margin: 0;
    padding: ${t.space3} ${t.space4};
    display: flex;
    flex-direction: column;
    gap: ${t.space2};
    overflow-y: auto;
    flex: 1 1 auto;
    min-height: 8rem;
    &:focus-visible {
      outline: 2px solid ${t.colorFocus};
      outline-offset: -2px;
    }
  }
  .cui-chat-thread__message {
    max-width: min(36rem, 85%);
    padding: ${t.space2} ${t.space3};
    border-radius: ${t.radiusMd};
    background: ${t.colorBg};
    border: 1px solid ${t.colorBorder};
    align-self: flex-start;
    display: flex;
    flex-direction: column;
    gap: ${t.space1};
    &[data-direction='out'] {
      align-self: flex-end;
      background: ${t.colorPrimarySoft};
    }
    &[data-status='failed'] {
      border-color: ${t.colorDanger};
    }
    &[data-focused] {
      outline: 2px solid ${t.colorPrimary};
      outline-offset: 2px;
    }
  }
  .cui-chat-thread__author {
    font-size: ${t.fontSizeSm};
    font-weight: 600;
    color: ${t.colorTextMuted};
  }
  .cui-chat-thread__body {
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .cui-chat-thread__meta {
    display: flex;
    gap: ${t.space2};
    justify-content: flex-end;
    font-size: ${t.fontSizeSm};
    color: ${t.colorTextMuted};
  }
  .cui-chat-thread__ticks[data-status='read'] {
    color: ${t.colorInfo};
    font-weight: 600;
  }
  .cui-chat-thread__ticks[data-status='failed'] {
    color: ${t.colorDanger};
    font-weight: 700;
  }
  .cui-chat-thread__failure {
    font-size: ${t.fontSizeSm};
    color: ${t.colorDanger};
  }
  .cui-chat-thread__composer {
    display: flex;
    flex-wrap: wrap;
    gap: ${t.space2};
    align-items: flex-end;
    padding: ${t.space3} ${t.space4};
    border-top: 1px solid ${t.colorBorder};
    textarea {
      flex: 1 1 16rem;
      font: inherit;
      resize: vertical;
      padding: ${t.space2};
      border-radius: ${t.radiusSm};
      border: 1px solid ${t.colorBorder};
      background: ${t.colorBg};
      color: ${t.colorText};
      ${resizeGripCss}
    }
    label {
      display: flex;
      flex-direction: column;
      gap: ${t.space1};
      font-size: ${t.fontSizeSm};
    }
    select,
    input {
      font: inherit;
      padding: ${t.space1} ${t.space2};
      border-radius: ${t.radiusSm};
      border: 1px solid ${t.colorBorder};
      background: ${t.colorBg};
      color: ${t.colorText};
    }
    textarea:focus-visible,
    select:focus-visible,
    input:focus-visible {
      ${focusRingCss}
    }
  }
  .cui-chat-thread__window {
    flex: 1 1 100%;
    margin: 0;
    padding: ${t.space2};
    border-radius: ${t.radiusSm};
    background: ${t.colorWarningSoft};
    font-size: ${t.fontSizeSm};
  }
  .cui-chat-thread__closed {
    display: flex;
    flex-direction: column;
    gap: ${t.space1};
    margin: 0;
    padding: ${t.space3} ${t.space4};
    border-top: 1px solid ${t.colorBorder};
    background: ${t.colorWarningSoft};
    font-size: ${t.fontSizeSm};
    a {
      color: ${t.colorPrimary};
    }
    a:focus-visible {
      ${focusRingWideCss}
    }
  }
  .cui-chat-thread__send-error {
    margin: 0 ${t.space4} ${t.space3};
    color: ${t.colorDanger};
    font-size: ${t.fontSizeSm};
  }
  .cui-chat-thread__sr {
    ${visuallyHiddenCss}
  }
`;
