// What stops a request from being sent, gathered while its input rules run. Each problem carries
// the sentence the window shows as is and the error code buildRequest throws with.
import type { RequestProblem } from '../model';

/** The CrmError code buildRequest throws for a set of problems. */
export type BuildErrorCode = 'validation' | 'file_too_large' | 'file_unreadable';

export interface Problem extends RequestProblem {
  code: BuildErrorCode;
}

export class Problems {
  readonly list: Problem[] = [];
  /** a field problem: "<label> <message>" reads as a sentence, e.g. "Number is too short: ..." */
  field(field: string, message: string, label = field): void {
    this.list.push({ field, message, code: 'validation', sentence: `${label} ${message}` });
  }
  /** a problem with the chosen file; its message names the file and reads on its own */
  file(code: BuildErrorCode, message: string): void {
    this.list.push({ field: 'source', message, code, sentence: message });
  }
  /** a problem whose message already reads on its own */
  sentence(field: string, message: string): void {
    this.list.push({ field, message, code: 'validation', sentence: message });
  }
}

/** The one code for a set of problems: an unreadable file outranks a large one, which outranks the rest. */
export function errorCodeOf(problems: readonly Problem[]): BuildErrorCode {
  if (problems.some((p) => p.code === 'file_unreadable')) return 'file_unreadable';
  if (problems.some((p) => p.code === 'file_too_large')) return 'file_too_large';
  return 'validation';
}

/** what leaves the builder: the field, its message and the whole sentence the window shows as is */
export function withoutCode({ field, message, sentence }: Problem): RequestProblem {
  return { field, message, sentence };
}
