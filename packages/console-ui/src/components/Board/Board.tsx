import { useId, useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
import { styled } from 'styled-components';
import { t } from '../../theme/tokens.js';
import { Button } from '../../primitives/Button.js';
import { useMessages } from '../../theme/messages.js';
import { statusLineCss, focusRingWideCss, visuallyHiddenCss } from '../../primitives/css.js';
import { BOARD_MESSAGES, type BoardMessages } from './messages.js';
export { BOARD_MESSAGES, type BoardMessages } from './messages.js';

export interface BoardColumn {
  id: string;
  label: string;
}

export interface BoardCard {
  id: string;
  columnId: string;
  title: string;
  /** A second line (customer, category). */
  subtitle?: string;
  /** Small print under it (due time, assignee). */
  meta?: ReactNode;
  /** `danger` marks a card needing attention (an SLA breach); said in words by `badge`, not by colour alone. */
  tone?: 'default' | 'danger';
  badge?: string;
}

export interface BoardProps {
  /** Accessible name of the board. */
  label: string;
  columns: readonly BoardColumn[];
  cards: readonly BoardCard[];
  /** Whether a card may go to a column (the status flow); every other column when absent. */
  canMove?: (card: BoardCard, toColumnId: string) => boolean;
  onMove?: (cardId: string, toColumnId: string) => void;
  /** A click, or Enter on a card not picked up. */
  onOpen?: (cardId: string) => void;
  /** Cards whose move is being saved (shown busy, not movable). */
  busyCardIds?: readonly string[];
  status?: 'ready' | 'loading' | 'error';
  error?: string | null;
  onRetry?: () => void;
  messages?: Partial<BoardMessages>;
  className?: string;
}

interface Grab {
  cardId: string;
  target: string | null;
}

/**
 * Cards in columns (a status board). Move a card by dragging it, or by keyboard: Space picks it up, the arrows
 * choose among the columns it may go to, Enter or Space drops it there, Escape puts it back. Each step is
 * announced in a live region.
 *
 * @example
 * ```tsx
 * <Board label="Problems" columns={[{ id: 'open', label: 'Open' }, { id: 'done', label: 'Done' }]}
 *   cards={[{ id: '1', columnId: 'open', title: 'Refund' }]} onMove={(id, to) => save(id, to)} />
 * ```
 */
export function Board({
  label,
  columns,
  cards,
  canMove = (card, to) => card.columnId !== to,
  onMove,
  onOpen,
  busyCardIds = [],
  status = 'ready',
  error = null,
  onRetry,
  messages: custom,
  className,
}: BoardProps) {
  const messages = useMessages('board', BOARD_MESSAGES, custom);
  const id = useId();
  const [grab, setGrab] = useState<Grab | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const columnLabel = (columnId: string | null) => columns.find((c) => c.id === columnId)?.label ?? '';
  const movable = (card: BoardCard) => !busyCardIds.includes(card.id);
  const targets = (card: BoardCard) => columns.filter((column) => canMove(card, column.id)).map((c) => c.id);

  const onCardKey = (card: BoardCard) => (event: KeyboardEvent) => {
    const held = grab?.cardId === card.id ? grab : null;
    if (event.key === ' ' || (event.key === 'Enter' && held)) {
      event.preventDefault();
      if (!held) {
        if (!movable(card)) return;
        const options = targets(card);
        setGrab({ cardId: card.id, target: options[0] ?? null });
        setAnnouncement(
          `${messages.grabbed(card.title, columnLabel(card.columnId))} ${
            options[0] ? messages.target(columnLabel(options[0])) : messages.noTarget
          }`,
        );
        return;
      }
      setGrab(null);
      if (held.target) {
        onMove?.(card.id, held.target);
        setAnnouncement(messages.moved(card.title, columnLabel(held.target)));
      } else setAnnouncement(messages.cancelled(card.title));
      return;
    }
    if (event.key === 'Enter') {
      event.preventDefault();
      onOpen?.(card.id);
      return;
    }
    if (!held) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      setGrab(null);
      setAnnouncement(messages.cancelled(card.title));
      return;
    }
    if (
      event.key === 'ArrowRight' ||
      event.key === 'ArrowLeft' ||
      event.key === 'ArrowDown' ||
      event.key === 'ArrowUp'
    ) {
      event.preventDefault();
      const options = targets(card);
      if (options.length === 0) return;
      const order = columns.map((column) => column.id);
      const forward = event.key === 'ArrowRight' || event.key === 'ArrowDown';
      const sorted = options.sort((a, b) => order.indexOf(a) - order.indexOf(b));
      const current = held.target ? sorted.indexOf(held.target) : -1;
      const next = sorted[(current + (forward ? 1 : -1) + sorted.length) % sorted.length]!;
      setGrab({ cardId: card.id, target: next });
      setAnnouncement(messages.target(columnLabel(next)));
    }
  };

  const draggedCard = cards.find((card) => card.id === dragging);
  const onDragOver = (columnId: string) => (event: DragEvent) => {
    if (draggedCard && canMove(draggedCard, columnId)) {
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      setDropTarget(columnId);
    }
  };
  const onDrop = (columnId: string) => (event: DragEvent) => {
    event.preventDefault();
    if (draggedCard && canMove(draggedCard, columnId)) {
      onMove?.(draggedCard.id, columnId);
      setAnnouncement(messages.moved(draggedCard.title, columnLabel(columnId)));
    }
    setDragging(null);
    setDropTarget(null);
  };

  if (status === 'loading')
    return (
      <Frame
        className={['cui-board', className].filter(Boolean).join(' ')}
        data-state="loading"
        aria-busy="true"
      >
        <p className="cui-board__status" role="status">
          {messages.loading}
        </p>
      </Frame>
    );
  if (status === 'error')
    return (
      <Frame className={['cui-board', className].filter(Boolean).join(' ')} data-state="error">
        <div className="cui-board__status" role="alert">
          <p>{error}</p>
          {onRetry ? <Button onClick={onRetry}>{messages.retry}</Button> : null}
        </div>
      </Frame>
    );

  return (
    <Frame
      className={['cui-board', className].filter(Boolean).join(' ')}
      data-state={grab ? 'grabbing' : 'ready'}
      role="region"
      aria-label={label}
    >
      <p id={`${id}-help`} className="cui-board__help">
        {messages.instructions}
      </p>
      <div className="cui-board__columns">
        {columns.map((column) => {
          const inColumn = cards.filter((card) => card.columnId === column.id);
          const isTarget = grab?.target === column.id || dropTarget === column.id;
          return (
            <div
              key={column.id}
              className="cui-board__column"
              role="group"
              aria-labelledby={`${id}-${column.id}`}
              data-column={column.id}
              data-target={isTarget ? 'true' : undefined}
              onDragOver={onDragOver(column.id)}
              onDragLeave={() => setDropTarget((current) => (current === column.id ? null : current))}
              onDrop={onDrop(column.id)}
            >
              <h3 id={`${id}-${column.id}`} className="cui-board__column-title">
                {column.label} <span className="cui-board__count">({inColumn.length})</span>
              </h3>
              {inColumn.length === 0 ? (
                <p className="cui-board__empty">{messages.empty}</p>
              ) : (
                <ul className="cui-board__cards">
                  {inColumn.map((card) => {
                    const held = grab?.cardId === card.id;
                    const busy = busyCardIds.includes(card.id);
                    return (
                      <li key={card.id}>
                        <button
                          type="button"
                          className="cui-board__card"
                          data-card={card.id}
                          data-tone={card.tone ?? 'default'}
                          data-state={
                            held ? 'grabbed' : busy ? 'busy' : dragging === card.id ? 'dragging' : 'idle'
                          }
                          aria-describedby={`${id}-help`}
                          aria-pressed={held}
                          aria-busy={busy}
                          draggable={movable(card)}
                          onDragStart={(event) => {
                            event.dataTransfer.setData('text/plain', card.id);
                            event.dataTransfer.effectAllowed = 'move';
                            setDragging(card.id);
                          }}
                          onDragEnd={() => {
                            setDragging(null);
                            setDropTarget(null);
                          }}
                          onClick={() => (grab ? undefined : onOpen?.(card.id))}
                          onKeyDown={onCardKey(card)}
                          onBlur={() => {
                            if (held) {
                              setGrab(null);
                              setAnnouncement(messages.cancelled(card.title));
                            }
                          }}
                        >
                          <span className="cui-board__card-title">{card.title}</span>
                          {card.subtitle ? (
                            <span className="cui-board__card-subtitle">{card.subtitle}</span>
                          ) : null}
                          {card.meta ? <span className="cui-board__card-meta">{card.meta}</span> : null}
                          {card.badge ? <span className="cui-board__badge">{card.badge}</span> : null}
                          {busy ? <span className="cui-board__card-meta">{messages.saving}</span> : null}
                        </button>
                      </li>
                    );
                  })}
                </ul>
              )}
            </div>
          );
        })}
      </div>
      <p className="cui-board__live" role="status" aria-live="polite">
        {announcement}
      </p>
    </Frame>
  );
}

