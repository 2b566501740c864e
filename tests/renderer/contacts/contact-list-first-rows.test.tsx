// The contacts list tells main once, after the frame that paints them, how many contact rows it
// shows first (app:first-rows): nothing while the first page is on its way, nothing again later.
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Contact, ContactPage } from '../../../src-renderer/lib/api';
import { ContactList } from '../../../src-renderer/features/contacts/contact-list';
import { useContactsStore } from '../../../src-renderer/features/contacts/contacts-store';
import { deferred, installFakeCrm, ok, type FakeCrm } from '../helpers/fake-crm';
import { render } from '../helpers/render';

const contact = (i: number): Contact =>
  ({ id: `c${i}`, name: `Contact ${i}`, number: `+5511999990${String(i).padStart(3, '0')}` }) as Contact;
const PAGE: ContactPage = { items: [contact(1), contact(2), contact(3)], page: 1, perPage: 100, total: 3, totalPages: 1, hasMore: false };

/** runs `change` as React would see it, then lets the answers arrive and the next frame run */
const step = (change: () => unknown = () => {}) =>
  act(async () => {
    change();
    for (let i = 0; i < 10; i++) await Promise.resolve();
    await new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0)));
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });

let crm: FakeCrm;
beforeEach(() => {
  useContactsStore.setState(useContactsStore.getInitialState(), true);
});

describe('ContactList and app:first-rows', () => {
  it('reports the painted contact rows once, after the page arrived and a frame ran', async () => {
    const answer = deferred<ReturnType<typeof ok<ContactPage>>>();
    crm = installFakeCrm({ 'contacts:list': () => answer.promise, 'app:first-rows': () => ok(null) });
    const view = render(<ContactList />);
    await step(() => useContactsStore.getState().init());
    expect(crm.callsTo('app:first-rows')).toEqual([]);

    await step(() => answer.resolve(ok(PAGE)));
    await step();
    const rows = view.container.querySelectorAll('[data-testid="contact-row"]').length;
    expect(rows).toBeGreaterThan(0);
    expect(crm.callsTo('app:first-rows')).toEqual([{ rows }]);

    await step(() => useContactsStore.getState().refresh());
    await step();
    expect(crm.callsTo('app:first-rows')).toHaveLength(1);
    view.unmount();
  });
});
