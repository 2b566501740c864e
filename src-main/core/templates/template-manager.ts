// Template lifecycle for one profile's service: the listing with every template's state (kept in
// template_states, so the window and any `crm` agree), creation, edit and deletion where the
// service's listing is Meta's message_templates (management-urls.ts), the states Meta's template
// webhooks announce, and the "will this send?" check. Requests reuse the described listing's
// request (its headers and where the key goes) with another method, address and body.
import type { Profile } from '../../shared/model';
import type { ManagedTemplate, SendVerdict, TemplateDraft, TemplateOverview } from '../../shared/template-lifecycle';
import { Emitter } from '../emitter';
import { CrmError } from '../errors';
import { isNoListing } from '../http/no-listing';
import type { PreparedRequest } from '../http/prepared-request';
import type { HttpSender } from '../http/sender';
import { readableJson } from '../http/sender';
import { callWithKey, isUnreachable } from '../keys/api-call';
import type { ProfileManager } from '../profiles/profile-manager';
import { buildRequest } from '../request/request-builder';
import { isOffered } from '../request/operation-spec';
import type { KeyAccess } from '../services';
import type { TemplateStatesTable } from '../store/tables/template-states-table';
import { createBody, editBody } from './draft-body';
import { draftProblems } from './draft-check';
import type { ManagementUrls } from './management-urls';
import { managementUrls } from './management-urls';
import { readManagedTemplates } from './read-managed';
import { sendVerdict } from './send-check';
import { findTemplateChanges } from './template-webhook';

export interface TemplateManagerDeps {
  profiles: Pick<ProfileManager, 'resolve'>;
  keyAccess: KeyAccess;
  sender: HttpSender;
  table: TemplateStatesTable;
  now?: () => Date;
}

const NOT_MANAGED =
  "This service's template listing is not Meta's message_templates, so templates are created, edited and deleted in its own console";

export class TemplateManager {
  private readonly changes = new Emitter<{ profileId: string | null }>();
  /** a profile's templates changed here or in another process */
  readonly onDidChange = this.changes.event;

  constructor(private readonly deps: TemplateManagerDeps) {}

  /** every template of the profile's service with its state: listed now, or as last kept with the reason */
  async overview(input: { profileId?: string }): Promise<TemplateOverview> {
    const profile = await this.deps.profiles.resolve(input.profileId);
    const unlisted = 'This service does not list its templates (Profiles → API says so)';
    if (!isOffered(profile, 'templates.list')) return this.stored(profile.id, unlisted);
    const listing = await buildRequest({ op: 'templates.list', input: {} }, profile);
    const manages = managementUrls(listing.url) !== null;
    let json: unknown;
    try {
      json = readableJson(await this.call(profile, listing));
    } catch (err) {
      if (isNoListing(err)) {
        const where = `${new URL(listing.url).pathname} (HTTP ${err.status})`;
        return this.stored(profile.id, `This service lists no templates at ${where}: import its template-list cURL in Profiles → API`);
      }
      if (isUnreachable(err)) {
        return this.stored(profile.id, `The service could not be reached (${err.message}): the states last seen are shown`, manages);
      }
      throw err;
    }
    const listed = readManagedTemplates(json);
    if (listed === null) return this.stored(profile.id, "The service's answer holds no list of templates that could be read", manages);
    this.deps.table.replace(profile.id, listed, this.now());
    this.changes.fire({ profileId: profile.id });
    return { templates: this.deps.table.list(profile.id), source: 'service', reason: manages ? null : NOT_MANAGED, manages };
  }

  /** the states kept, without asking the service */
  kept(profileId: string): ManagedTemplate[] {
    return this.deps.table.list(profileId);
  }

  async create(input: { profileId?: string; draft: TemplateDraft }): Promise<{ id: string | null; status: string }> {
    checkDraft(input.draft);
    const { profile, listing, urls } = await this.managed(input.profileId);
    const request = withBody(listing, 'templates.create', urls.create, createBody(input.draft));
    const answer = readableJson(await this.call(profile, request));
    await this.refresh(profile.id);
    const record = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {};
    const status = typeof record.status === 'string' ? record.status : 'PENDING';
    return { id: record.id === undefined ? null : String(record.id), status };
  }

