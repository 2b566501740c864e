// The keys a crash run of the outbox revokes: made on the sandbox, half revoked by their server
// id and half found by their kept value, each key's own value handed to the child processes.
import type { RunningSandbox } from '../../../../src-main/sandbox/index';
import type { ChildKeys, ChildPlan } from '../../../fixtures/outbox-child';

export interface KeysToRevoke {
  /** the server's keys, to check at the end that each is gone and refused */
  revoked: { id: string; key: string }[];
  revocations: ChildPlan['revocations'];
  /** what the child processes read from keys.json */
  keys: ChildKeys;
}

export function keysToRevoke(sb: RunningSandbox, count: number, label: string): KeysToRevoke {
  const revoked: { id: string; key: string }[] = [];
  const revocations: ChildPlan['revocations'] = [];
  const keys: ChildKeys = { adminKey: sb.adminKey, revoking: {} };
  for (let i = 0; i < count; i++) {
    const created = sb.createKey(`${label} ${i}`, ['contacts:read']);
    revoked.push(created);
    keys.revoking[`local_${i}`] = created.key;
    revocations.push({ localKeyId: `local_${i}`, serverKeyId: i % 2 === 0 ? created.id : null, label: `${label} ${i}` });
  }
  return { revoked, revocations, keys };
}
