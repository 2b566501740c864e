// Template management in the meta dialect, in the shape of Meta's Graph API:
//   GET    /v23.0/{business-account-id}/message_templates        -> {data:[{id, name, language, status, category,
//                                                                     quality_score:{score}, rejected_reason, components}], paging}
//   POST   /v23.0/{business-account-id}/message_templates        -> {id, status:"PENDING", category} (then reviewed)
//   POST   /v23.0/{template-id}                                   -> {success:true} (an edit: reviewed again)
//   DELETE /v23.0/{business-account-id}/message_templates?name=  -> {success:true} (every language; hsm_id= one)
// The review (events/template-reviewer.ts) decides a submission after a short delay.
import type { FieldError } from '../errors';
import type { Reply } from '../reply';
import { badRequest, field, json } from '../reply';
import type { Route } from '../router';
import { SMALL_BODY_LIMIT } from '../router';
import type { BookCategory, BookTemplate, TemplateBook } from '../template-book';
import { BOOK_CATEGORIES } from '../template-book';
import type { Body } from '../validate';
import { unknownObject } from './meta-errors';
import { BUSINESS_ACCOUNT_ID, META_VERSION } from './meta-phone';

const TEMPLATE_BODY_LIMIT = 64 * 1024;
const NAME = /^[a-z0-9_]{1,512}$/;
const LANGUAGE = /^[a-z]{2,3}(_[A-Z]{2})?$/;

function listed(entry: BookTemplate): Record<string, unknown> {
  const { id, name, language, status, category, quality, rejectedReason, components } = entry;
  return { id, name, language, status, category, quality_score: { score: quality }, rejected_reason: rejectedReason, components };
}

function checkCategory(value: unknown, errors: FieldError[]): BookCategory | undefined {
  if ((BOOK_CATEGORIES as readonly unknown[]).includes(value)) return value as BookCategory;
  errors.push(field('category', `must be one of ${BOOK_CATEGORIES.join(', ')}`));
  return undefined;
}

function checkComponents(value: unknown, errors: FieldError[]): Record<string, unknown>[] | undefined {
  const isObject = (c: unknown): c is Record<string, unknown> => typeof c === 'object' && c !== null && !Array.isArray(c);
  const list = Array.isArray(value) ? value.filter(isObject) : [];
  const body = list.find((c) => c.type === 'BODY');
  if (!Array.isArray(value) || list.length !== value.length) errors.push(field('components', 'must be a list of component objects'));
  else if (typeof body?.text !== 'string' || body.text.trim() === '') {
    errors.push(field('components', 'must hold a BODY component with its text'));
  } else if ([...body.text].length > 1024) errors.push(field('components', 'the BODY text must be at most 1024 characters'));
  else return list;
  return undefined;
}

function create(body: Body, book: TemplateBook): Reply {
  const errors: FieldError[] = [];
  const name = typeof body.name === 'string' && NAME.test(body.name) ? body.name : null;
  if (name === null) errors.push(field('name', 'must be 1 to 512 lowercase letters, digits or underscores'));
  const language = typeof body.language === 'string' && LANGUAGE.test(body.language) ? body.language : null;
  if (language === null) errors.push(field('language', 'must be a language code such as en_US or pt_BR'));
  const category = checkCategory(body.category, errors);
  const components = checkComponents(body.components, errors);
  if (name !== null && language !== null && book.find(name, language) !== undefined) {
    errors.push(field('name', `a template named ${name} already exists in ${language}`));
  }
  if (errors.length > 0 || name === null || language === null || category === undefined || components === undefined) {
    return badRequest(errors);
  }
  const entry = book.submit(name, language, category, components);
  return json(200, { id: entry.id, status: entry.status, category: entry.category });
}

function edit(templateId: string, body: Body, book: TemplateBook): Reply {
  const entry = book.byId(templateId);
  if (entry === undefined) return unknownObject('post', templateId, `no message template with id ${templateId}`);
  const errors: FieldError[] = [];
  const category = body.category === undefined ? undefined : checkCategory(body.category, errors);
  const components = body.components === undefined ? undefined : checkComponents(body.components, errors);
  if (body.category === undefined && body.components === undefined) {
    errors.push(field('components', 'an edit changes the components or the category'));
  }
  if (errors.length > 0) return badRequest(errors);
  book.resubmit(entry, { category, components });
  return json(200, { success: true });
}

const wrongAccount = (id: string, method: 'get' | 'post'): Reply =>
  unknownObject(method, id, `no business account with id ${id}: this sandbox has ${BUSINESS_ACCOUNT_ID}`);

const routeBase = { permission: 'messages:send', idempotent: false } as const;

export const templateRoutes: Route[] = [
  {
    ...routeBase,
    method: 'GET',
    path: `/${META_VERSION}/:businessAccountId/message_templates`,
    maxBody: SMALL_BODY_LIMIT,
    json: false,
    handle: ({ params }, state) =>
      params.businessAccountId !== BUSINESS_ACCOUNT_ID
        ? wrongAccount(params.businessAccountId!, 'get')
        : json(200, { data: state.templates.list().map(listed), paging: { cursors: { before: 'QVFIUk', after: 'QVFIUl' } } }),
  },
  {
    ...routeBase,
    method: 'POST',
    path: `/${META_VERSION}/:businessAccountId/message_templates`,
    maxBody: TEMPLATE_BODY_LIMIT,
    json: true,
    handle: ({ params, body }, state) =>
      params.businessAccountId !== BUSINESS_ACCOUNT_ID ? wrongAccount(params.businessAccountId!, 'post') : create(body, state.templates),
  },
  {
    ...routeBase,
    method: 'POST',
    path: `/${META_VERSION}/:templateId`,
    maxBody: TEMPLATE_BODY_LIMIT,
    json: true,
    handle: ({ params, body }, state) => edit(params.templateId!, body, state.templates),
  },
  {
    ...routeBase,
    method: 'DELETE',
    path: `/${META_VERSION}/:businessAccountId/message_templates`,
    maxBody: SMALL_BODY_LIMIT,
    json: false,
    handle: ({ params, query }, state) => {
      if (params.businessAccountId !== BUSINESS_ACCOUNT_ID) return wrongAccount(params.businessAccountId!, 'post');
      const name = query.get('name') ?? '';
      if (name === '') return badRequest([field('name', 'the query must name the template to delete (?name=)')]);
      const removed = state.templates.remove(name, query.get('hsm_id'));
      return removed === 0 ? unknownObject('post', name, `no message template is named ${name}`) : json(200, { success: true });
    },
  },
];
