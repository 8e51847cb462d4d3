import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { styled } from 'styled-components';
import {
  type BulkChangeEmailResult,
  canWrite,
  changeEmails,
  changeEmailsEndpoints,
  toPermissionMap,
  translateMessage,
} from '@staff/console-contract';
import {
  BulkOutcomes,
  type BulkOutcomeItem,
  ConfirmDialog,
  TextArea,
  formatNumber,
  t,
  type ResourceRow,
} from '@staff/console-ui';
import { useLanguage, useTextsOf } from '../../i18n.js';
import { useConsoleContext } from '../../routes/consoleContext.js';
import { useEndpointForm } from '../useEndpointForm.js';
import type { PageProps } from '../types.js';
import ResourcePage, { type ResourceListExtensions } from '../resources/ResourcePage.js';
import type { LoadedList } from '../resources/loadList.js';
import { Button } from '../resources/ui.js';
import { RowButton } from '../logistics/ui.js';
import { DecisionPanel } from './DecisionPanel.js';
import { CHANGE_EMAIL_TEXTS } from './texts.js';

/** The list's address filter that shows the requests waiting for a decision. */
export const PENDING_SEARCH = '?f.status.eq=pending';

const REASON_MAX = 500;

type Decision = 'approve' | 'reject';

/** The dialog open over the list: which requests, which decision, and what to do once decided. */
interface Asking {
  decision: Decision;
  rows: ResourceRow[];
  done: () => void;
}

interface Outcome {
  decision: Decision;
  items: BulkOutcomeItem[];
}

const Help = styled.p`
  margin: 0;
  max-width: 72rem;
  font-size: ${t.fontSizeSm};
  color: ${t.colorTextMuted};
`;

const Links = styled.nav`
  display: inline-flex;
  gap: ${t.space3};
  align-items: center;
`;

/** Who the request is about, as the outcomes and dialogs name it. */
const labelOf = (row: ResourceRow) =>
  `${String(row.customer_name ?? '')} (${String(row.old_email ?? '')} → ${String(row.new_email ?? '')})`;

/**
 * Change Email: the requests list, plus their processing for those who may write the page's key — approve or
 * reject a pending request from its row, several at once from the selection (each in its own transaction, the
 * outcome shown per row), and the decision in the record panel. Read-only users see the list and the decisions,
 * no actions (the server refuses them too).
 */
