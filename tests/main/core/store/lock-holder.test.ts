// Naming the process that holds crm.db's write lock from /proc/locks' text, and showing its
// command line without anything a person typed as a value.
import { describe, expect, it } from 'vitest';
import { programOf, writeLockPid } from '../../../../src-main/core/store/lock-holder';

const LOCKS = [
  '1: POSIX  ADVISORY  READ 11378 fe:00:2263722 124 124',
  '2: POSIX  ADVISORY  WRITE 11378 fe:00:99 120 120',
  '3: POSIX  ADVISORY  WRITE 11398 fe:00:2263718 120 120',
  '3: -> POSIX  ADVISORY  WRITE 11400 fe:00:2263718 120 120',
  '4: POSIX  ADVISORY  READ 11398 fe:00:2263718 123 123',
].join('\n');

describe('the write lock holder', () => {
  it('is the pid with a write lock over the WAL write byte of that very -shm file', () => {
    expect(writeLockPid(LOCKS, 2263718, 'fe:00', 1)).toBe(11398);
    expect(writeLockPid(LOCKS, 2263718, '08:01', 1)).toBeNull();
    expect(writeLockPid(LOCKS, 2263722, 'fe:00', 1)).toBeNull();
    // never this process itself
    expect(writeLockPid(LOCKS, 2263718, 'fe:00', 11398)).toBeNull();
  });

  it('is shown as its program and command words, never the values after them', () => {
    expect(programOf(['/usr/bin/node', '/work/app/bin/crm.mjs', 'profiles', 'add', '--name', 'x'])).toBe('node crm.mjs profiles add');
    expect(programOf(['node', '--import', 'tsx', '/t/write-lock-holder.ts', '/tmp/crm.db'])).toBe('node write-lock-holder.ts');
    expect(programOf(['sqlite3', '/home/me/crm.db'])).toBe('sqlite3');
    expect(programOf(['/usr/bin/node', '/x/crm.mjs', 'keys', 'add', 'sk_live_abcdefgh'])).toBe('node crm.mjs keys add');
    expect(programOf([])).toBeNull();
  });
});
