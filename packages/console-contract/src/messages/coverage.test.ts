import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES } from '../entities/index.js';
import { ERROR_TEXTS_ID, INDONESIAN_ERROR_TEXTS, SPEC_ERROR_TEXTS } from './errorTexts.js';
import { type SourceScan, scanContract, scanServer } from './sourceMessages.js';
import { isCatalogued } from './translateId.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const serverDir = path.join(root, 'packages/console-server/src');
const contractDir = path.join(root, 'packages/console-contract/src');

/** Every `{name}` as `{}`: the shape the scanner gives a template literal. */
const shapeOf = (text: string) => text.replace(/\{[A-Za-z]\w*\}/g, '{}');
const knownShapes = new Set(
  [...Object.keys(ERROR_TEXTS_ID), ...SPEC_ERROR_TEXTS, ...INDONESIAN_ERROR_TEXTS].map(shapeOf),
);

/** A found text is covered when the catalogue has its shape, or (a literal) a template of it matches. */
const covered = (shape: string) => knownShapes.has(shape) || (!shape.includes('{}') && isCatalogued(shape));

/**
 * Literals the scanner meets in message positions that are not texts for people: query parameter names
 * pushed with their error, and the summary line `formatValidationError` assembles from catalogued parts
 * (translateMessage takes it apart; see translate.test.ts).
 */
const NOT_TEXTS = new Set(['sort', 'group_by', '{},{}', '{}: {}{}']);

/**
 * Entity texts built from a table (one per scope, one per kind of Meta id): the scan sees only their template, so
 * the test below checks every text the entities really carry.
 */
const ENTITY_TEMPLATES = new Set(['Use the numeric Meta {} id']);

/**
 * Messages the server passes on from a value the scanner cannot follow (by file under console-server/src and
 * expression), and where their texts are catalogued instead. A new entry here means a new dynamic message:
 * catalogue its texts, then list it.
 */
const DYNAMIC_SITES: Record<string, string> = {
  // A sign-in refusal: AUTH_MESSAGES and TWO_FACTOR_MESSAGES, both message constants.
  'auth/sessions.ts: result.message': 'AUTH_MESSAGES / TWO_FACTOR_MESSAGES',
  // Bot login refusals: the `{ status, message }` objects of the same file, which the scan reads.
  'crm/login.ts: refusal.message': 'crm/login.ts refusal objects',
  // The step table's `refusal` texts (Indonesian, listed in INDONESIAN_ERROR_TEXTS).
  'crm/login.ts: step.refusal': 'crm/login.ts step table',
  // A failure of the language model: UpstreamError's texts (insights/openai.ts), catalogued with the adapter's.
  'hooks/routes.ts: error.message': 'insights/openai.ts UpstreamError',
  // The export parser's row problems: `{ line, field, message }` objects of intake/meta/csv.ts, which the scan reads.
  'intake/meta/routes.ts: error.message': 'intake/meta/csv.ts row problems',
  // Mayar webhook rejections: the intake parser's problems, passed on with a catalogued fallback.
  'intake/routes.ts: result.error': 'intake webhook parser',
  // filterValueProblems' (key, message) pairs, read as `problems.push([key, text])`.
  'resources/routes.ts: message': 'resources/query.ts problems',
  // An entity rule broken by an update: checkRules' messages, the contract's rule texts (scanContract).
  'resources/service.ts: problem.message': 'contract entity rules',
  // PostgreSQL's own text for a value its column cannot hold (class 22), after a catalogued frame.
  'resources/service.ts: (error as Error).message': 'database text',
  // zod issues of the contract's list query schema (scanContract).
  'resources/views.ts: issue.message': 'contract list query schema',
  // WhatsApp webhook payload problems (Meta's side of the wire; integrations read these, staff do not).
  'whatsapp/routes.ts: error.message': 'WhatsAppPayloadError',
  // A bulk decision's per-row refusal: the HttpErrors of changeEmails/service.ts, which the scan reads.
  'changeEmails/routes.ts: error.message': 'changeEmails/service.ts refusals',
};

