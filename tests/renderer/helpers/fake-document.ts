// main's api:spec-* channels for renderer tests: a loaded Evolution-shaped document with a send
// text operation that leaves its instance open, a multipart upload it cannot propose, and
// proposals that carry the instance the person typed into the path.
import type { ApiDocumentProposal, ApiDocumentView, ApiProposal, RoleFixes } from '../../../src-renderer/lib/api';
import type { FakeCrm, Handler } from './fake-crm';
import { ok } from './fake-crm';

export const SEND_TEXT_ID = 'POST /message/sendText/{instance}';
export const UPLOAD_ID = 'POST /media/upload';

export const DOCUMENT: ApiDocumentView = {
  handle: 'doc-1',
  kind: 'openapi',
  title: 'Gateway',
  notes: ['The key goes as the apikey header (the document’s security scheme “apikeyAuth”)'],
  candidates: [
    {
      id: SEND_TEXT_ID,
      method: 'POST',
      path: '/message/sendText/{instance}',
      summary: 'Send a text',
      notes: ['The path parameter {instance} has no example; its name stands in the path: import again with the field “instance” below'],
      open: { vars: ['instance'], user: false },
      unsupported: null,
    },
    {
      id: UPLOAD_ID,
      method: 'POST',
      path: '/media/upload',
      summary: 'Upload a file',
      notes: [],
      open: { vars: [], user: false },
      unsupported: 'This operation cannot be proposed: its body is multipart/form-data',
    },
  ],
  expiresInMs: 900_000,
};

function sendText(instance: string, fixes: RoleFixes | undefined): ApiProposal {
  const textIsConstant = fixes?.constant?.includes('text') ?? false;
  return {
    operation: 'messages.text',
    spec: {
      method: 'POST',
      path: `/message/sendText/${instance}`,
      query: [],
      headers: [],
      body: { number: { $role: 'number' }, text: textIsConstant ? 'Hello' : { $role: 'text' } },
      credential: { in: 'header', name: 'apikey', scheme: '' },
    },
    baseUrl: 'http://127.0.0.1:4010',
    rows: [
      { location: 'body', field: 'number', example: '5511999990000', role: 'number' },
      { location: 'body', field: 'text', example: 'Hello', role: textIsConstant ? null : 'text' },
    ],
    warnings: ['The key goes as the apikey header'],
  };
}

/** Installs api:spec-load (answering `load`'s result) and api:spec-propose on the fake crm. */
export function handleDocument(crm: FakeCrm, load: Handler<'api:spec-load'> = () => ok(DOCUMENT)): void {
  crm.handle('api:spec-load', load);
  crm.handle('api:spec-propose', ({ candidateId, vars, fixes }) => {
    if (candidateId === UPLOAD_ID)
      return ok<ApiDocumentProposal>({
        candidateId,
        proposal: null,
        problem: 'This operation cannot be proposed: its body is multipart/form-data',
        open: { vars: [], user: false },
      });
    const instance = vars?.instance;
    return ok<ApiDocumentProposal>({
      candidateId,
      proposal: sendText(instance ?? 'instance', fixes),
      problem: null,
      open: { vars: instance ? [] : ['instance'], user: false },
    });
  });
}
