import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { styled } from 'styled-components';
import {
  BOT_FREQUENCIES,
  BOT_HOURS,
  BOT_MATCH_TYPES,
  type BotRule,
  type BotRuleBody,
  type BotSettings,
  canWrite,
  toPermissionMap,
} from '@staff/console-contract';
import { Button, t } from '@staff/console-ui';
import { useConsoleContext } from '../../routes/consoleContext.js';
import { useServices } from '../../services.js';
import { Muted, RoutePage } from '../PageLayout.js';
import type { PageProps } from '../types.js';
import { ApiError } from '../../api/apiError.js';
import { type BotAnswer, type BotNumber, type BotTestResult, createBotsApi } from './botsApi.js';
import { Panel as BasePanel, pageControlCss, tableCss } from '../common/styles.js';
import { TableHead } from '../common/TableHead.js';
import { useTextsOf } from '../../i18n.js';
import { BOTS_TEXTS } from './texts.js';

/** The normalisation switches of the settings, in order. */
const NORMALISATIONS = ['lowercase', 'collapse_spaces', 'strip_punctuation', 'strip_accents'] as const;
const EMPTY_RULE: BotRuleBody = {
  name: '',
  priority: 100,
  match_type: 'contains',
  pattern: '',
  action: 'reply',
  reply_text: '',
  hours: 'always',
  frequency: 'every_time',
  cooldown_minutes: 0,
  active: true,
};
const timeFormat = new Intl.DateTimeFormat('id-ID', {
  timeZone: 'Asia/Jakarta',
  dateStyle: 'short',
  timeStyle: 'short',
});

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
 * the log of answers with the rule that fired.
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
  const [editing, setEditing] = useState<{ id: number | null; body: BotRuleBody } | null>(null);
  const [formErrors, setFormErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [settingsDraft, setSettingsDraft] = useState<BotSettings | null>(null);
  const [tester, setTester] = useState({ text: '', name: '', at: '' });
  const [testResult, setTestResult] = useState<BotTestResult | null>(null);

  useEffect(() => {
    bots.numbers().then(
      (rows) => {
        setNumbers(rows);
        if (rows[0]) setRegistryId((current) => current ?? rows[0]!.id);
      },
      (error: unknown) => setNumbersError(messageOf(error)),
    );
  }, [bots]);

  const load = useCallback(
    async (id: number) => {
      try {
        const [{ rules, settings }, answers] = await Promise.all([bots.rules(id), bots.answers(id)]);
        setLoaded({ registryId: id, rules, settings, answers });
        setSettingsDraft(settings);
        setLoadError(null);
      } catch (error) {
        setLoadError(messageOf(error));
      }
    },
    [bots],
  );

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- state is set when the request answers, not synchronously
    if (registryId !== null) void load(registryId);
  }, [registryId, load]);

  const current = loaded?.registryId === registryId ? loaded : null;

  const saveRule = async (event: FormEvent) => {
    event.preventDefault();
    if (!editing || registryId === null) return;
    setBusy(true);
    setFormErrors({});
    try {
      if (editing.id === null) await bots.createRule(registryId, editing.body);
      else await bots.updateRule(editing.id, editing.body);
      setEditing(null);
      setNotice(words.saved);
      await load(registryId);
    } catch (error) {
      const fields = ApiError.from(error).fields ?? {};
      const next: Record<string, string> = {};
      for (const [field, messages] of Object.entries(fields)) next[field] = messages[0] ?? '';
      if (Object.keys(next).length === 0) next.form = messageOf(error);
      setFormErrors(next);
    } finally {
      setBusy(false);
    }
  };

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

  const saveSettings = async (event: FormEvent) => {
    event.preventDefault();
    if (registryId === null || !settingsDraft) return;
    setBusy(true);
    try {
      await bots.saveSettings(registryId, settingsDraft);
      setNotice(words.settingsSaved);
      await load(registryId);
    } catch (error) {
      setNotice(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const runTest = async (event: FormEvent) => {
    event.preventDefault();
    if (registryId === null) return;
    try {
      setTestResult(
        await bots.test(registryId, {
          text: tester.text,
          ...(tester.name ? { name: tester.name } : {}),
          // The picker's local time is read as Jakarta time (UTC+7, no daylight saving).
          ...(tester.at ? { at: `${tester.at}:00+07:00` } : {}),
        }),
      );
    } catch (error) {
      setNotice(messageOf(error));
    }
  };

  const field = <K extends keyof BotRuleBody>(key: K, value: BotRuleBody[K]) =>
    setEditing((draft) => (draft ? { ...draft, body: { ...draft.body, [key]: value } } : draft));
  const error = (key: string) => formErrors[key] ?? formErrors[`body.${key}`];

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
          ) : !current || !settingsDraft ? (
            <Muted role="status">{words.loading}</Muted>
          ) : (
            <>
              <Panel aria-labelledby="bot-rules">
                <header>
                  <h2 id="bot-rules">{words.title}</h2>
                  {writable ? (
                    <Button
                      type="button"
                      kind="primary"
                      onClick={() => setEditing({ id: null, body: EMPTY_RULE })}
                    >
                      {words.add}
                    </Button>
                  ) : null}
                </header>
                {current.rules.length === 0 ? (
                  <Muted>{words.none}</Muted>
                ) : (
                  <div className="scroll">
                    <table>
                      <thead>
                        <tr>
                          <th scope="col">{words.priority}</th>
                          <th scope="col">{words.name}</th>
                          <th scope="col">{words.matchWhen}</th>
                          <th scope="col">{words.action}</th>
                          <th scope="col">{words.time}</th>
                          <th scope="col">{words.frequencyHeading}</th>
                          <th scope="col">{words.active}</th>
                          {writable ? <th scope="col">{words.edit}</th> : null}
                        </tr>
                      </thead>
                      <tbody>
                        {current.rules.map((rule) => (
                          <tr key={rule.id}>
                            <td>{rule.priority}</td>
                            <td>{rule.name}</td>
                            <td>
                              {words.match[rule.match_type]}
                              {rule.pattern ? <code> {rule.pattern}</code> : null}
                            </td>
                            <td>{rule.action === 'handover' ? words.handover : rule.reply_text}</td>
                            <td>{words.hours[rule.hours]}</td>
                            <td>
                              {words.frequency[rule.frequency]}
                              {rule.cooldown_minutes ? words.cooldown(rule.cooldown_minutes) : ''}
                            </td>
                            <td>{rule.active ? words.yes : words.no}</td>
                            {writable ? (
                              <td className="actions">
                                <Button
                                  type="button"
                                  onClick={() => {
                                    const { id, ...body } = rule;
                                    setEditing({ id, body: { ...EMPTY_RULE, ...body } });
                                  }}
                                >
                                  {words.edit}
                                </Button>
                                <Button
                                  type="button"
                                  kind="danger"
                                  disabled={busy}
                                  onClick={() => void removeRule(rule)}
                                >
                                  {words.delete}
                                </Button>
                              </td>
                            ) : null}
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
              </Panel>

              {editing ? (
                <Panel aria-labelledby="bot-rule-form">
                  <h2 id="bot-rule-form">{editing.id === null ? words.newRule : words.editRule}</h2>
                  <form className="grid" onSubmit={(event) => void saveRule(event)} noValidate>
                    <label>
                      <span>{words.name}</span>
                      <input
                        value={editing.body.name}
                        onChange={(event) => field('name', event.target.value)}
                        aria-invalid={Boolean(error('name'))}
                      />
                      {error('name') ? <small role="alert">{error('name')}</small> : null}
                    </label>
                    <label>
                      <span>{words.priorityHint}</span>
                      <input
                        type="number"
                        min={0}
                        value={editing.body.priority}
                        onChange={(event) => field('priority', Number(event.target.value))}
                      />
                    </label>
                    <label>
                      <span>{words.matchWhen}</span>
                      <select
                        value={editing.body.match_type}
                        onChange={(event) =>
                          field('match_type', event.target.value as BotRuleBody['match_type'])
                        }
                      >
                        {BOT_MATCH_TYPES.map((type) => (
                          <option key={type} value={type}>
                            {words.match[type]}
                          </option>
                        ))}
                      </select>
                    </label>
                    <label>
                      <span>{words.pattern}</span>
                      <input
                        value={editing.body.pattern}
                        disabled={editing.body.match_type === 'any'}
                        onChange={(event) => field('pattern', event.target.value)}
                        aria-invalid={Boolean(error('pattern'))}
                      />
                      {error('pattern') ? <small role="alert">{error('pattern')}</small> : null}
                    </label>
                    <label>
                      <span>{words.action}</span>
                      <select
                        value={editing.body.action}
                        onChange={(event) => field('action', event.target.value as BotRuleBody['action'])}
                      >
                        <option value="reply">{words.reply}</option>
                        <option value="handover">{words.handover}</option>
                      </select>
                    </label>
                    <label className="wide">
                      <span>
                        {words.replyText} ({'{name}'}, {'{order}'}, {'{resi}'})
                      </span>
                      <textarea
                        rows={3}
                        value={editing.body.reply_text}
                        onChange={(event) => field('reply_text', event.target.value)}
                        aria-invalid={Boolean(error('reply_text'))}
                      />
                      {error('reply_text') ? <small role="alert">{error('reply_text')}</small> : null}
                    </label>
                    <label>
                      <span>{words.time}</span>
                      <select
                        value={editing.body.hours}
                        onChange={(event) => field('hours', event.target.value as BotRuleBody['hours'])}
                      >
                        {BOT_HOURS.map((value) => (
                          <option key={value} value={value}>
                            {words.hours[value]}
                          </option>
                        ))}
                      </select>
                    </label>
                    <label>
                      <span>{words.frequencyHeading}</span>
                      <select
                        value={editing.body.frequency}
                        onChange={(event) =>
                          field('frequency', event.target.value as BotRuleBody['frequency'])
                        }
                      >
                        {BOT_FREQUENCIES.map((value) => (
                          <option key={value} value={value}>
                            {words.frequency[value]}
                          </option>
                        ))}
                      </select>
                    </label>
                    <label>
                      <span>{words.cooldownMinutes}</span>
                      <input
                        type="number"
                        min={0}
                        value={editing.body.cooldown_minutes}
                        onChange={(event) => field('cooldown_minutes', Number(event.target.value))}
                      />
                    </label>
                    <label className="check">
                      <input
                        type="checkbox"
                        checked={editing.body.active}
                        onChange={(event) => field('active', event.target.checked)}
                      />
                      <span>{words.active}</span>
                    </label>
                    {error('form') ? (
                      <p role="alert" className="wide">
                        {error('form')}
                      </p>
                    ) : null}
                    <div className="wide buttons">
                      <Button type="submit" kind="primary" disabled={busy}>
                        {words.saveRule}
                      </Button>
                      <Button type="button" onClick={() => setEditing(null)}>
                        {words.cancel}
                      </Button>
                    </div>
                  </form>
                </Panel>
              ) : null}

              <Panel aria-labelledby="bot-tester">
                <h2 id="bot-tester">{texts.tester.title}</h2>
                <form className="grid" onSubmit={(event) => void runTest(event)}>
                  <label className="wide">
                    <span>{texts.tester.message}</span>
                    <input
                      value={tester.text}
                      onChange={(event) => setTester({ ...tester, text: event.target.value })}
                    />
                  </label>
                  <label>
                    <span>{texts.tester.name}</span>
                    <input
                      value={tester.name}
                      onChange={(event) => setTester({ ...tester, name: event.target.value })}
                    />
                  </label>
                  <label>
                    <span>{texts.tester.at}</span>
                    <input
                      type="datetime-local"
                      value={tester.at}
                      onChange={(event) => setTester({ ...tester, at: event.target.value })}
                    />
                  </label>
                  <div className="wide buttons">
                    <Button type="submit">{texts.tester.run}</Button>
                  </div>
                </form>
                {testResult ? (
                  <output className="result" aria-live="polite">
                    <p>
                      {texts.tester.normalised} <code>{testResult.normalised}</code> ·{' '}
                      {testResult.within_business_hours ? texts.tester.inHours : texts.tester.outOfHours}
                    </p>
                    {testResult.rule ? (
                      <>
                        <p>
                          {texts.tester.rule} <strong>{testResult.rule.name}</strong>:{' '}
                          {testResult.action === 'handover' ? texts.tester.handedOver : texts.tester.replies}
                          {testResult.reply ? ` "${testResult.reply}"` : ''}
                        </p>
                        {testResult.keyword ? <p>{texts.tester.keyword(testResult.keyword)}</p> : null}
                      </>
                    ) : (
                      <p>{texts.tester.noRule}</p>
                    )}
                  </output>
                ) : null}
              </Panel>

              <Panel aria-labelledby="bot-settings">
                <h2 id="bot-settings">{texts.settings.title}</h2>
                <form className="grid" onSubmit={(event) => void saveSettings(event)}>
                  <label className="check">
                    <input
                      type="checkbox"
                      checked={settingsDraft.enabled}
                      disabled={!writable}
                      onChange={(event) =>
                        setSettingsDraft({ ...settingsDraft, enabled: event.target.checked })
                      }
                    />
                    <span>{texts.settings.enabled}</span>
                  </label>
                  <fieldset className="wide">
                    <legend>{texts.settings.days}</legend>
                    {words.days.map((label, index) => (
                      <label key={label} className="check">
                        <input
                          type="checkbox"
                          disabled={!writable}
                          checked={settingsDraft.business_days.includes(index + 1)}
                          onChange={(event) =>
                            setSettingsDraft({
                              ...settingsDraft,
                              business_days: event.target.checked
                                ? [...settingsDraft.business_days, index + 1]
                                : settingsDraft.business_days.filter((day) => day !== index + 1),
                            })
                          }
                        />
                        <span>{label}</span>
                      </label>
                    ))}
                  </fieldset>
                  <label>
                    <span>{texts.settings.opens}</span>
                    <input
                      type="time"
                      disabled={!writable}
                      value={settingsDraft.opens_at}
                      onChange={(event) =>
                        setSettingsDraft({ ...settingsDraft, opens_at: event.target.value })
                      }
                    />
                  </label>
                  <label>
                    <span>{texts.settings.closes}</span>
                    <input
                      type="time"
                      disabled={!writable}
                      value={settingsDraft.closes_at}
                      onChange={(event) =>
                        setSettingsDraft({ ...settingsDraft, closes_at: event.target.value })
                      }
                    />
                  </label>
                  {NORMALISATIONS.map((key) => (
                    <label key={key} className="check">
                      <input
                        type="checkbox"
                        disabled={!writable}
                        checked={settingsDraft[key]}
                        onChange={(event) =>
                          setSettingsDraft({ ...settingsDraft, [key]: event.target.checked })
                        }
                      />
                      <span>{texts.settings[key]}</span>
                    </label>
                  ))}
                  {writable ? (
                    <div className="wide buttons">
                      <Button type="submit" disabled={busy}>
                        {texts.settings.save}
                      </Button>
                    </div>
                  ) : null}
                </form>
              </Panel>

              <Panel aria-labelledby="bot-answers">
                <h2 id="bot-answers">{texts.answers.title}</h2>
                {current.answers.length === 0 ? (
                  <Muted>{texts.answers.none}</Muted>
                ) : (
                  <div className="scroll">
                    <table>
                      <TableHead
                        columns={[
                          words.answerColumns.time,
                          words.answerColumns.customer,
                          words.answerColumns.message,
                          words.answerColumns.rule,
                          words.answerColumns.answer,
                        ]}
                      />
                      <tbody>
                        {current.answers.map((answer) => (
                          <tr key={answer.id}>
                            <td>{timeFormat.format(new Date(answer.at))}</td>
                            <td>+{answer.customer_wa_id}</td>
                            <td>{answer.inbound}</td>
                            <td>{answer.rule_name}</td>
                            <td>
                              {answer.action === 'handover'
                                ? texts.answers.handedOver(answer.reply ?? '')
                                : answer.reply}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
              </Panel>
            </>
          )}
        </Body>
      )}
    </RoutePage>
  );
}

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${t.space4};
  .row {
    display: flex;
    flex-direction: column;
    gap: ${t.space1};
    max-width: 32rem;
  }
  select,
  input,
  textarea {
    ${pageControlCss}
  }
  .notice {
    margin: 0;
    color: ${t.colorSuccess};
  }
`;

const Panel = styled(BasePanel)`
  header {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: ${t.space2};
  }
  .scroll {
    overflow-x: auto;
  }
  table {
    ${tableCss}
  }
  th,
  td {
    vertical-align: top;
  }
  .actions {
    display: flex;
    gap: ${t.space1};
  }
  .grid {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
    gap: ${t.space3};
    align-items: end;
  }
  .grid label {
    display: flex;
    flex-direction: column;
    gap: ${t.space1};
    font-size: ${t.fontSizeSm};
  }
  .grid label.check {
    flex-direction: row;
    align-items: center;
  }
  .wide {
    grid-column: 1 / -1;
  }
  fieldset {
    display: flex;
    flex-wrap: wrap;
    gap: ${t.space3};
    border: 1px solid ${t.colorBorder};
    border-radius: ${t.radiusSm};
  }
  small[role='alert'],
  p[role='alert'] {
    color: ${t.colorDanger};
  }
  .buttons {
    display: flex;
    gap: ${t.space2};
  }
  .result p {
    margin: 0 0 ${t.space1};
  }
`;

const Alert = styled.div`
  padding: ${t.space3};
  border-radius: ${t.radiusMd};
  background: ${t.colorDangerSoft};
  color: ${t.colorDanger};
`;
