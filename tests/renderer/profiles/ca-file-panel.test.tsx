// Trusted certificates on the Profiles screen: what main says of the CA file is shown as it says
// it, a file main refuses leaves the setting shown as it was with the reason beside it, and the
// window only ever asks main to choose or clear (it names no path). The real dialog, file and
// TLS connection: tests/e2e/ca-file.spec.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { CaFilePanel } from '../../../src-renderer/features/profiles/ca-file-panel';
import type { CaFileState } from '../../../src-main/shared/network-settings';
import { fail, installFakeCrm, ok } from '../helpers/fake-crm';
import { byText, click, render, settle, type Rendered } from '../helpers/render';

const NONE: CaFileState = { path: null, certificates: 0, problem: null };
const ROOT: CaFileState = { path: '/etc/ssl/company-root.pem', certificates: 2, problem: null };

let view: Rendered;
afterEach(() => view?.unmount());

const state = () => view.container.querySelector('[data-testid="ca-file-state"]');
const problem = () => view.container.querySelector('[data-testid="ca-file-error"]');

describe('trusted certificates', () => {
  it('shows the file chosen in main and offers to clear it', async () => {
    const crm = installFakeCrm({ 'settings:ca-file': () => ok(NONE), 'settings:set-ca-file': () => ok(ROOT) });
    view = render(<CaFilePanel />);
    await settle();
    expect(state()?.textContent).toMatch(/^No CA file/);
    expect(byText(view.container, 'button', 'Stop trusting it')).toBeUndefined();

    click(byText(view.container, 'button', 'Choose a CA file…'));
    await settle();
    expect(crm.callsTo('settings:set-ca-file')).toEqual([{ action: 'choose' }]);
    expect(state()?.textContent).toBe(
      'CA file /etc/ssl/company-root.pem: 2 certificates trusted beside the certificates Node and the operating system trust.',
    );
    expect(byText(view.container, 'button', 'Stop trusting it')).toBeDefined();
  });

  it('keeps the setting shown as it was when main refuses a file, with the reason', async () => {
    installFakeCrm({
      'settings:ca-file': () => ok(ROOT),
      'settings:set-ca-file': () => fail({ code: 'validation', message: 'notes.txt holds no PEM certificate' }),
    });
    view = render(<CaFilePanel />);
    await settle();
    click(byText(view.container, 'button', 'Choose another file…'));
    await settle();
    expect(problem()?.textContent).toContain('The CA file was not changed: notes.txt holds no PEM certificate');
    expect(state()?.textContent).toContain('CA file /etc/ssl/company-root.pem: 2 certificates');
  });

  it('marks a file that can no longer be read, and says what is still trusted', async () => {
    installFakeCrm({ 'settings:ca-file': () => ok({ ...ROOT, problem: 'the file is gone.' }) });
    view = render(<CaFilePanel />);
    await settle();
    expect(state()?.className).toContain('msg-warning');
    expect(state()?.textContent).toBe(
      'CA file /etc/ssl/company-root.pem: the file is gone. What was read from it before (2 certificates) is still trusted.',
    );
  });
});
