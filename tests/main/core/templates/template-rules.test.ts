// The pure template rules: WhatsApp's limits on a draft (each bad input named), the "will this
// send?" verdicts, Meta's template webhook fields read, and where management lives.
import { describe, expect, it } from 'vitest';
import type { ManagedTemplate, TemplateDraft } from '../../../../src-main/shared/template-lifecycle';
import { draftProblems } from '../../../../src-main/core/templates/draft-check';
import { sendVerdict } from '../../../../src-main/core/templates/send-check';
import { findTemplateChanges } from '../../../../src-main/core/templates/template-webhook';
import { managementUrls } from '../../../../src-main/core/templates/management-urls';
import { readManagedTemplates } from '../../../../src-main/core/templates/read-managed';

const ok: TemplateDraft = {
  name: 'order_note',
  language: 'pt_BR',
  category: 'UTILITY',
  body: 'Hi {{1}}',
  samples: ['Ana'],
  header: null,
  footer: null,
  buttons: [],
};
const fields = (draft: Partial<TemplateDraft>): string[] => draftProblems({ ...ok, ...draft }).map((p) => `${p.field}: ${p.message}`);

function kept(extra: Partial<ManagedTemplate>): ManagedTemplate {
  return {
    id: '1',
    name: 'promo',
    language: 'en_US',
    status: 'APPROVED',
    category: 'UTILITY',
    approvedCategory: 'UTILITY',
    quality: 'GREEN',
    rejectedReason: null,
    body: 'x',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

describe('a draft within WhatsApp limits', () => {
  it('a good draft has no problems', () => {
    expect(draftProblems(ok)).toEqual([]);
  });

  it('names each bad input', () => {
    expect(fields({ name: 'Order-Note' })).toEqual(['name: must be lowercase letters, digits and underscores, such as order_update']);
    expect(fields({ language: 'portuguese' })[0]).toMatch(/^language: must be a language code/);
    const promo = 'PROMO' as TemplateDraft['category'];
    expect(fields({ category: promo })).toEqual(['category: must be one of MARKETING, UTILITY, AUTHENTICATION']);
    expect(fields({ body: '', samples: [] })).toEqual(['body: must not be empty']);
    expect(fields({ body: `${'é'.repeat(1024)}`, samples: [] })).toEqual([]);
    expect(fields({ body: `${'é'.repeat(1025)}`, samples: [] })).toEqual(['body: is 1025 characters; at most 1024']);
    expect(fields({ body: 'Hi {{1}} and {{3}}', samples: ['a', 'b'] })[0]).toMatch(/without a gap/);
    expect(fields({ samples: [] })).toEqual(['samples: the body has 1 parameter; give 1 sample value, not 0']);
    expect(fields({ samples: [' '] })).toEqual(['samples.0: the sample of {{1}} must not be empty']);
    expect(fields({ header: 'h'.repeat(61) })).toEqual(['header: is 61 characters; at most 60']);
    expect(fields({ header: 'Hi {{1}}' })).toEqual(['header: this console submits a header without parameters']);
    expect(fields({ footer: 'f'.repeat(60) })).toEqual([]);
    expect(fields({ footer: 'f'.repeat(61) })).toEqual(['footer: is 61 characters; at most 60']);
  });

  it('holds buttons to 10, 25 characters, 2 URL and 1 phone, each with a usable value', () => {
    const reply = { kind: 'quick_reply' as const, text: 'Yes', value: '' };
    expect(fields({ buttons: Array.from({ length: 10 }, () => reply) })).toEqual([]);
    expect(fields({ buttons: Array.from({ length: 11 }, () => reply) })).toEqual(['buttons: 11 buttons; at most 10']);
    expect(fields({ buttons: [{ ...reply, text: 'x'.repeat(26) }] })[0]).toMatch(/at most 25/);
    expect(
      fields({
        buttons: [
          {
            kind: 'url',
            text: 'Track',
            value: 'ftp://x',
          },
        ],
      }),
    ).toEqual(['buttons.0: a URL button needs an http:// or https:// address']);
    expect(fields({ buttons: [{ kind: 'phone', text: 'Call', value: '11 9999' }] })[0]).toMatch(/international form/);
    const url = { kind: 'url' as const, text: 'Go', value: 'https://example.com' };
    expect(fields({ buttons: [url, url, url] })).toEqual(['buttons: at most 2 URL buttons']);
    const phone = { kind: 'phone' as const, text: 'Call', value: '+5511999990000' };
    expect(fields({ buttons: [phone, phone] })).toEqual(['buttons: at most 1 phone button']);
  });
});

describe('will this send?', () => {
  it('approved, green, same category: ok; nothing known: unknown', () => {
    expect(sendVerdict([kept({})], 'promo', 'en_US')).toEqual({ level: 'ok', problems: [] });
    expect(sendVerdict([kept({})], 'other', 'en_US').level).toBe('unknown');
  });

  it('refuses with which: language, pending, rejected with reason, paused, disabled, another status', () => {
    const kinds = (t: Partial<ManagedTemplate>, language = 'en_US') => sendVerdict([kept(t)], 'promo', language);
    expect(kinds({}, 'es')).toMatchObject({
      level: 'refuse',
      problems: [{ kind: 'unknown_language', message: 'Template promo has no es version (it has en_US)' }],
    });
    expect(kinds({ status: 'PENDING' }).problems[0]?.kind).toBe('pending');
    expect(kinds({ status: 'REJECTED', rejectedReason: 'PROMOTIONAL' }).problems[0]?.message).toMatch(/rejected \(PROMOTIONAL\)/);
    expect(kinds({ status: 'PAUSED' }).problems[0]?.kind).toBe('paused');
    expect(kinds({ status: 'DISABLED' }).problems[0]?.kind).toBe('disabled');
    expect(kinds({ status: 'IN_APPEAL' }).problems[0]?.message).toMatch(/is IN_APPEAL, not APPROVED/);
  });

  it('warns of a RED quality and of a category Meta changed, naming both', () => {
    const verdict = sendVerdict([kept({ quality: 'RED', category: 'MARKETING' })], 'promo', 'en_US');
    expect(verdict.level).toBe('warn');
    expect(verdict.problems.map((p) => p.kind)).toEqual(['quality_red', 'category_changed']);
    expect(verdict.problems[1]?.message).toMatch(/approved as UTILITY and Meta now counts it as MARKETING/);
  });
});

describe("Meta's template webhooks", () => {
  const payload = (field: string, value: Record<string, unknown>) => ({
    object: 'whatsapp_business_account',
    entry: [{ id: '1', time: 1, changes: [{ field, value }] }],
  });
  const named = { message_template_id: 4242, message_template_name: 'promo', message_template_language: 'en_US' };

  it('reads status (with a rejection reason), quality and category changes, and nothing else', () => {
    expect(
      findTemplateChanges(payload('message_template_status_update', { ...named, event: 'REJECTED', reason: 'ABUSIVE_CONTENT' })),
    ).toEqual([{ id: '4242', name: 'promo', language: 'en_US', status: 'REJECTED', rejectedReason: 'ABUSIVE_CONTENT' }]);
    expect(
      findTemplateChanges(
        payload('message_template_quality_update', { ...named, previous_quality_score: 'GREEN', new_quality_score: 'RED' }),
      )[0]?.quality,
    ).toBe('RED');
    expect(
      findTemplateChanges(payload('template_category_update', { ...named, previous_category: 'UTILITY', new_category: 'MARKETING' }))[0],
    ).toMatchObject({ category: 'MARKETING', previousCategory: 'UTILITY' });
    expect(findTemplateChanges(payload('messages', { statuses: [] }))).toEqual([]);
    expect(findTemplateChanges(payload('message_template_status_update', { event: 'APPROVED' }))).toEqual([]);
    expect(findTemplateChanges('not json')).toEqual([]);
  });
});

describe('the listing and where management lives', () => {
  it("reads every state of Meta's listing", () => {
    const listed = readManagedTemplates({
      data: [
        {
          id: '9',
          name: 'a',
          language: 'en_US',
          status: 'REJECTED',
          category: 'MARKETING',
          quality_score: { score: 'YELLOW' },
          rejected_reason: 'SCAM',
        },
      ],
    });
    expect(listed).toEqual([
      {
        id: '9',
        name: 'a',
        language: 'en_US',
        status: 'REJECTED',
        category: 'MARKETING',
        approvedCategory: null,
        quality: 'YELLOW',
        rejectedReason: 'SCAM',
        body: null,
      },
    ]);
  });

  it("only Meta's message_templates path manages templates", () => {
    const urls = managementUrls('https://graph.example.com/v23.0/123/message_templates?fields=name');
    expect(urls?.create).toBe('https://graph.example.com/v23.0/123/message_templates');
    expect(urls?.remove('a b')).toBe('https://graph.example.com/v23.0/123/message_templates?name=a%20b');
    expect(urls?.edit('..')).toBe('https://graph.example.com/v23.0/%2E%2E');
    expect(managementUrls('https://x.example.com/api/v1/templates')).toBeNull();
  });
});
