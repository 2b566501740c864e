// A vendor's API document's examples are samples, not content. From two small documents written
// for these tests in the shapes of Meta's WhatsApp Cloud API document and Twilio's Api v2010
// document (our own values), a profile learns only what its operations need: the account a path
// names stays the account, optional sample fields stay home, the person picks among the named
// examples, the sender is theirs and the recipient goes in its channel. Each learned operation is
// sent to the sandbox's meta or twilio dialect over loopback, which checks the body.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposeFromSpec, readApiSpec, SpecError } from '../../../../src-main/core/api/spec/spec-import';
import { forWindow, openValuesOf } from '../../../../src-main/core/api/spec/spec-open-values';
import type { SpecProposeOptions } from '../../../../src-main/core/api/spec/spec-import';
import type { DescribedOperation, Proposal } from '../../../../src-main/core/api/types';
import { readFileSync } from 'node:fs';
import type { RunningSandbox } from '../../../../src-main/sandbox/index';
import { PHONE_NUMBER_ID } from '../../../../src-main/sandbox/dialects/meta-phone';
import { SANDBOX_ACCOUNT_SID } from '../../../../src-main/sandbox/dialects/twilio-account';
import { addProfileWithKey, openTestCore } from '../../helpers/core';
import type { TestCore } from '../../helpers/core';
import { keychainAvailable } from '../../helpers/keychain';
import { closeSandboxes, openSandbox } from '../../helpers/sandbox';
import { sendMedia, sendTemplate, sendText } from '../../helpers/send-operations';

const hasKeychain = await keychainAvailable();
const SPECS = fileURLToPath(new URL('../../../fixtures/specs/', import.meta.url));
const META = readApiSpec(readFileSync(join(SPECS, 'meta-cloud-messages.yaml'), 'utf8'));
const TWILIO = readApiSpec(readFileSync(join(SPECS, 'twilio-messages.json'), 'utf8'));
const SEND = 'POST /{Version}/{Phone-Number-ID}/messages';
const TWILIO_SEND = 'POST /2010-04-01/Accounts/{AccountSid}/Messages.json';
const META_VARS = { 'Phone-Number-ID': PHONE_NUMBER_ID };
const TWILIO_VARS = { AccountSid: SANDBOX_ACCOUNT_SID, From: 'whatsapp:+14155238886' };
const WHATSAPP_TO = { $role: 'number', prefix: 'whatsapp:+' };
const FILE_NAME = { $role: 'file_name' };
const EXAMPLE_NAMES = ['text-message', 'reply-to-message', 'image-by-id', 'image-by-url', 'audio-by-url', 'template-message'];

function learn(spec: typeof META, id: string, operation: DescribedOperation, options: SpecProposeOptions = {}): Proposal {
  const result = proposeFromSpec(spec, id, operation, options);
  if (result.proposal === null) throw new Error(result.unsupported);
  return result.proposal;
}

