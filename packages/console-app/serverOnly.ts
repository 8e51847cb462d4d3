import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * zod 4's classic schemas carry their JSON-schema converter (every schema type's `toJSONSchema` processor, ~20 KB
 * minified) whether or not it is called. Only the server writes JSON schemas (the API's documentation); the browser
 * parses answers. In the browser build these two modules are replaced by stubs that throw if called, keeping the
 * one helper the schemas' getters use (`aggregateChecks`, for `.minLength` and the like) as zod wrote it (issue 33).
 */
const TO_JSON_SCHEMA = /[\\/]zod[\\/]v4[\\/]core[\\/]to-json-schema\.js$/;
const PROCESSORS = /[\\/]zod[\\/]v4[\\/]core[\\/]json-schema-processors\.js$/;
/** Where the processors module stops being `aggregateChecks` and its helpers. */
const PROCESSORS_CUT = '\nconst formatMap = {';

const UNAVAILABLE = `const unavailable = () => { throw new Error("zod's JSON-schema converter is server-only: not in the browser build"); };`;

function exportedNames(source: string): string[] {
  const names = [...source.matchAll(/^export (?:const|function|class) (\w+)/gm)].map((match) => match[1]!);
  for (const match of source.matchAll(/^export \{([^}]*)\}/gm))
    for (const part of match[1]!.split(',')) {
      const name = part
        .split(/\s+as\s+/)
        .pop()!
        .trim();
      if (name) names.push(name);
    }
  return names;
}

/**
 * The `create…Method` factories run when a schema's `~standard` property is read (Standard Schema consumers do):
 * they hand back the throwing method instead of throwing themselves, so reading the property still works.
 */
const stubs = (names: readonly string[]) =>
  [
    UNAVAILABLE,
    ...names.map(
      (name) =>
        `export const ${name} = ${/^create\w*Method$/.test(name) ? '() => unavailable' : 'unavailable'};`,
    ),
  ].join('\n');

export function serverOnlyZodParts(): Plugin {
  return {
    name: 'console:server-only-zod-parts',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      const file = id.split('?')[0]!;
      if (TO_JSON_SCHEMA.test(file)) return stubs(exportedNames(readFileSync(file, 'utf8')));
      if (!PROCESSORS.test(file)) return null;
      const source = readFileSync(file, 'utf8');
      const cut = source.indexOf(PROCESSORS_CUT);
      // A zod upgrade that moves things fails the build here rather than shipping a broken stub.
      if (cut < 0 || !source.slice(0, cut).includes('export function aggregateChecks('))
        this.error(`serverOnly.ts: ${file} no longer has aggregateChecks before formatMap; update the stub`);
      const kept = source
        .slice(0, cut)
        .split('\n')
        // The converter's own imports go with it; the helpers need only util's format ranges.
        .filter((line) => !/^import .* from "\.\/(?:regexes|schemas|to-json-schema)\.js";$/.test(line))
        .join('\n');
      const rest = exportedNames(source.slice(cut)).filter((name) => name !== 'aggregateChecks');
      return `${kept}\n${stubs(rest)}\n`;
    },
  };
}
