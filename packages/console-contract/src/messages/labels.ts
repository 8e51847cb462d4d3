import { ENTITIES } from '../entities/index.js';
import { entityTexts } from '../entities/texts/localize.js';

/** One entity's Indonesian for an English label. */
interface LabelUse {
  entity: string;
  field?: string;
  label: string;
}

/** English labels (lower case) → their Indonesian uses, field labels and entity labels apart. */
interface LabelIndex {
  fields: Map<string, LabelUse[]>;
  entities: Map<string, LabelUse>;
  /** Per English field label, the Indonesian most fields use (the first entity's on a tie). */
  preferred: Map<string, string>;
}

function add(map: Map<string, LabelUse[]>, english: string, use: LabelUse) {
  const key = english.toLowerCase();
  const uses = map.get(key) ?? [];
  uses.push(use);
  map.set(key, uses);
}

function mostUsed(uses: LabelUse[]): string {
  const counts = new Map<string, number>();
  for (const use of uses) counts.set(use.label, (counts.get(use.label) ?? 0) + 1);
  // Map order is first-seen order (ENTITIES' order), so a tie keeps the first entity's label.
  let best = uses[0]!.label;
  for (const [label, count] of counts) if (count > counts.get(best)!) best = label;
  return best;
}

const preferredAmong = (uses: LabelUse[]) => (uses.length ? mostUsed(uses) : undefined);

function build(): LabelIndex {
  const texts = entityTexts('id');
  const fields = new Map<string, LabelUse[]>();
  const entities = new Map<string, LabelUse>();
  for (const def of ENTITIES) {
    const own = texts[def.name];
    if (!own) continue;
    for (const field of def.fields) {
      const label = own.fields[field.name]?.label;
      if (label !== undefined) add(fields, field.label, { entity: def.name, field: field.name, label });
    }
    for (const [english, label] of [
      [def.label, own.label],
      [def.labelPlural, own.labelPlural ?? own.label],
    ] as const)
      if (!entities.has(english.toLowerCase()))
        entities.set(english.toLowerCase(), { entity: def.name, label });
  }
  const preferred = new Map([...fields].map(([english, uses]) => [english, mostUsed(uses)]));
  return { fields, entities, preferred };
}

let index: LabelIndex | null = null;
/** Built on first use, like the templates: most of the app's life never sees an error. */
const labelIndex = () => (index ??= build());

/**
 * The Indonesian in the case the server wrote the English: it lower-cases labels inside a sentence
 * ("another creator"), and so do we, except for a first word that is a name (WhatsApp, URL, KOL).
 */
function inCaseOf(english: string, indonesian: string): string {
  if (english.charAt(0) === english.charAt(0).toUpperCase()) return indonesian;
  const firstWord = indonesian.split(' ', 1)[0]!;
  return firstWord.slice(1) === firstWord.slice(1).toLowerCase()
    ? indonesian.charAt(0).toLowerCase() + indonesian.slice(1)
    : indonesian;
}

/** Which entity an English entity label (singular or plural, any case) names, and its Indonesian. */
export function entityLabelId(english: string): LabelUse | undefined {
  const use = labelIndex().entities.get(english.toLowerCase());
  return use && { ...use, label: inCaseOf(english, use.label) };
}

/** What narrows a field label with two Indonesian labels: the entity the text names, the field it is on. */
export interface LabelHint {
  entity?: string;
  field?: string;
}

/**
 * The Indonesian of an English field label the server wrote into a text, else of an entity label; unknown
 * text comes back unchanged. One English label can have two Indonesian ones ("Order": Urutan for a sort order,
 * Pesanan for a package's order): the entity the text names wins, then the field the message is on, else the
 * Indonesian most fields use.
 * @example fieldLabelId('City') // 'Kota'
 * @example fieldLabelId('Order', { entity: 'packages' }) // 'Pesanan'
 */
export function fieldLabelId(english: string, hint: LabelHint = {}): string {
  const { fields, preferred } = labelIndex();
  const key = english.toLowerCase();
  const uses = fields.get(key);
  if (!uses) return entityLabelId(english)?.label ?? english;
  const chosen =
    (hint.entity !== undefined && uses.find((use) => use.entity === hint.entity)?.label) ||
    (hint.field !== undefined && preferredAmong(uses.filter((use) => use.field === hint.field))) ||
    preferred.get(key)!;
  return inCaseOf(english, chosen);
}
