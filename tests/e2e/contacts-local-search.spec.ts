// A service that cannot search (an Evolution-shaped findContacts imported from an API document
// whose body takes no search term): the window does not show every contact as a match. It
// searches the rows the service answered itself and says so, plainly, in words and in the count.
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { journalMark, journalSince, openSection } from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';

const DOCUMENT = fileURLToPath(new URL('../fixtures/specs/evolution-style.json', import.meta.url));
const CONTACTS = 40;
const FIND_CONTACTS = 'POST /chat/findContacts/{instance}';
const NO_SEARCH = 'its contacts listing takes no search term (no field of it has the search role in Profiles → API)';

describeOnOneConsole(
  'contacts on a service that cannot search (evolution-v2 dialect)',
  { dialect: 'evolution-v2', contacts: CONTACTS },
  (ctx) => {
    test('a search is done here over the loaded rows, and the window says so', async () => {
      const h = ctx.h;
      const profile = await h.core.profiles.active();
      if (profile === null) throw new Error('no active profile');
      const loaded = await h.core.api.loadSpec(DOCUMENT);
      const vars = { instance: 'sandbox' };
      const proposed = await h.core.api.proposeFromSpec(profile.id, 'contacts.list', loaded, FIND_CONTACTS, { vars });
      await h.core.api.save(profile.id, 'contacts.list', proposed.proposal!.spec);
      const everyone = await fetch(`${h.sandbox.baseUrl}/chat/findContacts/sandbox`, {
        method: 'POST',
        headers: { apikey: h.sandbox.adminKey, 'Content-Type': 'application/json' },
        body: '{}',
      });
      const names = ((await everyone.json()) as { pushName: string }[]).map((c) => c.pushName);
      const wanted = names[7]!;

      const { page } = h;
      await openSection(page, 'Contacts');
      const mark = journalMark(h);
      await page.getByTestId('contacts-search').fill(wanted);
      const note = page.getByTestId('contacts-local-search');
      await expect(note).toHaveText(`Searched the ${CONTACTS} loaded contacts here; this service cannot search (${NO_SEARCH}).`);
      await expect(note).toHaveAttribute('role', 'note');
      const matches = names.filter((n) => n.toLowerCase().includes(wanted.toLowerCase()));
      await expect(page.getByTestId('contacts-total')).toHaveText(`${matches.length} of ${CONTACTS} loaded contacts match “${wanted}”`);
      await expect(page.getByTestId('contact-row')).toHaveCount(matches.length);
      await expect(page.getByTestId('contact-row').first().locator('.contact-name')).toHaveText(matches[0]!);
      // the service was asked for its listing as it is: no search term was sent as if it searched
      const asked = journalSince(h, mark, { path: '/chat/findContacts/sandbox' });
      expect(asked.length).toBeGreaterThan(0);
      expect(asked.every((r) => JSON.stringify(r.json) === '{"where":{}}')).toBe(true);

      // an empty search is the service's listing again, without the note
      await page.getByTestId('contacts-search').fill('');
      await expect(note).toHaveCount(0);
      await expect(page.getByTestId('contacts-total')).toHaveText(`${CONTACTS} contacts`);
    });
  },
);
