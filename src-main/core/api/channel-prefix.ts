// A service that carries several channels on one send (Twilio: SMS, WhatsApp) tells them apart by
// a prefix on both addresses (`From=whatsapp:+1415…`, `To=whatsapp:+5511…`). A document's sample
// often shows the SMS form; once the sender the person gives is a WhatsApp address, the recipient
// is written the same way on every send. Pure: returns the template changed, and what it says.
import { isRoleRef, templateChildren } from '../../shared/template-leaves';
import type { OperationSpec, RoleRef, Template } from './types';

const CHANNEL = /^(whatsapp):/i;

/** The spec with its recipient written in the sender's channel, or null when nothing changes. */
export function recipientInSendersChannel(spec: OperationSpec): { spec: OperationSpec; note: string } | null {
  if (spec.body === null) return null;
  const channel = senderChannel(spec.body);
  if (channel === null) return null;
  let changed = false;
  const rewrite = (node: Template): Template => {
    if (isRoleRef(node)) {
      if (node.$role !== 'number' || (node.prefix ?? '').toLowerCase().startsWith(`${channel}:`)) return node;
      changed = true;
      const ref: RoleRef = { ...node, prefix: `${channel}:${node.prefix === undefined || node.prefix === '' ? '+' : node.prefix}` };
      return ref;
    }
    if (Array.isArray(node)) return node.map(rewrite);
    if (typeof node !== 'object' || node === null || templateChildren(node).length === 0) return node;
    if ('$literal' in node || '$number' in node) return node;
    return Object.fromEntries(Object.entries(node).map(([name, child]) => [name, rewrite(child)]));
  };
  const body = rewrite(spec.body);
  if (!changed) return null;
  const note = `The sender is a ${channel} address, so the recipient is written as ${channel}:+<number> on every send`;
  return { spec: { ...spec, body }, note };
}

/** The channel a constant address at the body's top level names (`whatsapp`), or null. */
function senderChannel(body: Template): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || isRoleRef(body)) return null;
  for (const value of Object.values(body)) {
    const match = typeof value === 'string' ? CHANNEL.exec(value) : null;
    if (match !== null) return match[1]!.toLowerCase();
  }
  return null;
}
