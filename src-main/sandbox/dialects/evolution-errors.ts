// The evolution-v2 dialect's error body, Evolution API v2's:
// {"status":400,"error":"Bad Request","response":{"message":[...]}}, `error` being the HTTP
// reason phrase. A 401 is always {"message":"Unauthorized"}; an unknown path is
// ["Cannot POST /path"], an unknown instance ['The "x" instance does not exist'].
import { STATUS_CODES } from 'node:http';
import type { ErrorFormat, Problem } from '../errors';
import { sentence } from './error-text';

function messages(problem: Problem): string | string[] {
  switch (problem.code) {
    case 'unauthorized':
      return 'Unauthorized';
    case 'not_found':
      return problem.request ? [`Cannot ${problem.request.method} ${problem.request.path}`] : [problem.message];
    case 'bad_request':
    case 'idempotency_mismatch': {
      const details = problem.details ?? [];
      return details.length > 0 ? details.map((d) => `${d.field} ${d.message}`) : [sentence(problem.message)];
    }
    default:
      return [sentence(problem.message)];
  }
}

export const evolutionErrorFormat: ErrorFormat = (status, problem) => ({
  status,
  error: STATUS_CODES[status] ?? 'Error',
  response: { message: messages(problem) },
});
