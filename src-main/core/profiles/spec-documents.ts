// API documents the window is importing from, held in main between its calls: the window loads a
// document once, then asks for one proposal per operation it teaches, naming the document by a
// handle. Nothing of the document's text crosses; a handle is forgotten after a while unused,
// and only a few documents are held at once (each may be megabytes once parsed).
import { randomUUID } from 'node:crypto';
import type { ApiDocumentCandidate, ApiDocumentOpenValues, ApiDocumentProposal, ApiDocumentView } from '../../shared/api-document';
import { forWindow, isExamplesSentence, openValuesOf } from '../api/spec/spec-open-values';
import { SpecError } from '../api/spec/spec-import';
import type { SpecProposal } from '../api/spec/spec-import';
import type { DescribedOperation, RoleFixes } from '../api/types';
import { VisitBudget } from '../api/spec/spec-budget';
import { checkedSpecUrl } from '../api/spec/spec-url';
import { CrmError } from '../errors';
import type { LoadedSpec, SpecImportOptions } from './spec-import-options';

/** Long enough to read every operation's proposal; short enough that a forgotten one goes. */
export const DOCUMENT_TTL_MS = 15 * 60_000;
/** Documents held at once; loading another forgets the one used longest ago. */
export const MAX_DOCUMENTS = 3;
/** Candidates whose examples are read when the document is listed (their notes and open values). */
const SURVEYED = 300;

/** Where main reads the document: a path main's own dialog gave, or a URL the person typed. */
export type DocumentLocation = { kind: 'file'; path: string } | { kind: 'url'; url: string };

export interface SpecDocumentEditor {
  loadSpec(source: string): Promise<LoadedSpec>;
  proposeFromSpec(
    profileId: string,
    operation: DescribedOperation,
    loaded: LoadedSpec,
    candidateId: string,
    options?: SpecImportOptions,
  ): Promise<SpecProposal>;
  describe(profileId: string): Promise<{ baseUrl: string }>;
}

interface Held {
  loaded: LoadedSpec;
  timer: ReturnType<typeof setTimeout>;
}

export interface ProposeInput {
  fixes?: RoleFixes;
  vars?: Record<string, string>;
  user?: string;
  /** the document's named example to read */
  example?: string;
}

export class SpecDocuments {
  private readonly held = new Map<string, Held>();

  constructor(
    private readonly editor: SpecDocumentEditor,
    private readonly ttlMs = DOCUMENT_TTL_MS,
  ) {}

  async open(profileId: string, location: DocumentLocation): Promise<ApiDocumentView> {
    const { baseUrl } = await this.editor.describe(profileId);
    const loaded = await this.editor.loadSpec(location.kind === 'file' ? location.path : checkedUrl(location.url));
    const handle = randomUUID();
    this.keep(handle, loaded);
    return { handle, kind: loaded.spec.kind, title: loaded.spec.title, ...survey(loaded, baseUrl), expiresInMs: this.ttlMs };
  }

  /** One operation from one candidate, with the person's values; a document the app cannot use says why in `problem`. */
  async propose(
    profileId: string,
    handle: string,
    operation: DescribedOperation,
    candidateId: string,
    input: ProposeInput = {},
  ): Promise<ApiDocumentProposal> {
    const held = this.held.get(handle);
    if (held === undefined)
      throw new CrmError(
        'not_found',
        `The document is no longer held (main keeps it ${Math.round(this.ttlMs / 60_000)} minutes after its last use): load it again.`,
      );
    this.keep(handle, held.loaded);
    const none: ApiDocumentOpenValues = { vars: [], user: false };
    try {
      const result = await this.editor.proposeFromSpec(profileId, operation, held.loaded, candidateId, input);
      if (result.proposal === null) return { candidateId, proposal: null, problem: forWindow(result.unsupported), open: none };
      const { warnings } = result.proposal;
      return {
        candidateId,
        proposal: { ...result.proposal, warnings: warnings.map(forWindow) },
        problem: null,
        open: openValuesOf(warnings),
      };
    } catch (err) {
      // a server variable without a value stops the proposal: the window asks for it
      if (err instanceof CrmError && err.code === 'validation')
        return { candidateId, proposal: null, problem: forWindow(err.message), open: openValuesOf([err.message]) };
      throw err;
    }
  }

  /** Forgets every document (the app is closing). */
  close(): void {
    for (const held of this.held.values()) clearTimeout(held.timer);
    this.held.clear();
  }

  /** (Re)starts the document's lifetime and makes it the newest; the oldest goes beyond the cap. */
  private keep(handle: string, loaded: LoadedSpec): void {
    const before = this.held.get(handle);
    if (before !== undefined) clearTimeout(before.timer);
    this.held.delete(handle);
    const timer = setTimeout(() => this.held.delete(handle), this.ttlMs);
    // a held document never keeps the process alive
    timer.unref?.();
    this.held.set(handle, { loaded, timer });
    while (this.held.size > MAX_DOCUMENTS) {
      const [oldest, entry] = this.held.entries().next().value as [string, Held];
      clearTimeout(entry.timer);
      this.held.delete(oldest);
    }
  }
}

/** The document's address by the rule every spec import follows (spec-url.ts), as a validation error for the window. */
function checkedUrl(text: string): string {
  try {
    return checkedSpecUrl(text).href;
  } catch (err) {
    if (err instanceof SpecError) throw new CrmError('validation', err.message);
    throw err;
  }
}

/** Each candidate with what reading its example noticed; what all share is said once, for the document. */
function survey(loaded: LoadedSpec, baseUrl: string): { candidates: ApiDocumentCandidate[]; notes: string[] } {
  const { spec, url } = loaded;
  // the survey is one walk of the document: a document whose references fan out stops it once,
  // not once per candidate
  const budget = new VisitBudget();
  const raw = spec.candidates.map((candidate, i) => {
    if (i >= SURVEYED) return { candidate, notes: [] as string[], unsupported: null as string | null };
    try {
      const example = spec.request(candidate, { profileBaseUrl: baseUrl, budget, ...(url === undefined ? {} : { sourceUrl: url }) });
      return { candidate, notes: example.request.warnings, unsupported: example.unsupported };
    } catch (err) {
      if (err instanceof SpecError) return { candidate, notes: [err.message], unsupported: null };
      throw err;
    }
  });
  const surveyed = raw.slice(0, SURVEYED);
  const shared = surveyed.length > 1 ? (surveyed[0]?.notes ?? []).filter((note) => surveyed.every((r) => r.notes.includes(note))) : [];
  const candidates = raw.map(({ candidate, notes, unsupported }) => ({
    id: candidate.id,
    method: candidate.method,
    path: candidate.path,
    summary: candidate.summary,
    // the examples to choose from are the picker's; which one fits depends on the operation taught
    notes: notes.filter((n) => !shared.includes(n) && !isExamplesSentence(n)).map(forWindow),
    open: openValuesOf(notes),
    unsupported: unsupported === null ? null : forWindow(unsupported),
  }));
  return { candidates, notes: shared.filter((n) => !isExamplesSentence(n)).map(forWindow) };
}
