// "Allow the key there for files…" on a received file's failed line: the service keeps the file
// on another origin than its own (Meta's lookaside.fbsbx.com), where the key is not sent until
// the person says so. The window names only the message; main reads the origin from its own
// record of the download and asks the person itself (Electron: a native dialog; the Chromium
// host: a window of its own the page cannot reach), as it does before keys go to a new address
// (profile-consent.ts). A yes lists the origin for the profile's files and starts over every
// download of the profile that was refused for it.
import type { FileOriginAllowed } from '../../shared/conversation';
import { shellQuote } from '../request/to-curl';
import { CrmError } from '../errors';
import { originOf } from '../keys/key-origin';
import type { Profile } from '../model';
import type { ApiEditor } from '../profiles/api-editor';
import type { AskConsent, ConsentQuestion } from '../profiles/profile-consent';
import type { ConversationService } from './conversation-service';

/** a word of a command line a person pastes: an origin as it is, anything else quoted */
function pasted(text: string): string {
  return /^[A-Za-z0-9:/._-]+$/.test(text) ? text : shellQuote(text.replaceAll('\u0000', ''));
}

/** the command that lists (or no longer lists) `origin` for the profile's files */
export function fileOriginCommand(verb: 'add' | 'remove', profileName: string, origin: string): string {
  return `crm profiles api file-origins --profile ${pasted(profileName)} --${verb} ${pasted(origin)}`;
}

export function fileOriginQuestion(profileName: string, origin: string, serviceOrigin: string | null): ConsentQuestion {
  return {
    title: 'Send the key there for files?',
    message: `Send the key of "${profileName}" to ${origin} to download the files its service keeps there?`,
    detail:
      `The service${serviceOrigin === null ? '' : ` at ${serviceOrigin}`} says it keeps received files at ${origin}. The ` +
      `profile's key is only sent where it was saved for; ` +
      `if you allow it, it also goes to ${origin}, and only to download a received file (that exact origin, never by following a redirect). ` +
      `To stop it later: ${fileOriginCommand('remove', profileName, origin)}`,
    confirmLabel: 'Allow the key there for files',
  };
}

export interface FileOriginConsentDeps {
  conversations: Pick<ConversationService, 'refusedFileOrigin' | 'retryRefusedDownloads'>;
  api: Pick<ApiEditor, 'addFileOrigin'>;
  ask: AskConsent;
}

/** asks; on yes lists the origin and starts over the profile's downloads refused for it */
async function askAndAllow(
  deps: FileOriginConsentDeps,
  profile: Pick<Profile, 'id' | 'name' | 'baseUrl'>,
  origin: string,
): Promise<FileOriginAllowed> {
  const yes = await deps.ask(fileOriginQuestion(profile.name, origin, originOf(profile.baseUrl)));
  if (!yes) return { allowed: false, origin, retried: 0 };
  await deps.api.addFileOrigin(profile.id, origin);
  return { allowed: true, origin, retried: deps.conversations.retryRefusedDownloads(profile.id, origin).length };
}

/**
 * The Profiles → API editor read a Download media cURL that is the file's own address on another
 * origin (api-editor.ts marks it): main reads the cURL again itself, and asks about its origin.
 */
export async function allowFileOriginFromCurlAsking(
  deps: FileOriginConsentDeps & { api: Pick<ApiEditor, 'propose'>; profiles: { get(id: string): Promise<Profile> } },
  input: { profileId: string; curl: string },
): Promise<FileOriginAllowed> {
  const proposal = await deps.api.propose(input.profileId, 'media.download', input.curl);
  if (proposal.fileOrigin === undefined)
    throw new CrmError(
      'validation',
      "This cURL is not a received file's own address on another origin: read it as Download media and save it instead",
    );
  return askAndAllow(deps, await deps.profiles.get(input.profileId), proposal.fileOrigin);
}

/** asks the person about the origin the message's failed download names; on yes, lists it and tries again */
export async function allowFileOriginAsking(
  deps: FileOriginConsentDeps,
  input: { profileId?: string; messageId: string },
): Promise<FileOriginAllowed> {
  const { profile, origin } = await deps.conversations.refusedFileOrigin(input);
  return askAndAllow(deps, profile, origin);
}
