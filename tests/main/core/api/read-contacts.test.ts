// Reading a contacts answer into the model (read-contacts.ts): each field's place is found once
// per page and read in every item, numbers written as digits whatever their decoration, and an
// item without a number named with the place that was read.
import { describe, expect, it } from 'vitest';
import { readContacts } from '../../../../src-main/core/api/answers/read-contacts';
import { DETECT_CONTACTS } from '../../../../src-main/core/api/defaults';

const DETECT = DETECT_CONTACTS;

describe('readContacts', () => {
  it('writes numbers as digits: bare, decorated, as a WhatsApp JID, and keeps what is not a number as given', () => {
    const numbers = ['5511999990000', '+55 (11) 99999-0001', '5511999990002@s.whatsapp.net', '12345', 'abc-123456', 5511999990003];
    const page = readContacts({ data: numbers.map((number, i) => ({ id: `c${i}`, number })) }, {}, DETECT);
    expect(page.items.map((c) => c.number)).toEqual([
      '5511999990000',
      '5511999990001',
      '5511999990002',
      '12345',
      'abc-123456',
      '5511999990003',
    ]);
  });

  it('reads each field at a nested place the description names, in every item', () => {
    const map = { ...DETECT, list: 'result.items', number: 'contact.phones[1]', name: 'profile.display', id: 'ref' };
    const items = [0, 1, 2].map((i) => ({
      ref: `r${i}`,
      profile: { display: `Name ${i}` },
      contact: { phones: ['x', `551100000000${i}`] },
    }));
    const page = readContacts({ result: { items } }, {}, map);
    expect(page.items.map((c) => [c.id, c.name, c.number])).toEqual([
      ['r0', 'Name 0', '5511000000000'],
      ['r1', 'Name 1', '5511000000001'],
      ['r2', 'Name 2', '5511000000002'],
    ]);
  });

  it('detects common field names: phone, first and last name, tags as text', () => {
    const page = readContacts({ data: [{ phone: '5511999990000', first_name: 'Ana', last_name: 'Lima', tags: 'a, b' }] }, {}, DETECT);
    expect(page.items[0]).toMatchObject({ number: '5511999990000', name: 'Ana Lima', tags: ['a', 'b'], id: '5511999990000' });
  });

  it('names the place read when an item has no number there', () => {
    const map = { ...DETECT, number: 'contact.phone' };
    expect(() => readContacts({ data: [{ contact: { phone: '5511999990000' } }, { contact: {} }] }, {}, map)).toThrow(
      'item 1 has no phone number at "contact.phone"',
    );
  });
});
