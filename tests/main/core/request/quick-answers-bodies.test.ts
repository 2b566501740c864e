// Quoted replies and reactions through the one request builder: docs/API.md's replyTo and
// reaction route, Meta's context and reaction learned from its cURLs, and a profile whose
// description has no place for either refused with the reason before anything is sent.
import { describe, expect, it } from 'vitest';
import { parseCurl } from '../../../../src-main/core/api/curl/curl-parse';
import { proposeOperation } from '../../../../src-main/core/api/propose';
import type { ApiDescription, DescribedOperation } from '../../../../src-main/core/api/types';
import { CrmError } from '../../../../src-main/core/errors';
import type { Operation } from '../../../../src-main/core/operations';
import { buildRequest, prepareRequest } from '../../../../src-main/core/request/request-builder';
import { compiledSpec } from '../../../../src-main/core/request/compiled-spec';
import { isOffered } from '../../../../src-main/core/request/operation-spec';
import { CANNOT_QUOTE } from '../../../../src-main/shared/quick-answers';
import { BAD_MESSAGE_IDS } from './support/bad-message-ids';

const target = { baseUrl: 'https://crm.example.com', endpointOverrides: {} };
const KEY = '11111111-2222-4333-8444-555555555555';
const WAMID = 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABIYFjNFQjBDMEM3';

const META_REPLY =
  `curl 'https://graph.facebook.com/v23.0/106540352242922/messages' \\
  -H 'Authorization: Bearer EAAJBxyz' -H 'Content-Type: application/json' \\
  -d '{"messaging_product":"whatsapp","recipient_type":"individual","to":"+16505551234",` +
  `"context":{"message_id":"${WAMID}"},"type":"text","text":{"preview_url":false,"body":"Hello"}}'`;
const META_REACTION =
  `curl 'https://graph.facebook.com/v23.0/106540352242922/messages' \\
  -H 'Authorization: Bearer EAAJBxyz' -H 'Content-Type: application/json' \\
  -d '{"messaging_product":"whatsapp","recipient_type":"individual","to":"+16505551234",` +
  `"type":"reaction","reaction":{"message_id":"${WAMID}","emoji":"😀"}}'`;
const EVOLUTION_TEXT =
  `curl 'https://evo.example.com/message/sendText/shop' -H 'apikey: abcdef0123456789' ` +
  `-H 'Content-Type: application/json' -d '{"number":"5511999990000","text":"Hello"}'`;

function described(curls: Partial<Record<DescribedOperation, string>>): typeof target & { api: ApiDescription } {
  const operations: ApiDescription['operations'] = {};
  let baseUrl = target.baseUrl;
  for (const [op, curl] of Object.entries(curls) as [DescribedOperation, string][]) {
    const proposal = proposeOperation(parseCurl(curl), op);
    operations[op] = proposal.spec;
    baseUrl = proposal.baseUrl;
  }
  return { baseUrl, endpointOverrides: {}, api: { version: 1, operations } };
}

const text = (replyTo?: string): Operation => ({
  op: 'messages.text',
  input: { number: '+55 11 99999-0000', text: 'Yes, it ships today', ...(replyTo === undefined ? {} : { replyTo }) },
  idempotencyKey: KEY,
});
const reaction = (emoji: string, messageId = WAMID): Operation => ({
  op: 'messages.reaction',
  input: { number: '5511999990000', messageId, emoji },
});
const bodyOf = (request: { body: unknown }): unknown => JSON.parse((request.body as { text: string }).text);

