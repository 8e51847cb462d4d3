import type { BotRule } from '@staff/console-contract';
import { Button } from '@staff/console-ui';
import { TableHead } from '../common/TableHead.js';
import { Muted } from '../PageLayout.js';
import type { BotAnswer } from './botsApi.js';
import { Panel, type BotsTexts } from './botParts.js';

const timeFormat = new Intl.DateTimeFormat('id-ID', {
  timeZone: 'Asia/Jakarta',
  dateStyle: 'short',
  timeStyle: 'short',
});

/** The number's rules in priority order, with Add, Edit and Delete for writers. */
export function BotRulesTable({
  rules,
  words,
  writable,
  busy,
  onAdd,
  onEdit,
  onRemove,
}: {
  rules: readonly BotRule[];
  words: BotsTexts['rules'];
  writable: boolean;
  /** A removal is under way. */
  busy: boolean;
  onAdd: () => void;
  onEdit: (rule: BotRule) => void;
  onRemove: (rule: BotRule) => void;
}) {
  return (
    <Panel aria-labelledby="bot-rules">
      <header>
        <h2 id="bot-rules">{words.title}</h2>
        {writable ? (
          <Button type="button" kind="primary" onClick={onAdd}>
            {words.add}
          </Button>
        ) : null}
      </header>
      {rules.length === 0 ? (
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
              {rules.map((rule) => (
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
                      <Button type="button" onClick={() => onEdit(rule)}>
                        {words.edit}
                      </Button>
                      <Button type="button" kind="danger" disabled={busy} onClick={() => onRemove(rule)}>
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
  );
}

/** The latest answers the bot gave on the number, with the rule that fired. */
export function BotAnswers({
  answers,
  texts,
  columns,
}: {
  answers: readonly BotAnswer[];
  texts: BotsTexts['answers'];
  columns: BotsTexts['rules']['answerColumns'];
}) {
  return (
    <Panel aria-labelledby="bot-answers">
      <h2 id="bot-answers">{texts.title}</h2>
      {answers.length === 0 ? (
        <Muted>{texts.none}</Muted>
      ) : (
        <div className="scroll">
          <table>
            <TableHead
              columns={[columns.time, columns.customer, columns.message, columns.rule, columns.answer]}
            />
            <tbody>
              {answers.map((answer) => (
                <tr key={answer.id}>
                  <td>{timeFormat.format(new Date(answer.at))}</td>
                  <td>+{answer.customer_wa_id}</td>
                  <td>{answer.inbound}</td>
                  <td>{answer.rule_name}</td>
                  <td>
                    {answer.action === 'handover' ? texts.handedOver(answer.reply ?? '') : answer.reply}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
