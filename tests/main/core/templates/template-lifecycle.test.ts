// Template lifecycle in the core against the sandbox's meta dialect over real HTTP, with a real
// keychain and a real SQLite file: the listing with every state, a submission PENDING then
// approved (or rejected with its reason), a bad draft refused before anything is sent, an
// edit, a delete, the "will this send?" verdicts, Meta's template webhooks kept where a second
// process reads them, and a service whose listing is not Meta's refused with the reason.
import { afterAll, describe, expect, it } from 'vitest';
import type { TemplateDraft } from '../../../../src-main/shared/template-lifecycle';
import { BUSINESS_ACCOUNT_ID, META_VERSION } from '../../../../src-main/sandbox/dialects/meta-phone';
import { keychainAvailable } from '../../helpers/keychain';
import { closeTaughtService, openTaughtService } from '../../helpers/taught-service';
import type { TaughtService } from '../../helpers/taught-service';
import { closeSandboxes, lastPostOf, openSandbox } from '../../helpers/sandbox';
import { addSandboxProfile, openTestCore, withTestCore } from '../../helpers/core';
import { caught } from '../../helpers/secret-scan';

const hasKeychain = await keychainAvailable();
afterAll(closeSandboxes);

const LISTING = `/${META_VERSION}/${BUSINESS_ACCOUNT_ID}/message_templates`;

function draft(name: string, extra: Partial<TemplateDraft> = {}): TemplateDraft {
  return {
    name,
    language: 'en_US',
    category: 'UTILITY',
    body: 'Order {{1}} ships on {{2}}.',
    samples: ['A-1042', 'Monday'],
    header: 'Shipping',
    footer: 'Reply STOP to opt out',
    buttons: [{ kind: 'quick_reply', text: 'Thanks', value: '' }],
    ...extra,
  };
}

async function taught(): Promise<TaughtService> {
  const service = await openTaughtService('meta', { keyName: 'Access token' });
  await service.t.core.api.save(service.profileId, 'templates.list', { method: 'GET', path: LISTING, query: [], headers: [], body: null });
  return service;
}

