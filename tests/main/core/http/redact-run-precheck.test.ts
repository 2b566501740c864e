// The precheck that lets a body skip the key scan (run-precheck.ts) reads one position in five:
// it must never skip a body that holds a run of the key, wherever the run starts and however the
// scrubber already recognises it (any case, a Kelvin sign for k, a wire form of the key, JSON or
// percent escapes). Each case puts the run into a page of contacts at every start position across
// two strides, and checks that the scrubbed page holds no run of the key, decoded or not.
import { describe, expect, it } from 'vitest';
import { LEAK_RUN, scrubSecret } from '../../../../src-main/core/http/scrub/redact';
import { keyWireForms } from '../../../../src-main/core/http/scrub/key-wire-forms';
import { mayHoldKeyRun } from '../../../../src-main/core/http/scrub/run-precheck';
import { secretWindows } from '../../../../src-main/core/http/scrub/secret-windows';
import { leakedRuns } from '../../helpers/secret-scan';

const KEY = 'crm_sk_Q7vXk2LmP9aZ4wRt';

/** a contacts page shaped as the sandbox answers it, about 20 KB, without any run of KEY */
function contactsPage(): string {
  const data = Array.from({ length: 100 }, (_, i) => ({
    id: `c_${String(i).padStart(6, '0')}`,
    name: `Contact Number${i}`,
    number: `55119${String(i * 7919).padStart(8, '0')}`,
    email: `person.${i}@example.com`,
    tags: i % 3 === 0 ? ['vip'] : [],
    created_at: '2023-05-27T11:58:05.127Z',
    updated_at: '2023-05-30T06:51:33.804Z',
  }));
  return JSON.stringify({ data, meta: { page: 3, per_page: 100, total: 1000 } });
}

const PAGE = contactsPage();

/** `run` placed inside the page's first name, starting at every offset across two strides of the precheck */
function placements(run: string): string[] {
  const at = PAGE.indexOf('Contact Number0');
  return Array.from({ length: 12 }, (_, offset) => `${PAGE.slice(0, at)}${'x'.repeat(offset)}${run}${PAGE.slice(at)}`);
}

/** what a decoder would make of a scrubbed text: the JSON strings parsed, percent escapes undone */
function decoded(text: string): string {
  const parsed = JSON.stringify(JSON.parse(text));
  return parsed.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const spell = (run: string, escape: (c: string) => string): string => [...run].map(escape).join('');

describe('the key scan precheck', () => {
  it('clears the page that holds no run of the key, which the scan then leaves as it is', () => {
    expect(leakedRuns(PAGE, KEY)).toEqual([]);
    expect(mayHoldKeyRun(PAGE, secretWindows(KEY))).toBe(false);
    expect(scrubSecret(PAGE, KEY)).toBe(PAGE);
  });

  const run = KEY.slice(5, 5 + LEAK_RUN);
  const wire = keyWireForms(KEY);
  const cases: [string, string][] = [
    ['a run as the key spells it', run],
    ['the whole key', KEY],
    ['a run upper-cased', run.toUpperCase()],
    ['a run with a Kelvin sign for its k', run.replace('k', '\u212a')],
    ['a run of the key in base64 (an echoed Basic credential)', wire[0]!.slice(3, 3 + LEAK_RUN)],
    ['a run of the key in base64url, one byte dropped', wire[wire.length - 1]!.slice(0, LEAK_RUN)],
    ['a run in \\u escapes', spell(run, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)],
    ['a run with one character in a \\u escape', `${run.slice(0, 4)}\\u00${run.charCodeAt(4).toString(16)}${run.slice(5)}`],
    ['a run in percent escapes', spell(run, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)],
  ];
  for (const [what, spelled] of cases) {
    it(`never lets through ${what}, wherever it starts`, () => {
      for (const page of placements(spelled)) {
        const scrubbed = scrubSecret(page, KEY);
        expect(leakedRuns(scrubbed, KEY), what).toEqual([]);
        expect(leakedRuns(decoded(scrubbed), KEY), what).toEqual([]);
        for (const form of wire) expect(leakedRuns(scrubbed, form), what).toEqual([]);
      }
    });
  }

  it('sees a literal run at every start position, at the very start and the very end of a text', () => {
    const windows = secretWindows(KEY);
    for (const page of placements(run)) expect(mayHoldKeyRun(page, windows)).toBe(true);
    expect(mayHoldKeyRun(run, windows)).toBe(true);
    expect(mayHoldKeyRun(`${PAGE}${run}`, windows)).toBe(true);
    expect(mayHoldKeyRun(`${run}${PAGE}`, windows)).toBe(true);
    expect(mayHoldKeyRun(run.slice(0, LEAK_RUN - 1), windows)).toBe(false);
  });

  it('clears a text holding only pieces of the key shorter than a run', () => {
    const windows = secretWindows(KEY);
    const pieces = `${PAGE.slice(0, 100)}${KEY.slice(0, LEAK_RUN - 1)} ${KEY.slice(3, 3 + LEAK_RUN - 1)}${PAGE.slice(100)}`;
    expect(mayHoldKeyRun(pieces, windows)).toBe(false);
    expect(scrubSecret(pieces, KEY)).toBe(pieces);
  });

  it("says a text may hold a run exactly when one of the key's forms has a run in it (3,000 texts)", () => {
    const windows = secretWindows(KEY);
    const forms = [KEY, ...wire];
    let state = 7;
    const pick = (n: number): number => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return (state >>> 8) % n;
    };
    const filler = ['"', ':', ',', ' ', '{', '}', 'x', 'Z', '9', '_', 'é', '\u212a'];
    for (let round = 0; round < 3000; round += 1) {
      let text = '';
      for (let part = 1 + pick(10); part > 0; part -= 1) {
        if (pick(5) < 2) {
          const form = forms[pick(forms.length)]!;
          const from = pick(form.length);
          const piece = form.slice(from, from + 1 + pick(12));
          text += pick(3) === 0 ? piece.toUpperCase() : piece;
        } else for (let c = 1 + pick(8); c > 0; c -= 1) text += filler[pick(filler.length)]!;
      }
      const holds = forms.some((form) => leakedRuns(text, form).length > 0);
      expect(mayHoldKeyRun(text, windows), JSON.stringify(text)).toBe(holds);
    }
  });
});