  /** an edit of the template with that name and language (Meta reviews it again) */
  async update(input: { profileId?: string; draft: TemplateDraft }): Promise<void> {
    checkDraft(input.draft);
    const { profile, listing, urls } = await this.managed(input.profileId);
    const kept = this.deps.table.list(profile.id).find((t) => t.name === input.draft.name && t.language === input.draft.language);
    if (kept?.id == null) {
      const which = `${input.draft.name} (${input.draft.language})`;
      throw new CrmError('not_found', `No template ${which} with an id is listed: list the templates again, or create it`);
    }
    await this.call(profile, withBody(listing, 'templates.update', urls.edit(kept.id), editBody(input.draft)));
    await this.refresh(profile.id);
  }

  /** deletes every language of the name, as Meta does */
  async remove(input: { profileId?: string; name: string }): Promise<void> {
    if (!/^[a-z0-9_]{1,512}$/.test(input.name)) {
      throw new CrmError('validation', `"${input.name.slice(0, 80)}" is not a template name (lowercase letters, digits and underscores)`);
    }
    const { profile, listing, urls } = await this.managed(input.profileId);
    const url = urls.remove(input.name);
    const request: PreparedRequest = { ...listing, endpoint: 'templates.delete', method: 'DELETE', url, body: null, retrySafe: false };
    await this.call(profile, request);
    this.deps.table.remove(profile.id, input.name);
    this.changes.fire({ profileId: profile.id });
  }

  /** "will this send?": the states listed now where the service can be asked, else those kept */
  async check(input: { profileId?: string; name: string; language: string }): Promise<SendVerdict> {
    const profile = await this.deps.profiles.resolve(input.profileId);
    const overview = await this.overview({ profileId: profile.id }).catch(() => null);
    return sendVerdict(overview?.templates ?? this.kept(profile.id), input.name, input.language);
  }

  /** the template changes a webhook payload announces (Meta's template fields); how many were kept */
  receive(profileId: string, payload: unknown): number {
    const changes = findTemplateChanges(payload);
    const now = this.now();
    const kept = ({ id, name, language, ...change }: (typeof changes)[number]): boolean =>
      this.deps.table.apply(profileId, { id, name, language }, change, now);
    const applied = changes.filter(kept).length;
    if (applied > 0) this.changes.fire({ profileId });
    return changes.length;
  }

  /** another process changed the kept states */
  announceOutsideChange(): void {
    this.changes.fire({ profileId: null });
  }

  private async managed(profileId: string | undefined): Promise<{ profile: Profile; listing: PreparedRequest; urls: ManagementUrls }> {
    const profile = await this.deps.profiles.resolve(profileId);
    if (!isOffered(profile, 'templates.list')) {
      throw new CrmError('validation', `${NOT_MANAGED}: it lists none here (import its template-list cURL in Profiles → API)`);
    }
    const listing = await buildRequest({ op: 'templates.list', input: {} }, profile);
    const urls = managementUrls(listing.url);
    if (urls === null) throw new CrmError('validation', NOT_MANAGED);
    return { profile, listing, urls };
  }

  private stored(profileId: string, reason: string, manages = false): TemplateOverview {
    return { templates: this.deps.table.list(profileId), source: 'stored', reason, manages };
  }

  private async refresh(profileId: string): Promise<void> {
    await this.overview({ profileId }).catch(() => undefined);
  }

  private call(profile: Profile, request: PreparedRequest) {
    return callWithKey({ keyAccess: this.deps.keyAccess, sender: this.deps.sender }, profile, null, request, { noteUse: false });
  }

  private now(): string {
    return (this.deps.now?.() ?? new Date()).toISOString();
  }
}

function checkDraft(draft: TemplateDraft): void {
  const problems = draftProblems(draft);
  if (problems.length === 0) return;
  const said = problems.map((p) => `${p.field} ${p.message}`).join('; ');
  throw new CrmError('validation', `The template cannot be submitted: ${said}`, { details: problems });
}

/** a POST with a JSON body, otherwise the listing's request (its headers, where the key goes) */
function withBody(listing: PreparedRequest, endpoint: PreparedRequest['endpoint'], url: string, body: object): PreparedRequest {
  const headers = { ...listing.headers, 'Content-Type': 'application/json' };
  return { ...listing, endpoint, method: 'POST', url, body: { kind: 'json', text: JSON.stringify(body) }, headers, retrySafe: false };
}
