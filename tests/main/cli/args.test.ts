// The parser: every token checked by us, messages name options but never repeat values.
import { describe, expect, it } from 'vitest';
import { UsageError, parseCommandArgs, parsePositiveInt, wantsHelp, wantsJson } from '../../../src-main/cli/args';
import type { OptionSpecs } from '../../../src-main/cli/args';

const options = {
  to: { type: 'string', help: 'to' },
  text: { type: 'string', help: 'text' },
  json: { type: 'boolean', help: 'json' },
  yes: { type: 'boolean', short: 'y', help: 'yes' },
} as const satisfies OptionSpecs;

function usage(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return (err as Error).message;
  }
  throw new Error('expected a UsageError');
}

describe('parseCommandArgs', () => {
  it('reads string and boolean options, inline values and short flags', () => {
    const parsed = parseCommandArgs(['--to', '5511', '--text=hello there', '-y', '--json'], options, { min: 0, max: 0 });
    expect(parsed.values).toEqual({ to: '5511', text: 'hello there', yes: true, json: true });
    expect(parsed.positionals).toEqual([]);
  });

  it('accepts - as a value and as a positional, and everything after -- as positionals', () => {
    expect(parseCommandArgs(['--text', '-'], options, { min: 0, max: 0 }).values.text).toBe('-');
    expect(parseCommandArgs(['-', '--to', '1'], options, { min: 0, max: 1 }).positionals).toEqual(['-']);
    expect(parseCommandArgs(['--', '--json'], options, { min: 0, max: 1 }).positionals).toEqual(['--json']);
  });

  it('refuses an option value that looks like another option, unless written inline', () => {
    expect(usage(() => parseCommandArgs(['--text', '--json'], options, { min: 0, max: 0 }))).toContain('--text needs a value');
    expect(parseCommandArgs(['--text=-5 degrees'], options, { min: 0, max: 0 }).values.text).toBe('-5 degrees');
  });

  it('names unknown options without repeating their values', () => {
    const message = usage(() => parseCommandArgs(['--key=crm_sk_SECRETVALUE'], options, { min: 0, max: 0 }));
    expect(message).toBe('unknown option --key');
    expect(message).not.toContain('SECRETVALUE');
  });

  it('does not repeat an unexpected argument', () => {
    const message = usage(() => parseCommandArgs(['crm_sk_SECRETVALUE'], options, { min: 0, max: 0 }));
    expect(message).not.toContain('SECRETVALUE');
  });

  it('refuses missing values, values on booleans, repeats and wrong positional counts', () => {
    expect(usage(() => parseCommandArgs(['--to'], options, { min: 0, max: 0 }))).toBe('option --to needs a value');
    expect(usage(() => parseCommandArgs(['--json=1'], options, { min: 0, max: 0 }))).toBe('option --json takes no value');
    expect(usage(() => parseCommandArgs(['--to', '1', '--to', '2'], options, { min: 0, max: 0 }))).toContain('more than once');
    expect(usage(() => parseCommandArgs([], options, { min: 1, max: 1 }))).toBe('missing argument');
    expect(usage(() => parseCommandArgs(['a', 'b'], options, { min: 0, max: 1 }))).toContain('too many arguments');
  });
});

describe('helpers', () => {
  it('finds --help / --json before --', () => {
    expect(wantsHelp(['send', '-h'])).toBe(true);
    expect(wantsHelp(['--', '--help'])).toBe(false);
    expect(wantsJson(['contacts', '--json'])).toBe(true);
    expect(wantsJson(['--', '--json'])).toBe(false);
  });

  it('parses positive integers strictly', () => {
    expect(parsePositiveInt('12', '--page')).toBe(12);
    expect(parsePositiveInt(undefined, '--page')).toBeUndefined();
    for (const bad of ['0', '-1', '1.5', 'x', '1e3', '']) {
      expect(usage(() => parsePositiveInt(bad, '--page'))).toContain('--page must be a whole number');
    }
  });
});
