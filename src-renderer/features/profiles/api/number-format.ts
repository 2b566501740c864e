// How an operation writes the recipient's number: the `+` or `@c.us` a service wants is a
// prefix/suffix on the number role, learned from the pasted example. Pure.
import { isRoleRef, templateChildren } from '../../../../src-main/shared/template-leaves';
import type { OperationSpec, RoleRef, Template } from '../../../lib/api';

/** What a person types, normalised by main to digits only (docs/API.md). */
export const SAMPLE_DIGITS = '5511999990000';

function findIn(template: Template | null, found: RoleRef[]): void {
  if (template === null) return;
  if (isRoleRef(template)) {
    if (template.$role === 'number') found.push(template);
    return;
  }
  // a literal object's keys are constants, never a slot (template-leaves.ts)
  for (const child of templateChildren(template)) findIn(child, found);
}

/** The number role's leaf in the query or the body, or null when the spec has none. */
export function numberRef(spec: OperationSpec): RoleRef | null {
  const found: RoleRef[] = [];
  for (const q of spec.query) if (isRoleRef(q.value) && q.value.$role === 'number') found.push(q.value);
  findIn(spec.body, found);
  return found[0] ?? null;
}

/** `+5511999990000`, `5511999990000@c.us`; null when the number goes out as plain digits. */
export function writtenNumber(spec: OperationSpec): string | null {
  const ref = numberRef(spec);
  if (!ref || (!ref.prefix && !ref.suffix)) return null;
  return `${ref.prefix ?? ''}${SAMPLE_DIGITS}${ref.suffix ?? ''}`;
}
