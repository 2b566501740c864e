// app:first-rows: the window's report that its first contact rows are painted becomes one line in
// main's log (what the packaged smoke test waits for); a malformed report is refused as data.
import { describe, expect, it } from 'vitest';
import { createAppHandlers } from '../../../src-main/ipc/app-handlers';
import { createDispatcher } from '../../../src-main/ipc/dispatcher';
import type { Handlers } from '../../../src-main/ipc/handler-types';

function dispatchLogging() {
  const lines: string[] = [];
  const handlers = createAppHandlers(
    {} as never,
    {} as never,
    () => ({}) as never,
    undefined,
    undefined,
    undefined,
    (m) => lines.push(m),
  );
  return { lines, dispatch: createDispatcher(handlers as unknown as Handlers) };
}

describe('app:first-rows', () => {
  it('writes the number of painted rows to the log', async () => {
    const { lines, dispatch } = dispatchLogging();
    expect(await dispatch('app:first-rows', { rows: 20 })).toEqual({ ok: true, value: null });
    expect(lines).toEqual(['first contact rows shown (20)']);
  });

  it('refuses a report without rows, with extra fields or a silly count, and logs nothing', async () => {
    const { lines, dispatch } = dispatchLogging();
    for (const payload of [{}, { rows: 0 }, { rows: 1.5 }, { rows: '3' }, { rows: 3, extra: 1 }, { rows: 1_000_000 }]) {
      expect(await dispatch('app:first-rows', payload)).toMatchObject({ ok: false, error: { code: 'validation' } });
    }
    expect(lines).toEqual([]);
  });

  it('without a log (a harness that keeps none) the report is still answered', async () => {
    const handlers = createAppHandlers({} as never, {} as never, () => ({}) as never, undefined);
    expect(await handlers['app:first-rows']({ rows: 1 })).toBeNull();
  });
});
