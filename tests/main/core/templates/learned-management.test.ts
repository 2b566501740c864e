// Template management learned like every other operation: Meta's create, edit and delete cURLs
// pasted into a profile become its templates.create/update/delete, and the manager then creates,
// edits and deletes through them against the sandbox's meta dialect over real HTTP (real keychain,
// real SQLite file). Without them the inference from a message_templates listing stays the
// fallback; operations marked not offered are not inferred either, and nothing is sent.
import { afterAll, describe, expect, it } from 'vitest';
import type { TemplateDraft } from '../../../../src-main/shared/template-lifecycle';
import { BUSINESS_ACCOUNT_ID, META_VERSION } from '../../../../src-main/sandbox/dialects/meta-phone';
import { keychainAvailable } from '../../helpers/keychain';
import { closeTaughtService, openTaughtService } from '../../helpers/taught-service';
import type { TaughtService } from '../../helpers/taught-service';
import { closeSandboxes, lastPostOf } from '../../helpers/sandbox';

const hasKeychain = await keychainAvailable();
afterAll(closeSandboxes);

const LISTING = `/${META_VERSION}/${BUSINESS_ACCOUNT_ID}/message_templates`;
const TOKEN = 'EAAJ-our-own-placeholder-token';

/** the three examples as a person pastes them from Meta's documentation, with our own values */
function curls(base: string): Record<'templates.create' | 'templates.update' | 'templates.delete', string> {
  return {
    'templates.create':
      `curl -X POST '${base}${LISTING}' -H 'Authorization: Bearer ${TOKEN}' -H 'Content-Type: ` +
      `application/json' -d ` +
      `'{"name":"pickup_ready","language":"en_US","category":"UTILITY","components":[{"type":"BODY","text":"Your ` +
      `parcel {{1}} is ready","example":{"body_text":[["P-77"]]}}]}'`,
    'templates.update':
      `curl -X POST '${base}/${META_VERSION}/8800000000000001' -H 'Authorization: Bearer ${TOKEN}' -H ` +
      `'Content-Type: application/json' -d ` +
      `'{"category":"UTILITY","components":[{"type":"BODY","text":"Parcel {{1}} waits for ` +
      `you","example":{"body_text":[["P-77"]]}}]}'`,
    'templates.delete': `curl -X DELETE '${base}${LISTING}?name=pickup_ready' -H 'Authorization: Bearer ${TOKEN}'`,
  };
}

function draft(name: string, body: string): TemplateDraft {
  return { name, language: 'en_US', category: 'UTILITY', body, samples: ['R-5'], header: null, footer: null, buttons: [] };
}

async function withListing(): Promise<TaughtService> {
  const service = await openTaughtService('meta', { keyName: 'Access token' });
  await service.t.core.api.save(service.profileId, 'templates.list', { method: 'GET', path: LISTING, query: [], headers: [], body: null });
  return service;
}

async function learnAll(service: TaughtService): Promise<void> {
  for (const [operation, curl] of Object.entries(curls(service.sandbox.baseUrl))) {
    const op = operation as keyof ReturnType<typeof curls>;
    const proposal = await service.t.core.api.propose(service.profileId, op, curl);
    await service.t.core.api.save(service.profileId, op, proposal.spec);
  }
}

