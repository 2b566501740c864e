// How deep an answer nests before it is read (json-depth.ts): counted exactly around the limit,
// whether the answer is cleared by counting its opening brackets (few of them) or measured by
// the scan (many of them, as in a long page or in strings that hold brackets).
import { describe, expect, it } from 'vitest';
import { MAX_ANSWER_DEPTH, nestedTooDeep } from '../../../../src-main/core/http/json-depth';

const arrays = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const objects = (depth: number): string => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
/** `inner` inside a list of `siblings` shallow objects: more opening brackets than the limit, few levels */
const amongSiblings = (inner: string, siblings: number): string =>
  `{"data":[${Array.from({ length: siblings }, (_, i) => `{"id":${i},"tags":["t"]}`).join(',')},${inner}]}`;

describe('nestedTooDeep', () => {
  it('allows the limit and refuses one level more, in arrays and in objects', () => {
    expect(nestedTooDeep(arrays(MAX_ANSWER_DEPTH))).toBe(false);
    expect(nestedTooDeep(arrays(MAX_ANSWER_DEPTH + 1))).toBe(true);
    expect(nestedTooDeep(objects(MAX_ANSWER_DEPTH))).toBe(false);
    expect(nestedTooDeep(objects(MAX_ANSWER_DEPTH + 1))).toBe(true);
    expect(nestedTooDeep(arrays(50_000))).toBe(true);
  });

  it('measures an answer with more opening brackets than the limit by its nesting, not its count', () => {
    expect(nestedTooDeep(amongSiblings('{}', 500))).toBe(false);
    // two levels of the page around the inner value
    expect(nestedTooDeep(amongSiblings(arrays(MAX_ANSWER_DEPTH - 2), 500))).toBe(false);
    expect(nestedTooDeep(amongSiblings(arrays(MAX_ANSWER_DEPTH - 1), 500))).toBe(true);
  });

  it('does not count brackets inside strings, however many', () => {
    const text = JSON.stringify({ note: '['.repeat(1000), other: '{'.repeat(1000) });
    expect(nestedTooDeep(text)).toBe(false);
    expect(nestedTooDeep(`[${JSON.stringify('[[[')},${arrays(MAX_ANSWER_DEPTH)}]`)).toBe(true);
  });

  it('refuses an unclosed bomb that is not even JSON', () => {
    expect(nestedTooDeep('['.repeat(MAX_ANSWER_DEPTH + 1))).toBe(true);
    expect(nestedTooDeep('['.repeat(MAX_ANSWER_DEPTH))).toBe(false);
  });
});
