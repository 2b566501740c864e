// crm outbox list|cancel ID|retry ID, and crm sync (one outbox pass).
import type { Disposable } from '../../core/emitter';
import type { OutboxItem } from '../../core/model';
import type { OutboxService } from '../../core/services';
import { CrmError } from '../../core/errors';
import { UsageError, parsePositiveInt } from '../args';
import type { CommandContext, CommandGroup } from '../command';
import { defineCommand } from '../command';
import { clean, dash, errorLine, shortTime, table } from '../format';
import { valueOption } from '../option-kinds';
import { syncTally } from './sync-tally';

async function outboxOf(ctx: CommandContext): Promise<OutboxService> {
  const { core } = await ctx.session({ outbox: true });
  if (!core.outbox) throw new CrmError('internal', 'The outbox is not available.');
  return core.outbox;
}

function statusText(item: OutboxItem): string {
  if (item.state === 'pending' && item.pendingReason === 'scheduled') return `scheduled (${shortTime(item.nextAttemptAt)})`;
  if (item.state === 'pending' && item.pendingReason) return `pending (${item.pendingReason.replace(/_/g, ' ')})`;
  return item.state;
}

/** one operation that did not go: its id, who it was for, why */
function notSentLine(item: OutboxItem): string {
  const why = item.lastError ? errorLine(item.lastError) : (item.pendingReason ?? item.state).replace(/_/g, ' ');
  return `${item.id} to ${clean(item.label)} ${statusText(item)} (${why.replace(/\.$/, '')})`;
}

function detailText(item: OutboxItem): string {
  if (item.state === 'sent') return dash(item.resultSummary);
  if (item.lastError) return errorLine(item.lastError);
  return '';
}

function itemTable(items: OutboxItem[]): string {
  return table(
    ['ID', 'KIND', 'TO / KEY', 'STATE', 'TRIES', 'NEXT TRY', 'UPDATED', 'DETAIL'],
    items.map((i) => [
      i.id,
      i.kind,
      i.label,
      statusText(i),
      String(i.attempts),
      shortTime(i.nextAttemptAt),
      shortTime(i.updatedAt),
      detailText(i),
    ]),
  );
}

/** an exact id, or an unambiguous prefix of one (at least 4 characters) */
async function findItem(outbox: OutboxService, ref: string): Promise<OutboxItem> {
  const items = await outbox.list();
  const exact = items.find((i) => i.id === ref);
  if (exact) return exact;
  const matches = ref.length >= 4 ? items.filter((i) => i.id.startsWith(ref)) : [];
  if (matches.length === 1 && matches[0]) return matches[0];
  if (matches.length > 1) throw new UsageError(`more than one outbox item starts with "${clean(ref)}": give more of the id`);
  throw new CrmError('not_found', 'No outbox item with that id (see crm outbox list).');
}

const list = defineCommand({
  name: 'outbox list',
  summary: 'list queued operations (sends and key revocations waiting for the server)',
  usage: ['outbox list [--json]'],
  async run(ctx) {
    const outbox = await outboxOf(ctx);
    const items = [...(await outbox.list())].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    return { data: { items }, text: items.length === 0 ? 'The outbox is empty.' : itemTable(items) };
  },
});

/** `outbox cancel ID` and `outbox retry ID`: the item found by its id, one action on it, its new state. */
function itemCommand(
  verb: 'cancel' | 'retry',
  summary: string,
  act: (outbox: OutboxService, id: string) => Promise<OutboxItem>,
  extra: { notes?: string[]; hint?: string } = {},
) {
  return defineCommand({
    name: `outbox ${verb}`,
    summary,
    usage: [`outbox ${verb} ID`],
    positionals: { min: 1, max: 1 },
    notes: extra.notes,
    async run(ctx, { positionals }) {
      const outbox = await outboxOf(ctx);
      const item = await act(outbox, (await findItem(outbox, positionals[0] ?? '')).id);
      return { data: { item }, text: `${item.id}: ${statusText(item)}${extra.hint ?? ''}` };
    },
  });
}

const cancel = itemCommand('cancel', 'cancel a queued operation that has not been sent', (outbox, id) => outbox.cancel(id));

const retry = itemCommand('retry', 'try a failed or waiting operation again (on the next sync)', (outbox, id) => outbox.retry(id), {
  notes: ['The operation is sent by the next `crm sync` or by the app.'],
  hint: '; run `crm sync` to send it now.',
});

