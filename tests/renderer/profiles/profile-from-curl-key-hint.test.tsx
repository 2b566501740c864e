// Making a profile from a cURL asks for its key before the cURL is read, so the key field says
// both forms: USER:SECRET for HTTP Basic (curl -u), the bare token otherwise.
import { afterEach, expect, it } from 'vitest';
import { ProfileFromCurl } from '../../../src-renderer/features/profiles/profile-from-curl';
import { installFakeCrm } from '../helpers/fake-crm';
import { render, type Rendered } from '../helpers/render';

let view: Rendered;
afterEach(() => view?.unmount());

it('the key field of a profile made from a cURL says what to enter for Basic and for a token', () => {
  installFakeCrm({});
  view = render(<ProfileFromCurl onCreated={() => undefined} />);
  const key = view.container.querySelector<HTMLInputElement>('input[type="password"]');
  const hint = view.container.querySelector(`#${CSS.escape(key?.getAttribute('aria-describedby') ?? '')}`)?.textContent ?? '';
  expect(hint).toContain('For HTTP Basic (curl -u) enter USER:SECRET, e.g. Account SID:Auth Token; otherwise the bare token.');
});
