// Help for every command, and command-line mistakes: exit 2 with one line on stderr, and with
// --json one {"error":{"code":"usage",...}} document on stdout. Nothing here opens the core.
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../src-main/cli/commands/index';
import { isGroup } from '../../../src-main/cli/command';
import { runInProcess, stderrLines } from './cli-harness';

const env = { CRM_DATA_DIR: '/nonexistent/crm-cli-help-test' };

const leafNames = COMMANDS.flatMap((entry) => (isGroup(entry) ? entry.commands.map((c) => c.name) : [entry.name]));

describe('help', () => {
  it('crm --help lists every command and the exit statuses', async () => {
    const run = await runInProcess(['--help'], { env });
    expect(run.code).toBe(0);
    for (const name of leafNames) expect(run.stdout).toContain(`  ${name} `);
    expect(run.stdout).toContain('2  the command line is wrong');
    expect(run.stdout).toContain('--json prints exactly one JSON document');
  });

  it.each(leafNames)('crm %s --help prints its usage and exits 0', async (name) => {
    const run = await runInProcess([...name.split(' '), '--help'], { env });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`crm ${name}`);
    expect(run.stdout).toMatch(/Usage:/);
    expect(run.stderr).toBe('');
  });

  it('crm help send text is crm send text --help', async () => {
    const a = await runInProcess(['help', 'send', 'text'], { env });
    const b = await runInProcess(['send', 'text', '--help'], { env });
    expect(a).toEqual(b);
  });

  it('a group without a command shows its commands on stderr and exits 2', async () => {
    const run = await runInProcess(['keys'], { env });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('crm keys add');
    expect(run.stderr.trimEnd().split('\n').at(-1)).toBe('crm: missing keys command');
  });

  it('crm without arguments shows the help on stderr and exits 2', async () => {
    const run = await runInProcess([], { env });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('Commands:');
  });
});

describe('usage errors', () => {
  const cases: [string, string[], RegExp][] = [
    ['unknown command', ['frobnicate'], /^crm: unknown command "frobnicate"/],
    ['unknown subcommand', ['keys', 'steal'], /^crm: unknown keys command "steal"/],
    ['unknown option', ['contacts', '--colour'], /^crm: unknown option --colour/],
    ['bad number', ['contacts', '--page', 'two'], /^crm: --page must be a whole number/],
    ['missing --to', ['send', 'text', '--text', 'hi'], /^crm: missing --to/],
    ['text twice', ['send', 'text', '--to', '5511999990000', '--text', 'hi', '-'], /^crm: give the text with --text TEXT or -/],
    ['no text', ['send', 'text', '--to', '5511999990000'], /^crm: give the text with --text TEXT or -/],
    [
      'media without source',
      ['send', 'media', '--to', '5511999990000', '--type', 'image'],
      /^crm: give exactly one of --file PATH or --url URL/,
    ],
    [
      'media bad type',
      ['send', 'media', '--to', '5511999990000', '--type', 'gif', '--url', 'https://x/y.gif'],
      /^crm: --type must be one of: image, video, document, sticker/,
    ],
    [
      'audio two sources',
      ['send', 'audio', '--to', '5511999990000', '--url', 'https://x/a.ogg', '--file', 'a.ogg'],
      /^crm: give exactly one of --file PATH or --url URL/,
    ],
    ['curl and queue', ['send', 'text', '--to', '1', '--text', 'x', '--curl', '--queue'], /^crm: --curl sends nothing/],
    ['bad permissions', ['keys', 'create', '--name', 'n', '--permissions', 'everything'], /^crm: --permissions is a comma-separated list/],
    ['revoke without target', ['keys', 'revoke'], /^crm: give either a saved KEY or --server/],
    ['profiles add without url', ['profiles', 'add', '--name', 'x'], /^crm: missing --url/],
  ];

  it.each(cases)('%s: exit 2, one line on stderr, nothing on stdout', async (_label, argv, pattern) => {
    const run = await runInProcess(argv, { env });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(stderrLines(run)).toHaveLength(1);
    expect(run.stderr).toMatch(pattern);
  });

  it('with --json the error is also one JSON document on stdout', async () => {
    const run = await runInProcess(['contacts', '--json', '--per-page', 'many'], { env });
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout)).toEqual({ error: { code: 'usage', message: '--per-page must be a whole number of at least 1' } });
    expect(stderrLines(run)).toHaveLength(1);
  });

  it('does not repeat an unknown word that could be a secret', async () => {
    const run = await runInProcess(['crm_sk_0123456789abcdef'], { env });
    expect(run.code).toBe(2);
    expect(run.stderr).not.toContain('0123456789abcdef');
  });
});
