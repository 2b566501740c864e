// Reading an API document from a file or an http(s) URL: the one effect of the spec import.
// A URL is https, or plain http to this computer (spec-url.ts). Both are capped at MAX_SPEC_BYTES
// before anything is parsed; a URL is fetched the way the app's other requests go (the
// environment's proxy, the OS trust store), with one timeout for the whole read, no key sent and
// no redirect followed (the answer names where to look).
import { open } from 'node:fs/promises';
import { dispatcherFor, environmentRoute } from '../../http/network/dispatcher-cache';
import type { NetworkRoute } from '../../http/network/dispatcher-cache';
import { requestUrl } from '../../http/undici';
import { SpecError } from './spec-error';
import { MAX_SPEC_BYTES } from './spec-read';
import { checkedSpecUrl } from './spec-url';

const FETCH_TIMEOUT_MS = 20_000;

export interface SpecText {
  text: string;
  /** the URL it was fetched from, for relative server URLs; undefined for a file */
  url?: string;
}

export function isSpecUrl(source: string): boolean {
  return /^https?:\/\//i.test(source.trim());
}

export async function readSpecSource(source: string, options: { timeoutMs?: number; route?: NetworkRoute } = {}): Promise<SpecText> {
  return isSpecUrl(source)
    ? fetchSpec(source.trim(), options.timeoutMs ?? FETCH_TIMEOUT_MS, options.route ?? environmentRoute())
    : { text: await readSpecFile(source) };
}

async function readSpecFile(path: string): Promise<string> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new SpecError(
      code === 'ENOENT' ? `There is no file ${path.slice(0, 200)}` : `The file ${path.slice(0, 200)} cannot be read (${code ?? 'error'})`,
    );
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new SpecError(`${path.slice(0, 200)} is not a file`);
    if (stat.size > MAX_SPEC_BYTES) throw new SpecError(tooLarge());
    // read one byte more than allowed: a file that grew since stat is still refused
    const buffer = Buffer.alloc(MAX_SPEC_BYTES + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    if (bytesRead > MAX_SPEC_BYTES) throw new SpecError(tooLarge());
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

async function fetchSpec(source: string, timeoutMs: number, route: NetworkRoute): Promise<SpecText> {
  // before anything is resolved or connected: plain http goes nowhere but this computer
  const url = checkedSpecUrl(source);
  const dispatcher = await dispatcherFor(url.origin, route, {
    connectTimeoutMs: timeoutMs,
    headersTimeoutMs: timeoutMs,
    bodyTimeoutMs: timeoutMs,
  });
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const res = await requestUrl(dispatcher, url, {
      method: 'GET',
      signal,
      headers: { accept: 'application/json, application/yaml, text/yaml, */*;q=0.5' },
    });
    if (res.statusCode >= 300) {
      await res.body.dump();
      const where =
        res.statusCode < 400 && typeof res.headers.location === 'string'
          ? `; it points at ${res.headers.location.slice(0, 200)}: fetch that address instead`
          : '';
      throw new SpecError(`${url.origin}${url.pathname.slice(0, 120)} answered HTTP ${res.statusCode}${where}`);
    }
    const declared = Number(res.headers['content-length']);
    if (Number.isFinite(declared) && declared > MAX_SPEC_BYTES) {
      await res.body.dump();
      throw new SpecError(tooLarge());
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      size += (chunk as Buffer).length;
      if (size > MAX_SPEC_BYTES) {
        res.body.destroy();
        throw new SpecError(tooLarge());
      }
      chunks.push(chunk as Buffer);
    }
    return { text: Buffer.concat(chunks).toString('utf8'), url: url.href };
  } catch (err) {
    if (err instanceof SpecError) throw err;
    const reason = signal.aborted
      ? `no complete answer within ${Math.round(timeoutMs / 1000)} s`
      : err instanceof Error
        ? err.message.slice(0, 160)
        : 'unreachable';
    throw new SpecError(`The document at ${url.origin}${url.pathname.slice(0, 120)} could not be fetched: ${reason}`);
  } finally {
    void dispatcher.destroy().catch(() => undefined);
  }
}

function tooLarge(): string {
  return `The document is larger than ${MAX_SPEC_BYTES / 1024 / 1024} MiB; this app reads API documents up to that size`;
}