describe('a Meta-shaped document', () => {
  it('the phone-number id in the path is the account, never the recipient; its sample value is said to be one', () => {
    const text = learn(META, SEND, 'messages.text');
    expect(text.spec.path).toBe('/v23.0/100200300400500/messages');
    expect(text.spec.pathRoles).toBeUndefined();
    expect(text.spec.body).toMatchObject({ to: { $role: 'number' } });
    const said = text.warnings.join('\n');
    const asked = 'give yours with --var Phone-Number-ID=VALUE';
    expect(said).toContain(`{Phone-Number-ID} holds the document's sample value 100200300400500: ${asked}`);
    expect(learn(META, SEND, 'messages.text', { vars: META_VARS }).spec.path).toBe(`/v23.0/${PHONE_NUMBER_ID}/messages`);
  });

  it('a text carries no sample context, preview flag or tracking data', () => {
    const text = learn(META, SEND, 'messages.text', { vars: META_VARS });
    const envelope = { messaging_product: 'whatsapp', recipient_type: 'individual', to: { $role: 'number' } };
    expect(text.spec.body).toEqual({ ...envelope, type: 'text', text: { body: { $role: 'text' } } });
    const reply = learn(META, SEND, 'messages.text', { vars: META_VARS, example: 'reply-to-message' });
    expect(reply.spec.body).toMatchObject({ context: { message_id: { $role: 'quoted_id' } } });
  });

  it('media is learned from the by-link example, and every example is named as a choice', () => {
    const media = learn(META, SEND, 'messages.media', { vars: META_VARS });
    const kind = { link: { $role: 'media_url' }, id: { $role: 'media_id' }, caption: { $role: 'caption' }, filename: FILE_NAME };
    expect(media.spec.body).toMatchObject({ type: { $role: 'mediatype' }, $mediatype: kind });
    const names = EXAMPLE_NAMES.map((n) => `"${n}"`).join(', ');
    const used = 'this used "image-by-url": choose another with --example NAME';
    expect(media.warnings).toContain(`The document gives 6 examples here (${names}); ${used}`);
  });

  it('the by-id example, when chosen, teaches the same: its id is a sample', () => {
    const media = learn(META, SEND, 'messages.media', { vars: META_VARS, example: 'image-by-id' });
    expect(media.spec.body).toMatchObject({ $mediatype: { id: { $role: 'media_id' }, link: { $role: 'media_url' } } });
    expect(JSON.stringify(media.spec.body)).not.toContain('9988776655443322');
  });

  it('the window reads the examples to offer from the same sentence, and points at its picker', () => {
    const { warnings } = learn(META, SEND, 'messages.media', { vars: META_VARS });
    expect(openValuesOf(warnings).examples).toEqual(EXAMPLE_NAMES);
    expect(warnings.map(forWindow).join('\n')).toMatch(/this used "image-by-url": choose another under “Example”/);
    expect(openValuesOf(learn(TWILIO, TWILIO_SEND, 'messages.text', { vars: TWILIO_VARS }).warnings)).not.toHaveProperty('examples');
  });

  it('an example the document does not have is refused, naming those it has', () => {
    expect(() => learn(META, SEND, 'messages.media', { example: 'video-by-url' })).toThrow(SpecError);
    const refused = /no example "video-by-url"; its examples: "text-message", .*"template-message"/;
    expect(() => learn(META, SEND, 'messages.media', { example: 'video-by-url' })).toThrow(refused);
  });

  it('a template is learned from the template object: name, language code and the body parameters', () => {
    const template = learn(META, SEND, 'messages.template', { vars: META_VARS });
    const learned = { name: { $role: 'template_name' }, language: { code: { $role: 'template_language' } } };
    expect(template.spec.body).toMatchObject({ type: 'template', template: learned });
    expect(JSON.stringify(template.spec.body)).toContain('"$role":"template_param"');
    expect(JSON.stringify(template.spec.body)).not.toContain('policy');
  });
});

