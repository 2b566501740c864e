// The request deadline on the Profiles screen: what main says is in force is shown, a value
// outside whole seconds within main's range is refused here with the range and never sent, a
// valid one is sent as a number, and "Back to the default" sends null. Main's own check of the
// payload and the data folder's setting: tests/main/ipc/settings-handlers.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { RequestDeadlinePanel } from '../../../src-renderer/features/profiles/request-deadline-panel';
import type { RequestDeadlineState } from '../../../src-main/shared/network-settings';
import { installFakeCrm, ok } from '../helpers/fake-crm';
import { byText, click, render, settle, typeInto, type Rendered } from '../helpers/render';

const DEFAULT: RequestDeadlineState = { seconds: 60, isDefault: true, defaultSeconds: 60, min: 1, max: 3600 };

let view: Rendered;
afterEach(() => view?.unmount());

const input = () => view.container.querySelector<HTMLInputElement>('input')!;
const shown = () => view.container.querySelector('[data-testid="request-deadline-state"]')?.textContent;

describe('the request deadline', () => {
  it('refuses what is not whole seconds in range, sends a valid value, and goes back to the default', async () => {
    const crm = installFakeCrm({
      'settings:request-deadline': () => ok(DEFAULT),
      'settings:set-request-deadline': ({ seconds }) => ok(seconds === null ? DEFAULT : { ...DEFAULT, seconds, isDefault: false }),
    });
    view = render(<RequestDeadlinePanel />);
    await settle();
    expect(input().value).toBe('60');
    expect(shown()).toBe('60 s (the default)');
    expect(byText(view.container, 'button', 'Back to the default (60 s)')).toBeUndefined();

    for (const typed of ['0', '3601', '1.5', '', 'ten']) {
      typeInto(input(), typed);
      click(byText(view.container, 'button', 'Save'));
      await settle();
    }
    expect(crm.callsTo('settings:set-request-deadline')).toEqual([]);
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(view.container.textContent).toContain('Whole seconds from 1 to 3600.');

    typeInto(input(), '15');
    expect(input().getAttribute('aria-invalid')).toBe('false');
    click(byText(view.container, 'button', 'Save'));
    await settle();
    expect(crm.callsTo('settings:set-request-deadline')).toEqual([{ seconds: 15 }]);
    expect(shown()).toBe('15 s');

    click(byText(view.container, 'button', 'Back to the default (60 s)'));
    await settle();
    expect(crm.callsTo('settings:set-request-deadline')).toEqual([{ seconds: 15 }, { seconds: null }]);
    expect(shown()).toBe('60 s (the default)');
    expect(input().value).toBe('60');
  });
});
