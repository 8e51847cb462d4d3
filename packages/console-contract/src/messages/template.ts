/** `{name}` in a catalogue text: a figure, a name, a label or an id the server fills in. */
export const PLACEHOLDER = /\{([A-Za-z]\w*)\}/g;

export interface Template {
  names: string[];
  pattern: RegExp;
  target: string;
  /** Characters outside placeholders: the more, the more specific ("at most {n} characters" before "at most {n}"). */
  weight: number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A catalogue text with placeholders as a pattern matching the texts it stands for, and what they become. */
export function compile(source: string, target: string): Template {
  const names: string[] = [];
  let pattern = '';
  let last = 0;
  for (const match of source.matchAll(PLACEHOLDER)) {
    pattern += escapeRegExp(source.slice(last, match.index)) + '([\\s\\S]*?)';
    names.push(match[1]!);
    last = match.index + match[0].length;
  }
  pattern += escapeRegExp(source.slice(last));
  const weight = source.replace(PLACEHOLDER, '').length;
  return { names, pattern: new RegExp(`^${pattern}$`), target, weight };
}

/** What each placeholder of `template` matched. */
export const valuesOf = (template: Template, match: RegExpExecArray): Map<string, string> =>
  new Map(template.names.map((name, index) => [name, match[index + 1] ?? '']));

/** The field a message is on, from its key (`body.handle`, `rows.3.handle` → `handle`). */
export const fieldName = (path: string): string => path.split('.').at(-1) ?? path;
