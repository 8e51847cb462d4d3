import { useEffect, useId, useMemo, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { styled } from 'styled-components';
import { t } from '../../theme/tokens.js';
import { useThemeCheck } from '../../theme/ThemeProvider.js';
import { Button } from '../../primitives/Button.js';
import { useMessages } from '../../theme/messages.js';
import { OtpInput } from '../OtpInput/OtpInput.js';
import {
  type BotCodeMethodValue,
  type BotLoginAdapter,
  type BotLoginContext,
  type BotLoginEvent,
  type BotLoginSnapshot,
  type BotLoginStateValue,
  botLoginMachineFor,
} from '../../machines/botLogin.machine.js';
import { panelCss, rowCss } from '../../primitives/css.js';
import { BOT_LOGIN_MESSAGES, type BotLoginMessages } from './messages.js';
export { BOT_LOGIN_MESSAGES, type BotLoginMessages } from './messages.js';

export interface BotLoginPanelProps {
  /** The number's state from the server; a newer version (another tab) moves the flow. */
  login: BotLoginSnapshot;
  /** The registration calls. */
  adapter: BotLoginAdapter;
  /** The number's name and phone, as a heading. */
  title: string;
  /** Only reading: the state shows, the actions do not. */
  readOnly?: boolean;
  className?: string;
  /** Replaces visible strings (see BotLoginMessages). */
  messages?: Partial<BotLoginMessages>;
}

const Root = styled.section`
  display: grid;
  gap: ${t.space3};
  max-width: 34rem;
  padding: ${t.space4};
  ${panelCss}
`;
const Header = styled.div`
  ${rowCss}
  justify-content: space-between;
  h3 {
    margin: 0;
    font-size: ${t.fontSizeLg};
  }
`;
const Badge = styled.span`
  padding: ${t.space1} ${t.space2};
  border-radius: ${t.radiusSm};
  font-size: ${t.fontSizeSm};
  font-weight: 600;
  background: ${t.colorInfoSoft};
  &[data-status='connected'] {
    background: ${t.colorSuccessSoft};
  }
  &[data-status='failed'] {
    background: ${t.colorDangerSoft};
  }
  &[data-status='disconnected'] {
    background: ${t.colorBg};
  }
`;
const Text = styled.p`
  margin: 0;
  font-size: ${t.fontSizeMd};
  &[data-muted] {
    color: ${t.colorTextMuted};
    font-size: ${t.fontSizeSm};
  }
`;
const Alert = styled.p`
  margin: 0;
  padding: ${t.space2} ${t.space3};
  border-radius: ${t.radiusSm};
  color: ${t.colorText};
  background: ${t.colorDangerSoft};
  border-inline-start: 3px solid ${t.colorDanger};
`;
const Actions = styled.div`
  ${rowCss}
`;
const Methods = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: ${t.space3};
  margin: 0;
  padding: 0;
  border: 0;
  legend {
    padding: 0;
    margin-bottom: ${t.space1};
    font-size: ${t.fontSizeSm};
    font-weight: 600;
  }
  label {
    display: inline-flex;
    gap: ${t.space1};
    align-items: center;
  }
`;

export interface BotLoginBodyProps {
  state: BotLoginStateValue;
  context: BotLoginContext;
  send: (event: BotLoginEvent) => void;
  title: string;
  readOnly?: boolean;
  className?: string;
  messages?: Partial<BotLoginMessages>;
}

/** One state of the flow, drawn (the panel runs the machine; stories draw every state from here). */
export function BotLoginBody({
  state,
  context,
  send,
  title,
  readOnly = false,
  className,
  messages,
}: BotLoginBodyProps) {
  const m = useMessages('botLogin', BOT_LOGIN_MESSAGES, messages);
  const headingId = useId();
  const [method, setMethod] = useState<BotCodeMethodValue>(context.login.code_method ?? 'SMS');
  const { login, error } = context;
  const busy = state in m.busy;
  // The code and PIN steps' way back out.
  const cancel = (
    <Button kind="ghost" disabled={busy} onClick={() => send({ type: 'DISCONNECT' })}>
      {m.cancel}
    </Button>
  );
  const fieldError = error?.field ? error.message : undefined;
  const otherError = error && !error.field ? error.message : null;
  const codeStep = state === 'enteringCode' || state === 'verifyingCode';
  const pinStep = state === 'enteringPin' || state === 'registering';
  const canStart = state === 'disconnected' || state === 'failed' || state === 'requestingCode';

  return (
    <Root
      aria-labelledby={headingId}
      aria-busy={busy || undefined}
      className={['cui-bot-login', className].filter(Boolean).join(' ')}
      data-state={state}
    >
      <Header>
        <h3 id={headingId}>{title}</h3>
        <Badge role="status" data-status={login.status} aria-label={m.statusLabel(m.status[login.status])}>
          {m.status[login.status]}
        </Badge>
      </Header>

      {state === 'failed' && login.last_error ? <Alert role="alert">{login.last_error}</Alert> : null}
      {otherError ? <Alert role="alert">{otherError}</Alert> : null}

      {canStart ? (
        <>
          <Text data-muted="">{m.intro}</Text>
          {readOnly ? null : (
            <>
              <Methods disabled={busy}>
                <legend>{m.sendCodeBy}</legend>
                {(Object.keys(m.method) as BotCodeMethodValue[]).map((value) => (
                  <label key={value}>
                    <input
                      type="radio"
                      name={`${headingId}-method`}
                      value={value}
                      checked={method === value}
                      onChange={() => setMethod(value)}
                    />
                    {m.method[value]}
                  </label>
                ))}
              </Methods>
              <Actions>
                <Button kind="primary" disabled={busy} onClick={() => send({ type: 'REQUEST_CODE', method })}>
                  {state === 'failed' ? m.reconnect : m.requestCode}
                </Button>
              </Actions>
            </>
          )}
        </>
      ) : null}

      {codeStep ? (
        <>
          <Text>{m.codeSent(m.methodInSentence[login.code_method ?? 'SMS'])}</Text>
          <OtpInput
            // A refused code empties the boxes for the next one.
            key={`code-${context.refusals}`}
            label={m.codeLabel}
            disabled={readOnly || state === 'verifyingCode'}
            invalid={error?.field === 'code'}
            {...(fieldError && error?.field === 'code' ? { description: fieldError } : {})}
            onValueChange={(code) => send({ type: 'CODE', code })}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the step's only task is this code: focus follows the flow
            autoFocus={!readOnly}
          />
          {readOnly ? null : (
            <Actions>
              <Button
                kind="ghost"
                disabled={busy}
                onClick={() => send({ type: 'REQUEST_CODE', method: login.code_method ?? 'SMS' })}
              >
                {m.resendCode}
              </Button>
              {cancel}
            </Actions>
          )}
        </>
      ) : null}

      {pinStep ? (
        <>
          <Text>{m.codeAccepted}</Text>
          <OtpInput
            key={`pin-${context.refusals}`}
            label={m.pinLabel}
            disabled={readOnly || state === 'registering'}
            invalid={error?.field === 'pin'}
            description={fieldError && error?.field === 'pin' ? fieldError : m.pinNote}
            onValueChange={(pin) => send({ type: 'PIN', pin })}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the step's only task is this code: focus follows the flow
            autoFocus={!readOnly}
          />
          {readOnly ? null : <Actions>{cancel}</Actions>}
        </>
      ) : null}

      {state === 'connected' || state === 'disconnecting' ? (
        <>
          <Text>{m.connected}</Text>
          {readOnly ? null : (
            <Actions>
              <Button kind="danger" disabled={busy} onClick={() => send({ type: 'DISCONNECT' })}>
                {m.disconnect}
              </Button>
            </Actions>
          )}
        </>
      ) : null}

      {busy ? <Text data-muted="">{m.busy[state as keyof BotLoginMessages['busy']]}</Text> : null}
    </Root>
  );
}

/**
 * Connects a WhatsApp number as a bot (botLoginMachine): ask for a code by SMS or voice, enter it in the OTP
 * boxes, then the two-step PIN, and the number is connected; disconnect and connect again. A newer `login`
 * (pushed from another tab) moves the flow whenever no call is running.
 *
 * @example
 * ```tsx
 * <BotLoginPanel title="CS Bot · 0811…" login={login} adapter={{ requestCode, verifyCode, register, disconnect }} />
 * ```
 */
export function BotLoginPanel({ login, adapter, title, readOnly, className, messages }: BotLoginPanelProps) {
  useThemeCheck('BotLoginPanel');
  const machine = useMemo(() => botLoginMachineFor(adapter), [adapter]);
  const actor = useActorRef(machine, { input: { login } });
  const state = useSelector(actor, (snapshot) => snapshot.value as BotLoginStateValue);
  const context = useSelector(actor, (snapshot) => snapshot.context);
  useEffect(() => {
    actor.send({ type: 'SYNC', login });
  }, [actor, login]);
  return (
    <BotLoginBody
      state={state}
      context={context}
      send={actor.send}
      title={title}
      {...(readOnly ? { readOnly } : {})}
      {...(className ? { className } : {})}
      {...(messages ? { messages } : {})}
    />
  );
}
