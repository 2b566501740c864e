// The Keys table's permissions cell: the server's list when known, else what answers proved.
import { describe, expect, it } from 'vitest';
import type { KeyMeta } from '../../../src-renderer/lib/api';
import { PermissionsCell } from '../../../src-renderer/features/keys/permissions-cell';
import { keyRecord } from '../helpers/records';
import { render } from '../helpers/render';

const key = (extra: Partial<KeyMeta>): KeyMeta => keyRecord({ name: 'k', profileId: 'p', fingerprint: 'ab12', addedAt: '', ...extra });

const cell = (k: KeyMeta): string => {
  const view = render(
    <table>
      <tbody>
        <tr>
          <PermissionsCell k={k} />
        </tr>
      </tbody>
    </table>,
  );
  const text = view.container.querySelector('td')!.textContent ?? '';
  view.unmount();
  return text;
};

describe('the permissions cell', () => {
  it("shows the server's list when known, else what answers proved, else unknown", () => {
    expect(cell(key({ permissions: ['contacts:read', 'messages:send'] }))).toBe('contacts:read, messages:send');
    expect(cell(key({ proven: { 'contacts:read': true, 'messages:send': false } }))).toBe(
      'reads contacts: yes · sends: no (403)from the answers seen',
    );
    expect(cell(key({}))).toBe('unknown');
  });
});
