/**
 * `npm run migration:generate -w @staff/console-server -- <name> [--allow-drop]`
 *
 * Diffs the contract's entity definitions against the last committed schema snapshot and writes the next
 * resource migration (frozen), the new snapshot and the index; appends the new files' hashes to
 * migrations.sha256 so a later edit of a shipped file fails the tests.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { ENTITIES } from '@staff/console-contract';
import { GENERATED_MIGRATIONS, LATEST_SCHEMA, SCHEMA_SNAPSHOTS } from '../src/resources/generated/index.js';
import {
  indexSource,
  migrationFile,
  migrationSource,
  nextMigration,
  snapshotFile,
  snapshotSource,
} from '../src/resources/migrationFiles.js';
import { SchemaChangeError } from '../src/resources/schema.js';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/resources/generated');
const args = process.argv.slice(2);
const allowDrop = args.includes('--allow-drop');
const name = args.filter((arg) => !arg.startsWith('--')).join(' ');
if (!name) {
  console.error(
    'Usage: npm run migration:generate -w @staff/console-server -- <what changed> [--allow-drop]',
  );
  process.exit(2);
}

async function write(file: string, source: string): Promise<string> {
  const target = path.join(dir, file);
  const config = (await prettier.resolveConfig(target)) ?? {};
  const text = await prettier.format(source, { ...config, filepath: target });
  fs.writeFileSync(target, text);
  return text;
}

let next;
try {
  next = nextMigration({ previous: LATEST_SCHEMA, entities: ENTITIES, name, allowDrop });
} catch (error) {
  if (error instanceof SchemaChangeError) {
    console.error(`Cannot generate: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
if (!next) {
  console.log(
    `The entity definitions match the schema after migration ${LATEST_SCHEMA.version}: nothing to do.`,
  );
  process.exit(0);
}
const { migration, snapshot } = next;
const hashes: string[] = [];
for (const [file, source] of [
  [migrationFile(migration), migrationSource(migration)],
  [snapshotFile(snapshot.version), snapshotSource(snapshot)],
] as const) {
  const text = await write(file, source);
  hashes.push(`${createHash('sha256').update(text).digest('hex')}  ${file}`);
}
await write('index.ts', indexSource([...GENERATED_MIGRATIONS, migration], SCHEMA_SNAPSHOTS[0]!.version));
fs.appendFileSync(path.join(dir, 'migrations.sha256'), `${hashes.join('\n')}\n`);
console.log(
  `Wrote migration ${migration.version} (${migration.statements.length} statements): src/resources/generated/${migrationFile(migration)}`,
);
