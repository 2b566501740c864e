// Delivers webhook requests one at a time, in the order the events happened (so a receiver
// sees sent before delivered), each retried after the given waits when the receiver cannot be
// reached or answers anything but 2xx. It never blocks a send: events are queued, and past
// MAX_PENDING the oldest waiting one is dropped (a receiver that is down must not grow the app
// the sandbox runs in). close() aborts the request in flight and forgets the rest.
import type { ClientRequest } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { TimerSet } from './timer-set';
import type { WebhookRequest } from './webhook-request';

export const MAX_PENDING = 1000;
/** one attempt's limit, headers and answer included */
export const ATTEMPT_TIMEOUT_MS = 5000;

interface Delivery {
  request: WebhookRequest;
  retryDelaysMs: readonly number[];
}

type Outcome = { ok: true; status: number } | { ok: false; reason: string };

export class WebhookSender {
  private readonly queue: Delivery[] = [];
  private readonly timers = new TimerSet();
  private inFlight: ClientRequest | null = null;
  private running = false;

  constructor(private readonly log: ((line: string) => void) | undefined) {}

  enqueue(request: WebhookRequest, retryDelaysMs: readonly number[]): void {
    if (this.timers.stopped) return;
    this.queue.push({ request, retryDelaysMs });
    if (this.queue.length > MAX_PENDING) {
      this.queue.shift();
      this.log?.(`webhook: more than ${MAX_PENDING} events waiting; the oldest was dropped`);
    }
    if (!this.running) void this.drain();
  }

  close(): void {
    this.timers.clear();
    this.queue.length = 0;
    this.inFlight?.destroy();
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      for (let next = this.queue.shift(); next !== undefined && !this.timers.stopped; next = this.queue.shift()) await this.deliver(next);
    } finally {
      this.running = false;
    }
  }

  private async deliver({ request, retryDelaysMs }: Delivery): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      const outcome = await this.attempt(request);
      if (outcome.ok && outcome.status >= 200 && outcome.status < 300) return;
      if (this.timers.stopped) return;
      // the log names the host only: a webhook URL may carry a token in its path or query
      const why = outcome.ok ? `HTTP ${outcome.status}` : outcome.reason;
      const wait = retryDelaysMs[attempt];
      if (wait === undefined) {
        this.log?.(`webhook: gave up on ${new URL(request.url).host} after ${attempt + 1} attempts (${why})`);
        return;
      }
      this.log?.(`webhook: ${new URL(request.url).host} ${why}; retrying in ${wait} ms`);
      await this.timers.wait(wait);
      if (this.timers.stopped) return;
    }
  }

  private attempt({ url, body, headers }: WebhookRequest): Promise<Outcome> {
    return new Promise((resolve) => {
      const send = url.startsWith('https:') ? httpsRequest : httpRequest;
      const req = send(url, {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)), 'User-Agent': 'crm-sandbox-webhook/1' },
        agent: false,
        timeout: ATTEMPT_TIMEOUT_MS,
      });
      this.inFlight = req;
      const done = (outcome: Outcome): void => {
        if (this.inFlight === req) this.inFlight = null;
        resolve(outcome);
      };
      req.on('response', (res) => {
        // the status is the answer; the body means nothing here, read it so the socket can close
        res.on('error', () => {});
        res.resume();
        done({ ok: true, status: res.statusCode ?? 0 });
      });
      req.on('timeout', () => req.destroy(new Error(`no answer within ${ATTEMPT_TIMEOUT_MS} ms`)));
      req.on('error', (err: NodeJS.ErrnoException) => done({ ok: false, reason: err.code ?? err.message }));
      req.on('close', () => done({ ok: false, reason: 'connection closed' }));
      req.end(body);
    });
  }
}