export const outboxGroup: CommandGroup = {
  name: 'outbox',
  summary: 'operations waiting to reach the server',
  commands: [list, cancel, retry],
};

const DEFAULT_SYNC_TIMEOUT_S = 60;

function isBusy(item: OutboxItem, deadline: number, now: number): boolean {
  if (item.state === 'sending') return true;
  if (item.state !== 'pending') return false;
  // waiting for the person (a decision, a key): no amount of waiting sends it
  if (item.pendingReason === 'held' || item.pendingReason === 'needs_admin_key') return false;
  const next = item.nextAttemptAt ? Date.parse(item.nextAttemptAt) : now;
  if (Number.isNaN(next) || next <= now) return true;
  // a rate-limited item is retried within the wait; an offline one is left for later
  return item.pendingReason === 'rate_limited' && next <= deadline;
}

function waitForChange(outbox: OutboxService, ms: number): Promise<void> {
  return new Promise((resolve) => {
    let subscription: Disposable | null = null;
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      subscription?.dispose();
      resolve();
    }
    subscription = outbox.onDidChange(() => done());
  });
}

export const syncCommand = defineCommand({
  name: 'sync',
  summary: 'send what waits in the outbox now; wait until nothing is sendable, then summarise',
  usage: ['sync [--timeout SECONDS] [--json]'],
  options: {
    timeout: valueOption('SECONDS', `give up waiting after this long (default ${DEFAULT_SYNC_TIMEOUT_S})`),
  },
  notes: [
    'Exit 0 when the outbox holds nothing pending and nothing failed; 1 otherwise (offline, refused, held, timed out), naming ' +
      'each operation that did not go and why. Operations left pending stay queued for the next sync or the app.',
    '--json prints {"sent":[...],"failed":[...],"pending":[...],"timedOut":false,"items":[...]}.',
  ],
  async run(ctx, { values }) {
    const timeoutMs = (parsePositiveInt(values.timeout, '--timeout') ?? DEFAULT_SYNC_TIMEOUT_S) * 1000;
    // before the session opens the outbox, which starts sending at once (sync-tally.ts)
    const openedAt = Date.now();
    const outbox = await outboxOf(ctx);
    const before = new Map((await outbox.list()).map((i) => [i.id, i.state]));
    const deadline = Date.now() + timeoutMs;
    await outbox.syncNow();
    let items = await outbox.list();
    let timedOut = false;
    for (;;) {
      const now = Date.now();
      const busy = items.filter((i) => isBusy(i, deadline, now));
      if (busy.length === 0) break;
      if (now >= deadline) {
        timedOut = true;
        break;
      }
      const due = busy.some((i) => i.state === 'pending' && (!i.nextAttemptAt || Date.parse(i.nextAttemptAt) <= now));
      if (due) await outbox.syncNow();
      else {
        const nextAt = Math.min(...busy.map((i) => (i.nextAttemptAt ? Date.parse(i.nextAttemptAt) : now + 250)));
        await waitForChange(outbox, Math.max(50, Math.min(nextAt - now, deadline - now, 1000)));
      }
      items = await outbox.list();
    }
    const { sent, failed, failedEarlier, later, pending } = syncTally(items, before, openedAt);
    const parts = [
      `${sent.length} sent`,
      `${failed.length} failed${failedEarlier > 0 ? ` (${failedEarlier} before this sync)` : ''}`,
      `${pending.length} still pending`,
    ];
    if (later.length > 0) parts.push(`${later.length} scheduled or checking`);
    const shown = [...sent, ...failed, ...pending, ...later];
    const text = `Outbox sync: ${parts.join(', ')}${timedOut ? ' (timed out)' : ''}.${shown.length > 0 ? `\n${itemTable(shown)}` : ''}`;
    const data = {
      sent: sent.map((i) => i.id),
      failed: failed.map((i) => i.id),
      pending: pending.map((i) => i.id),
      later: later.map((i) => i.id),
      timedOut,
      items: shown,
    };
    const ok = failed.length === 0 && pending.length === 0 && !timedOut;
    if (ok) return { data, text };
    const head = timedOut
      ? `sync timed out after ${timeoutMs / 1000} s: ${failed.length} failed, ${pending.length} still pending`
      : `${failed.length + pending.length} operation(s) did not reach the service (${failed.length} failed, ${pending.length} still pending)`;
    const reason = `${head}: ${[...failed, ...pending].map(notSentLine).join('; ')}`;
    return { data, text, exitCode: 1, reason };
  },
});
