// The profiles document and its one writer: named changes over a real crm.db, two connections
// (two processes) in turn keeping each other's changes, and no other source file editing it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMetaStores } from '../../../../src-main/core/meta/stores';
import type { Profile } from '../../../../src-main/core/model';
import type { OperationSpec } from '../../../../src-main/shared/api-description';
import { ProfilesDocument } from '../../../../src-main/core/profiles/profiles-document';
import { openDatabase } from '../../../../src-main/core/store/database';
import { tempDir } from '../../helpers/temp-dir';

function profile(n: number): Profile {
  return {
    id: `p_${n}`,
    name: `n${n}`,
    baseUrl: 'http://127.0.0.1',
    endpointOverrides: {},
    api: null,
    activeKeyId: null,
    sandbox: false,
    allowInsecureHttp: false,
    createdAt: 'x',
  };
}

async function twoProcesses(): Promise<[ProfilesDocument, ProfilesDocument]> {
  const dir = await tempDir('crm-profiles-doc-');
  return [
    new ProfilesDocument(createMetaStores(openDatabase(dir)).profiles),
    new ProfilesDocument(createMetaStores(openDatabase(dir)).profiles),
  ];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the profiles document', () => {
  it('is changed only by profiles-document.ts: no other source file calls update on the profiles store', () => {
    const root = join(__dirname, '../../../../src-main');
    const writers = sourceFiles(root).filter((file) => /\bmeta\s*\.profiles\s*\.update\(/.test(readFileSync(file, 'utf8')));
    expect(writers.map((file) => relative(root, file))).toEqual([]);
  });

  it('adds profiles from two processes in turn, the first one active, and a refusal writes nothing', async () => {
    const [app, cli] = await twoProcesses();
    await app.addProfile(profile(1), () => {});
    await cli.addProfile(profile(2), () => {});
    await expect(
      app.addProfile(profile(3), (profiles) => {
        if (profiles.length >= 2) throw new Error('enough');
      }),
    ).rejects.toThrow('enough');
    const doc = await cli.read();
    expect(doc.profiles.map((p) => p.id)).toEqual(['p_1', 'p_2']);
    expect(doc.activeProfileId).toBe('p_1');
  });

  it("keeps the window's choice apart from the terminal's, and drops both with the profile", async () => {
    const [app, cli] = await twoProcesses();
    await app.addProfile(profile(1), () => {});
    await app.addProfile(profile(2), () => {});
    await app.choose('p_2', 'window');
    expect(await cli.read()).toMatchObject({ activeProfileId: 'p_1', windowProfileId: 'p_2' });
    await cli.removeProfile('p_2');
    const after = await app.read();
    expect([after.activeProfileId, after.windowProfileId ?? null]).toEqual(['p_1', null]);
    await expect(app.choose('p_9', 'terminal')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('writes an operation of the description and drops its old path override; listing facts add to it', async () => {
    const [app, cli] = await twoProcesses();
    await app.addProfile({ ...profile(1), endpointOverrides: { 'contacts.list': '/old', 'messages.text': '/kept' } }, () => {});
    const spec: OperationSpec = { method: 'GET', path: '/contacts', query: [], headers: [], body: null };
    await app.writeApi('p_1', (api) => ({ ...api, operations: { ...api.operations, 'contacts.list': spec } }), 'contacts.list', true);
    expect((await cli.read()).profiles[0]!.endpointOverrides).toEqual({ 'messages.text': '/kept' });
    expect(await cli.recordListingFacts('p_1', { searchIgnored: true })).toBe(true);
    expect(await app.recordListingFacts('p_9', { searchIgnored: true })).toBe(false);
    expect((await app.read()).profiles[0]!.api?.operations['contacts.list']).toMatchObject({ listing: { searchIgnored: true } });
  });
});
