import { useMemo, useState } from 'react';
import {
  type BotRule,
  type EndpointResponse,
  botsEndpoints,
  canWrite,
  toPermissionMap,
} from '@staff/console-contract';
import { Button } from '@staff/console-ui';
import { useConsoleContext } from '../../routes/consoleContext.js';
import { useServices } from '../../services.js';
import { Muted, RoutePage } from '../PageLayout.js';
import type { PageProps } from '../types.js';
import { useEndpoint } from '../useEndpoint.js';
import { ApiError } from '../../api/apiError.js';
import { createBotsApi } from './botsApi.js';
import { useTextsOf } from '../../i18n.js';
import { BOTS_TEXTS } from './texts.js';
import { Alert, Body } from './botParts.js';
import { BotRuleForm, EMPTY_RULE, type RuleDraft } from './BotRuleForm.js';
import { BotAnswers, BotRulesTable } from './BotRulesTable.js';
import { BotSettingsForm } from './BotSettingsForm.js';
import { BotTester } from './BotTester.js';

type RulesAnswer = EndpointResponse<typeof botsEndpoints.rules>;

const messageOf = (error: unknown) => ApiError.from(error).message;

/**
 * Bot Auto Response (`/crm/bot-auto-response/`): per WA Registries number, the rules tried in priority order
 * (first match wins), business hours in Asia/Jakarta and normalisation, a "what would the bot say" tester and
 * the log of answers with the rule that fired. The forms are BotRuleForm, BotSettingsForm and BotTester.
 */
export default function BotAutoResponsePage({ route }: PageProps) {
  const { api } = useServices();
  const texts = useTextsOf(BOTS_TEXTS);
  const words = texts.rules;
  const { permissions } = useConsoleContext();
  const bots = useMemo(() => createBotsApi(api), [api]);
  const writable = canWrite(toPermissionMap(permissions), 'ad_daily_tracker');

  const numbersLoad = useEndpoint(botsEndpoints.numbers, {});
  const numbers = numbersLoad.data?.data;
  const [chosenId, setChosenId] = useState<number | null>(null);
  const registryId = chosenId ?? numbers?.[0]?.id ?? null;
  // useEndpoint drops an answer for a number no longer chosen, so a late one never stands as the shown number's.
  const number = { params: { registry_id: registryId ?? 0 } };
  const rules = useEndpoint(botsEndpoints.rules, number, { enabled: registryId !== null });
  const answers = useEndpoint(botsEndpoints.answers, number, { enabled: registryId !== null });
  const loadError = rules.error ?? answers.error;
  const current =
    registryId !== null && rules.state.status === 'ready' && answers.state.status === 'ready'
      ? {
          registryId,
          ...rules.state.data.data,
          answers: answers.state.data.data,
        }
      : null;
  const reloadNumber = () => {
    rules.reload();
    answers.reload();
  };

  const [editing, setEditing] = useState<RuleDraft | null>(null);
  const [deleting, setDeleting] = useState(false);
  // The rules shown when a delete went through: their buttons stay off until the list without it answers.
  const [deletedFrom, setDeletedFrom] = useState<RulesAnswer | null>(null);
  const busy = deleting || (deletedFrom !== null && rules.data === deletedFrom && !rules.error);
  const [notice, setNotice] = useState<string | null>(null);

  const removeRule = async (rule: BotRule) => {
    if (registryId === null || !window.confirm(words.confirmDelete(rule.name))) return;
    setDeleting(true);
    try {
      await bots.deleteRule(rule.id);
      setNotice(words.deleted);
      setDeletedFrom(rules.data ?? null);
      reloadNumber();
    } catch (error) {
      setNotice(messageOf(error));
    } finally {
      setDeleting(false);
    }
  };

  /** After a form saved: say so and load the number again. */
  const saved = (message: string) => {
    setNotice(message);
    reloadNumber();
  };

  return (
    <RoutePage route={route}>
      {numbersLoad.error ? (
        <Alert role="alert">{texts.numbersNotLoaded(messageOf(numbersLoad.error))}</Alert>
      ) : numbers === undefined ? (
        <Muted role="status">{texts.loadingNumbers}</Muted>
      ) : numbers.length === 0 ? (
        <Muted role="status">{words.noNumbers}</Muted>
      ) : (
        <Body>
          <label className="row">
            <span>{words.number}</span>
            <select value={registryId ?? ''} onChange={(event) => setChosenId(Number(event.target.value))}>
              {numbers.map((number) => (
                <option key={number.id} value={number.id}>
                  {number.name} ({number.phone}) · {words.activeRules(number.active_rules)}
                </option>
              ))}
            </select>
          </label>
          {notice ? (
            <p role="status" className="notice">
              {notice}
            </p>
          ) : null}
          {loadError ? (
            <Alert role="alert">
              {words.notLoaded(messageOf(loadError))}{' '}
              <Button type="button" onClick={reloadNumber}>
                {words.retry}
              </Button>
            </Alert>
          ) : !current ? (
            <Muted role="status">{words.loading}</Muted>
          ) : (
            <>
              <BotRulesTable
                rules={current.rules}
                words={words}
                writable={writable}
                busy={busy}
                onAdd={() => setEditing({ id: null, body: EMPTY_RULE })}
                onEdit={({ id, ...body }) => setEditing({ id, body: { ...EMPTY_RULE, ...body } })}
                onRemove={(rule) => void removeRule(rule)}
              />
              {editing ? (
                <BotRuleForm
                  key={`${current.registryId}-${editing.id ?? 'new'}`}
                  registryId={current.registryId}
                  rule={editing}
                  words={words}
                  onSaved={() => {
                    setEditing(null);
                    saved(words.saved);
                  }}
                  onCancel={() => setEditing(null)}
                />
              ) : null}
              <BotTester key={current.registryId} registryId={current.registryId} texts={texts.tester} />
              <BotSettingsForm
                key={`settings-${current.registryId}`}
                registryId={current.registryId}
                settings={current.settings}
                writable={writable}
                texts={texts.settings}
                days={words.days}
                onSaved={() => saved(words.settingsSaved)}
              />
              <BotAnswers answers={current.answers} texts={texts.answers} columns={words.answerColumns} />
            </>
          )}
        </Body>
      )}
    </RoutePage>
  );
}
