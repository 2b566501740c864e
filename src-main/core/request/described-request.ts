// Contacts and messages: the operation's values, checked by its own rules, poured into the
// profile's description (path, query, body, credential placement).
import { missingRoles } from '../api/roles';
import { renderQuery, rolesOf } from '../api/template';
import type { DescribedOperation, OperationSpec, Role } from '../api/types';
import { ENDPOINTS, checkEndpointPath } from '../endpoints';
import { loggedSendOf } from '../log/logged-send';
import type { FileAccess } from '../media/file-access';
import { assembleRequest, type Prepared } from './assemble-request';
import { allowedRoles, compiledSpec, type CompiledSpec } from './compiled-spec';
import { isOffered, operationSpec, type RequestTarget } from './operation-spec';
import type { Problems } from './problems';
import { renderBody } from './render-body';
import { describedPath, joinUrl } from './request-url';
import { DESCRIBED_RULES } from './rules/operation-rules';
import type { DescribedRule, OperationOf, RuleOutput } from './rules/rule';

/** what the rules' answer is poured into */
interface Described {
  op: OperationOf<DescribedOperation>;
  target: RequestTarget;
  spec: OperationSpec;
  compiled: CompiledSpec | null;
  problems: Problems;
}

export interface BuilderDeps {
  /** file access port; tests pass a counting one */
  files?: FileAccess;
  /** the id the upload operation answered for this send's file (needsUpload) */
  uploadedMediaId?: string;
  /**
   * false: render the description afresh instead of through its compiled form (compiled-spec.ts);
   * tests compare the two, byte for byte
   */
  compiled?: boolean;
}

/**
 * Not a promise when the operation's rules answer at once (no file to look at): a send's request
 * then reaches the sender without waiting turns of the event loop for nothing.
 */
export function prepareDescribed(
  op: OperationOf<DescribedOperation>,
  target: RequestTarget,
  deps: BuilderDeps,
  problems: Problems,
): Prepared | Promise<Prepared> {
  const spec = operationSpec(target, op.op);
  const label = ENDPOINTS[op.op].label;
  if (!isOffered(target, op.op)) problems.sentence('api', `This service does not offer ${label} (Profiles → API says so)`);
  const override = target.api?.operations[op.op] === undefined ? target.endpointOverrides[op.op] : undefined;
  const overrideProblem = override === undefined ? null : checkEndpointPath(op.op, override);
  if (overrideProblem !== null) problems.sentence(`endpointOverrides.${op.op}`, `The path override ${overrideProblem}; using ${spec.path}`);
  const compiled = deps.compiled === false ? null : compiledSpec(spec);
  const roles = compiled?.roles ?? rolesOf(spec);
  const incomplete =
    compiled?.incomplete(op.op) ??
    missingRoles(op.op, roles).map(
      ({ sentence }) => `The API description of ${label} is incomplete: ${sentence}. Fix it in Profiles → API`,
    );
  for (const sentence of incomplete) problems.sentence('api', sentence);

  const upload = { available: isOffered(target, 'media.upload'), id: deps.uploadedMediaId };
  // the map pairs each operation with its own rules; TypeScript cannot follow that pairing here
  const rules = DESCRIBED_RULES[op.op] as DescribedRule<DescribedOperation>;
  const output = rules(op, { spec, roles, problems, files: deps.files, upload });
  const described = { op, target, spec, compiled, problems };
  return output instanceof Promise ? output.then((ruled) => pour(described, ruled)) : pour(described, output);
}

/** The rules' values poured into the description: the request, and what would stop it. */
function pour({ op, target, spec, compiled, problems }: Described, { values, file = null, idempotencyKey = null }: RuleOutput): Prepared {
  // keep only what this operation may fill (a stored description cannot pull in other values)
  const allowed = allowedRoles(op.op);
  for (const role of Object.keys(values) as Role[]) if (!allowed.has(role)) delete values[role];

  const url = joinUrl(target.baseUrl, describedPath(compiled, spec, op.op, values, problems), renderQuery(spec, values), problems);
  const body = renderBody(spec, values, file, op.op === 'messages.audio' ? 'audio' : 'media', problems, compiled?.jsonBody ?? null);
  const request = assembleRequest(op.op, spec.method, url, spec.headers, body, idempotencyKey, spec.credential);
  const sent = loggedSendOf(op);
  // the request was made just now for this send alone: set on it, not copied into another
  if (sent !== null) request.sent = sent;
  return { request, problems: problems.list };
}
