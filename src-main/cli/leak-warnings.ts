// `crm`'s side of the leak response: a saved key seen where it must not be during a command (a
// service echoing the key it was sent, a reply holding it) is one line on stderr, naming the key
// by name and last 4 — never part of stdout or the --json document. A refused send needs none:
// its refusal is the command's error.
import type { Disposable } from '../core/emitter';
import type { KeyLeaks } from '../core/keys/key-leaks';
import { leakSentence } from '../shared/key-leak';

export function warnOfLeaks(leaks: Pick<KeyLeaks, 'onDidLeak'>, note: (message: string) => void): Disposable {
  // a service that echoes every answer is said once per key and place, not once per page
  const said = new Set<string>();
  return leaks.onDidLeak((leak) => {
    const sentence = leakSentence(leak);
    if (said.has(sentence)) return;
    said.add(sentence);
    note(`warning: ${sentence}`);
  });
}
