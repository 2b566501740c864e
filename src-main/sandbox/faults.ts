// Injected faults: a FIFO of (fault, match). Each request takes the first entry that matches
// its method and path prefix, so a list is consumed in order, one fault per matching request.
import type { FaultMatch, SandboxFault } from './types';

interface Entry {
  fault: SandboxFault;
  match: FaultMatch;
}

export class FaultQueue {
  private entries: Entry[] = [];

  add(faults: readonly SandboxFault[], match: FaultMatch = {}): void {
    for (const fault of faults) this.entries.push({ fault, match: { ...match } });
  }

  clear(): void {
    this.entries = [];
  }

  take(method: string, path: string): SandboxFault | undefined {
    const index = this.entries.findIndex(
      ({ match }) =>
        (match.method === undefined || match.method.toUpperCase() === method) &&
        (match.pathPrefix === undefined || path.startsWith(match.pathPrefix)),
    );
    if (index < 0) return undefined;
    return this.entries.splice(index, 1)[0]!.fault;
  }
}
