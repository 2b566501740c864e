// A value (a profile name, a URL, an id) inside a command line that `crm` prints for a person
// to paste. Double quotes are not enough: the shell still runs $(...) and `...` inside them, and
// a name or a service's URL may hold either, or a `;`. POSIX single quotes, as the cURL export
// writes them, make any value one literal word.
import { shellQuote } from '../core/request/to-curl';

export function pasteWord(value: string): string {
  // no command-line argument can hold a NUL, so a hint cannot carry one either
  return shellQuote(value.replaceAll('\u0000', ''));
}
