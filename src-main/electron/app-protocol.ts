// The app:// scheme in Electron: declared before 'ready' (Electron accepts privileged schemes
// only then), answered after it. Every answer is decided in app-shell/app-scheme.ts; this file
// only hands Electron the result.
import { protocol } from 'electron';
import { answerAppRequest, APP_SCHEME } from '../app-shell/app-scheme';

/**
 * standard: the page has a real origin, so 'self' in the CSP and relative URLs mean app://crm-console;
 * secure: a secure context (the microphone for voice notes needs one); supportFetchAPI: the page's
 * own files can be fetched; codeCache: V8 keeps the compiled scripts between launches.
 */
export function declareAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

/** `root`: the built window's folder; `csp`: sent with every page */
export function serveAppScheme(root: string, csp: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const answer = await answerAppRequest({ url: request.url, method: request.method }, { root, csp });
    // a copy on a plain ArrayBuffer: what the fetch types take as a body (Node's Buffer may sit on a shared one)
    const body = answer.body === null ? null : new Uint8Array(answer.body);
    return new Response(body, { status: answer.status, headers: answer.headers });
  });
}
