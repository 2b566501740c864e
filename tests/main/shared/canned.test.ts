// Canned responses' bodies as pure functions: the parameters asked for, the contact's variables
// filled, a value never filled twice, and every bad body named before it is stored.
import { describe, expect, it } from 'vitest';
import { cannedMatches, cannedNameProblem, cannedTextProblem, fillCanned, parametersOf } from '../../../src-main/shared/canned';
import { casesOf, namedCasesOf } from '../helpers/cases';

const contact = { name: 'Ana', number: '5511999990001' };

describe('filling a canned response', () => {
  it('fills the contact and the parameters, each parameter asked once in the order it first appears', () => {
    const body = 'Hi {{contact.name}}, order {{order}} ships to {{ city }}; we will call {{contact.number}} about {{order}}.';
    expect(parametersOf(body)).toEqual(['order', 'city']);
    expect(fillCanned(body, { contact, params: { order: '#1042', city: 'Recife' } })).toBe(
      'Hi Ana, order #1042 ships to Recife; we will call 5511999990001 about #1042.',
    );
  });

  it('calls a contact without a known name by its number', () => {
    expect(fillCanned('Hi {{contact.name}}', { contact: { name: null, number: '5511999990001' }, params: {} })).toBe('Hi 5511999990001');
  });

  it.each([
    ['a value that holds a variable is written as given, never filled again', { order: '{{contact.number}}' }, 'Order {{contact.number}}'],
    ['a value with braces and $ patterns', { order: '$& $1 }} {{' }, 'Order $& $1 }} {{'],
    ['an empty value', { order: '' }, 'Order '],
    ['a value with a line break and a right-to-left mark', { order: '1\n\u202e2' }, 'Order 1\n\u202e2'],
  ])('%s', (_name, params, expected) => {
    expect(fillCanned('Order {{order}}', { contact, params })).toBe(expected);
  });

  it('a contact name that holds a variable is written as given', () => {
    expect(fillCanned('Hi {{contact.name}} {{order}}', { contact: { name: '{{order}}', number: '1' }, params: { order: 'x' } })).toBe(
      'Hi {{order}} x',
    );
  });

  it('a parameter not given, or one named like an Object property, is never taken from elsewhere', () => {
    expect(() => fillCanned('Order {{order}}', { contact, params: {} })).toThrow('No value was given for {{order}}');
    expect(() => fillCanned('{{constructor}} {{__proto__}}', { contact, params: {} })).toThrow('No value was given for {{constructor}}');
  });
});

describe('checking a canned response', () => {
  namedCasesOf('%s is refused with the reason', cannedTextProblem, [
    ['an empty text', '', 'The text is empty'],
    ['white space only', ' \n\t', 'The text is empty'],
    ['an unclosed {{', 'Hi {{contact.name', 'The body has a "{{" without its "}}" (at character 4)'],
    ['an unclosed {{ after a good one', '{{order}} and {{', 'The body has a "{{" without its "}}" (at character 15)'],
    ['an empty variable', 'Hi {{}}', '"{{}}" is not a variable: use letters, digits and _ (e.g. {{order}}, {{contact.name}})'],
    [
      'a variable with spaces inside',
      'Hi {{first name}}',
      '"{{first name}}" is not a variable: use letters, digits and _ (e.g. {{order}}, {{contact.name}})',
    ],
    [
      'an unknown contact field',
      'Hi {{contact.email}}',
      '{{contact.email}} is not known: a contact has {{contact.name}} and {{contact.number}}',
    ],
    ['a text past 4096 characters', 'x'.repeat(4097), 'The text is longer than 4096 characters'],
    ['more than 20 parameters', Array.from({ length: 21 }, (_, i) => `{{p${i}}}`).join(' '), 'The body asks for more than 20 parameters'],
  ]);

  it('single braces and a lone }} are text', () => {
    expect(cannedTextProblem('a {b} c }} d')).toBeNull();
    expect(parametersOf('a {b} c }} d')).toEqual([]);
  });

  casesOf('the name %j is refused', cannedNameProblem, [
    ['', 'The name is empty'],
    ['order status', 'The name may hold only letters, digits, - and _ (it is typed after /)'],
    ['/order', 'The name may hold only letters, digits, - and _ (it is typed after /)'],
    ['x'.repeat(65), 'The name is longer than 64 characters'],
  ]);

  it('accepts names in any script', () => {
    expect(cannedNameProblem('pedido-enviado_2')).toBeNull();
    expect(cannedNameProblem('obrigado')).toBeNull();
    expect(cannedNameProblem('спасибо')).toBeNull();
  });
});

describe('matching what is typed after /', () => {
  it('names that start with it first, then names that contain it, case aside', () => {
    const all = ['thanks', 'order-status', 'reorder', 'Order-late'].map((name) => ({
      name,
      text: name,
      scope: 'shared' as const,
      media: null,
    }));
    expect(cannedMatches(all, 'ord').map((c) => c.name)).toEqual(['order-status', 'Order-late', 'reorder']);
    expect(cannedMatches(all, '').map((c) => c.name)).toEqual(['thanks', 'order-status', 'reorder', 'Order-late']);
    expect(cannedMatches(all, 'zzz')).toEqual([]);
  });
});
