import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { styled } from 'styled-components';
import { headerRowCss } from '../common/styles.js';
import type { EntityDef } from '@staff/console-contract';
import { RecordHistory, t, type AuditEntry } from '@staff/console-ui';
import { useTextsOf } from '../../i18n.js';
import { errorText } from './messages.js';
import { RESOURCE_TEXTS } from './texts.js';
import { Button } from './ui.js';

export interface RecordPanelProps {
  title: string;
  onClose: () => void;
  /** Blocks closing (a save is running). */
  busy?: boolean;
  children: ReactNode;
  /** The record's audit trail, when the panel shows a stored record. */
  history?: { def: EntityDef; load: () => Promise<AuditEntry[]> };
}

/** A side panel over the list (a modal dialog): Escape or Close closes it, focus returns to the opener. */
export function RecordPanel({ title, onClose, busy = false, children, history }: RecordPanelProps) {
  const texts = useTextsOf(RESOURCE_TEXTS);
  const headingId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = panelRef.current?.querySelector<HTMLElement>(
      'input:not([disabled]), select, textarea, button',
    );
    (first ?? panelRef.current)?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && !busy) {
      event.stopPropagation();
      onClose();
    }
  };

  return (
    <Backdrop className="sc-record-panel-backdrop">
      <Panel
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        tabIndex={-1}
        className="sc-record-panel"
        onKeyDown={onKeyDown}
      >
        <header>
          <h2 id={headingId}>{title}</h2>
          <Button type="button" onClick={onClose} disabled={busy} aria-label={texts.panel.close}>
            ×
          </Button>
        </header>
        {children}
        {history ? <HistorySection def={history.def} load={history.load} /> : null}
      </Panel>
    </Backdrop>
  );
}

type HistoryState =
  | { status: 'closed' }
  | { status: 'loading' }
  | { status: 'ready'; entries: AuditEntry[] }
  | { status: 'error'; message: string };

function HistorySection({ def, load }: { def: EntityDef; load: () => Promise<AuditEntry[]> }) {
  const texts = useTextsOf(RESOURCE_TEXTS);
  const [state, setState] = useState<HistoryState>({ status: 'closed' });
  const live = useRef(true);
  useEffect(
    () => () => {
      live.current = false;
    },
    [],
  );
  const fetchHistory = () => {
    setState({ status: 'loading' });
    load().then(
      (entries) => live.current && setState({ status: 'ready', entries }),
      (error: unknown) =>
        live.current && setState({ status: 'error', message: errorText(error, def, texts.errors) }),
    );
  };

  if (state.status === 'closed') {
    return (
      <Button type="button" onClick={fetchHistory} data-history-toggle="">
        {texts.panel.showHistory}
      </Button>
    );
  }
  return (
    <RecordHistory
      title={texts.panel.history}
      fields={def.fields}
      entries={state.status === 'ready' ? state.entries : []}
      loading={state.status === 'loading'}
      error={state.status === 'error' ? state.message : null}
      onRetry={fetchHistory}
      emptyMessage={texts.panel.noChanges}
    />
  );
}

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 40;
  display: flex;
  justify-content: flex-end;
  background: rgba(10, 16, 26, 0.45);
`;

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${t.space4};
  width: min(40rem, 100%);
  height: 100%;
  overflow-y: auto;
  padding: ${t.space6};
  background: ${t.colorSurfaceRaised};
  color: ${t.colorText};
  box-shadow: ${t.shadowMd};
  &:focus {
    outline: none;
  }
  ${headerRowCss}
  > [data-history-toggle] {
    align-self: flex-start;
  }
`;
