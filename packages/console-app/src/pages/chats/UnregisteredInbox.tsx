import { useState } from 'react';
import { Link } from 'react-router-dom';
import { styled } from 'styled-components';
import { chatsEndpoints } from '@staff/console-contract';
import { Button, NumberText, t } from '@staff/console-ui';
import { ApiError } from '../../api/apiError.js';
import { useTextsOf } from '../../i18n.js';
import { useServices } from '../../services.js';
import { LoadError } from '../common/LoadState.js';
import { useEndpoint } from '../useEndpoint.js';
import { displayPhone } from './ConversationList.js';
import { CHATS_TEXTS } from './texts.js';

const timeFormat = new Intl.DateTimeFormat('id-ID', {
  timeZone: 'Asia/Jakarta',
  dateStyle: 'medium',
  timeStyle: 'short',
});

/**
 * For administrators of the business numbers: customers' messages to numbers missing from WA Registries, kept
 * instead of dropped. A notice with the count; opened, the numbers (with a link to register them) and the
 * messages; once a number is registered its messages are taken into conversations with one button. Shows nothing
 * while there is nothing kept.
 */
export function UnregisteredInbox({ registriesPath }: { registriesPath: string }) {
  const texts = useTextsOf(CHATS_TEXTS).unregistered;
  const { call } = useServices();
  const kept = useEndpoint(chatsEndpoints.unregistered, {}, { live: true });
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);

  if (kept.error && !kept.data)
    return <LoadError what={texts.what} error={kept.error} onRetry={kept.reload} />;
  const data = kept.data?.data;
  if (!data || (data.total === 0 && !outcome)) return null;
  if (data.total === 0) return <Notice role="status">{outcome}</Notice>;
  const registered = data.numbers.filter((number) => number.registered);

  const adopt = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const { data: result } = await call(chatsEndpoints.adoptUnregistered);
      setOutcome(texts.adopted(result.moved, result.remaining));
    } catch (error) {
      setOutcome(ApiError.from(error).message);
    } finally {
      setBusy(false);
      kept.reload();
    }
  };

  return (
    <Notice aria-label={texts.label}>
      <details>
        <summary>
          <strong>
            <NumberText value={data.total} /> {texts.summary(data.total === 1)}
          </strong>{' '}
          {texts.why}
        </summary>
        <h3>{texts.numbers}</h3>
        <ul>
          {data.numbers.map((number) => (
            <li key={`${number.phone_number_id}|${number.display_phone}`}>
              <strong>{displayPhone(number.display_phone || number.phone_number_id)}</strong>{' '}
              <span>
                {texts.count(number.count)} · {texts.last(timeFormat.format(new Date(number.last_at)))}
              </span>{' '}
              {number.registered ? (
                <span>{texts.registeredNow}</span>
              ) : (
                <Link to={registriesPath}>{texts.register}</Link>
              )}
            </li>
          ))}
        </ul>
        {registered.length > 0 ? (
          <Button type="button" disabled={busy} onClick={() => void adopt()}>
            {texts.adopt}
          </Button>
        ) : null}
        <h3>{texts.messages}</h3>
        {/* A scrolling list must take focus so the keyboard can scroll it (axe: scrollable-region-focusable). */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above */}
        <ol aria-label={texts.messages} tabIndex={0}>
          {data.messages.map((message) => (
            <li key={message.id}>
              <span className="who">
                {message.customer_name ?? displayPhone(message.customer_wa_id)} →{' '}
                {displayPhone(message.display_phone || message.phone_number_id)} ·{' '}
                <time dateTime={message.at}>{timeFormat.format(new Date(message.at))}</time>
              </span>
              <span>{message.body}</span>
            </li>
          ))}
        </ol>
      </details>
      {outcome ? <p role="status">{outcome}</p> : null}
    </Notice>
  );
}

const Notice = styled.section`
  padding: ${t.space2} ${t.space3};
  border-radius: ${t.radiusMd};
  background: ${t.colorWarningSoft};
  color: ${t.colorText};
  font-size: ${t.fontSizeSm};
  summary {
    cursor: pointer;
  }
  summary:focus-visible,
  a:focus-visible {
    outline: 2px solid ${t.colorFocus};
    outline-offset: 2px;
  }
  a {
    color: ${t.colorPrimary};
  }
  h3 {
    margin: ${t.space2} 0 ${t.space1};
    font-size: ${t.fontSizeSm};
  }
  ul,
  ol {
    margin: 0 0 ${t.space2};
    padding-left: ${t.space4};
  }
  ol {
    max-height: 16rem;
    overflow-y: auto;
  }
  ol:focus-visible {
    outline: 2px solid ${t.colorFocus};
    outline-offset: 2px;
  }
  li {
    margin-bottom: ${t.space1};
    overflow-wrap: anywhere;
  }
  .who {
    display: block;
    color: ${t.colorTextMuted};
  }
  p {
    margin: ${t.space1} 0 0;
  }
`;