export default function ChangeEmailsPage(props: PageProps<LoadedList>) {
  const texts = useTextsOf(CHANGE_EMAIL_TEXTS);
  const { language } = useLanguage();
  const { permissions } = useConsoleContext();
  const location = useLocation();
  const writable = canWrite(toPermissionMap(permissions), changeEmails.permissionKey);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  /** A rejection needs a reason (the server says so too). */
  const reasonMissing = (reason: string) => asking?.decision === 'reject' && !reason.trim();
  const form = useEndpointForm(changeEmailsEndpoints.bulk, {
    initial: { reason: '' },
    check: ({ reason }) => (reasonMissing(reason) ? { reason: texts.reasonRequired } : {}),
    toBody: ({ reason }) => ({
      decision: asking?.decision ?? 'approve',
      ids: (asking?.rows ?? []).map((row) => Number(row.id)),
      ...(asking?.decision === 'reject' ? { reason: reason.trim() } : {}),
    }),
  });
  const busy = form.submitting;

  const ask = (decision: Decision, rows: ResourceRow[], done: () => void) => {
    form.reset({ reason: '' });
    setAsking({ decision, rows, done });
  };

  const detailOf = (result: BulkChangeEmailResult): string | null => {
    if (!result.ok) return result.message ? translateMessage(result.message, language) : texts.failed;
    const decision = result.decision;
    if (!decision) return null;
    if (decision.decision === 'rejected') return texts.rejectedBecause(decision.reason ?? '');
    return texts.moved(formatNumber(decision.purchases_moved), decision.purchases_moved === 1);
  };

  /** Sends the decision (a missing reason is shown under its field, nothing sent); each row's outcome after. */
  const decide = async () => {
    if (!asking) return;
    const { rows, decision, done } = asking;
    // Without a reason nothing is sent: the check puts its message under the field.
    const sending = !reasonMissing(form.values.reason);
    if (sending)
      setOutcome({
        decision,
        items: rows.map((row) => ({ id: String(row.id), label: labelOf(row), status: 'working' })),
      });
    const answer = await form.submitValues(form.values);
    // Refused: the reason's message under its field, any other in the dialog (useEndpointForm).
    if (!answer) {
      if (sending) setOutcome(null);
      return;
    }
    const byId = new Map(answer.results.map((result) => [String(result.id), result]));
    setOutcome({
      decision,
      items: rows.map((row) => {
        const result = byId.get(String(row.id));
        return {
          id: String(row.id),
          label: labelOf(row),
          status: result?.ok ? 'done' : 'failed',
          detail: result ? detailOf(result) : texts.failed,
        };
      }),
    });
    setAsking(null);
    done();
  };

  const pendingShown = new URLSearchParams(location.search).get('f.status.eq') === 'pending';
  const extensions: ResourceListExtensions = {
    toolbar: () => (
      <Links aria-label={texts.pendingOnly}>
        {pendingShown ? (
          <Link to={location.pathname}>{texts.allRequests}</Link>
        ) : (
          <Link to={`${location.pathname}${PENDING_SEARCH}`}>{texts.pendingOnly}</Link>
        )}
      </Links>
    ),
    notices: (
      <>
        <Help>{texts.help}</Help>
        {outcome ? (
          <BulkOutcomes
            title={outcomeTitle(outcome, texts)}
            items={outcome.items}
            onDismiss={busy ? undefined : () => setOutcome(null)}
          />
        ) : null}
      </>
    ),
    rowActions: (row, reload) => {
      if (row.status !== 'pending') return null;
      const title = labelOf(row);
      return (
        <>
          <RowButton
            type="button"
            disabled={busy}
            aria-label={texts.approveOf(title)}
            onClick={() => ask('approve', [row], reload)}
          >
            {texts.approve}
          </RowButton>
          <RowButton
            type="button"
            data-kind="danger"
            disabled={busy}
            aria-label={texts.rejectOf(title)}
            onClick={() => ask('reject', [row], reload)}
          >
            {texts.reject}
          </RowButton>
        </>
      );
    },
    bulkActions: ({ rows, clear, reload }) => {
      const pending = rows.filter((row) => row.status === 'pending');
      if (pending.length === 0) return null;
      const count = formatNumber(pending.length);
      const done = () => {
        clear();
        reload();
      };
      return (
        <>
          <Button type="button" disabled={busy} onClick={() => ask('approve', pending, done)}>
            {texts.approveSelected(count)}
          </Button>
          <Button
            type="button"
            data-kind="danger"
            disabled={busy}
            onClick={() => ask('reject', pending, done)}
          >
            {texts.rejectSelected(count)}
          </Button>
        </>
      );
    },
    panel: (row) => <DecisionPanel id={Number(row.id)} />,
  };

  const count = asking ? formatNumber(asking.rows.length) : '';
  const one = asking?.rows.length === 1;
  return (
    <>
      <ResourcePage {...props} extensions={extensions} />
      <ConfirmDialog
        open={asking !== null && writable}
        title={asking?.decision === 'reject' ? texts.rejectTitle(count, one) : texts.approveTitle(count, one)}
        description={asking?.decision === 'reject' ? texts.rejectDescription : texts.approveDescription}
        confirmLabel={asking?.decision === 'reject' ? texts.reject : texts.approve}
        cancelLabel={texts.cancel}
        destructive={asking?.decision === 'reject'}
        busy={busy}
        busyLabel={texts.working}
        error={form.formError}
        onConfirm={() => void decide()}
        onCancel={() => setAsking(null)}
      >
        {asking ? (
          <ul>
            {asking.rows.map((row) => (
              <li key={String(row.id)}>{labelOf(row)}</li>
            ))}
          </ul>
        ) : null}
        {asking?.decision === 'reject' ? (
          <TextArea
            label={texts.reason}
            description={texts.reasonHelp}
            value={form.values.reason}
            maxLength={REASON_MAX}
            required
            error={form.errors.reason ?? null}
            onValueChange={(value) => {
              // Its message stays until a reason is written (blanks are none).
              if (value.trim()) form.set('reason', value);
              else form.setValues({ reason: value });
            }}
          />
        ) : null}
      </ConfirmDialog>
    </>
  );
}

function outcomeTitle(outcome: Outcome, texts: (typeof CHANGE_EMAIL_TEXTS)['en']): string {
  const total = formatNumber(outcome.items.length);
  if (outcome.items.some((item) => item.status === 'working'))
    return outcome.decision === 'approve' ? texts.approvingTitle(total) : texts.rejectingTitle(total);
  const done = formatNumber(outcome.items.filter((item) => item.status === 'done').length);
  return outcome.decision === 'approve' ? texts.approvedTitle(done, total) : texts.rejectedTitle(done, total);
}
