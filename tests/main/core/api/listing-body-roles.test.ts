// A listing whose page, page size and search go in a JSON body is learned like a GET listing's
// query: from a cURL with -d / --data-raw and from an OpenAPI requestBody. Evolution v2 pages with
// `page` and `offset`, where offset is how many rows a page holds: beside a page and without a page
// size, an offset is read as the page size; elsewhere it keeps its sense (rows skipped).
import { describe, expect, it } from 'vitest';
import { parseCurl } from '../../../../src-main/core/api/curl/curl-parse';
import { offsetIsPageSize } from '../../../../src-main/core/api/page-size-offset';
import { proposeOperation } from '../../../../src-main/core/api/propose';
import { proposeFromSpec, readApiSpec } from '../../../../src-main/core/api/spec/spec-import';
import type { Proposal } from '../../../../src-main/core/api/types';
import { playgroundTabs } from '../../../../src-main/sandbox/index';

const BASE = 'https://evo.example.com';
const FIND = `${BASE}/chat/findContacts/shop`;
const JSON_TYPE = "-H 'Content-Type: application/json'";
const EVOLUTION_BODY = '{"where":{"pushName":"Ana"},"page":1,"offset":25}';
const roles = (p: Proposal): Record<string, string | null> => Object.fromEntries(p.rows.map((r) => [r.field, r.role]));
const fromCurl = (curl: string): Proposal => proposeOperation(parseCurl(curl), 'contacts.list', { profileBaseUrl: BASE });

describe('listing roles in a POSTed body', () => {
  it.each([
    ['-d', `curl ${FIND} ${JSON_TYPE} -d '${EVOLUTION_BODY}'`],
    ['--data-raw', `curl -X POST ${FIND} ${JSON_TYPE} --data-raw '${EVOLUTION_BODY}'`],
  ])('from a cURL with %s: search, page, and offset as the page size', (_name, curl) => {
    const proposal = fromCurl(curl);
    expect(roles(proposal)).toEqual({ 'where.pushName': 'search', page: 'page', offset: 'per_page' });
    expect(proposal.spec.method).toBe('POST');
  });

  it("the evolution-v2 playground's findContacts teaches search, page and page size", () => {
    const tab = playgroundTabs('evolution-v2', BASE).find((t) => t.id === 'contacts')!;
    expect(roles(fromCurl(tab.curl))).toEqual({ 'where.pushName': 'search', page: 'page', offset: 'per_page' });
  });

  it('an offset beside a page size keeps its sense: rows skipped', () => {
    const proposal = fromCurl(`curl ${BASE}/contacts/search ${JSON_TYPE} -d '{"query":"Ana","offset":0,"limit":20}'`);
    expect(roles(proposal)).toEqual({ query: 'search', offset: 'offset', limit: 'per_page' });
  });

  it('from an OpenAPI requestBody example', () => {
    const doc = {
      openapi: '3.0.3',
      info: { title: 'listing fixture', version: '1' },
      servers: [{ url: BASE }],
      paths: {
        '/chat/findContacts/shop': {
          post: {
            requestBody: { content: { 'application/json': { example: { where: { pushName: 'Ana' }, page: 1, offset: 25 } } } },
            responses: { '200': { description: 'contacts' } },
          },
        },
      },
    };
    const spec = readApiSpec(JSON.stringify(doc));
    const result = proposeFromSpec(spec, 'POST /chat/findContacts/shop', 'contacts.list', { profileBaseUrl: BASE });
    expect(roles(result.proposal!)).toEqual({ 'where.pushName': 'search', page: 'page', offset: 'per_page' });
  });

  it.each([
    [['page', 'offset'], true],
    [['where.page', 'offset'], true],
    [['page', 'offset', 'limit'], false],
    [['offset'], false],
    [['page', 'take'], false],
  ] as const)('offsetIsPageSize(%j) is %s', (paths, expected) => {
    expect(offsetIsPageSize(paths)).toBe(expected);
  });
});
