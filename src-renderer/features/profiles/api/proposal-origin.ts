// Where an operation's proposal came from, so a role changed in the mapping table is read again
// from the same place: a pasted cURL (api:import-curl) or a candidate of an API document main
// holds (api:spec-propose). Either answers a Proposal, or an error saying why there is none.
import type { ApiProposal, DescribedOperation, Result, RoleFixes } from '../../../lib/api';
import { invoke } from '../../../lib/api';

export type ProposalOrigin =
  | { kind: 'curl'; curl: string }
  /** `vars`/`user`: the values the person gave for what the document leaves open */
  | { kind: 'document'; handle: string; candidateId: string; vars: Record<string, string>; user: string; example?: string };

export async function askProposal(
  profileId: string,
  operation: DescribedOperation,
  origin: ProposalOrigin,
  fixes: RoleFixes,
): Promise<Result<ApiProposal>> {
  const withFixes = Object.keys(fixes).length > 0 ? { fixes } : {};
  if (origin.kind === 'curl') return invoke('api:import-curl', { profileId, operation, curl: origin.curl, ...withFixes });
  const { handle, candidateId, vars, user, example } = origin;
  const withExample = example === undefined || example === '' ? {} : { example };
  const given = { ...(Object.keys(vars).length > 0 ? { vars } : {}), ...(user === '' ? {} : { user }), ...withExample };
  const r = await invoke('api:spec-propose', { profileId, handle, operation, candidateId, ...withFixes, ...given });
  if (!r.ok) return r;
  if (r.value.proposal === null)
    return { ok: false, error: { code: 'validation', message: r.value.problem ?? 'The document proposes nothing for this operation.' } };
  return { ok: true, value: r.value.proposal };
}
