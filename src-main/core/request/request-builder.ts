// The one request builder (docs/ARCHITECTURE.md, rule 8): an Operation plus a profile's base URL
// and path overrides -> a PreparedRequest. The undici sender and the cURL exporter both consume
// its output. Each operation's input rules live in request/rules/; request/ renders what they
// answer into the profile's description. Pure apart from stat-ing a chosen file and reading its
// first few KB to sniff the mimetype; a file is never read whole (the sender streams it).
//
// prepareRequest is lenient: it always returns a request (for previews) plus the problems that
// would stop a send. buildRequest throws a CrmError when there is any problem.
import { isDescribedOperation } from '../../shared/operation-ids';
import type { DescribedOperation } from '../api/types';
import { CrmError } from '../errors';
import type { PreparedRequest } from '../http/prepared-request';
import type { RequestProblem } from '../model';
import type { Operation } from '../operations';
import type { Prepared } from './assemble-request';
import { prepareDescribed, type BuilderDeps } from './described-request';
import { prepareFixed } from './fixed-request';
import type { RequestTarget } from './operation-spec';
import { Problems, errorCodeOf, withoutCode, type BuildErrorCode } from './problems';
import type { FixedOperation, OperationOf } from './rules/rule';

export type { BuilderDeps } from './described-request';
export type { RequestTarget } from './operation-spec';
export type { BuildErrorCode } from './problems';

export interface PreparedResult {
  request: PreparedRequest;
  /** problems that would stop a send; field names are the Operation's input names */
  problems: RequestProblem[];
  /** null when there are no problems */
  errorCode: BuildErrorCode | null;
}

export async function prepareRequest(op: Operation, target: RequestTarget, deps: BuilderDeps = {}): Promise<PreparedResult> {
  const { request, problems } = await prepare(op, target, deps);
  return {
    request: forProfile(request, target),
    problems: problems.map(withoutCode),
    errorCode: problems.length === 0 ? null : errorCodeOf(problems),
  };
}

/**
 * Like prepareRequest, but rejects with a CrmError (validation, file_too_large, file_unreadable) on
 * any problem. Not an async function: a request whose rules answer at once is handed back already
 * settled, without the turns an await inside would add before the sender sees it.
 */
export function buildRequest(op: Operation, target: RequestTarget, deps: BuilderDeps = {}): Promise<PreparedRequest> {
  try {
    const prepared = prepare(op, target, deps);
    return prepared instanceof Promise ? prepared.then((done) => built(done, target)) : Promise.resolve(built(prepared, target));
  } catch (err) {
    return Promise.reject(err);
  }
}

/** the request, or the CrmError its problems make */
function built({ request, problems }: Prepared, target: RequestTarget): PreparedRequest {
  if (problems.length === 0) return forProfile(request, target);
  const message = problems.map((p) => p.sentence).join('; ');
  throw new CrmError(errorCodeOf(problems), message, { details: problems.map(withoutCode) });
}

/** the request stamped with the profile it was built for, when the target is a profile (it was made for this build alone) */
function forProfile(request: PreparedRequest, target: RequestTarget): PreparedRequest {
  if (target.id !== undefined) request.profileId = target.id;
  return request;
}

function prepare(op: Operation, target: RequestTarget, deps: BuilderDeps): Promise<Prepared> | Prepared {
  const problems = new Problems();
  if (isDescribedOperation(op.op)) return prepareDescribed(op as OperationOf<DescribedOperation>, target, deps, problems);
  return prepareFixed(op as OperationOf<FixedOperation>, target, problems);
}
