// A key sent as HTTP Basic (a profile taught by a `curl -u ACCOUNT:KEY` example) travels as
// base64(ACCOUNT:KEY), which holds no run of the key's own characters. A hostile server echoes
// that Authorization value, and its base64 alone, whole, split in two, with JSON escapes and
// percent-encoded, in its body and its headers, for a 2xx and for an error. Neither `crm ... --json`
// (the real process) nor any row of the data folder's crm.db may hold the key or that base64.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leakedRuns, tempDir } from '../helpers/index';
import { storedRows } from '../helpers/stored-rows';
import { startHttpServer, type LocalServer } from '../core/http/support/local-server';
import { forgetListedKeys, spawnCli, type CliRun } from './cli-harness';
import { fileKeychain } from '../helpers/keychain';

const { available, service, store } = await fileKeychain('cli-basic-echo');

const ACCOUNT = 'AC0123456789abcdef0123456789abcdef';
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz~?';
/**
 * a key whose base64 in the credential holds a `/` (so `\/` escapes it) and a `+`: in the base64
 * of ASCII text only a `?` or a `~` in the third place of a 3-byte group gives them
 */
function keyValue(): string {
  for (;;) {
    const key = `sk_live_${[...randomBytes(40)].map((b) => ALPHABET[b % ALPHABET.length]).join('')}`;
    const payload = Buffer.from(`${ACCOUNT}:${key}`).toString('base64');
    if (payload.includes('/') && payload.includes('+')) return key;
  }
}
const KEY = keyValue();
const PAYLOAD = Buffer.from(`${ACCOUNT}:${KEY}`).toString('base64');
/** the part of the payload made of the key's bytes alone (after the group that holds the `:`) */
const KEY_PART = PAYLOAD.slice(Math.ceil((ACCOUNT.length + 1) / 3) * 4);
const NUMBER = '5511999990000';

/** every spelling of `text` the server writes into a JSON body (as raw JSON member values) */
function spellings(text: string): string[] {
  const half = Math.floor(text.length / 2);
  return [
    JSON.stringify(text),
    JSON.stringify(text).replace(/\//g, '\\/'),
    `"${[...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"`,
    JSON.stringify(encodeURIComponent(text)),
    JSON.stringify(text.slice(0, half)),
    JSON.stringify(text.slice(half)),
  ];
}

function echoBody(auth: string, base: Record<string, string>): string {
  const members = Object.entries(base).map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`);
  spellings(auth).forEach((s, i) => members.push(`"auth_${i}":${s}`));
  spellings(auth.replace(/^Basic /, '')).forEach((s, i) => members.push(`"payload_${i}":${s}`));
  return `{${members.join(',')}}`;
}

let server: LocalServer;
let env: Record<string, string>;
/** the status the server answers a send with */
let sendStatus = 201;

const crm = (argv: string[], input?: string): Promise<CliRun> => spawnCli(argv, { env, ...(input === undefined ? {} : { input }) });

function leaks(text: string): string[] {
  return [...(text.includes(PAYLOAD) ? ['the whole base64'] : []), ...leakedRuns(text, KEY), ...leakedRuns(text, KEY_PART)];
}

describe.skipIf(!available)('a server echoing an HTTP Basic credential', () => {
  beforeAll(async () => {
    server = await startHttpServer((req, res) => {
      const auth = req.headers.authorization ?? '';
      const headers = { 'Content-Type': 'application/json', 'X-Echo': auth, 'X-Payload': auth.replace(/^Basic /, '') };
      if (req.method === 'GET') {
        res.writeHead(200, headers).end(`{"data":[${echoBody(auth, { id: 'c_1', name: 'Ada', number: NUMBER })}]}`);
        return;
      }
      if (sendStatus < 300)
        res.writeHead(sendStatus, headers).end(echoBody(auth, { id: 'm_1', type: 'text', number: NUMBER, status: 'queued' }));
      else res.writeHead(sendStatus, headers).end(`{"error":${echoBody(auth, { code: 'bad_request', message: `refused ${auth}` })}}`);
    });
    env = { CRM_DATA_DIR: await tempDir('crm-cli-basic-echo-'), CRM_KEYCHAIN_SERVICE: service };
    expect((await crm(['profiles', 'add', '--name', 'basic', '--url', server.url])).code).toBe(0);
    const contacts = await crm(
      ['profiles', 'import-curl', '--operation', 'contacts'],
      `curl -u '${ACCOUNT}:${KEY}' "${server.url}/v1/contacts?page=1&per_page=50"`,
    );
    expect(contacts.code, contacts.stderr).toBe(0);
    const text = await crm(
      ['profiles', 'import-curl', '--operation', 'text'],
      `curl -X POST ${server.url}/v1/messages -u '${ACCOUNT}:${KEY}' -H 'Content-Type: application/json' -d '{"number":"${NUMBER}","text":"hi"}'`,
    );
    expect(text.code, text.stderr).toBe(0);
    const added = await crm(['keys', 'add', '--name', 'main'], `${KEY}\n`);
    expect(added.code, added.stderr).toBe(0);
  });

  afterAll(async () => {
    await forgetListedKeys(() => crm(['keys', 'list', '--json']), store);
    await server?.close();
  });

  it('leaves neither the key nor its base64 in --json output or in any row of crm.db', async () => {
    const runs: CliRun[] = [];
    runs.push(await crm(['contacts', '--json']));
    sendStatus = 201;
    runs.push(await crm(['send', 'text', '--to', NUMBER, '--text', 'hello', '--json']));
    sendStatus = 422;
    runs.push(await crm(['send', 'text', '--to', NUMBER, '--text', 'hello again', '--json']));
    // the server was sent the Basic credential, and echoed it
    expect(server.received.filter((r) => r.headers.authorization === `Basic ${PAYLOAD}`)).toHaveLength(3);
    expect(runs.map((r) => r.code)).toEqual([0, 0, 1]);
    expect(runs[0]!.stdout).toContain('Ada');
    for (const run of runs) expect(leaks(`${run.stdout}\n${run.stderr}`), run.stdout).toEqual([]);

    const logged = storedRows(env.CRM_DATA_DIR!, 'request_log');
    expect(logged.length).toBeGreaterThanOrEqual(3);
    // the echoes are there, cut: the rows hold the server's answers
    expect(JSON.stringify(logged)).toContain('payload_0');
    for (const table of ['request_log', 'sent_messages', 'profiles', 'saved_keys', 'settings'] as const) {
      expect(leaks(JSON.stringify(storedRows(env.CRM_DATA_DIR!, table))), table).toEqual([]);
    }
  });
});
