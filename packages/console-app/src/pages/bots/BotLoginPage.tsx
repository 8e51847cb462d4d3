import { useCallback, useEffect, useMemo, useState } from 'react';
import { styled } from 'styled-components';
import {
  BOT_LOGIN_CHANGED_ENTITY,
  type BotLogin,
  botsEndpoints,
  canWrite,
  toPermissionMap,
} from '@staff/console-contract';
import { BotLoginPanel, type BotLoginAdapter, t } from '@staff/console-ui';
import { useConsoleContext } from '../../routes/consoleContext.js';
import { useServices } from '../../services.js';
import { Muted, RoutePage } from '../PageLayout.js';
import { useOpenItemChanges } from '../resources/useResourceChanges.js';
import type { PageProps } from '../types.js';
import { SelectField } from '../common/FormField.js';
import { pageControlCss, fieldsCss } from '../common/styles.js';
import { ApiError } from '../../api/apiError.js';
import { createBotsApi } from './botsApi.js';
import { useEndpoint } from '../useEndpoint.js';
import { useTextsOf } from '../../i18n.js';
import { BOTS_TEXTS } from './texts.js';

const messageOf = (error: unknown) => ApiError.from(error).message;

/**
 * Bot Login (`/crm/bot-login/`): connect a WA Registries number as a bot through the Cloud API registration
 * (a code by SMS or voice, then the two-step PIN, both in the OTP boxes), disconnect and connect again. The
 * status follows the server's push on every open tab.
 */
export default function BotLoginPage({ route }: PageProps) {
  const { api } = useServices();
  const texts = useTextsOf(BOTS_TEXTS);
  const words = texts.login;
  const { socket, permissions } = useConsoleContext();
  const bots = useMemo(() => createBotsApi(api), [api]);
  const writable = canWrite(toPermissionMap(permissions), 'ad_daily_tracker');

  const numbersLoad = useEndpoint(botsEndpoints.numbers, {});
  const numbers = numbersLoad.data?.data ?? null;
  const numbersError = numbersLoad.error ? numbersLoad.error.message : null;
  const reloadNumbers = numbersLoad.reload;
  const [chosenId, setRegistryId] = useState<number | null>(null);
  // The first number until one is chosen.
  const registryId = chosenId ?? numbers?.[0]?.id ?? null;
  const [login, setLogin] = useState<BotLogin | null>(null);
  const [loginError, setLoginError] = useState<string | null>(null);

  const loadLogin = useCallback(
    async (id: number) => {
      try {
        const next = await bots.login(id);
        // Keep the newest: a push may overtake the call that caused it.
        setLogin((current) =>
          current && current.registry_id === id && current.version > next.version ? current : next,
        );
        setLoginError(null);
      } catch (error) {
        setLoginError(messageOf(error));
      }
    },
    [bots],
  );

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- state is set when the request answers, not synchronously
    if (registryId !== null) void loadLogin(registryId);
  }, [registryId, loadLogin]);

  // Live: a change made in any tab, on any node, reaches this one.
  useOpenItemChanges(socket, BOT_LOGIN_CHANGED_ENTITY, registryId, (id) => void loadLogin(id), reloadNumbers);

  const adapter = useMemo<BotLoginAdapter | null>(() => {
    if (registryId === null) return null;
    // Every step answers the number's new state.
    const shown = (next: BotLogin) => {
      setLogin(next);
      return next;
    };
    return {
      requestCode: async (method) => shown(await bots.requestCode(registryId, method)),
      verifyCode: async (code) => shown(await bots.verifyCode(registryId, code)),
      register: async (pin) => shown(await bots.register(registryId, pin)),
      disconnect: async () => shown(await bots.disconnect(registryId)),
    };
  }, [bots, registryId]);

  const selected = numbers?.find((number) => number.id === registryId) ?? null;
  const current = login && login.registry_id === registryId ? login : null;

  return (
    <RoutePage route={route} description={words.description}>
      {numbersError ? (
        <Alert role="alert">{texts.numbersNotLoaded(numbersError)}</Alert>
      ) : numbers === null ? (
        <Muted role="status">{texts.loadingNumbers}</Muted>
      ) : numbers.length === 0 ? (
        <Muted>{words.noNumbers}</Muted>
      ) : (
        <Layout>
          <Picker>
            <SelectField
              id="bot-login-number"
              label={words.number}
              value={registryId === null ? '' : String(registryId)}
              onValueChange={(value) => setRegistryId(Number(value))}
              options={numbers.map((number) => ({
                value: String(number.id),
                label: `${number.name} · ${number.phone} — ${words.statuses[number.bot_status]}`,
              }))}
            />
          </Picker>
          {loginError ? (
            <Alert role="alert">{words.statusNotLoaded(loginError)}</Alert>
          ) : current && adapter && selected ? (
            <BotLoginPanel
              key={current.registry_id}
              title={`${selected.name} · ${selected.phone}`}
              login={current}
              adapter={adapter}
              readOnly={!writable}
            />
          ) : (
            <Muted role="status">{words.loadingStatus}</Muted>
          )}
          {!writable ? <Muted>{words.readOnly}</Muted> : null}
        </Layout>
      )}
    </RoutePage>
  );
}

const Layout = styled.div`
  display: grid;
  gap: ${t.space4};
  max-width: 40rem;
`;
const Picker = styled.div`
  ${fieldsCss}
  select {
    ${pageControlCss}
  }
`;
const Alert = styled.div`
  padding: ${t.space3};
  border-radius: ${t.radiusMd};
  background: ${t.colorDangerSoft};
  color: ${t.colorDanger};
`;
