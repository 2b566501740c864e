// Teaching a profile a sandbox dialect the way a person would: every playground cURL, pasted
// as shown, read and saved. Nothing else is configured.
import type { Core } from '../../../src-main/core/create-core';
import type { DescribedOperation } from '../../../src-main/core/api/types';
import { playgroundTabs } from '../../../src-main/sandbox/index';
import type { SandboxDialect } from '../../../src-main/sandbox/index';

export const TAB_OPERATION: Record<string, DescribedOperation> = {
  contacts: 'contacts.list',
  text: 'messages.text',
  image: 'messages.media',
  media: 'messages.media',
  audio: 'messages.audio',
  upload: 'media.upload',
  check: 'keys.check',
  download: 'media.download',
  read: 'messages.read',
};

export async function teachPlayground(core: Core, profileId: string, dialect: SandboxDialect, baseUrl: string): Promise<void> {
  for (const tab of playgroundTabs(dialect, baseUrl)) {
    // tabs for what the console does not describe (a phone-number check, a template) are skipped
    const operation = TAB_OPERATION[tab.id];
    if (operation === undefined) continue;
    const proposal = await core.api.propose(profileId, operation, tab.curl);
    await core.api.save(profileId, operation, proposal.spec);
  }
}

/** the path each send tab posts to, e.g. /api/v1/sendMessage */
export function tabPath(dialect: SandboxDialect, baseUrl: string, id: 'text' | 'media' | 'audio' | 'contacts'): string {
  const tab = playgroundTabs(dialect, baseUrl).find((t) => t.id === id)!;
  return new URL(tab.url).pathname;
}
