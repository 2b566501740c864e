// Reviews each template submitted to the meta dialect on timers, as Meta's review does: the steps
// (template-review-plan.ts) change the book's entry one by one, each after the review delay, and
// each change is posted to the webhook receiver in Meta's template webhook shape.
import type { BookTemplate, TemplateBook } from '../template-book';
import { reviewSteps } from '../template-review-plan';
import { metaJsonRequest, templateWebhookBody } from './payloads-template';
import { TimerSet } from './timer-set';
import type { WebhookRequest } from './webhook-request';

/** long enough to see PENDING, short enough to watch it change */
export const TEMPLATE_REVIEW_MS = 1500;

export interface ReviewerDeps {
  book: TemplateBook;
  /** sends a webhook built for the receiver set now, if any (the status clock's sender) */
  post: (build: (url: string, secret: string | null) => WebhookRequest) => void;
  reviewMs?: number;
}

export class TemplateReviewer {
  private readonly timers = new TimerSet();
  private readonly stopListening: () => void;

  constructor(private readonly deps: ReviewerDeps) {
    this.stopListening = deps.book.onSubmitted((entry) => this.review(entry));
  }

  close(): void {
    this.stopListening();
    this.timers.clear();
  }

  private review(entry: BookTemplate): void {
    const delay = this.deps.reviewMs ?? TEMPLATE_REVIEW_MS;
    const submittedAs = JSON.stringify(entry.components);
    reviewSteps(entry.name).forEach((step, i) => {
      this.timers.after(delay * (i + 1), () => {
        // deleted or edited again meanwhile: that submission's own review takes over
        if (this.deps.book.byId(entry.id) !== entry || JSON.stringify(entry.components) !== submittedAs) return;
        const body = templateWebhookBody({ ...entry }, step, new Date());
        if (step.status !== undefined) entry.status = step.status;
        if (step.reason !== undefined) entry.rejectedReason = step.reason;
        if (step.quality !== undefined) entry.quality = step.quality;
        if (step.category !== undefined) entry.category = step.category;
        if (body !== null) this.deps.post((url, secret) => metaJsonRequest(url, secret, body));
      });
    });
  }
}
