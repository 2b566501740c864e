// The last step both spec importers share: the example request goes through proposeOperation
// exactly as a pasted cURL would (roles from names and values), then the placement the document
// declares for the key replaces whatever the example's headers suggested. Pure.
import { recipientInSendersChannel } from '../channel-prefix';
import { proposeOperation } from '../propose';
import type { SpecCandidate, SpecProposal, SpecProposeOptions, SpecRequest } from './spec-types';
import type { DescribedOperation } from '../types';

export function proposeSpecRequest(
  candidate: SpecCandidate,
  example: SpecRequest,
  operation: DescribedOperation,
  options: SpecProposeOptions,
): SpecProposal {
  if (example.unsupported !== null) return { candidate, proposal: null, unsupported: example.unsupported };
  const proposal = proposeOperation(example.request, operation, {
    ...(options.profileBaseUrl === undefined ? {} : { profileBaseUrl: options.profileBaseUrl }),
    fixes: options.fixes ?? {},
    ...(example.accountValues === undefined ? {} : { accountSegments: example.accountValues }),
  });
  const channel = recipientInSendersChannel(proposal.spec);
  if (channel !== null) {
    proposal.spec = channel.spec;
    proposal.warnings.push(channel.note);
  }
  const credential = example.credential;
  if (credential !== null) {
    if (credential.placement === undefined) delete proposal.spec.credential;
    else proposal.spec.credential = credential.placement;
  }
  return { candidate, proposal, unsupported: null };
}
