import { describe, expect, it } from 'vitest';
import { readTemplates } from '../../../../src-main/core/api/answers/read-templates';

describe('reading a template listing, whatever its shape', () => {
  it("Meta's message_templates: approved ones only, the parameters counted from the body's {{n}}", () => {
    const answer = {
      data: [
        {
          name: 'order_update',
          language: 'pt_BR',
          status: 'APPROVED',
          components: [
            { type: 'HEADER', text: 'Pedido' },
            { type: 'BODY', text: 'Seu pedido {{1}} chega {{2}}.' },
          ],
        },
        { name: 'promo', language: 'en_US', status: 'REJECTED', components: [{ type: 'BODY', text: 'Sale!' }] },
        { name: 'hello_world', language: 'en_US', status: 'approved', components: [{ type: 'BODY', text: 'Hello World' }] },
      ],
      paging: { cursors: { before: 'a', after: 'b' } },
    };
    expect(readTemplates(answer)).toEqual([
      { name: 'order_update', language: 'pt_BR', params: 2, body: 'Seu pedido {{1}} chega {{2}}.' },
      { name: 'hello_world', language: 'en_US', params: 0, body: 'Hello World' },
    ]);
  });

  it('a language as {code}, a bare array, a stated parameter count, a `templates` key', () => {
    expect(readTemplates([{ name: 'a', language: { code: 'es' } }])).toEqual([{ name: 'a', language: 'es', params: null, body: null }]);
    expect(readTemplates({ result: { templates: [{ name: 'b', language: 'en', params: 3 }] } })).toEqual([
      { name: 'b', language: 'en', params: 3, body: null },
    ]);
  });

  it('an empty list is a list; an answer of another shape (an HTML error page parsed as nothing, a contacts list) is none', () => {
    expect(readTemplates([])).toEqual([]);
    expect(readTemplates({ data: [{ id: 1, name: 'Ana', number: '5511999990001' }] })).toBeNull();
    expect(readTemplates(undefined)).toBeNull();
    expect(readTemplates('<html>')).toBeNull();
  });

  it('a hostile answer is bounded: at most 1000 entries, long names and bodies cut', () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({ name: `t${i}${'x'.repeat(2000)}`, language: 'en_US', body: 'y'.repeat(5000) }));
    const read = readTemplates({ data: many })!;
    expect(read).toHaveLength(1000);
    expect(read[0]!.name.length).toBe(512);
    expect(read[0]!.body!.length).toBe(1024);
  });
});
