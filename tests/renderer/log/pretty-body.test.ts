// The log's body view indents JSON, but never into text many times the body's size: a service
// that answers a few KB nested thousands of levels deep must not make the window build and lay
// out tens of MB of spaces when the entry is opened.
import { describe, expect, it } from 'vitest';
import { MAX_PRETTY_CHARS, MAX_PRETTY_DEPTH, prettyBody } from '../../../src-renderer/features/log/pretty-body';

const json = (text: string) => ({ kind: 'text' as const, text, contentType: 'application/json', truncated: false });
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('a logged body indented for reading', () => {
  it('indents a body nested as deep as the limit', () => {
    const shown = prettyBody(json(nested(MAX_PRETTY_DEPTH)));
    expect(shown.split('\n')).toHaveLength(2 * MAX_PRETTY_DEPTH - 1);
  });

  it('shows a body nested one level deeper as kept', () => {
    const text = nested(MAX_PRETTY_DEPTH + 1);
    expect(prettyBody(json(text))).toBe(text);
  });

  it('shows a few KB nested 3,000 levels deep as kept, not as megabytes of indentation', () => {
    // indented, this would be 18 MB of text
    const text = `{"error":${nested(3000)}}`;
    expect(prettyBody(json(text))).toBe(text);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const text = `{"note":"${'[{'.repeat(200)} \\" ${'[{'.repeat(200)}","list":[1]}`;
    const shown = prettyBody(json(text));
    expect(shown).not.toBe(text);
    expect(JSON.parse(shown)).toEqual(JSON.parse(text));
  });

  it('shows a body as kept when its indented text would pass the limit', () => {
    // shallow but wide: each of the items takes a line of its own, deep inside the limit
    const deep = MAX_PRETTY_DEPTH - 1;
    const items = Math.ceil(MAX_PRETTY_CHARS / (2 * deep));
    const text = `${'['.repeat(deep)}${Array(items).fill(0).join(',')}${']'.repeat(deep)}`;
    expect(prettyBody(json(text))).toBe(text);
  });
});
