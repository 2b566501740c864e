// One budget for everything a walk of an API document visits. A document is small on disk but
// may name its parts over and over: a YAML alias repeats a value, a `$ref` repeats a schema, and
// fourteen schemas that each refer to the next eight times are a 10 KiB file whose walk would
// never end (8^14 visits) and would hold the window's main process. Every value a walk reaches,
// each reference followed included, is spent here; past the limit the walk stops with one
// sentence. Pure.
import { SpecError } from './spec-error';

/** Far more than a real description's walk visits; a walk this long still takes about a second. */
export const MAX_SPEC_VISITS = 1_000_000;

export class VisitBudget {
  private spent = 0;

  constructor(private readonly limit = MAX_SPEC_VISITS) {}

  /** Counts `count` visits; throws once the walk has visited more than the limit. */
  spend(count = 1): void {
    this.spent += count;
    if (this.spent > this.limit) throw new SpecError(tooManyVisits(this.limit));
  }
}

export function tooManyVisits(limit: number): string {
  return (
    `The document refers to its parts too many times: reading it means visiting more than ${limit.toLocaleString('en-US')} ` +
    `values once its references ($ref, YAML aliases) are followed; this app does not read it`
  );
}
