import { styled } from 'styled-components';
import { changeEmailsEndpoints, translateMessage } from '@staff/console-contract';
import { formatDateTime, formatNumber, t } from '@staff/console-ui';
import { useLanguage, useTextsOf } from '../../i18n.js';
import { useEndpoint } from '../useEndpoint.js';
import { Button } from '../resources/ui.js';
import { CHANGE_EMAIL_TEXTS } from './texts.js';

const Section = styled.section`
  display: grid;
  gap: ${t.space2};
  margin-top: ${t.space4};
  font-size: ${t.fontSizeSm};
  color: ${t.colorText};
  h3 {
    margin: 0;
    font-size: ${t.fontSizeMd};
  }
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: ${t.space1} ${t.space3};
    margin: 0;
  }
  dt {
    color: ${t.colorTextMuted};
  }
  dd {
    margin: 0;
  }
  p {
    margin: 0;
  }
`;

/**
 * A request's decision in its record panel: who decided and when, the reason, purchases moved, where the
 * customer's WhatsApp message and Mayar's customer update stand (follows pushes of the request).
 */
export function DecisionPanel({ id }: { id: number }) {
  const texts = useTextsOf(CHANGE_EMAIL_TEXTS).decision;
  const { language } = useLanguage();
  const { data, error, loading, reload } = useEndpoint(
    changeEmailsEndpoints.decision,
    { params: { id } },
    { live: true },
  );
  const decision = data?.data;
  return (
    <Section aria-label={texts.title}>
      <h3>{texts.title}</h3>
      {loading && !data ? (
        <p role="status">{texts.loading}</p>
      ) : error ? (
        <div role="alert">
          <p>
            {texts.loadFailed}: {error.message}
          </p>
          <Button type="button" onClick={reload}>
            {texts.retry}
          </Button>
        </div>
      ) : !decision ? (
        <p>{texts.none}</p>
      ) : (
        <>
          <p>
            {(decision.decision === 'approved' ? texts.approvedBy : texts.rejectedBy)(
              decision.decided_by_name ?? texts.someone,
              formatDateTime(decision.decided_at),
            )}
          </p>
          <dl>
            {decision.reason ? (
              <>
                <dt>{texts.reason}</dt>
                <dd>{decision.reason}</dd>
              </>
            ) : null}
            {decision.decision === 'approved' ? (
              <>
                <dt>{texts.purchases}</dt>
                <dd>{formatNumber(decision.purchases_moved)}</dd>
                <dt>{texts.whatsapp}</dt>
                <dd>
                  {decision.notification ? texts.messageStatus[decision.notification.status] : '-'}
                  {decision.notification?.detail
                    ? ` — ${translateMessage(decision.notification.detail, language)}`
                    : ''}
                </dd>
                <dt>{texts.mayar}</dt>
                <dd>
                  {decision.mayar_updates.length === 0 ? (
                    texts.noMayar
                  ) : (
                    <ul>
                      {decision.mayar_updates.map((update) => (
                        <li key={update.id}>
                          {texts.mayarAccount(String(update.mayar_account_id))}:{' '}
                          {texts.mayarStatus[update.status]}
                          {update.attempts > 1 ? ` (${texts.attempts(formatNumber(update.attempts))})` : ''}
                          {update.last_error ? ` — ${translateMessage(update.last_error, language)}` : ''}
                        </li>
                      ))}
                    </ul>
                  )}
                </dd>
              </>
            ) : null}
          </dl>
        </>
      )}
    </Section>
  );
}
