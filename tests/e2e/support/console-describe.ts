// A describe block on one console for all its tests, run in order: how most specs start.
import { test } from '@playwright/test';
import type { ConsoleHarness } from './app-harness';
import { sharedConsole, type LaunchOptions } from './fixtures';

type SharedConsoleBody = (ctx: { readonly h: ConsoleHarness }) => void;

/**
 * A describe block whose tests share one console (sharedConsole). Each test starts from where the
 * one before left that console, so they run in order and a failure skips the rest (serial mode)
 * rather than letting later tests fail for a reason that is not theirs.
 */
export function describeOnOneConsole(title: string, body: SharedConsoleBody): void;
export function describeOnOneConsole(title: string, options: LaunchOptions, body: SharedConsoleBody): void;
export function describeOnOneConsole(title: string, ...args: [SharedConsoleBody] | [LaunchOptions, SharedConsoleBody]): void {
  const [options, body] = args.length === 1 ? [{}, args[0]] : args;
  test.describe(title, () => {
    test.describe.configure({ mode: 'serial' });
    body(sharedConsole(options));
  });
}
