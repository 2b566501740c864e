// Tables of inputs and the value a pure function must give for each, so a test file lists its
// cases and not the same runner again and again.
import { expect, it } from 'vitest';

/** One input and the value expected for it. */
export type Case<In, Out> = readonly [input: In, expected: Out];
/** A case with a few words that say what it is, for the test's title. */
export type NamedCase<In, Out> = readonly [name: string, input: In, expected: Out];

/**
 * One test per row, each shown by vitest under `title` formatted with the row as it.each does
 * (`%s`, `%j`...): `fn(input)` must be (toBe) the expected value.
 */
export function casesOf<In, Out>(title: string, fn: (input: In) => Out, rows: readonly Case<In, Out>[]): void {
  it.each(rows.map(([input, expected]): [In, Out] => [input, expected]))(title, (input, expected) => {
    expect(fn(input)).toBe(expected);
  });
}

/** casesOf for rows that begin with their name: `title` formats the name first, then the input and the expected value. */
export function namedCasesOf<In, Out>(title: string, fn: (input: In) => Out, rows: readonly NamedCase<In, Out>[]): void {
  it.each(rows.map(([name, input, expected]): [string, In, Out] => [name, input, expected]))(title, (_name, input, expected) => {
    expect(fn(input)).toBe(expected);
  });
}

/** Inside one test: `fn` gives each row's expected value; a failure names the input it failed on. */
export function expectResults<In, Out>(fn: (input: In) => Out, rows: readonly Case<In, Out>[]): void {
  for (const [input, expected] of rows) expect(fn(input), JSON.stringify(input)).toBe(expected);
}

/** Inside one test: `fn` gives the same value for every input; a failure names the input it failed on. */
export function expectSameResult<In, Out>(fn: (input: In) => Out, inputs: readonly In[], expected: Out): void {
  expectResults(
    fn,
    inputs.map((input) => [input, expected]),
  );
}
