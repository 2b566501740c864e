// The webhook inspector: every delivery a listener of this data folder took or refused, kept
// (scrubbed, capped) in crm.db by the process that received it, so the window and `crm` list the
// same deliveries; and the three things done with one: replay it into the app, copy it as cURL,
// and fire a test event at the listener.
// A replay goes through the same handling as a live post (parse, then the conversations), so a
// state already recorded changes nothing the second time: states are kept per message, not counted.
import { shellQuote } from '../../request/to-curl';
import { Emitter, type Event } from '../../emitter';
import { CrmError } from '../../errors';
import type { KeptDelivery, NewDelivery, WebhookDeliveriesTable, DeliveryQuery } from '../../store/tables/webhook-deliveries-table';
import { WriteBatch, type DurableWrite } from '../../store/write-batch';
import { SIGNATURE_PLACEHOLDER, isSignatureHeader, scrubBody, scrubHeaders } from './delivery-scrub';
import { effectsOf } from './delivery-effects';
import { signatureOf } from './signature';
import { twilioSignatureOf } from './twilio-signature';
import { parseWebhookBody } from './webhook-receiver';
import { timeOrderedId } from './time-ordered-id';
import type { ObservedDelivery, TakenDelivery } from './webhook-delivery';

export interface WebhookInspectorDeps {
  table: WebhookDeliveriesTable;
  /** the profile's webhook secret and verify token (none kept in a delivery) */
  secretsOf(profileId: string): Promise<string[]>;
  /** every key value the app holds blanked (core.scrubSecrets) */
  scrub(text: string): string;
  /** the same handling a live post gets (conversations.receive) */
  receive(profileId: string, payload: unknown): { found: number; changed: number };
  /** runs synchronous writes durably, resolving after their commit (group-commit.ts); absent: at once, each its own */
  write?: DurableWrite;
  /** runs the writes of taken posts' rows, after their answers (GroupCommit.writeWithNext); absent: write */
  writeLater?: DurableWrite;
  /** a line for the app's log (an inspector row that could not be kept) */
  log?: (message: string) => void;
  now?: () => Date;
}

export interface TakenOutcome {
  outcome: { found: number; changed: number };
  /**
   * the inspector's row, once written (a moment after the answer, with the rows of the posts
   * answered with it); null when it could not be kept (the events are stored all the same)
   */
  kept: Promise<KeptDelivery | null>;
}

/** a taken post whose row waits for its batch, with the secrets to scrub it of */
interface RowToKeep {
  seen: ObservedDelivery;
  secrets: readonly string[];
}

/** headers a re-post must not copy: the transport's own, and what the listener refuses from a browser */
const NOT_REPOSTED = new Set(['host', 'content-length', 'connection', 'origin', 'transfer-encoding', 'accept-encoding']);

export class WebhookInspector {
  private readonly recorded = new Emitter<KeptDelivery>();
  /** a delivery was kept by this process (others' show through list()) */
  readonly onDidRecord: Event<KeptDelivery> = this.recorded.event;
  private readonly changes = new Emitter<{ profileId: string | null }>();
  /** the kept deliveries changed: one kept here (its profile), or by another process (null: any profile) */
  readonly onDidChange: Event<{ profileId: string | null }> = this.changes.event;

  /** the rows of taken posts, written together after their answers (write-batch.ts) */
  private readonly laterRows: WriteBatch<RowToKeep, KeptDelivery | null>;

  private readonly write: DurableWrite;

  constructor(private readonly deps: WebhookInspectorDeps) {
    // without a group commit: at once, each its own transaction (a throw is a rejection, as there)
    this.write = deps.write ?? (<T>(work: () => T) => new Promise<T>((resolve) => resolve(work())));
    this.laterRows = new WriteBatch(deps.writeLater ?? this.write, (rows) => this.keepAll(rows));
  }

  /** keeps one delivery the listener saw, scrubbed */
  async record(seen: ObservedDelivery): Promise<KeptDelivery> {
    const secrets = await this.deps.secretsOf(seen.profileId).catch(() => []);
    const kept = this.keep(seen, secrets);
    this.told(kept);
    return kept;
  }

  /**
   * Stores a post's events in a transaction shared with the posts that arrived with it (write):
   * resolves only once that transaction committed, so the listener never acknowledges an event
   * that is not on disk. Its inspector row is written after the answer, in a batch with the rows
   * of the other posts answered meanwhile (kept): it shows in the inspector some milliseconds
   * after the answer instead of with it. Built and written at a listener's rate, each row was
   * half of a stored event's time (docs/performance.md, the webhooks section). A row that cannot
   * be kept leaves the events stored.
   */
  async take(seen: TakenDelivery): Promise<TakenOutcome> {
    const secrets = await this.deps.secretsOf(seen.profileId).catch(() => []);
    const outcome = await this.write(() => this.deps.receive(seen.profileId, seen.payload));
    const problem = outcome.found === 0 ? 'no message event in it' : null;
    const kept = this.laterRows.add({ seen: { ...seen, status: 200, problem, outcome }, secrets }).then(
      (row) => {
        if (row !== null) this.told(row);
        return row;
      },
      (err: unknown) => {
        this.notKept(seen.profileId, err);
        return null;
      },
    );
    return { outcome, kept };
  }

  /** resolves once every row of a taken post is written (or could not be) */
  rowsWritten(): Promise<void> {
    return this.laterRows.settled();
  }

  /** another process kept or pruned deliveries (the foreign-changes watch) */
  announceOutsideChange(): void {
    this.changes.fire({ profileId: null });
  }