const Frame = styled.div`
  display: grid;
  gap: ${t.space2};
  color: ${t.colorText};
  font-family: ${t.fontFamily};

  .cui-board__help {
    margin: 0;
    font-size: ${t.fontSizeSm};
    color: ${t.colorTextMuted};
  }
  .cui-board__columns {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
    gap: ${t.space3};
    align-items: start;
  }
  .cui-board__column {
    background: ${t.colorBg};
    border: 2px solid transparent;
    border-radius: ${t.radiusMd};
    padding: ${t.space2};
    min-height: 8rem;
  }
  .cui-board__column[data-target='true'] {
    border-color: ${t.colorPrimary};
    background: ${t.colorPrimarySoft};
  }
  .cui-board__column-title {
    margin: 0 0 ${t.space2};
    font-size: ${t.fontSizeMd};
  }
  .cui-board__count {
    color: ${t.colorTextMuted};
    font-weight: 400;
  }
  .cui-board__empty {
    margin: 0;
    color: ${t.colorTextMuted};
    font-size: ${t.fontSizeSm};
  }
  .cui-board__cards {
    display: grid;
    gap: ${t.space2};
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .cui-board__card {
    display: grid;
    gap: 2px;
    width: 100%;
    text-align: start;
    font: inherit;
    color: inherit;
    background: ${t.colorSurface};
    border: 1px solid ${t.colorBorder};
    border-inline-start: 4px solid ${t.colorBorder};
    border-radius: ${t.radiusSm};
    padding: ${t.space2};
    cursor: grab;
  }
  .cui-board__card:focus-visible {
    ${focusRingWideCss}
  }
  .cui-board__card[data-tone='danger'] {
    border-inline-start-color: ${t.colorDanger};
  }
  .cui-board__card[data-state='grabbed'] {
    box-shadow: ${t.shadowMd};
    border-color: ${t.colorPrimary};
  }
  .cui-board__card[data-state='busy'],
  .cui-board__card[data-state='dragging'] {
    border-style: dashed;
    cursor: progress;
  }
  .cui-board__card-title {
    font-weight: 600;
  }
  .cui-board__card-subtitle,
  .cui-board__card-meta {
    font-size: ${t.fontSizeSm};
    color: ${t.colorTextMuted};
  }
  .cui-board__badge {
    justify-self: start;
    font-size: ${t.fontSizeSm};
    font-weight: 600;
    color: ${t.colorDanger};
    background: ${t.colorDangerSoft};
    border-radius: 999px;
    padding: 0 ${t.space2};
  }
  .cui-board__status {
    ${statusLineCss}
  }
  .cui-board__live {
    ${visuallyHiddenCss}
  }
`;
