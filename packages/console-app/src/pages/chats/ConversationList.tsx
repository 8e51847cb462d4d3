import { type KeyboardEvent, useState } from 'react';
import { styled } from 'styled-components';
import type { Conversation } from '@staff/console-contract';
import { NumberText, t } from '@staff/console-ui';
import { useTextsOf } from '../../i18n.js';
import { CHATS_TEXTS } from './texts.js';

/** Fixed row height: the list renders only the rows in view (thousands of conversations stay smooth). */
export const ROW_HEIGHT = 68;
const OVERSCAN = 6;

const timeFormat = new Intl.DateTimeFormat('id-ID', {
  timeZone: 'Asia/Jakarta',
  hour: '2-digit',
  minute: '2-digit',
  day: '2-digit',
  month: 'short',
});

export const displayPhone = (digits: string) => `+${digits}`;

/**
 * The conversations as a windowed listbox: only visible rows are in the DOM; arrow keys, Home and End move the
 * selection (the active row scrolls into view), Enter or a click opens it. Reaching the end asks for more.
 */
export function ConversationList({
  conversations,
  selectedId,
  onSelect,
  onEndReached,
  height,
}: {
  conversations: readonly Conversation[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  onEndReached?: () => void;
  height: number;
}) {
  const texts = useTextsOf(CHATS_TEXTS).list;
  const [scrollTop, setScrollTop] = useState(0);
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(conversations.length, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);
  const visible = conversations.slice(first, last);
  const index = conversations.findIndex((c) => c.id === selectedId);

  const moveTo = (next: number, list: HTMLElement) => {
    const target = conversations[Math.max(0, Math.min(conversations.length - 1, next))];
    if (!target) return;
    onSelect(target.id);
    const position = conversations.indexOf(target) * ROW_HEIGHT;
    if (position < list.scrollTop) list.scrollTop = position;
    else if (position + ROW_HEIGHT > list.scrollTop + height) list.scrollTop = position + ROW_HEIGHT - height;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = event.currentTarget;
    const page = Math.max(1, Math.floor(height / ROW_HEIGHT));
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: conversations.length - 1,
      PageDown: index + page,
      PageUp: index - page,
    };
    if (event.key in moves) {
      event.preventDefault();
      moveTo(moves[event.key]!, list);
    }
  };

  return (
    <Scroller
      role="listbox"
      aria-label={texts.label}
      tabIndex={0}
      aria-activedescendant={selectedId === null ? undefined : `conversation-${selectedId}`}
      style={{ height }}
      onKeyDown={onKeyDown}
      onScroll={(event) => {
        const target = event.currentTarget;
        setScrollTop(target.scrollTop);
        if (target.scrollTop + target.clientHeight >= target.scrollHeight - ROW_HEIGHT * 3) onEndReached?.();
      }}
    >
      <div style={{ height: conversations.length * ROW_HEIGHT, position: 'relative' }}>
        {visible.map((conversation, offset) => (
          <Row
            key={conversation.id}
            id={`conversation-${conversation.id}`}
            role="option"
            aria-selected={conversation.id === selectedId}
            data-unread={conversation.unread_count > 0 || undefined}
            style={{ top: (first + offset) * ROW_HEIGHT, height: ROW_HEIGHT }}
            onClick={() => onSelect(conversation.id)}
          >
            <span className="line">
              <span className="name">
                {conversation.customer_name ?? displayPhone(conversation.customer_wa_id)}
              </span>
              <span className="time">
                {conversation.last_message_at
                  ? timeFormat.format(new Date(conversation.last_message_at))
                  : ''}
              </span>
            </span>
            <span className="line">
              <span className="preview">
                {conversation.last_direction === 'out' ? '↩ ' : ''}
                {conversation.last_message_text}
              </span>
              <span className="tags">
                {/* The number it came in on; a customer on several numbers says so (one customer, each row a
                  conversation: its own assignee, unread count and 24-hour window). */}
                <span className="tag number" title={texts.cameIn(conversation.number_name)}>
                  {conversation.number_name}
                </span>
                {conversation.customer_conversations > 1 ? (
                  <span
                    className="tag others"
                    title={texts.otherNumbersLong(conversation.customer_conversations - 1)}
                  >
                    {texts.otherNumbers(conversation.customer_conversations - 1)}
                  </span>
                ) : null}
                {conversation.number_active ? null : <span className="tag">{texts.inactiveNumber}</span>}
                {conversation.status === 'resolved' ? <span className="tag">{texts.resolved}</span> : null}
                {conversation.bot_replies > 0 && !conversation.handed_over ? (
                  <span className="tag">{texts.bot}</span>
                ) : null}
                {conversation.assignee_name ? (
                  <span className="tag">{conversation.assignee_name}</span>
                ) : null}
                {conversation.unread_count > 0 ? (
                  <span className="unread" aria-label={texts.unread(conversation.unread_count)}>
                    <NumberText value={conversation.unread_count} />
                  </span>
                ) : null}
              </span>
            </span>
          </Row>
        ))}
      </div>
    </Scroller>
  );
}

const Scroller = styled.div`
  overflow-y: auto;
  border: 1px solid ${t.colorBorder};
  border-radius: ${t.radiusMd};
  background: ${t.colorSurface};
  &:focus-visible {
    outline: 2px solid ${t.colorFocus};
    outline-offset: 1px;
  }
`;

const Row = styled.div`
  position: absolute;
  left: 0;
  right: 0;
  box-sizing: border-box;
  display: flex;
  flex-direction: column;
  gap: 2px;
  /* Each line its own: the tags of the second never narrow the name on the first. */
  .line {
    display: flex;
    gap: ${t.space2};
    align-items: baseline;
    min-width: 0;
  }
  .name {
    flex: 1 1 auto;
    min-width: 0;
  }
  /* The preview yields first: the number a conversation came in on and its unread count stay in view. */
  .preview {
    flex: 1 1 0;
    min-width: 2.5rem;
  }
  .time {
    flex: none;
  }
  padding: ${t.space2} ${t.space3};
  border-bottom: 1px solid ${t.colorBorder};
  cursor: pointer;
  font-size: ${t.fontSizeSm};
  &[aria-selected='true'] {
    background: ${t.colorPrimarySoft};
  }
  &:hover {
    background: ${t.colorBg};
  }
  .name {
    font-weight: 600;
    font-size: ${t.fontSizeMd};
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  &[data-unread] .name {
    color: ${t.colorPrimary};
  }
  .time {
    color: ${t.colorTextMuted};
  }
  .preview {
    color: ${t.colorTextMuted};
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .tags {
    flex: 0 0 auto;
    max-width: 78%;
    overflow: hidden;
    display: flex;
    gap: ${t.space1};
    align-items: center;
    justify-content: flex-end;
  }
  .tag {
    padding: 0 ${t.space1};
    border-radius: ${t.radiusSm};
    background: ${t.colorInfoSoft};
    white-space: nowrap;
  }
  .tag.number {
    max-width: 7rem;
    overflow: hidden;
    text-overflow: ellipsis;
    background: none;
    border: 1px solid ${t.colorBorder};
    color: ${t.colorTextMuted};
  }
  .tag.others {
    background: ${t.colorPrimarySoft};
  }
  .unread {
    min-width: 1.4rem;
    text-align: center;
    padding: 0 ${t.space1};
    border-radius: 999px;
    background: ${t.colorSuccess};
    color: #fff;
    font-weight: 700;
  }
`;
