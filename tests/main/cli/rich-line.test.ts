// A terminal's conversation line for a file downloaded by media id, a shared place and contact
// cards (crm conversation, crm messages --follow).
import { describe, expect, it } from 'vitest';
import { lineOf, shownAs } from '../../../src-main/cli/conversation-lines';
import type { ConversationItem } from '../../../src-main/shared/conversation';
import { conversationItem } from '../helpers/conversation-item';

const item = (over: Partial<ConversationItem>): ConversationItem => conversationItem({ kind: 'image', ...over });

const PHOTO = { mimetype: 'image/png', fileName: null, show: 'preview' as const };

describe('rich conversation lines in a terminal', () => {
  it('says where a file downloaded by id stands, and a follower prints the line again when that changes', () => {
    const pending = item({ media: { ...PHOTO, show: 'pending', download: { state: 'pending', reason: null, bytes: null } } });
    const kept = item({ media: { ...PHOTO, download: { state: 'stored', reason: null, bytes: 2048 } } });
    const refused = item({
      media: { ...PHOTO, show: 'none', download: { state: 'failed', reason: 'The service refused the key', bytes: null } },
    });
    expect(lineOf(pending)).toMatch(/← image {2}\(file downloading\)$/);
    expect(lineOf(kept)).toMatch(/← image {2}\(file kept, 2 KB\)$/);
    expect(lineOf(refused)).toMatch(/← image {2}\(file not downloaded: The service refused the key\)$/);
    expect(shownAs(pending)).not.toBe(shownAs(kept));
  });

  it('a shared place and contact cards read as text', () => {
    expect(
      lineOf(
        item({ kind: 'location', location: { latitude: -23.561684, longitude: -46.655981, name: 'Avenida Paulista', address: null } }),
      ),
    ).toMatch(/← location: Avenida Paulista \(-23\.56168, -46\.65598\)$/);
    expect(
      lineOf(
        item({ kind: 'contacts', sharedContacts: [{ name: 'Bruno Lima', phones: ['+55 11 97777-1234'], emails: [], company: null }] }),
      ),
    ).toMatch(/← contact: Bruno Lima, \+55 11 97777-1234$/);
  });

  it('a line without rich parts reads as before', () => {
    expect(lineOf(item({ kind: 'text', text: 'Thanks' }))).toMatch(/← Thanks$/);
  });
});
