// The twilio dialect's error body, Twilio's REST shape:
// {"code":21211,"message":"…","more_info":"https://www.twilio.com/docs/errors/21211","status":400}.
// Codes are Twilio's: 20003 authentication, 20403 forbidden, 20404 not found, 20429 too many
// requests, 20500 / 20503 server; for a bad request the first problem's parameter picks it
// (21604 / 21211 To, 21603 / 21212 From, 21602 / 21617 Body, 21620 / 21623 MediaUrl, 21654 / 21655
// ContentSid, 21656 ContentVariables), and a problem no parameter code fits gets Twilio's
// catch-all 400 "Bad Request".
import type { ErrorFormat, FieldError, Problem } from '../errors';
import { listProblems, sentence } from './error-text';

interface TwilioCode {
  code: number;
  message: string;
}

const REQUIRED = /^is required/;

function parameterCode(problem: FieldError): number {
  const required = REQUIRED.test(problem.message);
  if (problem.message.startsWith('must be given once') || problem.message.startsWith('must be empty')) return 400;
  switch (problem.field) {
    case 'To':
      return required ? 21604 : 21211;
    case 'From':
      return required ? 21603 : 21212;
    case 'Body':
      return required ? 21602 : 21617;
    case 'MediaUrl':
      return problem.message.startsWith('takes at most') ? 21623 : 21620;
    // a Content template's sid and its variables
    case 'ContentSid':
      return required ? 21654 : 21655;
    case 'ContentVariables':
      return 21656;
    default:
      return 400;
  }
}

function twilioCode(status: number, problem: Problem): TwilioCode {
  switch (problem.code) {
    case 'unauthorized':
      return { code: 20003, message: 'Authenticate' };
    case 'forbidden':
      return { code: 20403, message: `Forbidden: ${sentence(problem.message)}` };
    case 'not_found':
      return {
        code: 20404,
        message: problem.request ? `The requested resource ${problem.request.path} was not found` : 'The requested resource was not found',
      };
    case 'rate_limited':
      return { code: 20429, message: 'Too Many Requests' };
    case 'server_error':
      return status === 503 ? { code: 20503, message: 'Service Unavailable' } : { code: 20500, message: 'Internal Server Error' };
    case 'bad_request':
    case 'idempotency_mismatch': {
      const details = problem.details ?? [];
      const first = details[0];
      return { code: first ? parameterCode(first) : 400, message: sentence(first ? listProblems(details) : problem.message) };
    }
  }
}

export const twilioErrorFormat: ErrorFormat = (status, problem) => {
  const { code, message } = twilioCode(status, problem);
  return { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status };
};
