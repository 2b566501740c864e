// A profile's API description, operation by operation: learn one from a pasted cURL, save it,
// reset it to docs/API.md, and preview the request it makes. The window's mapping editor and
// `crm profiles import-curl` both go through here; the description lives in the profiles table of crm.db
// with the profile it belongs to.
import { DESCRIBED_OPERATIONS } from '../../shared/operation-ids';
import { toCurl } from '../request/to-curl';
import { parseCurl, CurlParseError, type ParsedCurl } from '../api/curl/curl-parse';
import { proposeOperation } from '../api/propose';
import type { Proposal, RoleFixes } from '../api/propose';
import { missingRoles } from '../api/roles';
import { parseApiDescription } from '../api/schema';
import { proposeFromSpec, readApiSpec, SpecError } from '../api/spec/spec-import';
import type { SpecProposal } from '../api/spec/spec-import';
import { readSpecSource } from '../api/spec/spec-source';
import type { NetworkRoute } from '../http/network/dispatcher-cache';
import { rolesOf } from '../api/template';
import type { ApiDescription, ApiPreview, DescribedApi, DescribedOperation, EventRoutes, OperationSpec } from '../api/types';

export type { ApiPreview, DescribedApi };

import type { LoadedSpec, SpecImportOptions } from './spec-import-options';

export type { LoadedSpec, SpecImportOptions };
import { checkFileOrigin, MAX_FILE_ORIGINS } from '../conversations/file-origin-policy';
import { ENDPOINTS } from '../endpoints';
import { originOf } from '../keys/key-origin';
import { CrmError } from '../errors';
import type { MetaStores } from '../meta/stores';
import type { Profile } from '../model';
import type { Operation } from '../operations';
import type { TemplateDraft } from '../../shared/template-lifecycle';
import { prepareRequest } from '../request/request-builder';
import { isOffered, operationSpec } from '../request/operation-spec';
import { SpecDocuments } from './spec-documents';
import { ProfilesDocument } from './profiles-document';

/** a template submission for the previews: one parameter with its sample, a footer */
const SAMPLE_DRAFT: TemplateDraft = {
  name: 'order_update',
  language: 'en_US',
  category: 'UTILITY',
  body: 'Your order {{1}} is on its way',
  samples: ['#1042'],
  header: null,
  footer: 'Reply STOP to opt out',
  buttons: [],
};

