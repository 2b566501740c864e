// The events of this run, numbered from 1, the last EVENT_LOG_SIZE of them kept in memory so a
// stream that reconnects with Last-Event-ID gets what it missed. Subscribers (open streams) hear
// each event as it is added.
import type { NewEvent, SandboxEvent } from './event-types';

export const EVENT_LOG_SIZE = 1000;

export class EventLog {
  private events: SandboxEvent[] = [];
  private next = 1;
  private readonly subscribers = new Set<(event: SandboxEvent) => void>();

  constructor(private readonly size = EVENT_LOG_SIZE) {}

  append(event: NewEvent): SandboxEvent {
    const numbered = { ...event, seq: this.next } as SandboxEvent;
    this.next += 1;
    this.events.push(numbered);
    // drop in batches, so a busy log does not shift its array on every event
    if (this.events.length > this.size * 2) this.events = this.events.slice(-this.size);
    for (const subscriber of this.subscribers) subscriber(numbered);
    return numbered;
  }

  /**
   * Events after `seq`, oldest first, at most the last `size`. A seq older than the oldest kept
   * gets every kept event: what was dropped is gone.
   */
  after(seq: number): SandboxEvent[] {
    const kept = this.events.length > this.size ? this.events.slice(-this.size) : this.events;
    return kept.filter((event) => event.seq > seq);
  }

  subscribe(subscriber: (event: SandboxEvent) => void): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }
}
