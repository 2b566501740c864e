// crm on a terminal: colour only where it may (NO_COLOR, pipes, TERM=dumb, FORCE_COLOR), a
// live upload progress line that is cleared before the result, and none of it through --json.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paint, progressLine, terminalLook } from '../../../src-main/cli/terminal';
import { closeSandboxes } from '../helpers';
import { runInProcess } from './cli-harness';
import { openEnvModeSandbox } from './sandbox-profile';

describe('terminalLook', () => {
  it('colour on a terminal unless NO_COLOR or TERM=dumb; FORCE_COLOR forces it; progress only on a terminal', () => {
    expect(terminalLook({}, true)).toEqual({ colour: true, progress: true });
    expect(terminalLook({ NO_COLOR: '1' }, true)).toEqual({ colour: false, progress: true });
    expect(terminalLook({ TERM: 'dumb' }, true).colour).toBe(false);
    expect(terminalLook({}, false)).toEqual({ colour: false, progress: false });
    expect(terminalLook({ FORCE_COLOR: '1' }, false).colour).toBe(true);
    expect(terminalLook({ FORCE_COLOR: '1', NO_COLOR: 'x' }, false).colour).toBe(false);
  });

  it('paints only with colour, and says how far an upload is', () => {
    expect(paint({ colour: true, progress: true }, 'red', 'x')).toBe('\u001b[31mx\u001b[0m');
    expect(paint({ colour: false, progress: true }, 'red', 'x')).toBe('x');
    expect(progressLine(512, 2048, (b) => `${b} B`)).toBe('uploading 25% (512 B of 2048 B)');
  });
});

describe('crm on a terminal (real sandbox)', () => {
  let env: Record<string, string>;
  let file: string;
  beforeAll(async () => {
    const opened = await openEnvModeSandbox('cli-terminal', { contacts: 10 });
    env = opened.env;
    file = join(opened.dir, 'report.pdf');
    await writeFile(file, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(400_000, 32)]));
  });
  afterAll(closeSandboxes);

  it('shows the upload moving, then clears it before the result', async () => {
    const run = await runInProcess(['send', 'media', '--to', '5511987650000', '--type', 'document', '--file', file], {
      env,
      look: { colour: true, progress: true },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/uploading \d+% \(/);
    expect(run.stderr.endsWith('\r\u001b[K')).toBe(true);
    expect(run.stdout).toMatch(/^Sent /);
  });

  it('--json and plain output carry no progress line and no colour', async () => {
    const json = await runInProcess(['send', 'media', '--to', '5511987650001', '--type', 'document', '--file', file, '--json'], {
      env,
      look: { colour: true, progress: true },
    });
    expect(json.code).toBe(0);
    expect(json.stderr).not.toContain('uploading');
    const plain = await runInProcess(['send', 'text', '--to', '12', '--text', 'x'], { env });
    expect(plain.code).toBe(1);
    expect(plain.stderr).not.toContain('\u001b[');
    const red = await runInProcess(['send', 'text', '--to', '12', '--text', 'x'], { env, look: { colour: true, progress: true } });
    expect(red.stderr).toContain('\u001b[31m');
  });
});
