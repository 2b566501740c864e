// The approved templates, listed (templates.ts): GET /api/v1/templates in the default dialect (the
// project's guess of a route; docs/API.md has none; other dialects answer 404 there), and Meta's shape at
// GET /v23.0/{business-account-id}/message_templates in the meta dialect (meta-routes.ts), so a
// client is tested against two ways of saying the same list.
import { json } from './reply';
import type { Route } from './router';
import { SMALL_BODY_LIMIT } from './router';
import { APPROVED_TEMPLATES } from './templates';

/** one entry per approved language, as a template service lists them */
export function listedTemplates(): { name: string; language: string; status: 'APPROVED'; params: number; body: string }[] {
  return APPROVED_TEMPLATES.flatMap((t) =>
    t.languages.map((language) => ({ name: t.name, language, status: 'APPROVED' as const, params: t.params, body: t.body })),
  );
}

export const templateListRoute: Route = {
  method: 'GET',
  path: '/api/v1/templates',
  permission: 'messages:send',
  maxBody: SMALL_BODY_LIMIT,
  json: false,
  idempotent: false,
  handle: () => json(200, { data: listedTemplates() }),
};
