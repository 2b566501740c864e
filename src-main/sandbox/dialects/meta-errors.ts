// The meta dialect's errors. The pipeline's own (401, 403, 404, 429, 400 for a body or a field)
// are the cloud dialect's Graph API body, unchanged; these are the WhatsApp Cloud API errors a
// route decides itself, in the same body with Meta's code and title: 131047 (outside the 24-hour
// customer-service window), 131026 (the recipient cannot receive messages), 131053 (a media id
// the upload never gave), 132001 and 132000 (a template that is not approved as sent, or sent
// with another number of parameters), and Graph's code 100 for an object or edge that does not exist.
import type { ErrorFormat } from '../errors';
import type { Reply } from '../reply';
import { json } from '../reply';
import { cloudErrorFormat, graphErrorBody } from './cloud-errors';
import { sentence } from './error-text';
import type { TemplateRefusal } from '../templates';

/** The pipeline's errors: the cloud dialect's Graph API body as it is. */
export const metaErrorFormat: ErrorFormat = cloudErrorFormat;

function graphReply(code: number, message: string, details: string, extra: { type?: string; subcode?: number } = {}): Reply {
  return json(400, graphErrorBody({ code, message, details: sentence(details), ...extra }));
}

/** Graph's answer for an id that names no object this key can see (subcode 33). */
export function unknownObject(
  method: 'get' | 'post',
  id: string,
  details = `no phone number with id ${id}: this sandbox has one, see GET /playground`,
): Reply {
  return graphReply(
    100,
    `Unsupported ${method} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does ` +
      `not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    details,
    { type: 'GraphMethodException', subcode: 33 },
  );
}

/** Graph's answer for an edge a node does not have (here: a contacts listing). */
export function noSuchEdge(edge: string, nodeType: string, details: string): Reply {
  return graphReply(100, `(#100) Tried accessing nonexisting field (${edge}) on node type (${nodeType})`, details);
}

export function outsideWindow(number: string): Reply {
  return graphReply(
    131047,
    '(#131047) Re-engagement message',
    `more than 24 hours have passed since ${number} last replied to this business number, so only a template message can reach ` +
      `it now (sandbox rule: recipients whose number ends in 47)`,
  );
}

export function undeliverable(number: string): Reply {
  return graphReply(
    131026,
    '(#131026) Message Undeliverable.',
    `${number} cannot receive this message: it has no WhatsApp account (sandbox rule: recipients whose number ends in 26)`,
  );
}

export function mediaError(details: string): Reply {
  return graphReply(131053, '(#131053) Media upload error', details);
}

export function templateError(refusal: TemplateRefusal): Reply {
  if (refusal.kind === 'unknown') return graphReply(132001, '(#132001) Template name does not exist in the translation', refusal.message);
  return graphReply(132000, '(#132000) Number of parameters does not match the expected number of params', refusal.message);
}
