// messages:changed comes from the message history's own change feed, wired once with the rest.
import { describe, expect, it } from 'vitest';
import { Emitter, type Event } from '../../../src-main/core/emitter';
import type { KeyChange } from '../../../src-main/core/keys/key-manager';
import type { ProfileChange } from '../../../src-main/core/profiles/profile-manager';
import type { HistoryChange, LoggedRequest } from '../../../src-main/core/services';
import { wireCoreEvents } from '../../../src-main/ipc/core-events';

describe('messages:changed', () => {
  it('is sent for each change the history announces, and no longer once unwired', () => {
    const history = new Emitter<HistoryChange>();
    const quiet =
      <T>(): Event<T> =>
      () => ({ dispose: () => undefined });
    const events: [string, unknown][] = [];
    const wiring = wireCoreEvents(
      {
        requestLog: { onDidAppend: quiet<LoggedRequest>() },
        keys: { onDidChange: quiet<KeyChange>() },
        profiles: { onDidChange: quiet<ProfileChange>() },
        history: { onDidChange: history.event },
      },
      (e, d) => events.push([e, d]),
    );
    history.fire({ profileId: 'p1' });
    history.fire({ profileId: 'p2' });
    expect(events).toEqual([
      ['messages:changed', { profileId: 'p1' }],
      ['messages:changed', { profileId: 'p2' }],
    ]);
    wiring.dispose();
    history.fire({ profileId: 'p3' });
    expect(events).toHaveLength(2);
  });
});
