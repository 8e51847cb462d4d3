import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type BotRule, type BotSettings, canWrite, toPermissionMap } from '@staff/console-contract';
import { Button } from '@staff/console-ui';
import { useConsoleContext } from '../../routes/consoleContext.js';
import { useServices } from '../../services.js';
import { Muted, RoutePage } from '../PageLayout.js';
import type { PageProps } from '../types.js';
import { ApiError } from '../../api/apiError.js';
import { type BotAnswer, type BotNumber, createBotsApi } from './botsApi.js';
import { useTextsOf } from '../../i18n.js';
import { BOTS_TEXTS } from './texts.js';
import { Alert, Body } from './botParts.js';
import { BotRuleForm, EMPTY_RULE, type RuleDraft } from './BotRuleForm.js';
import { BotAnswers, BotRulesTable } from './BotRulesTable.js';
import { BotSettingsForm } from './BotSettingsForm.js';
import { BotTester } from './BotTester.js';

interface Loaded {
  registryId: number;
  rules: BotRule[];
  settings: BotSettings;
  answers: BotAnswer[];
}

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

  const [numbers, setNumbers] = useState<BotNumber[] | null>(null);
  const [numbersError, setNumbersError] = useState<string | null>(null);
  const [registryId, setRegistryId] = useState<number | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [editing, setEditing] = useState<RuleDraft | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    bots.numbers().then(
      (rows) => {
        setNumbers(rows);
        if (rows[0]) setRegistryId((current) => current ?? rows[0]!.id);
      },
      (error: unknown) => setNumbersError(messageOf(error)),
    );
  }, [bots]);

  // The latest load asked for: an earlier one answering after it (the first number's rules arriving after the
  // person chose another) is dropped, or it would stand as the shown number's and the page would wait for ever.
  const latestLoad = useRef(0);
  const load = useCallback(
    async (id: number) => {
      const asked = ++latestLoad.current;
      try {
        const [{ rules, settings }, answers] = await Promise.all([bots.rules(id), bots.answers(id)]);
        if (asked !== latestLoad.current) return;
        setLoaded({ registryId: id, rules, settings, answers });
        setLoadError(null);
      } catch (error) {
        if (asked === latestLoad.current) setLoadError(messageOf(error));
      }
    },
    [bots],
  );

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- state is set when the request answers, not synchronously
    if (registryId !== null) void load(registryId);
  }, [registryId, load]);

  const current = loaded?.registryId === registryId ? loaded : null;

  const removeRule = async (rule: BotRule) => {
    if (registryId === null || !window.confirm(words.confirmDelete(rule.name))) return;
    setBusy(true);
    try {
      await bots.deleteRule(rule.id);
      setNotice(words.deleted);
      await load(registryId);
    } catch (error) {
      setNotice(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  /** After a form saved: say so and load the number again. */
  const saved = (message: string) => {
    setNotice(message);
    if (registryId !== null) void load(registryId);
  };

  return (
    <RoutePage route={route}>
      {numbersError ? (
        <Alert role="alert">{texts.numbersNotLoaded(numbersError)}</Alert>
      ) : numbers === null ? (
        <Muted role="status">{texts.loadingNumbers}</Muted>
      ) : numbers.length === 0 ? (
        <Muted role="status">{words.noNumbers}</Muted>
      ) : (
        <Body>
          <label className="row">
            <span>{words.number}</span>
            <select value={registryId ?? ''} onChange={(event) => setRegistryId(Number(event.target.value))}>
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
              {words.notLoaded(loadError)}{' '}
              <Button type="button" onClick={() => registryId !== null && void load(registryId)}>
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
