// How a command is declared: the one-line option kinds make the same specs the parser and the
// help read, and a command that declares no options or positionals takes none.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { COMMON_OPTIONS, UsageError, parseCommandArgs } from '../../../src-main/cli/args';
import type { ParsedValues } from '../../../src-main/cli/args';
import { defineCommand } from '../../../src-main/cli/command';
import { flagOption, listOption, valueOption } from '../../../src-main/cli/option-kinds';

const options = {
  to: valueOption('NUMBER', 'the contact'),
  map: listOption('ROLE=FIELD', 'fix a guess'),
  queue: flagOption('keep it in the outbox'),
};

describe('option kinds', () => {
  it('make the specs the parser and the help read', () => {
    expect(options).toEqual({
      to: { type: 'string', valueName: 'NUMBER', help: 'the contact' },
      map: { type: 'list', valueName: 'ROLE=FIELD', help: 'fix a guess' },
      queue: { type: 'boolean', help: 'keep it in the outbox' },
    });
  });

  it('keep each value as precisely typed as a spec written out', () => {
    expectTypeOf<ParsedValues<typeof options>>().toEqualTypeOf<{ to?: string; map?: string[]; queue?: boolean }>();
    const parsed = parseCommandArgs(['--to', '5511', '--map', 'a=b', '--map', 'c=d', '--queue'], options, { min: 0, max: 0 });
    expect(parsed.values).toEqual({ to: '5511', map: ['a=b', 'c=d'], queue: true });
  });
});

describe('defineCommand', () => {
  const bare = defineCommand({
    name: 'bare',
    summary: 'declares neither options nor positionals',
    usage: ['bare'],
    async run() {
      return { data: null, text: '' };
    },
  });

  it('gives a command that declares no options or positionals none of either', () => {
    expect(bare.options).toEqual({});
    expect(bare.positionals).toEqual({ min: 0, max: 0 });
    expect(() => parseCommandArgs(['extra'], { ...bare.options, ...COMMON_OPTIONS }, bare.positionals)).toThrow(
      new UsageError('this command takes no arguments, only options'),
    );
  });

  it('keeps the positionals a command declares', () => {
    const one = defineCommand({ ...bare, positionals: { min: 1, max: 1 } });
    expect(one.positionals).toEqual({ min: 1, max: 1 });
    expect(parseCommandArgs(['NAME'], one.options, one.positionals).positionals).toEqual(['NAME']);
  });
});
