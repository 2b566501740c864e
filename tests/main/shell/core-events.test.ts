import { describe, expect, it } from 'vitest';
import type { KeyChange } from '../../../src-main/core/keys/key-manager';
import type { ProfileChange } from '../../../src-main/core/profiles/profile-manager';
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
  it('forwards log entries, outbox changes and key changes, and unwires', () => {
    const log = source<RequestLogEntry>();
    const outbox = source<OutboxItem[]>();
    const sync = source<KeyChange>();
    const profiles = source<ProfileChange>();
    const events: [string, unknown][] = [];
    const unwire = wireCoreEvents({ requestLog: log, outbox, keys: { onChange: sync.subscribe }, profiles: { onChange: profiles.subscribe } }, (e, d) => events.push([e, d]));
    log.fire({ id: 'r', at: '', method: 'GET', path: '/x', status: null, durationMs: 1, requestHeaders: {}, errorCode: 'network', attempt: 1 });
    outbox.fire([{ state: 'pending' } as OutboxItem]);
    sync.fire({ keyId: 'lk_1', profileId: 'p1' });
    expect(events.map(([e]) => e)).toEqual(['log:entry', 'net:status', 'outbox:changed', 'net:status', 'keys:changed']);
    expect(events.at(-1)).toEqual(['keys:changed', { profileId: 'p1' }]);
    unwire();
    expect([log.size(), outbox.size(), sync.size(), profiles.size()]).toEqual([0, 0, 0, 0]);
  });

  it('a profile change is announced with its state; a move to another address also changes its keys', () => {
    const profiles = source<ProfileChange>();
    const events: [string, unknown][] = [];
    wireCoreEvents({ requestLog: source<RequestLogEntry>(), keys: { onChange: source<KeyChange>().subscribe }, profiles: { onChange: profiles.subscribe } }, (e, d) => events.push([e, d]));
    const state = { profiles: [], activeProfileId: null };
    profiles.fire({ state, moved: null });
    profiles.fire({ state, moved: 'p2' });
    expect(events).toEqual([
      ['profiles:changed', state],
      ['profiles:changed', state],
      ['keys:changed', { profileId: 'p2' }],
    ]);
  });
});
