// Plays the recipient's side of each message the sandbox accepts, on timers: its statuses
// (status-plan.ts decides them) are written to the message store and reported, and a contact
// who answers sends a text (or a file, served by the sandbox itself). Each event goes to the event log (the stream) and, when a webhook
// URL is set, to the webhook sender in the dialect's shape. Settings changed while running apply
// to messages accepted after the change and to events reported after it.
import { randomBytes } from 'node:crypto';
import type { ContactStore } from '../contacts';
import { newWamid } from '../dialects/cloud-routes';
import { newMessageSid } from '../dialects/twilio-routes';
import type { Message, MessageStore } from '../messages';
import type { SandboxDialect, SandboxEventOptions } from '../types';
import type { EventLog } from './event-log';
import type { EventSettings } from './event-options';
import { DEFAULT_EVENT_SETTINGS, mergeEventSettings } from './event-options';
import type { NewEvent } from './event-types';
import { outsideWindowReason } from './fail-reasons';
import { MEDIA_SAMPLES, mediaSampleUrl } from './media-samples';
import type { MessagePlan } from './status-plan';
import { planFor } from './status-plan';
import { TimerSet } from './timer-set';
import { WebhookSender } from './webhook-sender';
import { webhookRequest } from './webhook-request';
import type { WebhookRequest } from './webhook-request';

/** An incoming message's id, of the kind the dialect's service gives. */
function incomingId(dialect: SandboxDialect): string {
  if (dialect === 'meta' || dialect === 'cloud') return newWamid();
  if (dialect === 'twilio') return newMessageSid();
  return `in_${randomBytes(10).toString('hex')}`;
}

export interface ClockDeps {
  dialect: SandboxDialect;
  messages: MessageStore;
  contacts: ContactStore;
  log: EventLog;
  logLine: ((line: string) => void) | undefined;
  /** the sandbox's base URL, once it listens (the address of a reply's file) */
  origin: () => string;
}

export class StatusClock {
  private settings: EventSettings;
  private readonly timers = new TimerSet();
  private readonly webhooks: WebhookSender;
  private readonly stopListening: () => void;

  constructor(
    private readonly deps: ClockDeps,
    options: SandboxEventOptions = {},
  ) {
    this.settings = mergeEventSettings(DEFAULT_EVENT_SETTINGS, options);
    this.webhooks = new WebhookSender(deps.logLine);
    this.stopListening = deps.messages.onAdded((message) =>
      this.play(message, planFor(message.number, message.type, this.settings, outsideWindowReason(deps.dialect))),
    );
  }

  configure(partial: SandboxEventOptions): void {
    this.settings = mergeEventSettings(this.settings, partial);
  }

  /** the host a meta media lookup names the file's url on (null: the one the lookup came to) */
  get mediaHost(): string | null {
    return this.settings.mediaHost;
  }

  /** stops every timer and webhook delivery; later messages stay as they are */
  close(): void {
    this.stopListening();
    this.timers.clear();
    this.webhooks.close();
  }

  /** a webhook the clock does not plan (a template's review), to the receiver set now, after the events before it */
  sendWebhook(build: (url: string, secret: string | null) => WebhookRequest): void {
    const { webhookUrl, webhookSecret, webhookRetryDelaysMs } = this.settings;
    if (webhookUrl !== null) this.webhooks.enqueue(build(webhookUrl, webhookSecret), webhookRetryDelaysMs);
  }

  /** timers still waiting (for tests of close) */
  get pending(): number {
    return this.timers.size;
  }

  private play(message: Message, plan: MessagePlan): void {
    const { id, number } = message;
    for (const step of plan.statuses) {
      this.timers.after(step.afterMs, () => {
        // the stored message keeps docs/API.md's error shape; the event keeps the whole reason for the payloads
        const error = step.error === null ? null : { code: step.error.code, message: step.error.message };
        if (!this.deps.messages.setStatus(id, step.status, error)) return;
        this.report({ name: 'message.status', id, number, status: step.status, at: new Date(), error: step.error });
      });
    }
    const reply = plan.reply;
    if (reply !== null) {
      this.timers.after(reply.afterMs, () => {
        const profileName = this.deps.contacts.nameOf(number) ?? number;
        const kind = reply.media === 'location' || reply.media === 'contacts' ? null : reply.media;
        const sample = kind === null ? null : MEDIA_SAMPLES[kind];
        const media =
          kind === null || sample === null
            ? null
            : { url: mediaSampleUrl(this.deps.origin(), kind), mimetype: sample.mimetype, fileName: sample.fileName };
        const { replyQuotes, replyReaction } = this.settings;
        this.report({
          name: 'message.received',
          id: incomingId(this.deps.dialect),
          number,
          profileName,
          type: reply.media ?? 'text',
          text: reply.text,
          media,
          at: new Date(),
          inReplyTo: id,
          quotes: replyQuotes,
        });
        // Twilio's WhatsApp webhooks carry no reactions
        if (replyReaction !== null && this.deps.dialect !== 'twilio') {
          this.report({
            name: 'message.received',
            id: incomingId(this.deps.dialect),
            number,
            profileName,
            type: 'reaction',
            text: '',
            media: null,
            at: new Date(),
            inReplyTo: id,
            emoji: replyReaction,
          });
        }
      });
    }
  }

  private report(event: NewEvent): void {
    const numbered = this.deps.log.append(event);
    const { webhookUrl, webhookSecret, webhookRetryDelaysMs } = this.settings;
    if (webhookUrl !== null)
      this.webhooks.enqueue(webhookRequest(this.deps.dialect, numbered, webhookUrl, webhookSecret), webhookRetryDelaysMs);
  }
}
