// The profiles document and its one writer: named changes over a real crm.db, two connections
// (two processes) in turn keeping each other's changes, and no other source file editing it.
import { describe, expect, it } from 'vitest';
import type { OperationSpec } from '../../../../src-main/shared/api-description';
import { ProfilesDocument } from '../../../../src-main/core/profiles/profiles-document';
import { documentInTwoProcesses, itIsTheStoresOnlyWriter } from '../../helpers/document-processes';
import { profileRow } from '../../helpers/meta-rows';

const profile = profileRow;

const twoProcesses = (): Promise<[ProfilesDocument, ProfilesDocument]> =>
  documentInTwoProcesses('crm-profiles-doc-', (stores) => new ProfilesDocument(stores.profiles));

describe('the profiles document', () => {
  itIsTheStoresOnlyWriter('profiles', /\bmeta\s*\.profiles\s*\.update\(/);

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
