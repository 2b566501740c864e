// Vitest setup file for tests/main: removes the temp dirs a test file made once it is done.
// (Vitest ends its workers without a normal process 'exit', so the exit hook alone leaks them.)
import { afterAll } from 'vitest';
import { removeTempDirs } from './temp-dir';

afterAll(async () => {
  await removeTempDirs();
});
