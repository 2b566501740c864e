// A learned description is compiled once per revision of the profile, and a revision saved by
// another connection to crm.db (as another process saves it) is what the next send is built from.
// The compiled form is kept per description object (compiled-spec.ts); the profile's document
// hands out the same frozen objects until the database says another connection committed.
import { afterEach, describe, expect, it } from 'vitest';
import { parseCurl } from '../../../../src-main/core/api/curl/curl-parse';
import { proposeOperation } from '../../../../src-main/core/api/propose';
import type { OperationSpec, Template } from '../../../../src-main/core/api/types';
import { createCore, type Core } from '../../../../src-main/core/create-core';
import { MemorySecretStore } from '../../../../src-main/core/secrets/memory-store';
import { compiledSpec } from '../../../../src-main/core/request/compiled-spec';
import { buildRequest } from '../../../../src-main/core/request/request-builder';
import { playgroundTabs } from '../../../../src-main/sandbox/index';
import { tempDir } from '../../helpers/temp-dir';

const BASE = 'http://127.0.0.1:4010';
const send = { op: 'messages.text' as const, input: { number: '+55 11 99999-0000', text: 'hello' }, idempotencyKey: 'k-1' };

/** Send Text as the desk dialect's playground teaches it */
function learnedText(): OperationSpec {
  const tab = playgroundTabs('desk', BASE).find((t) => t.id === 'text')!;
  return proposeOperation(parseCurl(tab.curl), 'messages.text', { profileBaseUrl: BASE }).spec;
}

const cores: Core[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
});

async function twoConnections(): Promise<[Core, Core]> {
  const dataDir = await tempDir('crm-compiled-');
  for (let i = 0; i < 2; i += 1) cores.push(await createCore({ dataDir, secretStore: new MemorySecretStore(), outbox: false }));
  return [cores[0]!, cores[1]!];
}

async function textSpecOf(core: Core, profileId: string): Promise<OperationSpec> {
  return (await core.profiles.get(profileId)).api!.operations['messages.text']!;
}

async function bodyOf(core: Core, profileId: string): Promise<string> {
  const request = await buildRequest(send, await core.profiles.get(profileId));
  return request.body?.kind === 'json' ? request.body.text : '';
}

describe('a learned description, compiled once per revision', () => {
  it('is compiled once while the profile is unchanged: every send reuses it', async () => {
    const [window] = await twoConnections();
    const { id } = await window.profiles.create({ name: 'desk', baseUrl: BASE });
    await window.api.save(id, 'messages.text', learnedText());
    const first = await textSpecOf(window, id);
    await bodyOf(window, id);
    expect(await textSpecOf(window, id)).toBe(first);
    expect(compiledSpec(await textSpecOf(window, id))).toBe(compiledSpec(first));
  });

  it('is compiled again when another connection saves a new revision, and the next send carries it', async () => {
    const [window, terminal] = await twoConnections();
    const { id } = await window.profiles.create({ name: 'desk', baseUrl: BASE });
    const learned = learnedText();
    await window.api.save(id, 'messages.text', learned);
    expect(JSON.parse(await bodyOf(window, id))).toEqual({ chatId: '5511999990000@c.us', message: 'hello' });
    const before = compiledSpec(await textSpecOf(window, id));

    // `crm` (another connection to the same crm.db) renames the text's field
    const body = learned.body as Record<string, Template>;
    const { message, ...rest } = body;
    await terminal.api.save(id, 'messages.text', { ...learned, body: { ...rest, text: message! } });

    expect(JSON.parse(await bodyOf(window, id))).toEqual({ chatId: '5511999990000@c.us', text: 'hello' });
    expect(compiledSpec(await textSpecOf(window, id))).not.toBe(before);
  });
});
