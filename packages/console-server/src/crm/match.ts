/**
 * The bot's pure parts: normalisation, matching (regular expressions run under a time bound), business hours in
 * Asia/Jakarta, reply placeholders. No database here: the tester and the live bot share these.
 */
import vm from 'node:vm';
import type { BotMatchType, BotSettings } from '@staff/console-contract';

export const DEFAULT_BOT_SETTINGS: BotSettings = {
  enabled: true,
  business_days: [1, 2, 3, 4, 5],
  opens_at: '08:00',
  closes_at: '17:00',
  lowercase: true,
  collapse_spaces: true,
  strip_punctuation: true,
  strip_accents: true,
};

/** Messages longer than this are matched on their start only (a bound on matching work). */
export const MATCH_INPUT_MAX = 1000;
/** A regular expression gets this long per message; past it the rule counts as not matching. */
export const REGEX_TIMEOUT_MS = 25;
/**
 * The bound is wall-clock time (V8's watchdog), so a busy machine can stop a plain expression that had barely
 * started. A time-out is tried again with a longer bound before it counts: 25, 100 and 400 ms. An expression that
 * backtracks catastrophically times out at every bound (and is refused when saved, `checkRegexSafety`).
 */
const RETRY_FACTORS = [1, 4, 16];

export function normaliseText(
  text: string,
  settings: Pick<BotSettings, 'lowercase' | 'collapse_spaces' | 'strip_punctuation' | 'strip_accents'>,
): string {
  let out = text.slice(0, MATCH_INPUT_MAX).normalize('NFKC');
  if (settings.strip_accents)
    out = out
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .normalize('NFC');
  if (settings.lowercase) out = out.toLocaleLowerCase('id-ID');
  if (settings.strip_punctuation) out = out.replace(/[\p{P}\p{S}]+/gu, ' ');
  if (settings.collapse_spaces) out = out.replace(/\s+/gu, ' ').trim();
  return out;
}

// One sandbox context reused: V8 interrupts a running regular expression when the vm timeout passes, which a
// plain RegExp in the main context cannot do (catastrophic backtracking would block the event loop).
const sandbox = vm.createContext({ re: /(?:)/, input: '' });
const probe = new vm.Script('re.test(input)');

export class BotPatternError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BotPatternError';
  }
}

