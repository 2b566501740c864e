// ContactsService: one page of contacts through the request builder, the undici sender and
// the contacts parser, with the profile's active key.
import type { HttpSender } from '../http/sender';
import { callWithKey } from '../keys/api-call';
import { targetOf } from '../keys/key-manager';
import type { ContactPage } from '../model';
import type { ListContactsInput } from '../operations';
import { parseContactPage } from '../parse/contacts';
import type { ProfileManager } from '../profiles/profile-manager';
import { buildRequest } from '../request-builder';
import type { ContactsService, KeyAccess } from '../services';

export class ContactsServiceImpl implements ContactsService {
  constructor(
    private readonly profiles: ProfileManager,
    private readonly keyAccess: KeyAccess,
    private readonly sender: HttpSender,
  ) {}

  async list(input: ListContactsInput & { profileId?: string }, options: { signal?: AbortSignal } = {}): Promise<ContactPage> {
    const { profileId, ...query } = input;
    const profile = await this.profiles.resolve(profileId);
    const request = await buildRequest({ op: 'contacts.list', input: query }, targetOf(profile));
    const response = await callWithKey({ keyAccess: this.keyAccess, sender: this.sender }, profile, null, request, options.signal ? { signal: options.signal } : {});
    return parseContactPage(response.json, { page: query.page ?? 1, perPage: query.perPage ?? 50 });
  }
}
