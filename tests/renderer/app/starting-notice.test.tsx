// The window opens before main has built the app behind it: while app:info has no answer the
// window says it is starting (after a moment, so a quick start shows nothing), and stops saying
// so once main answers.
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppInfo, Result } from '../../../src-renderer/lib/api';
import { useAppStore } from '../../../src-renderer/app/app-store';
import { Notices } from '../../../src-renderer/app/notices';
import { STARTING_NOTICE_AFTER_MS } from '../../../src-renderer/app/starting-notice';
import { deferred, flush, installFakeCrm, ok } from '../helpers/fake-crm';
import { appInfoRecord } from '../helpers/records';
import { render, type Rendered } from '../helpers/render';

const appInfo = (): AppInfo => appInfoRecord({ host: 'electron' });

let view: Rendered | undefined;
const starting = () => view!.container.querySelector('[data-testid="app-starting"]');

beforeEach(() => {
  vi.useFakeTimers();
  useAppStore.setState({ info: null, infoError: null, notices: [] });
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.useRealTimers();
});

describe('while main is starting', () => {
  it('says so after a moment, and stops once app:info answers', async () => {
    const answer = deferred<Result<AppInfo>>();
    installFakeCrm({ 'app:info': () => answer.promise });
    view = render(<Notices />);
    void useAppStore.getState().loadInfo();
    expect(starting()).toBeNull();
    act(() => vi.advanceTimersByTime(STARTING_NOTICE_AFTER_MS));
    expect(starting()?.textContent).toContain('Starting CRM Console');
    expect(starting()?.getAttribute('role')).toBe('status');
    await act(async () => {
      answer.resolve(ok(appInfo()));
      await flush();
    });
    expect(starting()).toBeNull();
  });

  it('a quick start shows nothing', async () => {
    installFakeCrm({ 'app:info': () => ok(appInfo()) });
    view = render(<Notices />);
    await act(async () => {
      await useAppStore.getState().loadInfo();
    });
    act(() => vi.advanceTimersByTime(STARTING_NOTICE_AFTER_MS * 2));
    expect(starting()).toBeNull();
  });
});
