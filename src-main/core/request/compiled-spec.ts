// An operation's description compiled once into what every send of it reuses: the roles it has
// a place for, what it lacks for the operation, its path when no role is written into it
// (checked and encoded), and a writer for its JSON body (json-template-writer.ts). Kept per
// description object, as rolesOf is: a saved description is never changed in place (a profile's
// change makes new objects), so a changed description is compiled afresh, never served stale.
import { compileJsonTemplate, type JsonWriter } from '../api/json/json-template-writer';
import { OPERATION_ROLES, missingRoles } from '../api/roles';
import { rolesOf } from '../api/template';
import type { DescribedOperation, OperationSpec, Role } from '../api/types';
import { ENDPOINTS } from '../endpoints';
import { Problems } from './problems';
import { checkedPath, type FixedPaths } from './request-url';

export interface CompiledSpec extends FixedPaths {
  roles: ReadonlySet<Role>;
  /** null: the body is not JSON, or must be rendered the general way */
  jsonBody: JsonWriter | null;
  /** the sentences saying what the description lacks for `op` (empty when complete) */
  incomplete(op: DescribedOperation): readonly string[];
}

const compiled = new WeakMap<OperationSpec, CompiledSpec>();

export function compiledSpec(spec: OperationSpec): CompiledSpec {
  let found = compiled.get(spec);
  if (found === undefined) {
    found = compileSpec(spec);
    compiled.set(spec, found);
  }
  return found;
}

/** The roles each operation may fill, as sets (a stored description cannot pull in other values). */
const ALLOWED = new Map<DescribedOperation, ReadonlySet<Role>>(
  (Object.entries(OPERATION_ROLES) as [DescribedOperation, readonly Role[]][]).map(([op, roles]) => [op, new Set(roles)]),
);

export function allowedRoles(op: DescribedOperation): ReadonlySet<Role> {
  return ALLOWED.get(op) ?? new Set();
}

function compileSpec(spec: OperationSpec): CompiledSpec {
  const roles = rolesOf(spec);
  const json = spec.body !== null && (spec.encoding === undefined || spec.encoding === 'json');
  const incomplete = perOperation((op) =>
    missingRoles(op, roles).map(
      ({ sentence }) => `The API description of ${ENDPOINTS[op].label} is incomplete: ${sentence}. Fix it in Profiles → API`,
    ),
  );
  const fixedPath = perOperation((op) => {
    if ((spec.pathRoles ?? []).length > 0) return null;
    const problems = new Problems();
    const path = checkedPath(spec, op, {}, problems);
    return { path, problems: problems.list.map((p) => p.sentence) };
  });
  return { roles, jsonBody: json && spec.body !== null ? compileJsonTemplate(spec.body) : null, incomplete, fixedPath };
}

/** A description is built for one operation in practice; each answer is worked out on first use. */
function perOperation<T>(make: (op: DescribedOperation) => T): (op: DescribedOperation) => T {
  const answers = new Map<DescribedOperation, T>();
  return (op) => {
    if (answers.has(op)) return answers.get(op) as T;
    const answer = make(op);
    answers.set(op, answer);
    return answer;
  };
}
