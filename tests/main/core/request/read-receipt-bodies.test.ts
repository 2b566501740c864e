// Read receipts through the one request builder: Meta's "status":"read" learned from its cURL
// (the body exactly as Meta's documentation writes it), and docs/API.md, which has no read
// receipts: a profile that speaks it is never offered one, so nothing is sent.
import { describe, expect, it } from 'vitest';
import { parseCurl } from '../../../../src-main/core/api/curl/curl-parse';
import { proposeOperation } from '../../../../src-main/core/api/propose';
import type { ApiDescription, DescribedOperation } from '../../../../src-main/core/api/types';
import type { Operation } from '../../../../src-main/core/operations';
import { buildRequest, prepareRequest } from '../../../../src-main/core/request/request-builder';
import { isOffered } from '../../../../src-main/core/request/operation-spec';
import { BAD_MESSAGE_IDS } from './support/bad-message-ids';

const target = { baseUrl: 'https://crm.example.com', endpointOverrides: {} };
const WAMID = 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABIYFjNFQjBDMEM3';

const META_TEXT = `curl 'https://graph.facebook.com/v23.0/106540352242922/messages' \\
  -H 'Authorization: Bearer EAAJBxyz' -H 'Content-Type: application/json' \\
  -d '{"messaging_product":"whatsapp","recipient_type":"individual","to":"+16505551234","type":"text","text":{"preview_url":false,"body":"Hello"}}'`;
const META_READ = `curl 'https://graph.facebook.com/v23.0/106540352242922/messages' \\
  -H 'Authorization: Bearer EAAJBxyz' -H 'Content-Type: application/json' \\
  -d '{"messaging_product":"whatsapp","status":"read","message_id":"wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA="}'`;

function described(curls: Partial<Record<DescribedOperation, string>>): typeof target & { api: ApiDescription } {
  const operations: ApiDescription['operations'] = {};
  let baseUrl = target.baseUrl;
  for (const [op, curl] of Object.entries(curls) as [DescribedOperation, string][]) {
    const proposal = proposeOperation(parseCurl(curl), op);
    expect(proposal.warnings).toEqual([]);
    operations[op] = proposal.spec;
    baseUrl = proposal.baseUrl;
  }
  return { baseUrl, endpointOverrides: {}, api: { version: 1, operations } };
}

const read = (messageId = WAMID): Operation => ({ op: 'messages.read', input: { number: '5511999990000', messageId } });
const bodyOf = (request: { body: unknown }): string => (request.body as { text: string }).text;

describe('the Mark as Read operation', () => {
  it(
    'Meta, learned from its cURL: POST /{phone-number-id}/messages with exactly messaging_product, ' +
      "status read and the contact's message id; no Idempotency-Key",
    async () => {
      const meta = described({ 'messages.text': META_TEXT, 'messages.read': META_READ });
      expect(isOffered(meta, 'messages.read')).toBe(true);
      const request = await buildRequest(read(), meta);
      expect(request.method).toBe('POST');
      expect(request.url).toBe('https://graph.facebook.com/v23.0/106540352242922/messages');
      expect(bodyOf(request)).toBe(`{"messaging_product":"whatsapp","status":"read","message_id":"${WAMID}"}`);
      expect(request.headers['Idempotency-Key']).toBeUndefined();
    },
  );

  it('the learned id is the role "message marked read", and the receipt answers no message id to keep', () => {
    const proposal = proposeOperation(parseCurl(META_READ), 'messages.read');
    expect(proposal.rows.filter((r) => r.role !== null).map((r) => [r.field, r.role])).toEqual([['message_id', 'read_id']]);
    expect(proposal.spec.send).toBeUndefined();
  });

  it('docs/API.md has no read receipts: a profile that speaks it, or that describes its sends but no receipt, is not offered one', async () => {
    expect(isOffered(target, 'messages.read')).toBe(false);
    expect(isOffered(described({ 'messages.text': META_TEXT }), 'messages.read')).toBe(false);
    const { problems } = await prepareRequest(read(), target);
    expect(problems.length).toBeGreaterThan(0);
  });

  it.each(BAD_MESSAGE_IDS)('a message id that is %s is a field problem: nothing is built', async (_name, id) => {
    const meta = described({ 'messages.read': META_READ });
    const { problems } = await prepareRequest(read(id), meta);
    expect(problems.map((p) => p.field)).toEqual(['messageId']);
  });
});
