// The approved templates a profile's service offers, for the template form: read from the service
// when it lists them (its own description of templates.list, else the app's guess of a route),
// otherwise typed by the person, with the reason. Only an answer that cannot mean "no listing
// here" (a refused key, a network failure) is an error: a template can always be typed.
import type { TemplateList } from '../../shared/approved-template';
import { readTemplates } from '../api/answers/read-templates';
import { isNoListing } from '../http/no-listing';
import type { HttpSender } from '../http/sender';
import { readableJson } from '../http/sender';
import { callWithKey } from '../keys/api-call';
import type { ProfileManager } from '../profiles/profile-manager';
import { buildRequest } from '../request/request-builder';
import { isOffered, operationSpec } from '../request/operation-spec';
import type { KeyAccess } from '../services';

export interface TemplateCatalogueDeps {
  profiles: Pick<ProfileManager, 'resolve'>;
  keyAccess: KeyAccess;
  sender: HttpSender;
}

export class TemplateCatalogue {
  /** each profile's templates as its service last listed them, in this process (a sent template's text) */
  private readonly listed = new Map<string, TemplateList['templates']>();

  constructor(private readonly deps: TemplateCatalogueDeps) {}

  /** the body of a template the service listed in this process, or null */
  bodyOf(profileId: string, name: string, language: string): string | null {
    return this.listed.get(profileId)?.find((t) => t.name === name && t.language === language)?.body ?? null;
  }

  async list(input: { profileId?: string }): Promise<TemplateList> {
    const profile = await this.deps.profiles.resolve(input.profileId);
    if (!isOffered(profile, 'templates.list'))
      return typed("This service does not list its templates (Profiles → API says so): type the template's name and language");
    const request = await buildRequest({ op: 'templates.list', input: {} }, profile);
    let json: unknown;
    try {
      json = readableJson(
        await callWithKey({ keyAccess: this.deps.keyAccess, sender: this.deps.sender }, profile, null, request, { noteUse: false }),
      );
    } catch (err) {
      if (isNoListing(err)) {
        return typed(
          `This service lists no templates at ${operationSpec(profile, 'templates.list').path} (HTTP ${err.status}): type the ` +
            `template's name and language, or import its template-list cURL in Profiles → API`,
        );
      }
      throw err;
    }
    const templates = readTemplates(json);
    if (templates === null)
      return typed("The service's answer holds no list of templates that could be read: type the template's name and language");
    this.listed.set(profile.id, templates);
    return { source: 'service', templates, reason: null };
  }
}

function typed(reason: string): TemplateList {
  return { source: 'typed', templates: [], reason };
}
