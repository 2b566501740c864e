// The meta dialect's message templates as a business account holds them: each one's status
// (PENDING until reviewed, then APPROVED or REJECTED with a reason; PAUSED, DISABLED), quality and
// category, and the category it was approved with. Starts with the approved templates
// (templates.ts); lives for one run. Listeners hear each submission (the review clock).
import type { TemplateRefusal } from './templates';
import { APPROVED_TEMPLATES } from './templates';

export type BookStatus = 'PENDING' | 'APPROVED' | 'REJECTED' | 'PAUSED' | 'DISABLED';
export type BookQuality = 'GREEN' | 'YELLOW' | 'RED' | 'UNKNOWN';
export const BOOK_CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
export type BookCategory = (typeof BOOK_CATEGORIES)[number];

export interface BookTemplate {
  id: string;
  name: string;
  language: string;
  category: BookCategory;
  status: BookStatus;
  quality: BookQuality;
  /** Meta's rejected_reason: NONE unless REJECTED */
  rejectedReason: string;
  /** Meta's components, as submitted */
  components: Record<string, unknown>[];
}

const FIRST_ID = 900000;

function bodyText(components: readonly Record<string, unknown>[]): string {
  const body = components.find((c) => c.type === 'BODY');
  return typeof body?.text === 'string' ? body.text : '';
}

function placeholderCount(text: string): number {
  const numbers = [...text.matchAll(/\{\{\s*(\d{1,3})\s*\}\}/g)].map((m) => Number(m[1]));
  return numbers.length === 0 ? 0 : Math.max(...numbers);
}

export class TemplateBook {
  private readonly entries: BookTemplate[] = [];
  private nextId = FIRST_ID;
  private readonly listeners = new Set<(entry: BookTemplate) => void>();

  constructor() {
    for (const t of APPROVED_TEMPLATES) {
      for (const language of t.languages) {
        const entry = this.fresh(t.name, language, 'UTILITY', [{ type: 'BODY', text: t.body }]);
        this.entries.push({ ...entry, status: 'APPROVED', quality: 'GREEN' });
      }
    }
  }

  list(): readonly BookTemplate[] {
    return this.entries;
  }

  byId(id: string): BookTemplate | undefined {
    return this.entries.find((e) => e.id === id);
  }

  find(name: string, language: string): BookTemplate | undefined {
    return this.entries.find((e) => e.name === name && e.language === language);
  }

  /** a new template, PENDING until the review decides it */
  submit(name: string, language: string, category: BookCategory, components: Record<string, unknown>[]): BookTemplate {
    const entry = this.fresh(name, language, category, components);
    this.entries.push(entry);
    for (const listener of this.listeners) listener(entry);
    return entry;
  }

  /** an edit goes back to review, as on Meta */
  resubmit(entry: BookTemplate, change: { category?: BookCategory; components?: Record<string, unknown>[] }): void {
    if (change.category !== undefined) entry.category = change.category;
    if (change.components !== undefined) entry.components = change.components;
    entry.status = 'PENDING';
    entry.rejectedReason = 'NONE';
    for (const listener of this.listeners) listener(entry);
  }

  /** every language of the name (Meta's delete by name), or only the one with that id; how many went */
  remove(name: string, id: string | null): number {
    const before = this.entries.length;
    for (let i = this.entries.length - 1; i >= 0; i -= 1) {
      const e = this.entries[i]!;
      if (e.name === name && (id === null || e.id === id)) this.entries.splice(i, 1);
    }
    return before - this.entries.length;
  }

  onSubmitted(listener: (entry: BookTemplate) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** whether a send may use the template: it must exist in the language, be APPROVED, and get its parameters */
  refusal(name: string, language: string, params: number): TemplateRefusal | null {
    const named = this.entries.filter((e) => e.name === name);
    if (named.length === 0) return { kind: 'unknown', message: `no approved template is named ${name}` };
    const entry = named.find((e) => e.language === language);
    if (entry === undefined) {
      const others = named.map((e) => e.language).join(', ');
      return { kind: 'unknown', message: `template ${name} is not approved in ${language} (only in ${others})` };
    }
    if (entry.status !== 'APPROVED') return { kind: 'unknown', message: `template ${name} (${language}) is ${entry.status}, not APPROVED` };
    const wanted = placeholderCount(bodyText(entry.components));
    const takes = `${wanted} body parameter${wanted === 1 ? '' : 's'}`;
    if (params !== wanted) return { kind: 'params', message: `template ${name} takes ${takes}, not ${params}` };
    return null;
  }

  private fresh(name: string, language: string, category: BookCategory, components: Record<string, unknown>[]): BookTemplate {
    const id = String(this.nextId);
    this.nextId += 1;
    return { id, name, language, category, status: 'PENDING', quality: 'UNKNOWN', rejectedReason: 'NONE', components };
  }
}
