/**
 * The peer ranges an embedder installs against hold: the lowest version each range admits satisfies what the other
 * peers ask of it and what the library itself uses, the versions this repository tests with lie inside the ranges,
 * and every package the code imports is declared. In the `consumer` project beside the packed-tarball check
 * (consumer.test.ts, which also builds an app without the optional peer echarts); which peers there are, and
 * that echarts is the optional one, exports.test.ts checks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** The two functions of `semver` (a dev dependency of console-ui) this test uses. */
interface Semver {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
  gte(a: string, b: string): boolean;
}
const require = createRequire(import.meta.url);
const semver = require('semver') as Semver;

const libDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const srcDir = path.join(libDir, 'src');

interface Manifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}
const readManifest = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Manifest;

const lib = readManifest(path.join(libDir, 'package.json'));
const peers = lib.peerDependencies ?? {};
const devPins = lib.devDependencies ?? {};
/** A peer's own manifest, as installed for the library's tests (its dev dependency pin). */
const installed = (name: string) =>
  readManifest(require.resolve(`${name}/package.json`, { paths: [libDir] }));
const lowest = (range: string) => {
  const min = semver.minVersion(range);
  if (!min) throw new Error(`no version satisfies ${range}`);
  return min.version;
};

/**
 * What the library's own code needs of a peer, beyond what the other peers ask. A new use of a newer API belongs
 * here, with its reason, and the range moves with it.
 */
const NEEDS: Record<string, { version: string; why: string }> = {
  react: { version: '19.2.0', why: "PermissionGuard's prerender renders React's <Activity> (19.2)" },
  'react-dom': { version: '19.2.0', why: 'the same release as react' },
  xstate: {
    version: '5.33.0',
    why: "the declarations are built against xstate 5.33's types (machine and actor types are inferred into them)",
  },
};

describe("console-ui's peer dependencies", () => {
  it('admits as lowest xstate one that @xstate/react accepts', () => {
    // The @xstate/react installed here is the lowest the range admits, so its peer range is the one that binds.
    expect(installed('@xstate/react').version).toBe(lowest(peers['@xstate/react'] as string));
    const xstateForReact = installed('@xstate/react').peerDependencies?.xstate as string;
    expect(xstateForReact).toBeTruthy();
    expect(semver.satisfies(lowest(peers.xstate as string), xstateForReact)).toBe(true);
  });

  it('asks for react and react-dom in the same range (react-dom wants the react of its own release)', () => {
    expect(installed('react-dom').peerDependencies?.react).toBe(`^${installed('react-dom').version}`);
    expect(peers['react-dom']).toBe(peers.react);
  });

  it("admits as the lowest of each peer a version the other peers' own peer ranges accept", () => {
    const conflicts: string[] = [];
    // react-dom is checked above: its range names its own version, newer here than the lowest admitted.
    for (const peer of Object.keys(peers).filter((name) => name !== 'react-dom')) {
      for (const [wanted, range] of Object.entries(installed(peer).peerDependencies ?? {})) {
        const ours = peers[wanted];
        if (ours && !semver.satisfies(lowest(ours), range))
          conflicts.push(`${peer} wants ${wanted} ${range}; the lowest admitted is ${lowest(ours)}`);
      }
    }
    expect(conflicts).toEqual([]);
  });

  it('admits no version older than the library itself needs', () => {
    for (const [peer, need] of Object.entries(NEEDS))
      expect(semver.gte(lowest(peers[peer] as string), need.version), `${peer}: ${need.why}`).toBe(true);
  });

  it('is tested with versions inside the declared ranges (the dev dependency pins)', () => {
    for (const [peer, range] of Object.entries(peers)) {
      const pin = devPins[peer];
      expect(pin, `${peer} has no dev dependency pin`).toBeTruthy();
      expect(semver.satisfies(pin as string, range), `${peer} ${pin} outside ${range}`).toBe(true);
      expect(installed(peer).version).toBe(pin);
    }
  });
});

/** Every module of the library's shipped code (tests, stories and fixtures left out). */
function shippedSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return shippedSources(file);
    return /\.tsx?$/.test(entry.name) && !/\.(test|stories|fixtures)\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The packages a module imports at run time (type-only imports left out), static and dynamic. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.every((element) => element.isTypeOnly));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found
    .filter((specifier) => !specifier.startsWith('.'))
    .map((specifier) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/'),
    );
}

describe('what the code imports', () => {
  it("is a peer or bundled (a dev dependency that isn't a peer): nothing undeclared", () => {
    const undeclared = new Set<string>();
    for (const file of shippedSources(srcDir))
      for (const name of runtimeImports(file)) if (!peers[name] && !devPins[name]) undeclared.add(name);
    expect([...undeclared]).toEqual([]);
  });
});
