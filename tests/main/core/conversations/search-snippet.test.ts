// The piece of a found message shown beside it: the searched words marked as the index matched
// them (accents and case aside, the last word as a prefix), cut around the first match.
import { describe, expect, it } from 'vitest';
import { snippetOf } from '../../../../src-main/core/conversations/search-snippet';
import type { SnippetPart } from '../../../../src-main/shared/message-search';

const marked = (parts: SnippetPart[]): string => parts.map((p) => (p.match ? `[${p.text}]` : p.text)).join('');

describe('snippetOf', () => {
  it('marks each searched word, accents and case aside', () => {
    expect(marked(snippetOf(['A Ação do João começou'], ['acao', 'JOAO'], false))).toBe('A [Ação] do [João] começou');
  });

  it('marks the last word as the start of a word only when it is a prefix', () => {
    expect(marked(snippetOf(['pedido pedidos'], ['pedido'], true))).toBe('[pedido] [pedidos]');
    expect(marked(snippetOf(['pedido pedidos'], ['pedido'], false))).toBe('[pedido] pedidos');
  });

  it('takes the first field that holds a match (the text, else the file name, else the name)', () => {
    expect(marked(snippetOf(['see attached', 'boleto-maio.pdf', null], ['boleto'], false))).toBe('[boleto]-maio.pdf');
    expect(marked(snippetOf([null, null, 'Maria Souza'], ['maria'], false))).toBe('[Maria] Souza');
  });

  it('cuts a long text around the first match, at word edges, and says so with …', () => {
    const long = `${'palavra '.repeat(30)}entrega amanhã ${'depois '.repeat(40)}`;
    const parts = snippetOf([long], ['entrega'], false);
    const shown = marked(parts);
    expect(shown.startsWith('…palavra')).toBe(true);
    expect(shown).toContain('[entrega] amanhã');
    expect(shown.endsWith('depois…')).toBe(true);
    expect(shown.length).toBeLessThan(long.length);
  });

  it('shows line breaks as spaces', () => {
    expect(marked(snippetOf(['oi\n\ntudo bem?'], ['tudo'], false))).toBe('oi [tudo] bem?');
  });

  it('a message whose fields hold no match shows its first field unmarked, and nothing when it has no text', () => {
    expect(snippetOf(['ﬁle'], ['zzz'], false)).toEqual([{ text: 'ﬁle', match: false }]);
    expect(snippetOf([null, null], ['x'], false)).toEqual([]);
  });
});
