// Many conversations in a console's data folder, written as another writer on it would (a busy
// webhook storing replies): one reply per contact, the newest last, in one transaction. The
// inbox spec and the inbox window bench both start from this folder.
import { openDatabase } from '../../../src-main/core/store/database';

/** the contact of conversation `i` (0: the oldest) */
export const seededNumber = (i: number): string => `55119${String(i).padStart(8, '0')}`;

/** stores `count` replies from `count` contacts for `profileId`, one a second up to now */
export function seedConversations(dataDir: string, profileId: string, count: number): void {
  const other = openDatabase(dataDir);
  try {
    const insert = other.prepare(
      'INSERT INTO received_messages (profile_id, message_id, number, type, text, name, at, arrived_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const now = Date.now();
    other
      .transaction(() => {
        for (let i = 0; i < count; i += 1) {
          const at = new Date(now - (count - i) * 1000).toISOString();
          insert.run(profileId, `bulk_${i}`, seededNumber(i), 'text', `Question ${i}`, null, at, at);
        }
      })
      .immediate();
  } finally {
    other.close();
  }
}