/** What the preview sends: the playground's kind of example values. */
const SAMPLES: Record<DescribedOperation, Operation> = {
  'contacts.list': { op: 'contacts.list', input: { page: 1, perPage: 50, search: 'ana' } },
  'messages.text': {
    op: 'messages.text',
    input: { number: '5511999990000', text: 'Hello from the console' },
    idempotencyKey: '00000000-0000-4000-8000-000000000000',
  },
  'messages.media': {
    op: 'messages.media',
    input: {
      number: '5511999990000',
      mediatype: 'document',
      source: { kind: 'url', url: 'https://example.com/files/report.pdf' },
      caption: 'Monthly report',
    },
    idempotencyKey: '00000000-0000-4000-8000-000000000000',
  },
  'messages.audio': {
    op: 'messages.audio',
    input: { number: '5511999990000', source: { kind: 'url', url: 'https://example.com/audio/note.ogg' } },
    idempotencyKey: '00000000-0000-4000-8000-000000000000',
  },
  'messages.template': {
    op: 'messages.template',
    input: { number: '5511999990000', name: 'order_update', language: 'en_US', params: ['Ana', '#1042'] },
    idempotencyKey: '00000000-0000-4000-8000-000000000000',
  },
  'messages.list': { op: 'messages.list', input: { number: '5511999990000', page: 1, perPage: 20 } },
  'templates.list': { op: 'templates.list', input: {} },
  // a file that need not exist: the preview shows where it would go (its own problem is not shown)
  'keys.check': { op: 'keys.check', input: {} },
  'media.upload': {
    op: 'media.upload',
    input: { source: { kind: 'file', path: '/path/to/photo.png' }, mediatype: 'image', mimetype: 'image/png' },
  },
  'messages.reaction': {
    op: 'messages.reaction',
    input: { number: '5511999990000', messageId: 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABIYFjNFQjBDMEM3', emoji: '👍' },
  },
  'media.download': { op: 'media.download', input: { mediaId: '1234567890123456' } },
  'messages.read': { op: 'messages.read', input: { number: '5511999990000', messageId: 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABIYFjNFQjBDMEM3' } },
  'templates.create': { op: 'templates.create', input: { draft: SAMPLE_DRAFT } },
  'templates.update': { op: 'templates.update', input: { templateId: '1234567890123456', draft: SAMPLE_DRAFT } },
  'templates.delete': { op: 'templates.delete', input: { name: 'order_update', templateId: null } },
};

export class ApiEditor {
  /** the documents the window is importing from, held between its calls */
  readonly documents = new SpecDocuments(this);

  /**
   * `saved`: told after a description is written (the profiles' own change announcement);
   * `route`: the way out a document fetched from a URL takes (the core's own)
   */
  constructor(
    private readonly meta: MetaStores,
    private readonly saved: () => Promise<void> = async () => {},
    private readonly route?: NetworkRoute,
  ) {}

  async describe(profileId: string): Promise<DescribedApi> {
    const profile = await this.profile(profileId);
    return {
      profileId,
      baseUrl: profile.baseUrl,
      operations: DESCRIBED_OPERATIONS.map((operation) => ({
        operation,
        label: ENDPOINTS[operation].label,
        spec: operationSpec(profile, operation),
        custom: profile.api?.operations[operation] !== undefined,
        absent: !isOffered(profile, operation),
      })),
    };
  }

  /** Reads the cURL and proposes the operation's description; saves nothing. */
  async propose(profileId: string, operation: DescribedOperation, curlText: string, fixes: RoleFixes = {}): Promise<Proposal> {
    const profile = await this.profile(profileId);
    let parsed;
    try {
      parsed = parseCurl(curlText);
    } catch (err) {
      if (err instanceof CurlParseError) throw new CrmError('validation', `The cURL could not be read: ${err.message}`);
      throw err;
    }
    const proposal = proposeOperation(parsed, operation, { profileBaseUrl: profile.baseUrl, fixes });
    return operation === 'media.download' ? withFileStep(proposal, parsed, profile) : proposal;
  }

  /** Reads an OpenAPI 3 document or a Postman collection from a file or an http(s) URL. */
  async loadSpec(source: string): Promise<LoadedSpec> {
    return specErrors(async () => {
      const { text, url } = await readSpecSource(source, this.route ? { route: this.route } : {});
      return url === undefined ? { spec: readApiSpec(text) } : { spec: readApiSpec(text), url };
    });
  }

  /** Proposes one operation from a document's candidate; saves nothing. A multipart body proposes nothing and says why. */
  async proposeFromSpec(
    profileId: string,
    operation: DescribedOperation,
    loaded: LoadedSpec,
    candidateId: string,
    options: SpecImportOptions = {},
  ): Promise<SpecProposal> {
    const profile = await this.profile(profileId);
    return specErrors(async () =>
      proposeFromSpec(loaded.spec, candidateId, operation, {
        profileBaseUrl: profile.baseUrl,
        fixes: options.fixes ?? {},
        ...(loaded.url === undefined ? {} : { sourceUrl: loaded.url }),
        ...(options.vars === undefined ? {} : { vars: options.vars }),
        ...(options.user === undefined ? {} : { user: options.user }),
        ...(options.example === undefined ? {} : { example: options.example }),
      }),
    );
  }

  async save(profileId: string, operation: DescribedOperation, spec: OperationSpec): Promise<Profile> {
    const checked = parseApiDescription({ version: 1, operations: { [operation]: spec } });
    if (!checked.ok) throw new CrmError('validation', `The API description cannot be saved: ${checked.problems.slice(0, 5).join('; ')}`);
    // where else the key goes for files is changed only by addFileOrigin/removeFileOrigin, with the
    // person's word: a saved spec keeps the stored list, whatever the caller's copy says
    // and what a listing's answers showed is judged anew for a description saved anew
    const { fileOrigins: _given, listing: _judged, ...clean } = checked.value.operations[operation]!;
    const missing = missingRoles(operation, rolesOf(clean));
    if (missing.length > 0)
      throw new CrmError('validation', `${ENDPOINTS[operation].label} cannot be saved: ${missing.map((m) => m.sentence).join('; ')}`);
    return this.write(
      profileId,
      (api) => {
        const kept = api.operations[operation]?.fileOrigins;
        const next: OperationSpec = kept === undefined ? clean : { ...clean, fileOrigins: kept };
        return withAbsent({ ...api, operations: { ...api.operations, [operation]: next } }, operation, false);
      },
      operation,
    );
  }

  /**
   * The origins besides the service's own where the key goes for a received file's bytes (the
   * profile's Download media description lists them; file-origin-policy.ts).
   */
  async fileOrigins(profileId: string): Promise<FileOrigins> {
    const profile = await this.profile(profileId);
    return fileOriginsOf(profile);
  }

  /**
   * Lists an origin where the service keeps its files: the key goes there too, for a download's
   * file GET only. Only on the person's word (a question main asked, a command they typed); never
   * from a service's answer. Listing one already listed changes nothing.
   */
  async addFileOrigin(profileId: string, text: string): Promise<FileOrigins & { origin: string; changed: boolean }> {
    const origin = checkedOrigin(text);
    let changed = false;
    const profile = await this.write(
      profileId,
      (api, current) => {
        const spec = api.operations['media.download'];
        if (spec === undefined) throw new CrmError('validation', NO_DOWNLOAD_SPEC);
        const list = spec.fileOrigins ?? [];
        if (list.includes(origin)) return api;
        if (originOf(current.baseUrl) === origin)
          throw new CrmError('validation', `${origin} is this profile's own origin: files there are downloaded with its key already`);
        if (list.length >= MAX_FILE_ORIGINS)
          throw new CrmError('validation', `Download media lists ${MAX_FILE_ORIGINS} origins already: remove one first`);
        changed = true;
        return { ...api, operations: { ...api.operations, 'media.download': { ...spec, fileOrigins: [...list, origin] } } };
      },
      null,
      false,
    );
    return { ...fileOriginsOf(profile), origin, changed };
  }

  /** The key no longer goes to `origin` for files; removing one not listed changes nothing. */
  async removeFileOrigin(profileId: string, text: string): Promise<FileOrigins & { origin: string; changed: boolean }> {
    const origin = checkedOrigin(text);
    let changed = false;
    const profile = await this.write(
      profileId,
      (api) => {
        const spec = api.operations['media.download'];
        const list = spec?.fileOrigins ?? [];
        if (spec === undefined || !list.includes(origin)) return api;
        changed = true;
        const { fileOrigins: _old, ...rest } = spec;
        const left = list.filter((o) => o !== origin);
        return { ...api, operations: { ...api.operations, 'media.download': left.length === 0 ? rest : { ...rest, fileOrigins: left } } };
      },
      null,
      false,
    );
    return { ...fileOriginsOf(profile), origin, changed };
  }

  /**
   * Records that the service does not offer an operation (or that it does after all). An absent
   * operation loses its own description: nothing of it is ever sent.
   */
  async markAbsent(profileId: string, operation: DescribedOperation, absent: boolean): Promise<Profile> {
    return this.write(
      profileId,
      (api) => {
        const operations = { ...api.operations };
        if (absent) delete operations[operation];
        return emptyToNull(withAbsent({ ...api, operations }, operation, absent));
      },
      operation,
    );
  }

  /** Takes another profile's whole description (the CLI's environment profile copies --profile's). */
  async adopt(profileId: string, api: ApiDescription | null): Promise<Profile> {
    if (api === null) return this.reset(profileId, 'all');
    const checked = parseApiDescription(api);
    if (!checked.ok) throw new CrmError('validation', `The API description cannot be used: ${checked.problems.slice(0, 5).join('; ')}`);
    return this.write(profileId, () => checked.value, null);
  }

  /**
   * Where the service's events are read besides webhooks (its event stream, its status route);
   * null: back to docs/API.md's. A part set to null records that the service has none.
   */
  async setEvents(profileId: string, events: EventRoutes | null): Promise<Profile> {
    const checked = events === null ? null : parseApiDescription({ version: 1, operations: {}, events });
    if (checked !== null && !checked.ok)
      throw new CrmError('validation', `The event routes cannot be saved: ${checked.problems.slice(0, 5).join('; ')}`);
    const clean = checked?.value.events;
    return this.write(
      profileId,
      (api) => {
        const { events: _old, ...rest } = api;
        return emptyToNull(clean === undefined || Object.keys(clean).length === 0 ? rest : { ...rest, events: clean });
      },
      null,
      false,
    );
  }

  /** Back to docs/API.md for one operation, or for all. */
  async reset(profileId: string, operation: DescribedOperation | 'all'): Promise<Profile> {
    return this.write(
      profileId,
      (api) => {
        if (operation === 'all') return null;
        const operations = { ...api.operations };
        delete operations[operation];
        return emptyToNull(withAbsent({ ...api, operations }, operation, false));
      },
      operation === 'all' ? null : operation,
    );
  }

  /** The request a spec makes with example values, as the send panels' cURL shows it. */
  async preview(profileId: string, operation: DescribedOperation, spec: OperationSpec | null): Promise<ApiPreview> {
    const profile = await this.profile(profileId);
    const api: ApiDescription = { version: 1, operations: { ...profile.api?.operations } };
    if (spec !== null) {
      const checked = parseApiDescription({ version: 1, operations: { [operation]: spec } });
      if (!checked.ok)
        return { method: spec.method, url: '', curl: '', problems: checked.problems.map((message) => ({ field: 'api', message })) };
      api.operations[operation] = checked.value.operations[operation];
    }
    const { request, problems } = await prepareRequest(SAMPLES[operation], { ...profile, api });
    const shown = operation === 'media.upload' ? problems.filter((p) => p.field !== 'source') : problems;
    return { method: request.method, url: request.url, curl: toCurl(request), problems: shown };
  }

  private async profile(profileId: string): Promise<Profile> {
    const doc = await this.meta.profiles.read();
    const profile = doc.profiles.find((p) => p.id === profileId);
    if (!profile) throw new CrmError('not_found', 'That profile does not exist (it may have been removed).');
    return profile;
  }

  /**
   * A described operation owns its path: an older path override of it is dropped (of every
   * described operation when the whole description changes, `operation` null).
   */
  private async write(
    profileId: string,
    change: (api: ApiDescription, profile: Profile) => ApiDescription | null,
    operation: DescribedOperation | null,
    dropsOverrides = true,
  ): Promise<Profile> {
    const written = await new ProfilesDocument(this.meta.profiles).writeApi(profileId, change, operation, dropsOverrides);
    await this.saved();
    return written;
  }
}

/** What a profile lists for its files: where the key goes besides the service's own origin. */
export interface FileOrigins {
  profileId: string;
  profileName: string;
  /** the profile's own origin, where files are downloaded with the key anyway */
  serviceOrigin: string | null;
  /** false: the profile has no Download media operation of its own, so nothing can be listed */
  described: boolean;
  origins: string[];
}

const NO_DOWNLOAD_SPEC =
  "This profile has no Download media operation of its own, so there is nothing to download files with: import the service's " +
  'media lookup cURL first (Meta: GET /{media-id}; crm profiles import-curl --operation download)';

function fileOriginsOf(profile: Profile): FileOrigins {
  const spec = profile.api?.operations['media.download'];
  return {
    profileId: profile.id,
    profileName: profile.name,
    serviceOrigin: originOf(profile.baseUrl),
    described: spec !== undefined,
    origins: [...(spec?.fileOrigins ?? [])],
  };
}

/** the origin as the policy writes it, or the person's error with the reason */
function checkedOrigin(text: string): string {
  const checked = checkFileOrigin(text);
  if (!checked.ok) throw new CrmError('validation', checked.reason, { details: [{ field: 'origin', message: checked.reason }] });
  return checked.origin;
}

/**
 * A Download media example that GETs another origin than the profile's, for a profile that looks
 * its files up already: the file's own address (the second step, Meta's lookaside.fbsbx.com), not
 * the lookup. Marked so that nothing saves it as the operation: what it would do is list its
 * origin for files, which needs the person's yes. Without a lookup of its own yet, the example
 * may be the lookup of a service elsewhere (the base URL offer says so), so it is left as it is.
 */
function withFileStep(proposal: Proposal, parsed: ParsedCurl, profile: Profile): Proposal {
  if (profile.api?.operations['media.download'] === undefined) return proposal;
  if (parsed.method.toUpperCase() !== 'GET' || parsed.body !== null || parsed.form !== null) return proposal;
  const origin = originOf(parsed.url);
  const own = originOf(profile.baseUrl);
  if (origin === null || origin === own) return proposal;
  const checked = checkFileOrigin(origin);
  const step =
    `This example GETs ${origin}, not the profile's own origin (${own ?? profile.baseUrl}), and the profile already ` +
    `looks its files up there: it reads as the second step of a download (the file's own address, as Meta's ` +
    `lookaside.fbsbx.com), not as Download media, so it is not saved as the operation.`;
  if (!checked.ok) return { ...proposal, warnings: [...proposal.warnings, `${step} The key cannot be allowed there: ${checked.reason}`] };
  return {
    ...proposal,
    fileOrigin: checked.origin,
    warnings: [
      ...proposal.warnings,
      `${step} Importing it instead lets the profile's key go to ${checked.origin} to download received files, and for nothing else: only with your yes.`,
    ],
  };
}

/** A document the importer cannot use is the person's to fix: a validation error with the reason. */
async function specErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof SpecError) throw new CrmError('validation', err.message);
    throw err;
  }
}

/** The description with `operation` added to (or taken from) its absent list; an empty list is left out. */
function withAbsent(api: ApiDescription, operation: DescribedOperation, absent: boolean): ApiDescription {
  const others = (api.absent ?? []).filter((op) => op !== operation);
  const list = absent ? [...others, operation] : others;
  const { absent: _old, ...rest } = api;
  return list.length === 0 ? rest : { ...rest, absent: list };
}

/** A description that says nothing (no operation or event route of its own, nothing absent) is docs/API.md: stored as null. */
function emptyToNull(api: ApiDescription): ApiDescription | null {
  return Object.keys(api.operations).length === 0 && api.absent === undefined && api.events === undefined ? null : api;
}
