// "Resend" asks first for anything but a GET (it sends a message or makes a key again), and
// nothing goes to main when the person keeps it; a GET is sent again at once.
import { beforeEach, describe, expect, it } from 'vitest';
import { resendEntry } from '../../../src-renderer/features/log/resend-entry';
import { useConfirmStore } from '../../../src-renderer/ui/confirm-store';
import { fail, installFakeCrm, ok } from '../helpers/fake-crm';

const post = { id: 'p1', method: 'POST', path: '/api/v1/messages/text' };

beforeEach(() => useConfirmStore.setState({ current: null }));

describe('resendEntry', () => {
  it('a POST the person keeps (Cancel) is not sent again', async () => {
    const crm = installFakeCrm({ 'log:resend': () => ok({ status: 201, entryId: 'p2' }) });
    const outcome = resendEntry(post);
    await Promise.resolve();
    expect(useConfirmStore.getState().current).toMatchObject({ title: 'Send this request again?', confirmLabel: 'Send again' });
    useConfirmStore.getState().answer(false);
    expect(await outcome).toEqual({ kind: 'kept', message: 'Not sent again.' });
    expect(crm.callsTo('log:resend')).toEqual([]);
  });

  it('a POST confirmed is sent again by main, which answers its status and new row', async () => {
    const crm = installFakeCrm({ 'log:resend': () => ok({ status: 201, entryId: 'p2' }) });
    const outcome = resendEntry(post);
    await Promise.resolve();
    useConfirmStore.getState().answer(true);
    expect(await outcome).toMatchObject({ kind: 'sent', entryId: 'p2', message: expect.stringContaining('answered 201') });
    expect(crm.callsTo('log:resend')).toEqual([{ id: 'p1' }]);
  });

  it('a GET goes at once, without a question', async () => {
    const crm = installFakeCrm({ 'log:resend': () => ok({ status: 200, entryId: 'g2' }) });
    expect(await resendEntry({ id: 'g1', method: 'GET', path: '/api/v1/contacts' })).toMatchObject({ kind: 'sent' });
    expect(useConfirmStore.getState().current).toBeNull();
    expect(crm.callsTo('log:resend')).toEqual([{ id: 'g1' }]);
  });

  it("main's refusal (a request it no longer holds) is said, not swallowed", async () => {
    installFakeCrm({
      'log:resend': () => fail({ code: 'not_found', message: 'Only requests this window sent since it started can be sent again.' }),
    });
    expect(await resendEntry({ id: 'g1', method: 'GET', path: '/api/v1/contacts' })).toMatchObject({
      kind: 'failed',
      message: expect.stringContaining('Not sent again'),
    });
  });
});
