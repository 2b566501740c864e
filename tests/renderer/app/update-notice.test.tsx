// "Restart to update": shown only once main says a newer version is downloaded; the button asks
// main to install it, and a refusal is said in main's words.
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UpdateNotice } from '../../../src-renderer/app/update-notice';
import { useUpdateStore } from '../../../src-renderer/app/update-store';
import { wireAppEvents } from '../../../src-renderer/app/wire-events';
import { fail, flush, installFakeCrm, ok, type FakeCrm } from '../helpers/fake-crm';
import { render, type Rendered } from '../helpers/render';

let crm: FakeCrm;
let view: Rendered | undefined;
let unwire: (() => void) | undefined;

beforeEach(() => {
  useUpdateStore.setState({ update: { phase: 'off' }, restartError: null });
  crm = installFakeCrm({ 'app:update-state': () => ok({ phase: 'idle' as const }) });
});
afterEach(() => {
  unwire?.();
  view?.unmount();
});

const notice = (): HTMLElement | null => view!.container.querySelector('[data-testid="update-notice"]');

describe('the update notice', () => {
  it('asks main where updating stands, then follows app:update; shown only when ready', async () => {
    unwire = wireAppEvents();
    await flush();
    expect(crm.callsTo('app:update-state')).toEqual([{}]);
    expect(useUpdateStore.getState().update).toEqual({ phase: 'idle' });
    view = render(<UpdateNotice />);
    for (const update of [{ phase: 'checking' as const }, { phase: 'downloading' as const, version: '0.2.0', percent: 40 }]) {
      act(() => crm.emit('app:update', update));
      expect(notice()).toBeNull();
    }
    act(() => crm.emit('app:update', { phase: 'ready', version: '0.2.0' }));
    expect(notice()?.textContent).toContain('CRM Console 0.2.0 is ready');
  });

  it('Restart to update asks main to install; a refusal is shown', async () => {
    useUpdateStore.setState({ update: { phase: 'ready', version: '0.2.0' } });
    crm.handle('app:restart-to-update', () => fail({ code: 'validation', message: 'No update is ready to install yet.' }));
    view = render(<UpdateNotice />);
    const button = notice()!.querySelector('button')!;
    expect(button.textContent).toBe('Restart to update');
    await act(async () => {
      button.click();
      await flush();
    });
    expect(crm.callsTo('app:restart-to-update')).toEqual([{}]);
    expect(notice()?.textContent).toContain('No update is ready to install yet.');
  });
});
