// crm profiles api file-origins, spawned against a data folder the window's core shares: a Meta
// profile whose service keeps received files on a second origin (the sandbox's meta dialect with
// mediaHost: the same server as localhost while the profile uses 127.0.0.1). The refused file's
// reason, as `crm conversation` prints it, names the origin and the command; --add lists it and
// downloads the refused file in that process; the bearer reached the file's origin only then;
// malformed origins are refused before anything is opened; --remove stops it; the second step of
// Meta's download imported as download needs --yes. Run inside the keyring harness (npm test).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src-main/core/create-core';
import { playgroundTabs, type RunningSandbox } from '../../../src-main/sandbox/index';
import { metaContactFile } from '../helpers/meta-contact';
import { keychainAvailable, openSandbox, tempDir, uniqueKeychainService } from '../helpers/index';
import { runInProcess, spawnCli } from './cli-harness';
import { closeShopFolder } from './shop-folder';

const available = await keychainAvailable();
const NUMBER = '5511977776666';
const ATTACHMENTS = '/whatsapp_business/attachments/';

describe.skipIf(!available)('crm profiles api file-origins', () => {
  let sandbox: RunningSandbox;
  let env: Record<string, string>;
  let window: Core;
  let profileId: string;
  let fileOrigin: string;
  let seq = 0;

  /** the window's listener stores a photo the contact sent, by media id; its core tries the download */
  async function photoArrives(): Promise<string> {
    const id = `wamid.cli${Date.now()}${(seq += 1)}`;
    window.conversations.receive(profileId, metaContactFile({ seq, id, number: NUMBER }, 'image', 'the receipt'));
    await window.inboundMedia.idle();
    return id;
  }

  const keyedTo = (host: string): string[] =>
    sandbox
      .requests()
      .filter((r) => r.headers.host === host && r.headers.authorization === `Bearer ${sandbox.adminKey}`)
      .map((r) => r.path);

  beforeAll(async () => {
    sandbox = await openSandbox({ dialect: 'meta', rate: 1000, burst: 1000 });
    sandbox.configureEvents({ mediaHost: 'localhost' });
    fileOrigin = `http://localhost:${sandbox.port}`;
    env = { CRM_DATA_DIR: await tempDir('crm-cli-file-origins-'), CRM_KEYCHAIN_SERVICE: uniqueKeychainService('cli-file-origins') };
    const added = await runInProcess(['profiles', 'add', '--name', 'Meta shop', '--url', sandbox.baseUrl, '--json'], { env });
    profileId = (JSON.parse(added.stdout) as { profile: { id: string } }).profile.id;
    expect((await runInProcess(['keys', 'add', '--name', 'ops'], { env, input: sandbox.adminKey })).code).toBe(0);
    const lookup = playgroundTabs('meta', sandbox.baseUrl).find((t) => t.id === 'download')!;
    const taught = await runInProcess(['profiles', 'import-curl', '--operation', 'download'], { env, input: lookup.curl });
    expect(taught.code, taught.stderr).toBe(0);
    window = await createCore({
      dataDir: env.CRM_DATA_DIR!,
      keychainService: env.CRM_KEYCHAIN_SERVICE,
      outbox: false,
      inboundMedia: { retryDelaysMs: [0] },
    });
  });

  afterAll(() => closeShopFolder(window));

  it('the refused file says where and how to allow it; --add lists the origin and downloads it; --remove stops it', async () => {
    const id = await photoArrives();
    const shown = await spawnCli(['conversation', NUMBER], { env });
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain(
      `(file not downloaded: The service keeps the file at ${fileOrigin}, not on its own origin (${sandbox.baseUrl})`,
    );
    expect(shown.stdout).toContain(`crm profiles api file-origins --profile 'Meta shop' --add ${fileOrigin})`);
    expect(keyedTo(`localhost:${sandbox.port}`)).toEqual([]);

    const none = await spawnCli(['profiles', 'api', 'file-origins'], { env });
    expect(none.code, none.stderr).toBe(0);
    expect(none.stdout).toContain(
      `Profile "Meta shop": the key goes with a received file's download only to the service's own origin, ${sandbox.baseUrl}.`,
    );

    const add = await spawnCli(['profiles', 'api', 'file-origins', '--profile', 'Meta shop', '--add', fileOrigin], {
      env,
      timeoutMs: 30_000,
    });
    expect(add.code, add.stderr).toBe(0);
    expect(add.stdout).toContain(`The key of "Meta shop" now also goes to ${fileOrigin}, for received files only.`);
    expect(add.stdout).toContain('1 received file that was refused for it was downloaded again: 1 kept.');
    expect(add.stdout).toContain(`  ${fileOrigin}`);
    // the other process's download shows in the window, and the bearer went there for the file only
    expect((await window.conversations.thread({ profileId, number: NUMBER })).items.find((i) => i.messageId === id)?.media).toMatchObject({
      show: 'preview',
      download: { state: 'stored' },
    });
    expect(keyedTo(`localhost:${sandbox.port}`)).toEqual([ATTACHMENTS]);
    expect((await spawnCli(['conversation', NUMBER], { env })).stdout).toContain('(file kept, ');

    const listed = await spawnCli(['profiles', 'api', 'file-origins', '--json'], { env });
    expect(JSON.parse(listed.stdout)).toEqual({
      profileId,
      profileName: 'Meta shop',
      serviceOrigin: sandbox.baseUrl,
      described: true,
      origins: [fileOrigin],
    });
    expect((await spawnCli(['profiles', 'show', 'Meta shop'], { env })).stdout).toContain(
      `files  also from ${fileOrigin} (the key goes there for files only)`,
    );

    const again = await runInProcess(['profiles', 'api', 'file-origins', '--add', `${fileOrigin}/`], { env });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(`${fileOrigin} was listed already.`);

    const removed = await spawnCli(['profiles', 'api', 'file-origins', '--remove', fileOrigin, '--json'], { env });
    expect(removed.code, removed.stderr).toBe(0);
    expect(JSON.parse(removed.stdout)).toMatchObject({ action: 'remove', origin: fileOrigin, changed: true, origins: [] });
    const before = keyedTo(`localhost:${sandbox.port}`).length;
    const next = await photoArrives();
    expect((await window.conversations.thread({ profileId, number: NUMBER })).items.find((i) => i.messageId === next)?.media).toMatchObject(
      { show: 'none', download: { state: 'failed', refusedOrigin: fileOrigin } },
    );
    expect(keyedTo(`localhost:${sandbox.port}`)).toHaveLength(before);
  });

  it.each([
    ['not an origin', 'lookaside', /--add: "lookaside" is not an origin such as https:\/\/lookaside\.fbsbx\.com/],
    [
      'a path',
      'https://lookaside.fbsbx.com/whatsapp_business/attachments/',
      /--add: An origin has no path, query or fragment: give https:\/\/lookaside\.fbsbx\.com alone/,
    ],
    ['a query', 'https://lookaside.fbsbx.com?mid=1', /no path, query or fragment/],
    [
      'plain http to another computer',
      'http://lookaside.fbsbx.com',
      /--add: Plain http is only for this computer .*use https:\/\/lookaside\.fbsbx\.com/,
    ],
    ['a wildcard', 'https://*.fbsbx.com', /no wildcards/],
    ['a user name', 'https://lookaside.fbsbx.com@evil.test', /user name or password/],
  ])('refuses %s (exit 2) and changes nothing', async (_what, origin, message) => {
    const run = await runInProcess(['profiles', 'api', 'file-origins', '--add', origin], { env });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect((await window.api.fileOrigins(profileId)).origins).toEqual([]);
  });

  it('refuses the service own origin, --add with --remove, and a part other than file-origins', async () => {
    const own = await runInProcess(['profiles', 'api', 'file-origins', '--add', sandbox.baseUrl], { env });
    expect(own.code).toBe(1);
    expect(own.stderr).toContain("is this profile's own origin");
    expect(
      (await runInProcess(['profiles', 'api', 'file-origins', '--add', fileOrigin, '--remove', fileOrigin], { env })).stderr,
    ).toContain('give --add or --remove, not both');
    expect((await runInProcess(['profiles', 'api', 'origins'], { env })).code).toBe(2);
  });

  it("the second step of Meta's download imported as download is not saved: it needs --yes, which lists its origin", async () => {
    const id = await photoArrives();
    const step = `curl '${fileOrigin}${ATTACHMENTS}?mid=9123456789012345&ext=1700000000&hash=ATt0' -H 'Authorization: Bearer EAAGexampleToken'`;
    const refused = await spawnCli(['profiles', 'import-curl', '--operation', 'download'], { env, input: step });
    expect(refused.code).toBe(2);
    expect(refused.stdout).toContain('second step of a download');
    // no mapping of the address as an operation, and no offer to move the profile there
    expect(refused.stdout).not.toContain('GET /whatsapp_business');
    expect(refused.stdout).not.toContain('crm profiles edit');
    expect(refused.stdout).toContain(
      `Not saved. To let the key of "Meta shop" go to ${fileOrigin} for received files (and nothing else), run the same command with --yes`,
    );
    expect(refused.stderr).toContain('--yes lets the key go there for received files');
    expect((await window.api.fileOrigins(profileId)).origins).toEqual([]);

    const yes = await spawnCli(['profiles', 'import-curl', '--operation', 'download', '--yes'], { env, input: step, timeoutMs: 30_000 });
    expect(yes.code, yes.stderr).toBe(0);
    expect(yes.stdout).toContain(
      `The key of "Meta shop" now also goes to ${fileOrigin}, for received files only; Download media itself is unchanged.`,
    );
    expect((await window.api.fileOrigins(profileId)).origins).toEqual([fileOrigin]);
    // the lookup the profile learned stays the lookup; the refused files came
    const spec = (await window.api.describe(profileId)).operations.find((o) => o.operation === 'media.download')!.spec;
    expect(spec.path).toBe('/v23.0/{media_id}');
    expect(
      (await window.conversations.thread({ profileId, number: NUMBER })).items.find((i) => i.messageId === id)?.media?.download?.state,
    ).toBe('stored');
    expect([...sandbox.requests()].every((r) => !JSON.stringify(r.headers).includes('EAAGexampleToken'))).toBe(true);
  });
});
