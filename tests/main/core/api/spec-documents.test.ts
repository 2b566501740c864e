// The documents the window imports from: held by handle between calls, listed with what each
// operation leaves open (worded for the window's fields, not the command line), a URL refused
// unless https or this computer, and forgotten after their lifetime or beyond the cap.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { proposeFromSpec, readApiSpec, SpecError } from '../../../../src-main/core/api/spec/spec-import';
import { CrmError } from '../../../../src-main/core/errors';
import { MAX_DOCUMENTS, SpecDocuments } from '../../../../src-main/core/profiles/spec-documents';
import type { SpecDocumentEditor } from '../../../../src-main/core/profiles/spec-documents';

const SPECS = fileURLToPath(new URL('../../../fixtures/specs/', import.meta.url));
const BASE = 'http://127.0.0.1:4010';

/** ApiEditor's spec calls over the pure importer, its SpecErrors turned into validation errors as the editor does. */
function editor(loads: string[] = []): SpecDocumentEditor {
  const asCrm = <T>(work: () => T): T => {
    try {
      return work();
    } catch (err) {
      if (err instanceof SpecError) throw new CrmError('validation', err.message);
      throw err;
    }
  };
  return {
    describe: async () => ({ baseUrl: BASE }),
    loadSpec: async (source) => {
      loads.push(source);
      const text = await readFile(source.startsWith('http') ? `${SPECS}evolution-send-text.json` : source, 'utf8');
      return asCrm(() => ({ spec: readApiSpec(text) }));
    },
    proposeFromSpec: async (_profileId, operation, loaded, candidateId, options = {}) =>
      asCrm(() =>
        proposeFromSpec(loaded.spec, candidateId, operation, {
          profileBaseUrl: BASE,
          fixes: options.fixes ?? {},
          ...(options.vars ? { vars: options.vars } : {}),
          ...(options.user ? { user: options.user } : {}),
        }),
      ),
  };
}

afterEach(() => vi.useRealTimers());

describe('documents held for the window', () => {
  it('lists the candidates, says once what all share, and asks for the path parameter the document leaves open', async () => {
    const docs = new SpecDocuments(editor());
    const view = await docs.open('p1', { kind: 'file', path: `${SPECS}evolution-send-text.json` });
    expect(view.kind).toBe('openapi');
    expect(view.candidates.map((c) => c.id)).toEqual(['POST /message/sendText/{instance}', 'GET /instance/fetchInstances']);
    expect(view.notes.join(' ')).toContain('apikey');
    const send = view.candidates[0]!;
    expect(send.open).toEqual({ vars: ['instance'], user: false });
    expect(send.notes.join(' ')).toContain('the field “instance” below');
    expect(send.notes.join(' ')).not.toContain('--var');
    expect(JSON.stringify(view)).not.toContain('"openapi":');

    const open = await docs.propose('p1', view.handle, 'messages.text', send.id);
    expect(open.open.vars).toEqual(['instance']);
    const given = await docs.propose('p1', view.handle, 'messages.text', send.id, { vars: { instance: 'sandbox' } });
    expect(given.problem).toBeNull();
    expect(given.proposal?.spec.path).toBe('/message/sendText/sandbox');
    expect(given.proposal?.spec.credential).toEqual({ in: 'header', name: 'apikey', scheme: '' });
    expect(given.open).toEqual({ vars: [], user: false });
  });

  it('a candidate the document does not have is a problem to show, not a failure', async () => {
    const docs = new SpecDocuments(editor());
    const view = await docs.open('p1', { kind: 'file', path: `${SPECS}evolution-send-text.json` });
    const r = await docs.propose('p1', view.handle, 'messages.text', 'DELETE /nothing');
    expect(r.proposal).toBeNull();
    expect(r.problem).toContain('has no operation');
  });

  it('reads https anywhere and http only from this computer', async () => {
    const loads: string[] = [];
    const docs = new SpecDocuments(editor(loads));
    await expect(docs.open('p1', { kind: 'url', url: 'http://api.example.com/openapi.json' })).rejects.toMatchObject({
      code: 'validation',
      message: expect.stringContaining('https'),
    });
    await expect(docs.open('p1', { kind: 'url', url: 'file:///etc/passwd' })).rejects.toMatchObject({ code: 'validation' });
    await expect(docs.open('p1', { kind: 'url', url: '/etc/passwd' })).rejects.toMatchObject({ code: 'validation' });
    await docs.open('p1', { kind: 'url', url: 'http://127.0.0.1:9/openapi.json' });
    await docs.open('p1', { kind: 'url', url: 'https://api.example.com/openapi.json' });
    expect(loads).toEqual(['http://127.0.0.1:9/openapi.json', 'https://api.example.com/openapi.json']);
  });

  it('forgets a document after its lifetime unused, and the oldest beyond the cap', async () => {
    vi.useFakeTimers();
    const docs = new SpecDocuments(editor(), 60_000);
    const path = `${SPECS}evolution-send-text.json`;
    const first = await docs.open('p1', { kind: 'file', path });
    vi.advanceTimersByTime(59_000);
    // a use starts its lifetime again
    await docs.propose('p1', first.handle, 'messages.text', 'POST /message/sendText/{instance}');
    vi.advanceTimersByTime(59_000);
    await expect(docs.propose('p1', first.handle, 'messages.text', 'POST /message/sendText/{instance}')).resolves.toMatchObject({
      candidateId: 'POST /message/sendText/{instance}',
    });
    vi.advanceTimersByTime(60_001);
    await expect(docs.propose('p1', first.handle, 'messages.text', 'x')).rejects.toMatchObject({ code: 'not_found' });

    const handles: string[] = [];
    for (let i = 0; i <= MAX_DOCUMENTS; i++) handles.push((await docs.open('p1', { kind: 'file', path })).handle);
    await expect(docs.propose('p1', handles[0]!, 'messages.text', 'x')).rejects.toMatchObject({ code: 'not_found' });
    await expect(docs.propose('p1', handles.at(-1)!, 'messages.text', 'x')).resolves.toMatchObject({ proposal: null });
    docs.close();
  });
});