describe('quoted replies', () => {
  it("docs/API.md: replyTo carries the quoted message's id, and is left out of a plain text", async () => {
    expect(bodyOf(await buildRequest(text('m_0123456789abcdef'), target))).toEqual({
      number: '5511999990000',
      text: 'Yes, it ships today',
      replyTo: 'm_0123456789abcdef',
    });
    expect(bodyOf(await buildRequest(text(), target))).toEqual({ number: '5511999990000', text: 'Yes, it ships today' });
  });

  it('Meta, learned from its reply cURL: context.message_id, and no empty context on a plain text (compiled and rendered alike)', async () => {
    const meta = described({ 'messages.text': META_REPLY });
    const quoted = await buildRequest(text(WAMID), meta);
    expect(bodyOf(quoted)).toMatchObject({ to: '+5511999990000', context: { message_id: WAMID }, text: { body: 'Yes, it ships today' } });
    const plain = await buildRequest(text(), meta);
    expect(bodyOf(plain)).not.toHaveProperty('context');
    expect(compiledSpec(meta.api.operations['messages.text']!).jsonBody).not.toBeNull();
    const rendered = await buildRequest(text(), meta, { compiled: false });
    expect((rendered.body as { text: string }).text).toBe((plain.body as { text: string }).text);
  });

  it('a description with no place for the quote is refused with the reason: never sent without it', async () => {
    const evolution = described({ 'messages.text': EVOLUTION_TEXT });
    const refused = await buildRequest(text(WAMID), evolution).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(CrmError);
    expect((refused as CrmError).message).toBe(CANNOT_QUOTE);
    expect((refused as CrmError).details).toEqual([{ field: 'replyTo', message: CANNOT_QUOTE, sentence: CANNOT_QUOTE }]);
    // the person's choice: the same text without the quote goes
    expect(bodyOf(await buildRequest(text(), evolution))).toEqual({ number: '5511999990000', text: 'Yes, it ships today' });
  });

  it.each(BAD_MESSAGE_IDS)('a quoted id that is %s is a field problem', async (_name, id) => {
    const { problems } = await prepareRequest(text(id), target);
    expect(problems.map((p) => p.field)).toEqual(['replyTo']);
  });
});

describe('reactions', () => {
  it("docs/API.md: POST /api/v1/messages/reaction with number, messageId and emoji; '' takes it back; no Idempotency-Key", async () => {
    const request = await buildRequest(reaction('👍'), target);
    expect(request.url).toBe('https://crm.example.com/api/v1/messages/reaction');
    expect(request.headers['Idempotency-Key']).toBeUndefined();
    expect(bodyOf(request)).toEqual({ number: '5511999990000', messageId: WAMID, emoji: '👍' });
    expect(bodyOf(await buildRequest(reaction(''), target))).toEqual({ number: '5511999990000', messageId: WAMID, emoji: '' });
  });

  it('Meta, learned from its reaction cURL: type reaction with reaction.message_id and emoji', async () => {
    const meta = described({ 'messages.text': META_REPLY, 'messages.reaction': META_REACTION });
    expect(isOffered(meta, 'messages.reaction')).toBe(true);
    expect(bodyOf(await buildRequest(reaction('❤️'), meta))).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '+5511999990000',
      type: 'reaction',
      reaction: { message_id: WAMID, emoji: '❤️' },
    });
    expect(bodyOf(await buildRequest(reaction(''), meta))).toMatchObject({ reaction: { message_id: WAMID, emoji: '' } });
  });

  it("a profile that describes its own Send Text but no reaction does not offer one: never docs/API.md's guessed route", async () => {
    const evolution = described({ 'messages.text': EVOLUTION_TEXT });
    expect(isOffered(evolution, 'messages.reaction')).toBe(false);
    const { problems } = await prepareRequest(reaction('👍'), evolution);
    expect(problems.map((p) => p.sentence)).toContain('This service does not offer Send Reaction (Profiles → API says so)');
    expect(isOffered(target, 'messages.reaction')).toBe(true);
  });

  it.each([
    ['a word', 'ok'],
    ['two words of emoji and text', '👍 yes'],
    ['a run of emoji', '👍👍👍👍👍👍👍👍👍👍👍'],
    ['a digit', '1'],
  ])('an emoji that is %s is a field problem', async (_name, emoji) => {
    const { problems } = await prepareRequest(reaction(emoji), target);
    expect(problems.map((p) => p.field)).toEqual(['emoji']);
  });

  it('flags, skin tones and joined emoji are one emoji each', async () => {
    for (const emoji of ['🇧🇷', '👍🏽', '👩‍👩‍👧', '❤️']) expect((await prepareRequest(reaction(emoji), target)).problems).toEqual([]);
  });
});