  private told(kept: KeptDelivery): void {
    this.recorded.fire(kept);
    this.changes.fire({ profileId: kept.profileId });
  }

  /** the scrubbed row of one delivery, written (a transaction of its own, or a savepoint in a group) */
  private keep(seen: ObservedDelivery, secrets: readonly string[]): KeptDelivery {
    return this.deps.table.add(this.rowOf(seen, secrets));
  }

  /** a batch of taken posts' rows in one write; a row that cannot be made is left out (null), the others kept */
  private keepAll(rows: readonly RowToKeep[]): (KeptDelivery | null)[] {
    const made = rows.map(({ seen, secrets }): NewDelivery | null => {
      try {
        return this.rowOf(seen, secrets);
      } catch (err) {
        this.notKept(seen.profileId, err);
        return null;
      }
    });
    const kept = this.deps.table.addAll(made.filter((row): row is NewDelivery => row !== null));
    return made.map((row) => (row === null ? null : kept.shift()!));
  }

  private notKept(profileId: string, err: unknown): void {
    this.deps.log?.(`webhook for ${profileId} not kept in the inspector: ${err instanceof Error ? err.message : 'unknown error'}`);
  }

  /** what the table keeps of a delivery: scrubbed of every secret */
  private rowOf(seen: ObservedDelivery, secrets: readonly string[]): NewDelivery {
    // a post handed on (an outcome) was parsed from this very body: its payload is not parsed again to scrub it
    const parsed = seen.outcome !== null && typeof seen.payload === 'object' && seen.payload !== null ? seen.payload : undefined;
    const body = seen.body === null ? null : scrubBody(seen.body, contentTypeOf(seen.headers), secrets, parsed);
    const headers = Object.fromEntries(Object.entries(scrubHeaders(seen.headers)).map(([name, value]) => [name, this.deps.scrub(value)]));
    return {
      id: timeOrderedId(),
      profileId: seen.profileId,
      at: seen.at.toISOString(),
      source: seen.source,
      method: seen.method,
      path: seen.path,
      headers,
      body: body === null ? null : this.deps.scrub(body.text),
      bodyBytes: body?.bytes ?? 0,
      bodyCut: body?.cut ?? false,
      verdict: seen.verdict,
      status: seen.status,
      problem: seen.problem,
      effects: seen.outcome === null ? [] : effectsOf(seen.payload),
      changed: seen.outcome?.changed ?? null,
      replayOf: seen.replayOf ?? null,
    };
  }

  list(query: DeliveryQuery): KeptDelivery[] {
    return this.deps.table.list(query);
  }

  get(id: string): KeptDelivery {
    const kept = this.deps.table.get(id.trim());
    if (kept === null) {
      const kept = 'deliveries are kept 7 days, the last 500 per profile';
      throw new CrmError('not_found', `No kept webhook delivery has the id "${id.trim().slice(0, 80)}" (${kept}).`);
    }
    return kept;
  }

  /** hands a kept delivery's body to the app again, and keeps the replay as a delivery of its own */
  async replay(id: string): Promise<KeptDelivery> {
    const original = this.get(id);
    if (original.body === null) throw new CrmError('validation', 'This delivery was refused before its body was read: nothing to replay.');
    if (original.bodyCut) {
      const size = `${original.bodyBytes} bytes`;
      throw new CrmError('validation', `This delivery's body (${size}) was longer than the inspector keeps: it cannot be replayed whole.`);
    }
    const body = Buffer.from(original.body, 'utf8');
    let payload: unknown;
    try {
      payload = parseWebhookBody(body, original.headers['content-type']);
    } catch {
      throw new CrmError('validation', "This delivery's body is not readable JSON or form data, so replaying it would do nothing.");
    }
    const outcome = this.deps.receive(original.profileId, payload);
    const now = this.deps.now?.() ?? new Date();
    // the signature was checked (or not) when it came; the kept copy has none to check again
    return this.record({
      profileId: original.profileId,
      at: now,
      source: null,
      method: 'POST',
      path: original.path,
      headers: { 'content-type': original.headers['content-type'] },
      body,
      verdict: 'not_checked',
      status: 200,
      problem: outcome.found === 0 ? 'no message event in it' : null,
      payload,
      outcome,
      replayOf: original.id,
    });
  }

  /**
   * a shell command that posts the kept delivery again to `url`. Its signature header is a
   * placeholder unless `secret` is given: then it is computed for this body and this url.
   */
  curlOf(id: string, url: string, secret: string | null = null): string {
    const kept = this.get(id);
    const body = kept.body ?? '';
    const lines = [`curl -X POST ${shellQuote(url)}`];
    for (const [name, value] of Object.entries(kept.headers)) {
      if (NOT_REPOSTED.has(name) || name.startsWith('x-forwarded-') || name === 'forwarded') continue;
      const shown = isSignatureHeader(name) ? (secret === null ? SIGNATURE_PLACEHOLDER : signatureFor(name, body, url, secret)) : value;
      lines.push(`  -H ${shellQuote(`${name}: ${shown}`)}`);
    }
    lines.push(`  --data-binary ${shellQuote(body)}`);
    return lines.join(' \\\n');
  }
}

function contentTypeOf(headers: ObservedDelivery['headers']): string | undefined {
  const value = headers['content-type'];
  return Array.isArray(value) ? value[0] : value;
}

function signatureFor(header: string, body: string, url: string, secret: string): string {
  if (header === 'x-twilio-signature') return twilioSignatureOf(secret, url, [...new URLSearchParams(body)]);
  return signatureOf(Buffer.from(body, 'utf8'), secret);
}
