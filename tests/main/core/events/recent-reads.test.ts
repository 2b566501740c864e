// The listener's reads of a profile's secrets: a stream of posts shares one keychain read a
// second, a change made in this process applies at once, and a failed read is asked again.
import { describe, expect, it } from 'vitest';
import { RecentReads } from '../../../../src-main/core/events/webhooks/recent-reads';
import { WebhookSecrets } from '../../../../src-main/core/events/webhooks/webhook-secrets';
import { MemorySecretStore } from '../../../../src-main/core/secrets/memory-store';
import { CountingSecretStore } from '../../../../src-main/core/secrets/counting-store';

describe('recent reads', () => {
  it('reads within the time share one ask; after it, or after forget, the source is asked again', async () => {
    let now = 0;
    const asked: string[] = [];
    const reads = new RecentReads(
      async (key) => {
        asked.push(key);
        return `${key}@${now}`;
      },
      1000,
      () => now,
    );
    expect(await Promise.all([reads.get('a'), reads.get('a'), reads.get('a')])).toEqual(['a@0', 'a@0', 'a@0']);
    now = 999;
    expect(await reads.get('a')).toBe('a@0');
    now = 1000;
    expect(await reads.get('a')).toBe('a@1000');
    reads.forget('a');
    expect(await reads.get('a')).toBe('a@1000');
    expect(asked).toEqual(['a', 'a', 'a']);
  });

  it('a failed read is not kept', async () => {
    let fail = true;
    const reads = new RecentReads(async () => {
      if (fail) throw new Error('keychain locked');
      return 'value';
    }, 1000);
    await expect(reads.get('a')).rejects.toThrow('keychain locked');
    fail = false;
    expect(await reads.get('a')).toBe('value');
  });

  it("the listener's secret: one keychain read for a stream of posts, a new secret set here seen at once", async () => {
    const store = new CountingSecretStore(new MemorySecretStore());
    const secrets = new WebhookSecrets(store);
    await secrets.set('p1', { secret: 'first-secret' });
    const before = store.counts.get;
    const seen = await Promise.all(Array.from({ length: 50 }, () => secrets.listenerSecretOf('p1')));
    expect(new Set(seen)).toEqual(new Set(['first-secret']));
    expect(store.counts.get - before).toBe(1);
    await secrets.set('p1', { secret: 'second-secret' });
    expect(await secrets.listenerSecretOf('p1')).toBe('second-secret');
    await secrets.set('p1', { secret: null });
    expect(await secrets.listenerSecretOf('p1')).toBeNull();
  });
});
