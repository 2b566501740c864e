// The add-key form's hint for the active profile: what to type as the key, by where the profile
// sends it (its Send text operation's credential, as the event stream reads it too). Until main
// answers for this profile, or when it cannot, the hint says nothing about the placement.
import { keyEntryHint } from '../../../src-main/shared/key-entry-words';
import { useDescribedOperation } from '../../lib/use-described-operation';

export function useKeyEntryHint(profileId: string | null): string | null {
  const text = useDescribedOperation(profileId, 'messages.text');
  return text === null ? null : keyEntryHint(text.spec?.credential);
}
