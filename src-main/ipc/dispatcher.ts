// The single entry point every host calls (Electron's ipcMain, the Chromium host's page binding,
// the e2e harness): unknown channels and bad payloads become validation errors, every payload is
// parsed with its zod schema before a handler runs, and nothing thrown crosses the boundary.
import { CrmError, toErrorInfo } from '../core/errors';
import type { ErrorInfo, Result } from '../core/model';
import type { InvokeChannel } from './contract';
import type { Handlers } from './handler-types';
import { payloadSchemas } from './schemas';

function zodMessage(issues: readonly { path: readonly PropertyKey[]; message: string }[]): ErrorInfo {
  const details = issues.slice(0, 10).map((i) => ({ field: i.path.map(String).join('.') || '(payload)', message: i.message }));
  return { code: 'validation', message: `Invalid request: ${details.map((d) => `${d.field}: ${d.message}`).join('; ')}`, details };
}

export type Dispatch = (channel: string, payload: unknown) => Promise<Result<unknown>>;

export function createDispatcher(handlers: Handlers, onInternalError: (channel: string, err: unknown) => void = () => {}): Dispatch {
  return async (channel, payload) => {
    if (!Object.hasOwn(payloadSchemas, channel)) {
      return { ok: false, error: { code: 'validation', message: `Unknown channel: ${String(channel).slice(0, 60)}` } };
    }
    const c = channel as InvokeChannel;
    const parsed = payloadSchemas[c].safeParse(payload ?? {});
    if (!parsed.success) return { ok: false, error: zodMessage(parsed.error.issues) };
    try {
      const handler = handlers[c] as (p: unknown) => Promise<unknown>;
      return { ok: true, value: await handler(parsed.data) };
    } catch (err) {
      if (!(err instanceof CrmError)) onInternalError(c, err);
      return { ok: false, error: toErrorInfo(err) };
    }
  };
}
