// Reading the CA file a person names: its certificates, or one sentence naming the file and
// what is wrong with it.
import { X509Certificate } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';
import { beforeAll, describe, expect, it } from 'vitest';
import { CA_FILE_MAX_BYTES, readCaFile } from '../../../../src-main/core/http/network/ca-file';
import { caught } from '../../helpers/secret-scan';
import { tempDir } from '../../helpers/temp-dir';
import { TEST_CERT } from './support/self-signed';

const OTHER_ROOT = rootCertificates[0]!;
let dir: string;
beforeAll(async () => {
  dir = await tempDir('crm-ca-file-');
});

async function file(name: string, content: string | Buffer): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

describe('readCaFile', () => {
  it('reads every certificate of a PEM file, whatever else it holds and however its lines end', async () => {
    const text = `# company roots\r\n${TEST_CERT.replace(/\n/g, '\r\n')}\r\nsome note\n${OTHER_ROOT}\n`;
    const read = await readCaFile(await file('bundle.pem', text));
    expect(read.certificates).toHaveLength(2);
    expect(new X509Certificate(read.certificates[0]!).fingerprint256).toBe(new X509Certificate(TEST_CERT).fingerprint256);
    expect(read.size).toBe(Buffer.byteLength(text));
  });

  it('refuses, with the reason: no file, a folder, a relative path', async () => {
    const missing = join(dir, 'missing.pem');
    expect(await caught(() => readCaFile(missing))).toMatchObject({ code: 'validation', message: `There is no file at ${missing}.` });
    const folder = join(dir, 'folder.pem');
    await mkdir(folder);
    expect(await caught(() => readCaFile(folder))).toMatchObject({ code: 'validation', message: `${folder} is not a file.` });
    expect(await caught(() => readCaFile('company.pem'))).toMatchObject({
      code: 'validation',
      message: expect.stringContaining('full path'),
    });
  });

  it('refuses a file without a PEM certificate, and says when it is a binary (DER) one', async () => {
    const empty = await file('empty.pem', '');
    expect(await caught(() => readCaFile(empty))).toMatchObject({
      code: 'validation',
      message: `${empty} holds no PEM certificate (a block starting with -----BEGIN CERTIFICATE-----).`,
    });
    const key = await file('key.pem', '-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----\n');
    expect(await caught(() => readCaFile(key))).toMatchObject({ message: expect.stringContaining('holds no PEM certificate') });
    const der = await file('company.cer', new X509Certificate(TEST_CERT).raw);
    expect(await caught(() => readCaFile(der))).toMatchObject({
      code: 'validation',
      message: expect.stringContaining('is a binary (DER) certificate; save it as PEM'),
    });
  });

  it('names a damaged certificate by its place in the file', async () => {
    const damaged = TEST_CERT.replace(/\n[A-Za-z0-9+/]{20}/, '\n!!!!');
    const path = await file('damaged.pem', `${OTHER_ROOT}\n${damaged}`);
    expect(await caught(() => readCaFile(path))).toMatchObject({
      code: 'validation',
      message: `Certificate 2 of 2 in ${path} is damaged and cannot be read.`,
    });
  });

  it('refuses a file larger than a bundle of certificates can be, without reading it all', async () => {
    const path = await file('huge.pem', Buffer.alloc(CA_FILE_MAX_BYTES + 1, 0x41));
    expect(await caught(() => readCaFile(path))).toMatchObject({
      code: 'validation',
      message: `${path} is larger than 1 MB, too large for a file of certificates.`,
    });
  });
});
