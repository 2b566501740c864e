// Template lifecycle for one profile's service: the listing with every template's state (kept in
// template_states, so the window and any `crm` agree), creation, edit and deletion through the
// operations the profile describes, or else inferred from a listing at Meta's message_templates
// (management-requests.ts), the states Meta's template webhooks announce, and the "will this
// send?" check.
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
import { draftProblems } from './draft-check';
import type { ManagementAction, ManagementSource } from './management-requests';
import { managementRequest, managementSource } from './management-requests';
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
  "This profile describes no template management and its template listing is not Meta's message_templates, so templates are " +
  "created, edited and deleted in the service's own console (or import its cURLs in Profiles → API)";

export class TemplateManager {
  private readonly changes = new Emitter<{ profileId: string | null }>();
  /** a profile's templates changed here or in another process */
  readonly onDidChange = this.changes.event;

  constructor(private readonly deps: TemplateManagerDeps) {}

  /** every template of the profile's service with its state: listed now, or as last kept with the reason */
  async overview(input: { profileId?: string }): Promise<TemplateOverview> {
    const profile = await this.deps.profiles.resolve(input.profileId);
    const unlisted = 'This service does not list its templates (Profiles → API says so)';
    // learned management works without a listing: the screen still offers New template
    const management = await managementSource(profile);
    if (!isOffered(profile, 'templates.list')) return this.stored(profile.id, unlisted, management);
    const listing = await buildRequest({ op: 'templates.list', input: {} }, profile);
    let json: unknown;
    try {
      json = readableJson(await this.call(profile, listing));
    } catch (err) {
      if (isNoListing(err)) {
        const where = `${new URL(listing.url).pathname} (HTTP ${err.status})`;
        const reason = `This service lists no templates at ${where}: import its template-list cURL in Profiles → API`;
        return this.stored(profile.id, reason, management);
      }
      if (isUnreachable(err)) {
        return this.stored(profile.id, `The service could not be reached (${err.message}): the states last seen are shown`, management);
      }
      throw err;
    }
    const listed = readManagedTemplates(json);
    if (listed === null) return this.stored(profile.id, "The service's answer holds no list of templates that could be read", management);
    this.deps.table.replace(profile.id, listed, this.now());
    this.changes.fire({ profileId: profile.id });
    const reason = management === null ? NOT_MANAGED : null;
    return { templates: this.deps.table.list(profile.id), source: 'service', reason, manages: management !== null, management };
  }

  /** the states kept, without asking the service */
  kept(profileId: string): ManagedTemplate[] {
    return this.deps.table.list(profileId);
  }

  async create(input: { profileId?: string; draft: TemplateDraft }): Promise<{ id: string | null; status: string }> {
    checkDraft(input.draft);
    const profile = await this.deps.profiles.resolve(input.profileId);
    const answer = readableJson(await this.call(profile, await managed(profile, { op: 'templates.create', draft: input.draft })));
    await this.refresh(profile.id);
    const record = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {};
    const status = typeof record.status === 'string' ? record.status : 'PENDING';
    return { id: record.id === undefined ? null : String(record.id), status };
  }

  /** an edit of the template with that name and language (Meta reviews it again) */
  async update(input: { profileId?: string; draft: TemplateDraft }): Promise<void> {
    checkDraft(input.draft);
    const profile = await this.deps.profiles.resolve(input.profileId);
    const kept = this.deps.table.list(profile.id).find((t) => t.name === input.draft.name && t.language === input.draft.language);
    if (kept?.id == null) {
      const which = `${input.draft.name} (${input.draft.language})`;
      throw new CrmError('not_found', `No template ${which} with an id is listed: list the templates again, or create it`);
    }
    await this.call(profile, await managed(profile, { op: 'templates.update', templateId: kept.id, draft: input.draft }));
    await this.refresh(profile.id);
  }

  /** deletes every language of the name, as Meta does */
  async remove(input: { profileId?: string; name: string }): Promise<void> {
    if (!/^[a-z0-9_]{1,512}$/.test(input.name)) {
      throw new CrmError('validation', `"${input.name.slice(0, 80)}" is not a template name (lowercase letters, digits and underscores)`);
    }
    const profile = await this.deps.profiles.resolve(input.profileId);
    await this.call(profile, await managed(profile, { op: 'templates.delete', name: input.name, templateId: null }));
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
    // every webhook payload comes here, and nearly none holds a template change
    if (changes.length === 0) return 0;
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

  private stored(profileId: string, reason: string, management: ManagementSource | null = null): TemplateOverview {
    return { templates: this.deps.table.list(profileId), source: 'stored', reason, manages: management !== null, management };
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

/** the action's request, or the reason it is not offered here */
async function managed(profile: Profile, action: ManagementAction): Promise<PreparedRequest> {
  const request = await managementRequest(profile, action);
  if (request === null) throw new CrmError('validation', NOT_MANAGED);
  return request;
}
