// Where revocations stand for a process that runs no outbox (a `crm` command that only lists
// keys): read from the journal on disk each time it is asked, never written.
import type { RevocationProgress } from '../../../services';
import { readJournal } from '../../journal-reader';
import { PAYLOAD_RULES } from '../payloads';
import { revocationStates } from './revocation-views';

/** where revocations stand, read from the journal on disk each time it is asked */
export function journalRevocationProgress(dir: string): RevocationProgress {
  return { syncStates: async () => revocationStates(await readJournal(dir, PAYLOAD_RULES)) };
}
