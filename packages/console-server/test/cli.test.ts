import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runServerProcess } from './support/process.js';

describe('operator CLI (npm run console)', () => {
  let dataDir: string;
  const cli = (...args: string[]) => runServerProcess('cli.ts', args, { CONSOLE_DATA_DIR: dataDir, CONSOLE_ADMIN_PASSWORD: '' });

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-cli-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('creates a user on an empty database (the administrator first, with a generated password shown once)', async () => {
    const result = await cli('create-user', 'jdoe', '--name', 'Jane Doe', '--set', 'All access');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/created administrator "admin" with the generated password [A-Za-z0-9]{18} /);
    expect(result.stdout).toContain('Created user jdoe');
    expect(result.stdout).toMatch(/Generated password: [A-Za-z0-9]{18}\n/);
  });

  it('grants, resets, disables and lists', async () => {
    expect((await cli('reset-password', 'jdoe', '--password', 'N3w-password')).stdout).toContain('Password of jdoe changed');
    const disabled = await cli('disable', 'jdoe');
    expect(disabled.stdout).toContain('jdoe is disabled');
    const list = await cli('list-users');
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^USERNAME\s+FULL NAME\s+STATE\s+LAST LOGIN\s+PERMISSION SETS$/m);
    expect(list.stdout).toMatch(/^admin\s+Administrator\s+active\s+-\s+All access$/m);
    expect(list.stdout).toMatch(/^jdoe\s+Jane Doe\s+disabled\s+-\s+All access$/m);
  });

  it('explains mistakes with a non-zero exit', async () => {
    const unknownSet = await cli('grant', 'jdoe', 'No such set');
    expect(unknownSet.code).toBe(1);
    expect(unknownSet.stderr).toContain('No permission set named "No such set"');
    const usage = await cli('create-user', 'x');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('create-user needs --name');
  });
});