/** Compiles a rule's expression (case-insensitive, Unicode); throws BotPatternError with a readable reason. */
export function compileRegex(pattern: string): RegExp {
  if (pattern.length > 200) throw new BotPatternError('Paling panjang 200 karakter');
  try {
    return new RegExp(pattern, 'iu');
  } catch (error) {
    throw new BotPatternError(
      `Ekspresi reguler tidak valid: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** True / false, or 'timeout' when the expression ran past its bound, tried again at longer bounds first. */
export function regexTest(re: RegExp, input: string, timeoutMs = REGEX_TIMEOUT_MS): boolean | 'timeout' {
  for (const factor of RETRY_FACTORS) {
    const result = regexTestOnce(re, input, timeoutMs * factor);
    if (result !== 'timeout') return result;
  }
  return 'timeout';
}

function regexTestOnce(re: RegExp, input: string, timeoutMs: number): boolean | 'timeout' {
  sandbox.re = re;
  sandbox.input = input;
  try {
    return probe.runInContext(sandbox, { timeout: timeoutMs }) === true;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return 'timeout';
    throw error;
  }
}

/**
 * Refuses an expression that blows up on a hostile probe (nested quantifiers), so a rule that would always time
 * out is caught when saved, not when a customer writes.
 */
export function checkRegexSafety(pattern: string): void {
  const re = compileRegex(pattern);
  for (const sample of [
    'a'.repeat(64) + '!',
    '1'.repeat(64) + 'x',
    ' '.repeat(64) + 'x',
    'ab'.repeat(40) + '!',
  ])
    if (regexTest(re, sample, 50) === 'timeout')
      throw new BotPatternError('Ekspresi ini terlalu lambat (backtracking): sederhanakan pola');
}

export function ruleMatches(
  rule: { match_type: BotMatchType; pattern: string },
  raw: string,
  normalised: string,
  settings: BotSettings,
): boolean {
  return ruleMatch(rule, raw, normalised, settings).matched;
}

/** Whether a rule matches, and which of its keywords did (null for "any" and regular expressions). */
export interface RuleMatch {
  matched: boolean;
  keyword: string | null;
}

/**
 * Matches a rule. Keywords are comma (or new-line) separated and mean any of them, for every text match type:
 * "resi, nomor resi" with "contains" matches "NOMOR RESI saya berapa?". Message and keywords are normalised the
 * same way (case, accents, punctuation, spaces) before comparing; the keyword that matched is returned as written.
 */
export function ruleMatch(
  rule: { match_type: BotMatchType; pattern: string },
  raw: string,
  normalised: string,
  settings: BotSettings,
): RuleMatch {
  const no: RuleMatch = { matched: false, keyword: null };
  if (rule.match_type === 'any') return { matched: true, keyword: null };
  if (rule.match_type === 'regex') {
    let re: RegExp;
    try {
      re = compileRegex(rule.pattern);
    } catch {
      return no;
    }
    // Expressions see the message as written (up to the bound), not normalised: they are the precise tool.
    return { matched: regexTest(re, raw.slice(0, MATCH_INPUT_MAX)) === true, keyword: null };
  }
  const words = rule.pattern
    .split(/[,\n]/)
    .map((written) => ({ written: written.trim(), word: normaliseText(written, settings) }))
    .filter((entry) => entry.word !== '');
  if (words.length === 0) return no;
  // Whole words (or phrases) for the keyword types: "ongkir" matches "cek ongkir dong", not "ongkirnya".
  const padded = ` ${normalised} `;
  const test: (word: string) => boolean =
    rule.match_type === 'exact'
      ? (word) => normalised === word
      : rule.match_type === 'contains'
        ? (word) => normalised.includes(word)
        : rule.match_type === 'starts_with'
          ? (word) => normalised.startsWith(word)
          : (word) => padded.includes(` ${word} `);
  if (rule.match_type === 'all_keywords') {
    const all = words.every((entry) => test(entry.word));
    return { matched: all, keyword: all ? words.map((entry) => entry.written).join(', ') : null };
  }
  // The longest matching keyword names the match ("nomor resi" rather than "resi").
  const hits = words.filter((entry) => test(entry.word)).sort((a, b) => b.word.length - a.word.length);
  return hits[0] ? { matched: true, keyword: hits[0].written } : no;
}

const JAKARTA = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Jakarta',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** Whether `at` falls within the number's business hours, judged on the Jakarta clock. */
export function withinBusinessHours(at: Date, settings: BotSettings): boolean {
  const parts = Object.fromEntries(JAKARTA.formatToParts(at).map((part) => [part.type, part.value]));
  const day = WEEKDAYS[parts.weekday ?? ''] ?? 0;
  const minutes = Number(parts.hour) * 60 + Number(parts.minute);
  const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  const opens = toMinutes(settings.opens_at);
  const closes = toMinutes(settings.closes_at);
  if (!settings.business_days.includes(day)) return false;
  // Hours past midnight (e.g. 20:00–02:00) wrap.
  return opens <= closes ? minutes >= opens && minutes < closes : minutes >= opens || minutes < closes;
}

export interface ReplyValues {
  name: string | null;
  order: string | null;
  resi: string | null;
}

/** Fills {name}, {order}, {resi}; a missing value becomes a neutral word, never the raw placeholder. */
export function renderReply(template: string, values: ReplyValues): string {
  return template
    .replaceAll('{name}', values.name?.trim() || 'Kak')
    .replaceAll('{order}', values.order ?? '(belum ada pesanan)')
    .replaceAll('{resi}', values.resi ?? '(resi belum tersedia)');
}
