// What the sandbox's review does to a submitted template, decided by its name so a test or a
// person can ask for each outcome: `reject_…` is REJECTED (INVALID_FORMAT), `pause_…` is approved
// and then paused for low quality, `recategorise_…` is approved and then moved to MARKETING;
// anything else is APPROVED. Each step follows the one before after the review delay. Pure.
import type { BookCategory, BookQuality, BookStatus } from './template-book';

export interface ReviewStep {
  status?: BookStatus;
  /** with REJECTED: Meta's rejection reason */
  reason?: string;
  quality?: BookQuality;
  category?: BookCategory;
}

export function reviewSteps(name: string): ReviewStep[] {
  if (name.startsWith('reject_')) return [{ status: 'REJECTED', reason: 'INVALID_FORMAT' }];
  if (name.startsWith('pause_')) return [{ status: 'APPROVED', quality: 'GREEN' }, { quality: 'RED' }, { status: 'PAUSED' }];
  if (name.startsWith('recategorise_')) return [{ status: 'APPROVED', quality: 'GREEN' }, { category: 'MARKETING' }];
  return [{ status: 'APPROVED', quality: 'GREEN' }];
}
