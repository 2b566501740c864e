// The requests that create, edit and delete a template for one profile. Each operation is taken
// from the profile's description where it describes it (learned from the service's cURL or
// document: 'learned'); where it does not, from the described listing when that is Meta's
// message_templates (management-urls.ts: 'inferred'), reusing the listing's request (its
// headers, where the key goes) with another method, address and body. An operation the profile
// marks absent is not inferred either.
import type { Profile } from '../../shared/model';
import type { TemplateDraft } from '../../shared/template-lifecycle';
import type { DescribedOperation } from '../api/types';
import type { PreparedRequest } from '../http/prepared-request';
import { buildRequest } from '../request/request-builder';
import { isOffered } from '../request/operation-spec';
import { createBody, editBody } from './draft-body';
import { managementUrls } from './management-urls';

export type ManagementSource = 'learned' | 'inferred';

export type ManagementAction =
  | { op: 'templates.create'; draft: TemplateDraft }
  | { op: 'templates.update'; templateId: string; draft: TemplateDraft }
  | { op: 'templates.delete'; name: string; templateId: string | null };

const MANAGEMENT: readonly DescribedOperation[] = ['templates.create', 'templates.update', 'templates.delete'];

function markedAbsent(profile: Profile, op: DescribedOperation): boolean {
  return profile.api?.absent?.includes(op) === true;
}

/** the listing's request, when the profile describes a listing at Meta's message_templates */
async function inferable(profile: Profile): Promise<PreparedRequest | null> {
  if (!isOffered(profile, 'templates.list')) return null;
  const listing = await buildRequest({ op: 'templates.list', input: {} }, profile);
  return managementUrls(listing.url) === null ? null : listing;
}

/** how the profile's templates are managed: its own described operations, inferred from its listing, or not here (null) */
export async function managementSource(profile: Profile): Promise<ManagementSource | null> {
  if (MANAGEMENT.some((op) => isOffered(profile, op))) return 'learned';
  if (MANAGEMENT.every((op) => markedAbsent(profile, op))) return null;
  return (await inferable(profile)) === null ? null : 'inferred';
}

/** the request for the action, or null where the profile neither describes it nor can it be inferred */
export async function managementRequest(profile: Profile, action: ManagementAction): Promise<PreparedRequest | null> {
  if (isOffered(profile, action.op)) return buildRequest(learnedOperation(action), profile);
  if (markedAbsent(profile, action.op)) return null;
  const listing = await inferable(profile);
  const urls = listing === null ? null : managementUrls(listing.url);
  if (listing === null || urls === null) return null;
  if (action.op === 'templates.create') return withBody(listing, action.op, urls.create, createBody(action.draft));
  if (action.op === 'templates.update') return withBody(listing, action.op, urls.edit(action.templateId), editBody(action.draft));
  return { ...listing, endpoint: action.op, method: 'DELETE', url: urls.remove(action.name), body: null, retrySafe: false };
}

function learnedOperation(action: ManagementAction) {
  if (action.op === 'templates.create') return { op: action.op, input: { draft: action.draft } } as const;
  if (action.op === 'templates.update') return { op: action.op, input: { templateId: action.templateId, draft: action.draft } } as const;
  return { op: action.op, input: { name: action.name, templateId: action.templateId } } as const;
}

/** a POST with a JSON body, otherwise the listing's request (its headers, where the key goes) */
function withBody(listing: PreparedRequest, endpoint: PreparedRequest['endpoint'], url: string, body: object): PreparedRequest {
  const headers = { ...listing.headers, 'Content-Type': 'application/json' };
  return { ...listing, endpoint, method: 'POST', url, body: { kind: 'json', text: JSON.stringify(body) }, headers, retrySafe: false };
}
