// The wati dialect's errors. Wati answers a send it refuses for a business reason with HTTP 200
// and {"result": false, "info": "..."}: a number without WhatsApp (with
// "validWhatsAppNumber": false, as its template send answers) and a contact whose 24-hour
// session has closed ("Ticket has been expired", the ticket back in "BROADCAST"). Sandbox rules,
// the same as the meta dialect's: numbers ending in 26 have no WhatsApp, numbers ending in 47
// last wrote more than 24 hours ago. Wati documents no body for its HTTP errors (401, 404, 429,
// 500, a request it cannot read), so they use the same {"result": false, "info"} with the status.
import type { ErrorFormat } from '../errors';
import type { Reply } from '../reply';
import { json } from '../reply';
import { listProblems, sentence } from './error-text';

export const NO_WHATSAPP_SUFFIX = '26';
export const OUTSIDE_WINDOW_SUFFIX = '47';

export const watiErrorFormat: ErrorFormat = (_status, problem) => {
  const details = problem.details ?? [];
  // field names keep their case (whatsappNumber, messageText): only a full stop is added
  const info = details.length > 0 ? listProblems(details).replace(/([^.!?])$/, '$1.') : sentence(problem.message);
  return { result: false, info };
};

/** 200 with result false: the number has no WhatsApp account (sandbox rule: it ends in 26). */
export function notOnWhatsApp(number: string): Reply {
  return json(200, {
    result: false,
    info: `Invalid WhatsApp number: ${number} has no WhatsApp account (sandbox rule: numbers ending in ${NO_WHATSAPP_SUFFIX})`,
    validWhatsAppNumber: false,
  });
}

/** 200 with result false: the contact's 24-hour session is closed (sandbox rule: it ends in 47). */
export function ticketExpired(): Reply {
  return json(200, { result: false, info: 'Ticket has been expired', ticketStatus: 'BROADCAST' });
}

/** Which of the two applies to a valid number, if any. */
export function sessionRefusal(number: string): Reply | null {
  if (number.endsWith(NO_WHATSAPP_SUFFIX)) return notOnWhatsApp(number);
  if (number.endsWith(OUTSIDE_WINDOW_SUFFIX)) return ticketExpired();
  return null;
}
