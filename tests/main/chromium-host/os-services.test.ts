// The Chromium host's file dialog and clipboard are looked up when used, not once at start: a
// person told "install zenity" who installs it finds the dialog on the next click, no restart.
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { osCommands } from '../../../src-main/chromium-host/os-commands';
import { createOsServices } from '../../../src-main/chromium-host/os-services';

let dir = '';
const path = process.env.PATH;
afterEach(async () => {
  process.env.PATH = path;
  if (dir !== '') await rm(dir, { recursive: true, force: true });
});

describe('the file dialog of the Chromium host', () => {
  it.skipIf(process.platform === 'win32')(
    'says what to install while zenity is missing, and uses it once it is installed, without a restart',
    async () => {
      dir = await mkdtemp(join(tmpdir(), 'crm-os-services-'));
      process.env.PATH = `${dir}${delimiter}${path ?? ''}`;
      const has = (program: string): boolean => existsSync(join(dir, program));
      const services = createOsServices(
        () => osCommands('linux', { DISPLAY: ':0' }, has),
        async () => false,
      );
      await expect(services.pickFile('image')).rejects.toMatchObject({
        code: 'validation',
        message: expect.stringContaining('install zenity or kdialog'),
      });

      await writeFile(join(dir, 'zenity'), '#!/bin/sh\necho /home/ana/photo.png\n');
      await chmod(join(dir, 'zenity'), 0o755);
      await expect(services.pickFile('image')).resolves.toBe('/home/ana/photo.png');
    },
  );
});
