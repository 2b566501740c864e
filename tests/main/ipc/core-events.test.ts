import { describe, expect, it } from 'vitest';
import type { KeyChange } from '../../../src-main/core/keys/key-manager';
import type { ProfileChange } from '../../../src-main/core/profiles/profile-manager';
import { Emitter } from '../../../src-main/core/emitter';
import type { OutboxItem, RequestLogEntry } from '../../../src-main/core/model';
import type { LoggedRequest } from '../../../src-main/core/services';
import { wireCoreEvents } from '../../../src-main/ipc/core-events';

/** a GET that reached no service (a network error), logged by `process` */
function unreachableEntry(entry: Pick<RequestLogEntry, 'id' | 'process' | 'host'>): RequestLogEntry {
  return { ...entry, at: '', method: 'GET', path: '/x', status: null, durationMs: 1, requestHeaders: {}, errorCode: 'network', attempt: 1 };
}

describe('wireCoreEvents', () => {
  it('forwards log entries, outbox changes and key changes, and unwires', () => {
    const log = new Emitter<LoggedRequest>();
    const outbox = new Emitter<OutboxItem[]>();
    const sync = new Emitter<KeyChange>();
    const profiles = new Emitter<ProfileChange>();
    const events: [string, unknown][] = [];
    const wiring = wireCoreEvents(
      {
        requestLog: { onDidAppend: log.event },
        outbox: { onDidChange: outbox.event },
        keys: { onDidChange: sync.event },
        profiles: { onDidChange: profiles.event },
      },
      (e, d) => events.push([e, d]),
    );
    log.fire({ own: true, entry: unreachableEntry({ id: 'r', process: 'window', host: 'crm.example' }) });
    outbox.fire([{ state: 'pending' } as OutboxItem]);
    sync.fire({ keyId: 'lk_1', profileId: 'p1' });
    expect(events.map(([e]) => e)).toEqual(['log:entry', 'net:status', 'outbox:changed', 'net:status', 'keys:changed']);
    expect(events.at(-1)).toEqual(['keys:changed', { profileId: 'p1' }]);
    wiring.dispose();
    expect([log.hasListeners, outbox.hasListeners, sync.hasListeners, profiles.hasListeners]).toEqual([false, false, false, false]);
  });

  it("forwards another process's log entries to the window without taking them as this process's reachability", () => {
    const log = new Emitter<LoggedRequest>();
    const events: [string, unknown][] = [];
    wireCoreEvents(
      {
        requestLog: { onDidAppend: log.event },
        keys: { onDidChange: new Emitter<KeyChange>().event },
        profiles: { onDidChange: new Emitter<ProfileChange>().event },
      },
      (e, d) => events.push([e, d]),
    );
    const unreachable = unreachableEntry({ id: 'c1', process: 'crm', host: 'elsewhere.example' });
    log.fire({ entry: unreachable, own: false });
    expect(events).toEqual([['log:entry', unreachable]]);
    log.fire({ entry: { ...unreachable, id: 'w1', process: 'window' }, own: true });
    expect(events.map(([e]) => e)).toEqual(['log:entry', 'log:entry', 'net:status']);
  });

  it('a profile change is announced with its state; a move to another address also changes its keys', () => {
    const profiles = new Emitter<ProfileChange>();
    const events: [string, unknown][] = [];
    wireCoreEvents(
      {
        requestLog: { onDidAppend: new Emitter<LoggedRequest>().event },
        keys: { onDidChange: new Emitter<KeyChange>().event },
        profiles: { onDidChange: profiles.event },
      },
      (e, d) => events.push([e, d]),
    );
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
