// The native-module reader against real binaries of each OS that npm installs here: napi-rs
// builds of one package for Linux, macOS (universal) and Windows, libsql's N-API module, and
// better-sqlite3's build for one Node ABI. On Linux the ELF reading is compared with `nm -D`.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NAPI_SYMBOL, nativeModuleProblems, readNativeBinary } from '../../../scripts/native-binary.mjs';

const EXTRACT_ZIP = join('node_modules', '@electron-internal', 'extract-zip');
const read = (path: string) => readFileSync(path);
const napiRs = (target: string) => read(join(EXTRACT_ZIP, `index.${target}.node`));

describe('readNativeBinary', () => {
  it.each([
    ['linux-x64-gnu', 'elf', ['x64']],
    ['linux-arm64-gnu', 'elf', ['arm64']],
    ['linux-arm-gnueabihf', 'elf', ['armv7l']],
    ['linux-ia32-gnu', 'elf', ['ia32']],
    ['darwin-universal', 'macho', ['x64', 'arm64']],
    ['win32-x64-msvc', 'pe', ['x64']],
    ['win32-arm64-msvc', 'pe', ['arm64']],
  ])('%s: format, architecture and the N-API export', (target, format, archs) => {
    const info = readNativeBinary(napiRs(target));
    expect(info).toMatchObject({ format, archs });
    expect(info.exports).toContain(NAPI_SYMBOL);
  });

  it('lists the same defined dynamic symbols as nm -D', () => {
    const file = join('node_modules', '@libsql', 'linux-x64-gnu', 'index.node');
    const nm = spawnSync('nm', ['-D', '--defined-only', file], { encoding: 'utf8' });
    if (nm.status !== 0) return; // no binutils here: the other cases still cover the reader
    const fromNm = nm.stdout
      .split('\n')
      .map((l) => l.trim().split(/\s+/))
      .filter((p) => p.length === 3 && /[TDBVWRiu]/.test(p[1]!))
      .map((p) => p[2]!.replace(/@.*$/, ''));
    expect(readNativeBinary(read(file)).exports.sort()).toEqual([...new Set(fromNm)].sort());
  });

  it('refuses a file that is no binary', () => {
    expect(() => readNativeBinary(Buffer.from('#!/bin/sh\necho hi\n'))).toThrow(/not an ELF, Mach-O or PE/);
  });
});

describe('nativeModuleProblems', () => {
  it('passes an N-API module of the expected architecture', () => {
    expect(nativeModuleProblems(read(join('node_modules', '@libsql', 'linux-x64-gnu', 'index.node')), 'x64')).toEqual([]);
    expect(nativeModuleProblems(napiRs('darwin-universal'), 'arm64')).toEqual([]);
  });

  it('names the architecture a module was built for when it is another', () => {
    expect(nativeModuleProblems(napiRs('win32-arm64-msvc'), 'x64')).toEqual(['is built for arm64, not x64']);
  });

  it('names the one ABI a module that is not N-API was built for', () => {
    const built = join('node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
    let buf: Buffer;
    try {
      buf = read(built);
    } catch {
      return; // better-sqlite3 is not built in this checkout
    }
    expect(nativeModuleProblems(buf, 'x64')).toEqual([
      expect.stringMatching(
        /^is not N-API \(no napi_register_module_v1; it exports node_register_module_v\d+, for one Node\/Electron ABI only\)$/,
      ),
    ]);
  });

  it('says when the bytes are not a module at all', () => {
    expect(nativeModuleProblems(Buffer.from('text'), 'x64')).toEqual(['cannot be read as a native module: not an ELF, Mach-O or PE file']);
  });
});