async function until<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 200; i += 1) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never saw ${what}`);
}

describe.skipIf(!hasKeychain)('template lifecycle against Meta', () => {
  it('lists every state; a submission is PENDING, then APPROVED; a reject_ one is REJECTED with its reason', async () => {
    const service = await taught();
    const seen: unknown[] = [];
    try {
      const { core } = service.t;
      const listedNow = async () => (await core.templateLifecycle.overview({ profileId: service.profileId })).templates;
      const first = await core.templateLifecycle.overview({ profileId: service.profileId });
      seen.push(first);
      expect(first).toMatchObject({ source: 'service', manages: true, reason: null });
      expect(first.templates.find((t) => t.name === 'hello_world')).toMatchObject({
        status: 'APPROVED',
        quality: 'GREEN',
        category: 'UTILITY',
        language: 'en_US',
      });

      const created = await core.templateLifecycle.create({ profileId: service.profileId, draft: draft('shipping_note') });
      expect(created.status).toBe('PENDING');
      expect(lastPostOf(service.sandbox, LISTING).json).toMatchObject({
        name: 'shipping_note',
        category: 'UTILITY',
        components: [
          { type: 'HEADER', text: 'Shipping' },
          { type: 'BODY', example: { body_text: [['A-1042', 'Monday']] } },
          { type: 'FOOTER' },
          { type: 'BUTTONS' },
        ],
      });
      expect(core.templateLifecycle.kept(service.profileId).find((t) => t.name === 'shipping_note')?.status).toBe('PENDING');
      await until(
        async () => ((await listedNow()).find((t) => t.name === 'shipping_note')?.status === 'APPROVED' ? true : undefined),
        'approval',
      );

      await core.templateLifecycle.create({ profileId: service.profileId, draft: draft('reject_me') });
      const rejected = await until(
        async () => (await listedNow()).find((t) => t.name === 'reject_me' && t.status === 'REJECTED'),
        'rejection',
      );
      expect(rejected.rejectedReason).toBe('INVALID_FORMAT');
      expect(await core.templateLifecycle.check({ profileId: service.profileId, name: 'reject_me', language: 'en_US' })).toMatchObject({
        level: 'refuse',
        problems: [{ kind: 'rejected' }],
      });
    } finally {
      await closeTaughtService(service, seen);
    }
  });

  it('refuses a bad draft with every problem named, before anything is sent', async () => {
    const service = await taught();
    try {
      const before = service.sandbox.requests().length;
      const err = await caught(() =>
        service.t.core.templateLifecycle.create({
          profileId: service.profileId,
          draft: draft('Bad Name', { body: `${'x'.repeat(1020)}{{1}}`, samples: [], footer: 'f'.repeat(61) }),
        }),
      );
      expect(err).toMatchObject({ code: 'validation' });
      expect((err as { details: { field: string }[] }).details.map((d) => d.field)).toEqual(['name', 'body', 'samples', 'footer']);
      expect(service.sandbox.requests()).toHaveLength(before);
    } finally {
      await closeTaughtService(service, []);
    }
  });

  it('an edit goes back to review; a delete removes every language of the name here and at the service', async () => {
    const service = await taught();
    try {
      const lifecycle = service.t.core.templateLifecycle;
      await lifecycle.overview({ profileId: service.profileId });
      await lifecycle.update({
        profileId: service.profileId,
        draft: draft('order_update', { body: 'Your order {{1}} changed.', samples: ['A-1'], header: null, footer: null, buttons: [] }),
      });
      expect(lifecycle.kept(service.profileId).find((t) => t.name === 'order_update' && t.language === 'en_US')?.status).toBe('PENDING');
      await lifecycle.remove({ profileId: service.profileId, name: 'order_update' });
      expect(lifecycle.kept(service.profileId).some((t) => t.name === 'order_update')).toBe(false);
      const listed = await lifecycle.overview({ profileId: service.profileId });
      expect(listed.templates.some((t) => t.name === 'order_update')).toBe(false);
      await expect(
        lifecycle.update({
          profileId: service.profileId,
          draft: draft('never_made'),
        }),
      ).rejects.toMatchObject({ code: 'not_found' });
    } finally {
      await closeTaughtService(service, []);
    }
  });

  it('Meta template webhooks change the kept states, read by another process on the folder; the check then refuses or warns', async () => {
    const service = await taught();
    const other = await openTestCore('templates-other', { dataDir: service.t.dataDir });
    try {
      const { profileId } = service;
      await service.t.core.templateLifecycle.overview({ profileId });
      const change = (field: string, value: Record<string, unknown>) => ({
        object: 'whatsapp_business_account',
        entry: [{ id: BUSINESS_ACCOUNT_ID, time: 1, changes: [{ field, value }] }],
      });
      const named = { message_template_name: 'order_update', message_template_language: 'pt_BR' };
      const outcome = service.t.core.conversations.receive(
        profileId,
        change('template_category_update', { ...named, previous_category: 'UTILITY', new_category: 'MARKETING' }),
      );
      expect(outcome.found).toBe(1);
      const kept = other.core.templateLifecycle.kept(profileId).find((t) => t.name === 'order_update' && t.language === 'pt_BR');
      expect(kept).toMatchObject({ category: 'MARKETING', approvedCategory: 'UTILITY' });
      const { sendVerdict } = await import('../../../../src-main/core/templates/send-check');
      expect(sendVerdict(other.core.templateLifecycle.kept(profileId), 'order_update', 'pt_BR')).toMatchObject({
        level: 'warn',
        problems: [{ kind: 'category_changed' }],
      });
      service.t.core.conversations.receive(
        profileId,
        change('message_template_status_update', { ...named, event: 'PAUSED', reason: 'NONE' }),
      );
      expect(sendVerdict(other.core.templateLifecycle.kept(profileId), 'order_update', 'pt_BR')).toMatchObject({
        level: 'refuse',
        problems: [{ kind: 'paused' }],
      });
      expect(sendVerdict(other.core.templateLifecycle.kept(profileId), 'order_update', 'fr_FR')).toMatchObject({
        level: 'refuse',
        problems: [{ kind: 'unknown_language' }],
      });
    } finally {
      await other.cleanup();
      await closeTaughtService(service, []);
    }
  });

  it("a service whose listing is not Meta's is told it manages templates in its own console; nothing is sent", async () => {
    const sandbox = await openSandbox({ contacts: 5 });
    await withTestCore('templates-unmanaged', async ({ core }) => {
      const { profileId } = await addSandboxProfile(core, sandbox, 'S', 'admin');
      const overview = await core.templateLifecycle.overview({ profileId });
      expect(overview).toMatchObject({ source: 'service', manages: false });
      const before = sandbox.requests().length;
      await expect(core.templateLifecycle.create({ profileId, draft: draft('new_one') })).rejects.toThrow(/own console/);
      expect(sandbox.requests()).toHaveLength(before);
    });
  });
});
