// Key management: docs/API.md's route (with the profile's path override) and the operation's own body.
import { ENDPOINTS, resolveEndpointPath } from '../endpoints';
import { assembleRequest, type Prepared } from './assemble-request';
import type { RequestTarget } from './operation-spec';
import type { Problems } from './problems';
import { joinUrl } from './request-url';
import { FIXED_RULES } from './rules/operation-rules';
import type { FixedOperation, FixedRule, OperationOf } from './rules/rule';

export function prepareFixed(op: OperationOf<FixedOperation>, target: RequestTarget, problems: Problems): Prepared {
  // the map pairs each operation with its own rules; TypeScript cannot follow that pairing here
  const { body, pathParams } = (FIXED_RULES[op.op] as FixedRule<FixedOperation>)(op, problems);
  const resolved = resolveEndpointPath(op.op, target.endpointOverrides, pathParams);
  if (resolved.problem) problems.sentence(resolved.problem.field, resolved.problem.message);
  const url = joinUrl(target.baseUrl, resolved.path, [], problems);
  return { request: assembleRequest(op.op, ENDPOINTS[op.op].method, url, [], body, null), problems: problems.list };
}
