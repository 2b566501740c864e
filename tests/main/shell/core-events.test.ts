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
    log.fire({ id: 'r', at: '', process: 'window', host: 'crm.example', method: 'GET', path: '/x', status: null, durationMs: 1, requestHeaders: {}, errorCode: 'network', attempt: 1 });
    outbox.fire([{ state: 'pending' } as OutboxItem]);
    sync.fire({ keyId: 'lk_1', profileId: 'p1' });
    expect(events.map(([e]) => e)).toEqual(['log:entry', 'net:status', 'outbox:changed', 'net:status', 'keys:changed']);
    expect(events.at(-1)).toEqual(['keys:changed', { profileId: 'p1' }]);
    unwire();
    expect([log.size(), outbox.size(), sync.size(), profiles.size()]).toEqual([0, 0, 0, 0]);
  });

  it("forwards another process's log entries to the window without taking them as this process's reachability", () => {
    const listeners = new Set<(entry: RequestLogEntry, own?: boolean) => void>();
    const requestLog = { subscribe: (l: (entry: RequestLogEntry, own?: boolean) => void) => (listeners.add(l), () => listeners.delete(l)) };
    const events: [string, unknown][] = [];
    wireCoreEvents({ requestLog, keys: { onChange: source<KeyChange>().subscribe }, profiles: { onChange: source<ProfileChange>().subscribe } }, (e, d) => events.push([e, d]));
    const unreachable: RequestLogEntry = { id: 'c1', at: '', process: 'crm', host: 'elsewhere.example', method: 'GET', path: '/x', status: null, durationMs: 1, requestHeaders: {}, errorCode: 'network', attempt: 1 };
    for (const l of listeners) l(unreachable, false);
    expect(events).toEqual([['log:entry', unreachable]]);
    for (const l of listeners) l({ ...unreachable, id: 'w1', process: 'window' }, true);
    expect(events.map(([e]) => e)).toEqual(['log:entry', 'log:entry', 'net:status']);
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