describe('a Twilio-shaped document', () => {
  it("a text carries To, Body and the person's sender only; the recipient goes in the sender's channel", () => {
    const text = learn(TWILIO, TWILIO_SEND, 'messages.text', { vars: TWILIO_VARS, user: SANDBOX_ACCOUNT_SID });
    expect(text.spec.body).toEqual({ To: WHATSAPP_TO, From: 'whatsapp:+14155238886', Body: { $role: 'text' } });
    const left = 'MediaUrl, StatusCallback, ApplicationSid, PersistentAction, Tags, ContentSid, ContentVariables';
    expect(text.warnings.join('\n')).toContain(`sample values of optional fields (${left})`);
  });

  it("without a sender given, the document's sample sender is left out and named", () => {
    const text = learn(TWILIO, TWILIO_SEND, 'messages.text', { vars: { AccountSid: SANDBOX_ACCOUNT_SID }, user: SANDBOX_ACCOUNT_SID });
    expect(text.spec.body).toEqual({ To: { $role: 'number', prefix: '+' }, Body: { $role: 'text' } });
    expect(text.warnings.join('\n')).toMatch(/optional fields \(From, MediaUrl/);
  });

  it('media keeps MediaUrl and Body (its caption), not the samples', () => {
    const media = learn(TWILIO, TWILIO_SEND, 'messages.media', { vars: TWILIO_VARS, user: SANDBOX_ACCOUNT_SID });
    const from = 'whatsapp:+14155238886';
    expect(media.spec.body).toEqual({ To: WHATSAPP_TO, From: from, Body: { $role: 'caption' }, MediaUrl: { $role: 'media' } });
  });
});

describe.skipIf(!hasKeychain)('learned from the documents, sent to the sandbox', () => {
  const cores: TestCore[] = [];
  let meta: RunningSandbox;
  let twilio: RunningSandbox;
  let t: TestCore;
  let metaProfile: string;
  let twilioProfile: string;

  beforeAll(async () => {
    meta = await openSandbox({ dialect: 'meta', rate: 1000, burst: 1000 });
    twilio = await openSandbox({ dialect: 'twilio', rate: 1000, burst: 1000 });
    t = await openTestCore('spec-samples');
    cores.push(t);
    const add = (sandbox: RunningSandbox, name: string) =>
      addProfileWithKey(t.core, { name, baseUrl: sandbox.baseUrl }, { name: 'key', value: sandbox.adminKey });
    ({ profileId: metaProfile } = await add(meta, 'meta'));
    ({ profileId: twilioProfile } = await add(twilio, 'twilio'));
  });
  afterAll(async () => {
    for (const core of cores) await core.cleanup();
    await closeSandboxes();
  });

  type Spec = typeof META;
  async function teach(profileId: string, spec: Spec, id: string, operation: DescribedOperation, options: SpecProposeOptions) {
    const profile = await t.core.profiles.get(profileId);
    await t.core.api.save(profileId, operation, learn(spec, id, operation, { ...options, profileBaseUrl: profile.baseUrl }).spec);
  }
  const lastPost = (sandbox: RunningSandbox) =>
    sandbox
      .requests()
      .filter((r) => r.method === 'POST')
      .at(-1)!;

  it('Meta: a text, a document and a template are accepted, with nothing the documents only sampled', async () => {
    await teach(metaProfile, META, SEND, 'messages.text', { vars: META_VARS });
    await teach(metaProfile, META, SEND, 'messages.media', { vars: META_VARS });
    await teach(metaProfile, META, SEND, 'messages.template', { vars: META_VARS });
    const text = await sendText(t.core.messages, { number: '+15550002222', text: 'From the document' }, { profileId: metaProfile });
    expect(text.status).toBe('sent');
    const json = { to: '15550002222', text: { body: 'From the document' } };
    expect(lastPost(meta)).toMatchObject({ path: `/v23.0/${PHONE_NUMBER_ID}/messages`, json });
    expect(lastPost(meta).json).not.toHaveProperty('context');
    const url = 'https://files.example.org/q3-report.pdf';
    const input = { number: '+15550002222', mediatype: 'document' as const, source: { kind: 'url' as const, url } };
    const doc = await sendMedia(t.core.messages, input, { profileId: metaProfile });
    expect(doc.status).toBe('sent');
    expect(lastPost(meta).json).toMatchObject({ type: 'document', document: { link: url, filename: 'q3-report.pdf' } });
    const hello = { number: '+15550002222', name: 'hello_world', language: 'en_US', params: [] };
    const template = await sendTemplate(t.core.messages, hello, { profileId: metaProfile });
    expect(template.status).toBe('sent');
    expect(lastPost(meta).json).toMatchObject({ type: 'template', template: { name: 'hello_world', language: { code: 'en_US' } } });
  });

  it("Meta: the phone number's GET is the Check key request the key test uses", async () => {
    await teach(metaProfile, META, 'GET /{Version}/{Phone-Number-ID}', 'keys.check', { vars: META_VARS });
    const [key] = await t.core.keys.list(metaProfile);
    expect((await t.core.keys.checkKey(key!.id)).outcome).toBe('valid');
  });

  it("Twilio: a WhatsApp text from the person's sender, no sample fields", async () => {
    await teach(twilioProfile, TWILIO, TWILIO_SEND, 'messages.text', { vars: TWILIO_VARS, user: SANDBOX_ACCOUNT_SID });
    const sent = await sendText(t.core.messages, { number: '+55 11 98765-4321', text: 'From the document' }, { profileId: twilioProfile });
    expect(sent.status).toBe('sent');
    expect(lastPost(twilio).json).toEqual({ To: 'whatsapp:+5511987654321', From: 'whatsapp:+14155238886', Body: 'From the document' });
  });
});
