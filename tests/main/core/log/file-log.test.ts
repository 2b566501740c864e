// The file log: one line per message (a message cannot forge lines), key values and bearer
// credentials cut out BEFORE the line is cut to length, bounded by one rotation, and never
// an error for the app when the folder cannot be written.
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileLog, logLine } from '../../../../src-main/core/log/file-log';
import { scrubSecret } from '../../../../src-main/core/http/scrub/redact';
import { tempDir } from '../../helpers/temp-dir';

const KEY = 'crm_sk_live_7f3a9c2e5b1d4f60';
const at = new Date('2026-11-23T01:00:00.000Z');
const scrub = (t: string) => scrubSecret(t, KEY);

describe('logLine', () => {
  it('cuts out a key the app knows, even lower-cased or split, and any bearer credential', () => {
    const line = logLine(at, `keychain failed for ${KEY.toUpperCase()} then Authorization: Bearer abcdefghijklmnop`, scrub);
    expect(line).toBe('2026-11-23T01:00:00.000Z keychain failed for *** then Authorization: Bearer ***\n');
  });

  it('scrubs before cutting: a key at the cut is not left half-visible', () => {
    const line = logLine(at, `${'x'.repeat(1995)}${KEY}`, scrub);
    expect(line).not.toContain(KEY.slice(0, 5));
    expect(line.endsWith('***\n')).toBe(true);
  });

  it('keeps a message on one line', () => {
    expect(logLine(at, 'first\nfake 2026-01-01T00:00:00.000Z line\r\nend', (t) => t)).toBe(
      '2026-11-23T01:00:00.000Z first ⏎ fake 2026-01-01T00:00:00.000Z line ⏎ end\n',
    );
  });
});

describe('createFileLog', () => {
  it('appends, then rotates to one older file when full', async () => {
    const dir = join(await tempDir('crm-log-'), 'logs');
    const log = createFileLog({ dir, scrub, now: () => at, maxBytes: 200 });
    for (let i = 0; i < 6; i++) log.write(`message ${i} ${'.'.repeat(40)}`);
    const current = await readFile(log.path, 'utf8');
    const older = await readFile(`${log.path}.old`, 'utf8');
    expect(current.split('\n').filter(Boolean).length + older.split('\n').filter(Boolean).length).toBeLessThanOrEqual(6);
    expect(current).toContain('message 5');
    expect((await stat(log.path)).size).toBeLessThanOrEqual(200);
    expect((await stat(log.path)).mode & 0o777).toBe(0o600);
  });

  it("a folder it cannot write is not the app's problem: write() returns quietly", async () => {
    // a file where the folder should be: no user, root included, can create the folder there
    const blocker = join(await tempDir('crm-log-ro-'), 'logs');
    await writeFile(blocker, 'not a folder');
    const log = createFileLog({ dir: blocker, scrub });
    expect(() => log.write('nothing breaks')).not.toThrow();
    expect(await readFile(blocker, 'utf8')).toBe('not a folder');
  });
});
