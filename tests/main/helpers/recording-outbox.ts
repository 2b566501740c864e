// A stand-in OutboxService that records what the core hands it (the agreed contract:
// enqueueMessage, and its revocation queue's enqueue, handed to the keys as the core's
// revocationQueue), for tests of the services without the real outbox. A test plays the outbox's
// part in a revocation's progress with report().
import type { Disposable, Event } from '../../../src-main/core/emitter';
import type { OutboxItem, RevocationSyncState } from '../../../src-main/core/model';
import { baseItem } from '../../../src-main/core/outbox/mutations';
import type { OutboxService, RevocationInput, RevocationQueue, RevocationReport } from '../../../src-main/core/services';

type MessageInput = Parameters<OutboxService['enqueueMessage']>[0];

export class RecordingOutbox implements OutboxService {
  readonly messages: MessageInput[] = [];
  readonly queuedRevocations: RevocationInput[] = [];
  readonly revocations: RevocationQueue = {
    enqueue: (input) => this.enqueueRevocation(input),
    syncStates: async () => new Map(this.states),
    serverRevocations: async () => new Map(),
    onDidReport: (listener) => this.onDidReportRevocation(listener),
    syncNow: () => this.syncNow(),
  };
  private items: OutboxItem[] = [];
  /** where each key's revocation stands, as this stand-in's record has it */
  private readonly states = new Map<string, RevocationSyncState>();
  private readonly revocationListeners = new Set<(report: RevocationReport) => Promise<void> | void>();

  async list(): Promise<OutboxItem[]> {
    return this.items;
  }

  async enqueueMessage(input: MessageInput): Promise<OutboxItem> {
    this.messages.push(input);
    return this.add(
      input.op.op === 'messages.text' ? 'send.text' : input.op.op === 'messages.media' ? 'send.media' : 'send.audio',
      input.profileId,
      input.label,
    );
  }

  private async enqueueRevocation(input: RevocationInput): Promise<OutboxItem> {
    this.queuedRevocations.push(input);
    const item = this.add('keys.revoke', input.profileId, input.label);
    if (input.localKeyId !== null) this.states.set(input.localKeyId, { state: 'pending', reason: 'queued', outboxId: item.id });
    return item;
  }

  async cancel(id: string): Promise<OutboxItem> {
    return this.find(id);
  }

  async retry(id: string): Promise<OutboxItem> {
    return this.find(id);
  }

  async syncNow(): Promise<void> {}

  readonly onDidChange: Event<OutboxItem[]> = () => ({ dispose: () => undefined });

  private onDidReportRevocation(listener: (report: RevocationReport) => Promise<void> | void): Disposable {
    this.revocationListeners.add(listener);
    return { dispose: () => this.revocationListeners.delete(listener) };
  }

  /** what the real outbox does once a revocation's new state is on disk: tells its listeners */
  async report(localKeyId: string, profileId: string, sync: RevocationSyncState): Promise<void> {
    this.states.set(localKeyId, sync);
    for (const listener of [...this.revocationListeners]) await listener({ localKeyId, profileId, sync });
  }

  async close(): Promise<void> {}

  private add(kind: OutboxItem['kind'], profileId: string, label: string): OutboxItem {
    // queued as the real outbox queues it while the API is reachable: pending, nothing scheduled
    const item = baseItem(`ob_${this.items.length + 1}`, kind, profileId, label, new Date().toISOString(), null);
    this.items.push(item);
    return item;
  }

  private find(id: string): OutboxItem {
    const item = this.items.find((i) => i.id === id);
    if (!item) throw new Error(`no outbox item ${id}`);
    return item;
  }
}
