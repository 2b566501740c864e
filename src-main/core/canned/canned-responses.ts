// Canned responses for replies: listed, added and removed for this OS user (shared ones and
// their own), every problem said in a sentence before anything is stored.
import { userInfo } from 'node:os';
import { cannedNameProblem, cannedTextProblem, type CannedResponse } from '../../shared/canned';
import { CrmError } from '../errors';
import type { CannedTable } from '../store/canned-table';

/** the OS user the personal ones belong to; an account without a name (some containers) has its uid */
export function osUserName(): string {
  try {
    const info = userInfo();
    return info.username || `uid-${info.uid}`;
  } catch {
    return process.env.USER ?? process.env.USERNAME ?? 'unknown';
  }
}

export class CannedResponses {
  constructor(
    private readonly table: CannedTable,
    private readonly user: string = osUserName(),
    private readonly now: () => Date = () => new Date(),
  ) {}

  list(): CannedResponse[] {
    return this.table.list(this.user);
  }

  add(input: { name: string; text: string; shared?: boolean }): CannedResponse {
    const problems = [cannedNameProblem(input.name), cannedTextProblem(input.text)].filter((p): p is string => p !== null);
    if (problems.length > 0) throw new CrmError('validation', problems.join('; '), { details: problems.map((message) => ({ field: message.startsWith('The name') ? 'name' : 'text', message })) });
    const duplicate = (): CrmError => new CrmError('validation', `A canned response is already named ${this.table.taken(this.user, input.name) ?? input.name}: remove it first or choose another name`, { details: [{ field: 'name', message: 'is taken' }] });
    if (this.table.taken(this.user, input.name) !== null) throw duplicate();
    if (!this.table.add(this.user, { name: input.name, text: input.text, shared: input.shared === true }, this.now().toISOString())) throw duplicate();
    return { name: input.name, text: input.text, scope: input.shared === true ? 'shared' : 'personal' };
  }

  remove(name: string): void {
    if (!this.table.remove(this.user, name)) throw new CrmError('not_found', `No canned response is named ${name.slice(0, 80)}: crm canned list shows them`);
  }
}
