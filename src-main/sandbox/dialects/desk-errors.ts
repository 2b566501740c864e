// The desk dialect's error body, Laravel style: {"message"} and, for invalid data,
// {"message": <the first problem's sentence>, "errors": {<field>: [<sentences>]}} with
// sentences such as "The chat id field is required.".
import type { ErrorFormat, FieldError } from '../errors';
import { sentence } from './error-text';

/** chatId -> "chat id", Idempotency-Key -> "idempotency key", permissions[0] -> "permissions.0". */
function attribute(name: string): string {
  return errorKey(name)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
}

/** Laravel names nested fields with dots. */
function errorKey(name: string): string {
  return name.replace(/\[(\d+)\]/g, '.$1');
}

/** Laravel's "The <attribute> field <rule>." */
export function laravelSentence(problem: FieldError): string {
  const rule = /^(is|are|must|may|decodes|does|has|cannot)\b/.test(problem.message) ? problem.message : `is invalid: ${problem.message}`;
  return sentence(`The ${attribute(problem.field)} field ${rule}`);
}

export const deskErrorFormat: ErrorFormat = (_status, problem) => {
  switch (problem.code) {
    case 'unauthorized':
      return { message: 'Unauthenticated.' };
    case 'forbidden':
      return { message: 'This action is unauthorized.' };
    case 'not_found':
      return { message: 'Not Found.' };
    case 'rate_limited':
      return { message: 'Too Many Attempts.' };
    case 'server_error':
      return { message: 'Server Error' };
    case 'bad_request':
    case 'idempotency_mismatch': {
      const details = problem.details ?? [];
      if (details.length === 0) return { message: sentence(problem.message) };
      const errors: Record<string, string[]> = {};
      for (const d of details) (errors[errorKey(d.field)] ??= []).push(laravelSentence(d));
      return { message: laravelSentence(details[0]!), errors };
    }
  }
};
