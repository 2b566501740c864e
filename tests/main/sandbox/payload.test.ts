import { describe, expect, it } from 'vitest';
import { base64DecodedSize } from '../../../src-main/sandbox/payload';

describe('base64DecodedSize', () => {
  it.each([
    ['', 0],
    ['AAAA', 3],
    ['AAA=', 2],
    ['AA==', 1],
    [Buffer.from('hello world').toString('base64'), 11],
    ['+/+/', 3],
  ])('%j decodes to %i bytes', (text, bytes) => {
    expect(base64DecodedSize(text)).toBe(bytes);
  });

  it.each(['A', 'AAAAA', 'A===', 'AA=A', '=AAA', 'AAA-', 'AAA_', 'AA AA', 'ÀAAA', 'AAAA\n'])('refuses %j', (text) => {
    expect(base64DecodedSize(text)).toBe(-1);
  });
});
