/**
 * Export → story coverage, against Storybook's own index of the stories (what the built site's sidebar lists, from
 * `storybook index`, no build needed): every component and every machine the package root
 * exports has at least one story in the build, and the stories file holding it has a Docs page. Data-driven: a
 * new export without a story fails here, whoever adds it. A stories file covers the exports it imports from the
 * library's sources (or from `@staff/console-ui`) and uses. A machine is also covered by the stories of a
 * component that runs it: one whose module imports the machine's module (followed through relative imports,
 * never through an index.ts barrel, which would make everything reachable).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, inject, it } from 'vitest';
import * as consoleUi from '@staff/console-ui';
import { readIndex } from './harness.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const libSrc = path.join(repoRoot, 'packages/console-ui/src');

const entries = await readIndex(inject('storybookIndexFile'));

/** Exported values that are React components (PascalCase functions or exotic components) or XState machines. */
function exportedSubjects() {
  const components: string[] = [];
  const machines: string[] = [];
  for (const [name, value] of Object.entries(consoleUi)) {
    if (/Machine$/.test(name)) machines.push(name);
    else if (/^[A-Z][a-z]/.test(name)) {
      const exotic = typeof value === 'object' && value !== null && '$$typeof' in value;
      if (typeof value === 'function' || exotic) components.push(name);
    }
  }
  return { components: components.sort(), machines: machines.sort() };
}

/** Names a stories file imports from the library (its sources or the package) and refers to afterwards. */
function libraryNamesUsedIn(file: string): Set<string> {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const imported = new Map<string, string>(); // local name → exported name
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const from = statement.moduleSpecifier.text;
    const fromLibrary =
      from === '@staff/console-ui' ||
      (from.startsWith('.') && path.resolve(path.dirname(file), from).startsWith(libSrc));
    const bindings = statement.importClause?.namedBindings;
    if (!fromLibrary || !bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements)
      imported.set(element.name.text, (element.propertyName ?? element.name).text);
  }
  const used = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) return;
    if (ts.isIdentifier(node) && imported.has(node.text)) used.add(imported.get(node.text) as string);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return used;
}

/** The library source a relative import points at (`./x.js` is written for `./x.ts` or `./x.tsx`). */
function resolveSource(fromFile: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(fromFile), specifier).replace(/\.js$/, '');
  return [`${base}.ts`, `${base}.tsx`, base].find(
    (candidate) => candidate.startsWith(libSrc) && existsSync(candidate) && !candidate.endsWith('.js'),
  );
}

/** Every library module a stories file reaches through relative imports, barrels excluded. */
function reachableModules(storyFile: string): Set<string> {
  const seen = new Set<string>();
  const queue = [storyFile];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gms)) {
      const target = resolveSource(file, match[1] as string);
      if (!target || seen.has(target) || path.basename(target).startsWith('index.')) continue;
      seen.add(target);
      queue.push(target);
    }
  }
  return seen;
}

/** The module declaring each machine: `fooMachine` lives in machines/foo.machine.ts. */
const machineModule = (name: string) => path.join(libSrc, 'machines', `${name.replace(/Machine$/, '')}.machine.ts`);

const storyFiles = [...new Set(entries.filter((e) => e.type === 'story').map((e) => e.importPath))];
const docsFiles = new Set(entries.filter((e) => e.type === 'docs').map((e) => e.importPath));
const coveredBy = new Map<string, string[]>();
for (const importPath of storyFiles) {
  for (const name of libraryNamesUsedIn(path.join(repoRoot, importPath)))
    coveredBy.set(name, [...(coveredBy.get(name) ?? []), importPath]);
}
const { components, machines } = exportedSubjects();
const reachable = new Map(storyFiles.map((file) => [file, reachableModules(path.join(repoRoot, file))]));

/** Aliases (a deprecated name for the same value) are covered through the name they alias. */
function storiesOf(name: string): string[] {
  const value = (consoleUi as Record<string, unknown>)[name];
  const sameValue = Object.entries(consoleUi)
    .filter(([, other]) => other === value)
    .map(([other]) => other);
  return sameValue.flatMap((alias) => coveredBy.get(alias) ?? []);
}

describe('every export has a story and a Docs page in the built Storybook', () => {
  it('shows every story on its file’s Docs page (none is left out of Docs)', () => {
    const leftOut = entries.filter(
      (story) =>
        story.type === 'story' && (!docsFiles.has(story.importPath) || (story.tags ?? []).includes('!autodocs')),
    );
    expect(leftOut.map((story) => story.id)).toEqual([]);
  });

  it('finds the components and machines to check', () => {
    expect(components).toEqual(expect.arrayContaining(['DataTable', 'LoginForm', 'RelationSelect']));
    expect(machines).toEqual(expect.arrayContaining(['sessionMachine', 'permissionRefreshMachine']));
  });

  it.each(components.map((name) => [name]))('component %s', (name) => {
    const files = storiesOf(name);
    expect(files, `${name} appears in no stories file`).not.toEqual([]);
    expect(
      files.filter((file) => docsFiles.has(file)),
      `${name}'s stories have no Docs page`,
    ).not.toEqual([]);
  });

  it.each(machines.map((name) => [name]))('machine %s', (name) => {
    const module = machineModule(name);
    expect(existsSync(module), `${name} is not declared in ${module}`).toBe(true);
    const files = [
      ...new Set([...storiesOf(name), ...storyFiles.filter((file) => reachable.get(file)?.has(module))]),
    ];
    expect(files, `${name} is run in no stories file`).not.toEqual([]);
    expect(
      files.filter((file) => docsFiles.has(file)),
      `${name}'s stories have no Docs page`,
    ).not.toEqual([]);
  });

  it('gives every stories file a Docs page', () => {
    expect(storyFiles.filter((file) => !docsFiles.has(file))).toEqual([]);
  });
});
