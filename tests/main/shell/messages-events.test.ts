// messages:changed comes from the message history's own change feed, wired once with the rest.
import { describe, expect, it } from 'vitest';
import { ChangeFeed } from '../../../src-main/core/change-feed';
import type { KeyChange } from '../../../src-main/core/keys/key-manager';
import type { ProfileChange } from '../../../src-main/core/profiles/profile-manager';
import type { RequestLogEntry } from '../../../src-main/core/model';
import type { HistoryChange } from '../../../src-main/core/services';
import { wireCoreEvents } from '../../../src-main/ipc/core-events';

describe('messages:changed', () => {
  it('is sent for each change the history announces, and no longer once unwired', () => {
    const history = new ChangeFeed<HistoryChange>();
    const quiet = <T>() => ({ subscribe: (_l: (v: T) => void) => () => undefined, onChange: (_l: (v: T) => void) => () => undefined });
    const events: [string, unknown][] = [];
    const unwire = wireCoreEvents(
      { requestLog: quiet<RequestLogEntry>(), keys: quiet<KeyChange>(), profiles: quiet<ProfileChange>(), history: { onChange: (l) => history.subscribe(l) } },
      (e, d) => events.push([e, d]),
    );
    history.emit({ profileId: 'p1' });
    history.emit({ profileId: 'p2' });
    expect(events).toEqual([
      ['messages:changed', { profileId: 'p1' }],
      ['messages:changed', { profileId: 'p2' }],
    ]);
    unwire();
    history.emit({ profileId: 'p3' });
    expect(events).toHaveLength(2);
  });
});
