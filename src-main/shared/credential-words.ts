// Where a request carries the key, in words: the mapping editor, the CLI's import table and
// the operation listing all say it the same way. Never a value: only the placement. Pure.
import type { CredentialPlacement } from './api-description';

/** "Authorization: Bearer <key>", "apikey: <key>", "HTTP Basic, user AC…, the key as password". */
export function describeCredential(placement: CredentialPlacement | undefined): string {
  if (placement === undefined) return 'Authorization: Bearer <key>';
  switch (placement.in) {
    case 'header':
      return `${placement.name}: ${placement.scheme === '' ? '' : `${placement.scheme} `}<key>`;
    case 'basic':
      return `HTTP Basic, user ${placement.username}, the key as password (a key written USER:SECRET brings its own user)`;
    case 'query':
      return `query parameter ${placement.name}=<key>`;
  }
}