describe.skipIf(!hasKeychain)('template management learned from pasted cURLs', () => {
  it('proposes each operation with its template roles, the token left out', async () => {
    const service = await withListing();
    const seen: unknown[] = [];
    try {
      const { api } = service.t.core;
      const base = service.sandbox.baseUrl;
      const create = await api.propose(service.profileId, 'templates.create', curls(base)['templates.create']);
      const update = await api.propose(service.profileId, 'templates.update', curls(base)['templates.update']);
      const remove = await api.propose(service.profileId, 'templates.delete', curls(base)['templates.delete']);
      seen.push(create, update, remove);
      expect(create.spec).toMatchObject({ method: 'POST', path: LISTING, body: { $role: 'template_draft' } });
      expect(update.spec).toMatchObject({
        method: 'POST',
        path: `/${META_VERSION}/{template_id}`,
        pathRoles: [{ $role: 'template_id' }],
        body: { $role: 'template_draft' },
      });
      expect(remove.spec).toMatchObject({ method: 'DELETE', path: LISTING, query: [{ name: 'name', value: { $role: 'template_name' } }] });
      expect(JSON.stringify(seen)).not.toContain(TOKEN);
      // a DELETE is only a deletion: it is not taken as a send
      await expect(api.propose(service.profileId, 'messages.text', curls(base)['templates.delete'])).rejects.toThrow(/not a deletion/);
    } finally {
      await closeTaughtService(service, seen);
    }
  });

  it('creates, edits and deletes through the learned operations; the overview says learned', async () => {
    const service = await withListing();
    const seen: unknown[] = [];
    try {
      const lifecycle = service.t.core.templateLifecycle;
      expect((await lifecycle.overview({ profileId: service.profileId })).management).toBe('inferred');
      await learnAll(service);
      const overview = await lifecycle.overview({ profileId: service.profileId });
      seen.push(overview);
      expect(overview).toMatchObject({ management: 'learned', manages: true, reason: null });

      const created = await lifecycle.create({ profileId: service.profileId, draft: draft('return_label', 'Label {{1}} attached') });
      expect(created.status).toBe('PENDING');
      expect(lastPostOf(service.sandbox, LISTING).json).toEqual({
        name: 'return_label',
        language: 'en_US',
        category: 'UTILITY',
        components: [{ type: 'BODY', text: 'Label {{1}} attached', example: { body_text: [['R-5']] } }],
      });
      const id = lifecycle.kept(service.profileId).find((t) => t.name === 'return_label')?.id;
      expect(id).toEqual(created.id);

      await lifecycle.update({ profileId: service.profileId, draft: draft('return_label', 'Label {{1}} is in the box') });
      const edit = service.sandbox
        .requests()
        .filter((r) => r.method === 'POST' && r.path === `/${META_VERSION}/${id}`)
        .at(-1);
      expect(edit?.json).toMatchObject({ category: 'UTILITY', components: [{ type: 'BODY', text: 'Label {{1}} is in the box' }] });
      expect(lifecycle.kept(service.profileId).find((t) => t.name === 'return_label')?.status).toBe('PENDING');

      await lifecycle.remove({ profileId: service.profileId, name: 'return_label' });
      const deleted = service.sandbox
        .requests()
        .filter((r) => r.method === 'DELETE')
        .at(-1);
      expect(deleted).toMatchObject({ path: LISTING, query: { name: 'return_label' } });
      const listed = await lifecycle.overview({ profileId: service.profileId });
      expect(listed.templates.some((t) => t.name === 'return_label')).toBe(false);
    } finally {
      await closeTaughtService(service, seen);
    }
  });

  it('operations marked not offered are neither learned nor inferred: refused, nothing sent', async () => {
    const service = await withListing();
    try {
      const { api, templateLifecycle } = service.t.core;
      for (const op of ['templates.create', 'templates.update', 'templates.delete'] as const)
        await api.markAbsent(service.profileId, op, true);
      const overview = await templateLifecycle.overview({ profileId: service.profileId });
      expect(overview).toMatchObject({ management: null, manages: false });
      const before = service.sandbox.requests().length;
      await expect(templateLifecycle.create({ profileId: service.profileId, draft: draft('not_here', 'Hi {{1}}') })).rejects.toThrow(
        /own console/,
      );
      await expect(templateLifecycle.remove({ profileId: service.profileId, name: 'order_update' })).rejects.toThrow(/own console/);
      expect(service.sandbox.requests()).toHaveLength(before);
    } finally {
      await closeTaughtService(service, []);
    }
  });
});
