// The reply box's / list of canned responses: it opens only for `/` at the start, filters as the
// person types, moves with the arrow keys, picks with Enter (the contact's name filled, a
// parameter asked first), closes with Escape, reads the list afresh each time it opens, says
// when there are none, and exposes a listbox the box points at.
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { slashQuery, useCannedPicker } from '../../../src-renderer/features/messages/canned-picker';
import type { CannedResponse } from '../../../src-renderer/lib/api';
import { installFakeCrm, ok } from '../helpers/fake-crm';
import { key, render, settle, typeInto, type Rendered } from '../helpers/render';

const CANNED: CannedResponse[] = [
  { name: 'thanks', text: 'Thank you, {{contact.name}}!', scope: 'personal', media: null },
  { name: 'order-status', text: 'Order {{order}} ships today to {{contact.number}}.', scope: 'shared', media: null },
  { name: 'reorder', text: 'Want to order again?', scope: 'shared', media: null },
];

function Box() {
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const picker = useCannedPicker(text, setText, box, { name: 'Ana', number: '5511999990001' });
  return (
    <div>
      <label htmlFor="reply">Reply</label>
      <textarea
        id="reply"
        ref={box}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={picker.onKeyDown}
        {...picker.textareaProps}
      />
      {picker.element}
    </div>
  );
}

let view: Rendered | undefined;
afterEach(() => view?.unmount());

const $ = (selector: string): HTMLElement | null => view!.container.querySelector(selector);
const options = (): string[] =>
  [...view!.container.querySelectorAll('[role="option"]')].map((o) => o.querySelector('strong')?.textContent ?? '');
const textarea = (): HTMLTextAreaElement => $('textarea') as HTMLTextAreaElement;

async function typed(text: string): Promise<void> {
  typeInto(textarea(), text);
  await settle();
}

describe('the / list of canned responses', () => {
  it('opens for / at the start, filters as the person types, and Enter fills the box with the contact filled in', async () => {
    const fake = installFakeCrm({ 'canned:list': () => ok(CANNED) });
    view = render(<Box />);
    await typed('/');
    expect(options()).toEqual(['/thanks', '/order-status', '/reorder']);
    const list = $('[role="listbox"]');
    expect(list?.getAttribute('aria-label')).toBe('Canned responses');
    expect(textarea().getAttribute('aria-controls')).toBe(list?.id);
    expect(textarea().getAttribute('aria-autocomplete')).toBe('list');
    expect(textarea().getAttribute('aria-activedescendant')).toBe(
      view.container.querySelector('[role="option"][aria-selected="true"]')?.id,
    );

    await typed('/th');
    expect(options()).toEqual(['/thanks']);
    key(textarea(), 'Enter');
    await settle();
    expect(textarea().value).toBe('Thank you, Ana!');
    expect($('[role="listbox"]')).toBeNull();
    expect(fake.callsTo('canned:list')).toHaveLength(1);
  });

  it('arrow keys move the active option (wrapping); a parameter is asked before the body goes in', async () => {
    installFakeCrm({ 'canned:list': () => ok(CANNED) });
    view = render(<Box />);
    await typed('/ord');
    // names that start with it first, then those that hold it
    expect(options()).toEqual(['/order-status', '/reorder']);
    key(textarea(), 'ArrowDown');
    expect($('[aria-selected="true"] strong')?.textContent).toBe('/reorder');
    key(textarea(), 'ArrowDown');
    expect($('[aria-selected="true"] strong')?.textContent).toBe('/order-status');
    key(textarea(), 'ArrowUp');
    expect($('[aria-selected="true"] strong')?.textContent).toBe('/reorder');
    key(textarea(), 'ArrowUp');
    key(textarea(), 'Enter');
    await settle();

    const form = $('[data-testid="canned-params"]');
    expect(form?.querySelector('legend')?.textContent).toBe('Fill in /order-status');
    const input = form?.querySelector('input') as HTMLInputElement;
    expect(document.activeElement).toBe(input);
    expect(form?.querySelector(`label[for="${input.id}"]`)?.textContent).toBe('order');
    typeInto(input, '#1042 {{contact.name}}');
    key(input, 'Enter');
    await settle();
    // a value is written as given, never filled again
    expect(textarea().value).toBe('Order #1042 {{contact.name}} ships today to 5511999990001.');
    expect(document.activeElement).toBe(textarea());
  });

  it('Escape closes the list and leaves the text; Escape in the parameters puts nothing in', async () => {
    installFakeCrm({ 'canned:list': () => ok(CANNED) });
    view = render(<Box />);
    await typed('/re');
    key(textarea(), 'Escape');
    expect($('[role="listbox"]')).toBeNull();
    expect(textarea().value).toBe('/re');
    expect(textarea().hasAttribute('aria-controls')).toBe(false);
    // typing on opens it again
    await typed('/reo');
    expect(options()).toEqual(['/reorder']);

    await typed('/order');
    key(textarea(), 'Enter');
    await settle();
    key($('[data-testid="canned-params"] input'), 'Escape');
    await settle();
    expect($('[data-testid="canned-params"]')).toBeNull();
    expect(textarea().value).toBe('/order');
  });

  it('reads the list afresh each time it opens, so one added meanwhile (by crm) is there', async () => {
    let list: CannedResponse[] = [];
    const fake = installFakeCrm({ 'canned:list': () => ok(list) });
    view = render(<Box />);
    await typed('/');
    expect($('[role="status"]')?.textContent).toBe('No canned responses yet: crm canned add --name NAME --text TEXT');
    await typed('');
    list = CANNED;
    await typed('/x');
    expect($('[role="status"]')?.textContent).toBe('No canned response starts with or holds “x”.');
    await typed('/th');
    expect(options()).toEqual(['/thanks']);
    expect(fake.callsTo('canned:list')).toHaveLength(2);
  });

  it.each([
    ['text before the slash', 'hi /thanks'],
    ['a space after it', '/thanks now'],
    ['a second line', '/thanks\nmore'],
  ])('stays shut for %s', (_name, text) => {
    expect(slashQuery(text)).toBeNull();
  });
});
