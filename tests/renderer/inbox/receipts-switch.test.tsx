// The Conversations screen's read-receipts switch shows what main says the shared setting is,
// changes it through main, and says so when the change is refused (the box keeps its state).
import { afterEach, describe, expect, it } from 'vitest';
import { ReceiptsSwitch } from '../../../src-renderer/features/inbox/inbox-switches';
import { fail, installFakeCrm, ok } from '../helpers/fake-crm';
import { click, render, settle, type Rendered } from '../helpers/render';

let view: Rendered | undefined;
afterEach(() => view?.unmount());

const box = (): HTMLInputElement => view!.container.querySelector('[data-testid="inbox-read-receipts"]')!;

describe('the read receipts switch', () => {
  it('shows the setting as main has it and switches it off and on through main', async () => {
    const crm = installFakeCrm({ 'inbox:read-receipts': () => ok({ on: true }), 'inbox:set-read-receipts': (p) => ok({ on: p.on }) });
    view = render(<ReceiptsSwitch />);
    await settle();
    expect(box().checked).toBe(true);
    expect(view.container.textContent).toContain('Tell the contact their messages were read');
    click(box());
    await settle();
    expect(box().checked).toBe(false);
    click(box());
    await settle();
    expect(crm.callsTo('inbox:set-read-receipts')).toEqual([{ on: false }, { on: true }]);
    expect(box().checked).toBe(true);
  });

  it('a refused change is said and the box keeps what main has', async () => {
    installFakeCrm({
      'inbox:read-receipts': () => ok({ on: true }),
      'inbox:set-read-receipts': () => fail({ code: 'internal', message: 'the database is busy' }),
    });
    view = render(<ReceiptsSwitch />);
    await settle();
    click(box());
    await settle();
    expect(box().checked).toBe(true);
    expect(view.container.textContent).toContain('The setting could not be changed');
  });
});
