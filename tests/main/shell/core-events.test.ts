import { describe, expect, it } from 'vitest';
import type { KeySyncChange } from '../../../src-main/core/keys/key-manager';
import type { OutboxItem, RequestLogEntry } from '../../../src-main/core/model';
import { wireCoreEvents } from '../../../src-main/ipc/core-events';

function source<T>() {
  const listeners = new Set<(v: T) => void>();
  return {
    subscribe: (l: (v: T) => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    fire: (v: T) => listeners.forEach((l) => l(v)),
    size: () => listeners.size,
  };
}

describe('wireCoreEvents', () => {
  it('forwards log entries, outbox changes and revocation sync states, and unwires', () => {
    const log = source<RequestLogEntry>();
    const outbox = source<OutboxItem[]>();
    const sync = source<KeySyncChange>();
    const events: [string, unknown][] = [];
    const unwire = wireCoreEvents({ requestLog: log, outbox, keys: { onSyncChange: sync.subscribe } }, (e, d) => events.push([e, d]));
    log.fire({ id: 'r', at: '', method: 'GET', path: '/x', status: null, durationMs: 1, requestHeaders: {}, errorCode: 'network', attempt: 1 });
    outbox.fire([{ state: 'pending' } as OutboxItem]);
    sync.fire({ keyId: 'lk_1', profileId: 'p1' });
    expect(events.map(([e]) => e)).toEqual(['log:entry', 'net:status', 'outbox:changed', 'net:status', 'keys:changed']);
    expect(events.at(-1)).toEqual(['keys:changed', { profileId: 'p1' }]);
    unwire();
    expect([log.size(), outbox.size(), sync.size()]).toEqual([0, 0, 0]);
  });
});