/** `packages/console-server/src/auth/sessions.ts:487` + `result.message` → `auth/sessions.ts: result.message`. */
const siteKey = (site: { where: string; expression: string }) =>
  `${site.where.replace(/^packages\/console-server\/src\//, '').replace(/:\d+$/, '')}: ${site.expression}`;

describe('error text catalogue coverage', () => {
  let server: SourceScan;
  let contract: SourceScan;
  beforeAll(() => {
    server = scanServer(serverDir, root, contractDir);
    contract = scanContract(contractDir, root);
  }, 120_000);

  it('finds the server texts it is meant to find (the scanner itself works)', () => {
    const shapes = new Set(server.texts.map((text) => text.shape));
    // A literal, a template, a message constant, a parameter followed to its callers, an error class's texts.
    expect(shapes).toContain('Not found');
    expect(shapes).toContain('No user with id {}.');
    expect(shapes).toContain('This username is already taken.');
    expect(shapes).toContain('Too many failed sign-ins: this account is locked. Try again in {} minute{}.');
    expect(shapes).toContain('A booking lasts at most {} hours');
    expect(shapes).toContain(
      'The export has no "{}" column: include it in the Ads Manager report (ad level, breakdown by day)',
    );
    // A subclass's body object (ResourceError), and messages put into a `fields` object that starts empty.
    expect(shapes).toContain('No API key with id {}');
    expect(shapes).toContain('Same courier and receipt as row {}');
    expect(shapes.size).toBeGreaterThan(150);
  });

  it('finds the contract validation texts and templates', () => {
    const shapes = new Set(contract.texts.map((text) => text.shape));
    expect(shapes).toContain('{} is required');
    expect(shapes).toContain('Must be at most {} characters');
    expect(shapes).toContain('Must be one of: {}');
    expect(shapes).toContain('1 field is invalid');
    expect(shapes.size).toBeGreaterThan(150);
  });

  it('has an Indonesian text (or a kept spec / Indonesian text) for every server error text', () => {
    const missing = server.texts
      .filter((text) => !NOT_TEXTS.has(text.shape) && !covered(text.shape))
      .map((text) => `${text.where}: ${text.shape}`);
    expect(missing).toEqual([]);
  });

  it('has an Indonesian text for every validation text of the contract', () => {
    const missing = contract.texts
      .filter(
        (text) => !NOT_TEXTS.has(text.shape) && !ENTITY_TEMPLATES.has(text.shape) && !covered(text.shape),
      )
      .map((text) => `${text.where}: ${text.shape}`);
    expect(missing).toEqual([]);
  });

  it('has an Indonesian text for every rule and pattern message the entities carry', () => {
    const texts = ENTITIES.flatMap((def) => [
      ...def.fields.flatMap((field) => (field.patternMessage ? [field.patternMessage] : [])),
      ...(def.rules ?? []).map((rule) => rule.message),
    ]);
    expect(texts).toContain('Leave Tribe empty unless the scope is Tribe');
    expect(texts).toContain('Use the numeric Meta campaign id');
    expect(texts.filter((text) => !isCatalogued(text))).toEqual([]);
  });

  it('follows every server message to its texts, except the listed dynamic ones', () => {
    const unexpected = server.unresolved
      .filter((site) => !(siteKey(site) in DYNAMIC_SITES))
      .map((site) => `${site.where}: ${site.expression}`);
    expect(unexpected).toEqual([]);
  });

  it('lists no dynamic site that is gone', () => {
    const seen = new Set(server.unresolved.map(siteKey));
    expect(Object.keys(DYNAMIC_SITES).filter((key) => !seen.has(key))).toEqual([]);
  });

  it('keeps the spec strings out of the translated pairs', () => {
    for (const text of SPEC_ERROR_TEXTS) expect(ERROR_TEXTS_ID[text]).toBeUndefined();
  });
});
