// A stand-in OutboxService that records what the core hands it (the agreed contract:
// enqueueMessage / enqueueRevocation), for tests of the services without the real outbox.
import type { OutboxItem } from '../../../src-main/core/model';
import type { OutboxService } from '../../../src-main/core/services';

type MessageInput = Parameters<OutboxService['enqueueMessage']>[0];
type RevocationInput = Parameters<OutboxService['enqueueRevocation']>[0];

export class RecordingOutbox implements OutboxService {
  readonly messages: MessageInput[] = [];
  readonly revocations: RevocationInput[] = [];
  private items: OutboxItem[] = [];

  async list(): Promise<OutboxItem[]> {
    return this.items;
  }

  async enqueueMessage(input: MessageInput): Promise<OutboxItem> {
    this.messages.push(input);
    return this.add(input.op.op === 'messages.text' ? 'send.text' : input.op.op === 'messages.media' ? 'send.media' : 'send.audio', input.profileId, input.label);
  }

  async enqueueRevocation(input: RevocationInput): Promise<OutboxItem> {
    this.revocations.push(input);
    return this.add('keys.revoke', input.profileId, input.label);
  }

  async cancel(id: string): Promise<OutboxItem> {
    return this.find(id);
  }

  async retry(id: string): Promise<OutboxItem> {
    return this.find(id);
  }

  async syncNow(): Promise<void> {}

  subscribe(): () => void {
    return () => {};
  }

  async close(): Promise<void> {}

  private add(kind: OutboxItem['kind'], profileId: string, label: string): OutboxItem {
    const at = new Date().toISOString();
    const item: OutboxItem = {
      id: `ob_${this.items.length + 1}`, kind, profileId, label, state: 'pending', attempts: 0, createdAt: at, updatedAt: at,
      nextAttemptAt: null, lastError: null, resultSummary: null, pendingReason: 'queued',
    };
    this.items.push(item);
    return item;
  }

  private find(id: string): OutboxItem {
    const item = this.items.find((i) => i.id === id);
    if (!item) throw new Error(`no outbox item ${id}`);
    return item;
  }
}
