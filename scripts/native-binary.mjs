// What a native module (.node) is, read from its own bytes: its format (ELF, Mach-O, PE), the
// architecture(s) it was built for, and the symbols it exports. Plain JavaScript, so one check of
// the packaged app (check-artifacts.mjs) works alike on Linux, macOS and Windows runners and is
// tested here on real Linux, macOS and Windows binaries (tests/main/scripts/native-binary.test.ts),
// instead of three tools (nm -D, nm -gU, dumpbin) that each exist on one OS only.
//
// Electron loads a .node only if it is N-API (it exports napi_register_module_v1) or was built
// for Electron's own ABI; only the first is the same file for Node and every Electron.

/** the symbol that makes a module N-API; node_register_module_v<ABI> is the per-ABI kind */
export const NAPI_SYMBOL = 'napi_register_module_v1';

const ELF_MACHINES = { 0x03: 'ia32', 0x28: 'armv7l', 0x3e: 'x64', 0xb7: 'arm64' };
const MACHO_CPUS = { 0x01000007: 'x64', 0x0100000c: 'arm64', 0x00000007: 'ia32', 0x0000000c: 'armv7l' };
const PE_MACHINES = { 0x014c: 'ia32', 0x8664: 'x64', 0xaa64: 'arm64', 0x01c4: 'armv7l' };

/**
 * @param {Buffer} buf the whole file
 * @returns {{ format: 'elf' | 'macho' | 'pe', archs: string[], exports: string[] }}
 * @throws when the bytes are none of these formats, or their tables are cut short
 */
export function readNativeBinary(buf) {
  if (buf.length >= 4 && buf.readUInt32BE(0) === 0x7f454c46) return readElf(buf);
  if (buf.length >= 4 && buf.readUInt32BE(0) === 0xcafebabe) return readFatMachO(buf);
  if (buf.length >= 4 && [0xfeedfacf, 0xfeedface].includes(buf.readUInt32LE(0))) return readMachO(buf, 0);
  if (buf.length >= 64 && buf.toString('latin1', 0, 2) === 'MZ') return readPe(buf);
  throw new Error('not an ELF, Mach-O or PE file');
}

/** the same, named as a verdict for one packaged module: N-API and of the expected architecture */
export function nativeModuleProblems(buf, expectedArch) {
  let info;
  try {
    info = readNativeBinary(buf);
  } catch (err) {
    return [`cannot be read as a native module: ${err instanceof Error ? err.message : String(err)}`];
  }
  const problems = [];
  if (!info.exports.includes(NAPI_SYMBOL)) {
    const abi = info.exports.find((name) => /^node_register_module_v\d+$/.test(name));
    problems.push(`is not N-API (no ${NAPI_SYMBOL}${abi ? `; it exports ${abi}, for one Node/Electron ABI only` : ''})`);
  }
  if (!info.archs.includes(expectedArch))
    problems.push(`is built for ${info.archs.join(' + ') || 'an unknown architecture'}, not ${expectedArch}`);
  return problems;
}

// ---- ELF: e_machine, and the defined symbols of .dynsym (what `nm -D --defined-only` lists)
function readElf(buf) {
  const is64 = buf[4] === 2;
  const le = buf[5] === 1;
  const u16 = (o) => (le ? buf.readUInt16LE(o) : buf.readUInt16BE(o));
  const u32 = (o) => (le ? buf.readUInt32LE(o) : buf.readUInt32BE(o));
  const addr = (o) => (is64 ? Number(le ? buf.readBigUInt64LE(o) : buf.readBigUInt64BE(o)) : u32(o));
  const machine = u16(18);
  const shoff = addr(is64 ? 0x28 : 0x20);
  const shentsize = u16(is64 ? 0x3a : 0x2e);
  const shnum = u16(is64 ? 0x3c : 0x30);
  const section = (i) => {
    const at = shoff + i * shentsize;
    return {
      type: u32(at + 4),
      offset: addr(at + (is64 ? 0x18 : 0x10)),
      size: addr(at + (is64 ? 0x20 : 0x14)),
      link: u32(at + (is64 ? 0x28 : 0x18)),
      entsize: addr(at + (is64 ? 0x38 : 0x24)),
    };
  };
  const SHT_DYNSYM = 11;
  const exports = [];
  for (let i = 0; i < shnum; i++) {
    const sym = section(i);
    if (sym.type !== SHT_DYNSYM) continue;
    const strtab = section(sym.link);
    const size = sym.entsize || (is64 ? 24 : 16);
    for (let at = sym.offset + size; at + size <= sym.offset + sym.size; at += size) {
      const name = u32(at);
      const shndx = is64 ? u16(at + 6) : u16(at + 14);
      const bind = (is64 ? buf[at + 4] : buf[at + 12]) >> 4;
      // defined (not SHN_UNDEF) and visible to the loader (GLOBAL or WEAK)
      if (shndx !== 0 && (bind === 1 || bind === 2)) exports.push(cString(buf, strtab.offset + name));
    }
  }
  return { format: 'elf', archs: [ELF_MACHINES[machine] ?? `e_machine 0x${machine.toString(16)}`], exports };
}

// ---- Mach-O: cputype, and the external defined symbols (what `nm -gU` lists, without the _)
function readFatMachO(buf) {
  const count = buf.readUInt32BE(4);
  const archs = [];
  const exports = new Set();
  for (let i = 0; i < count; i++) {
    const at = 8 + i * 20;
    const slice = readMachO(buf, buf.readUInt32BE(at + 8));
    archs.push(...slice.archs);
    // N-API must hold for every slice: a symbol counts only when each slice exports it
    if (i === 0) slice.exports.forEach((s) => exports.add(s));
    else for (const s of [...exports]) if (!slice.exports.includes(s)) exports.delete(s);
  }
  return { format: 'macho', archs, exports: [...exports] };
}

function readMachO(buf, base) {
  const is64 = buf.readUInt32LE(base) === 0xfeedfacf;
  const cpu = buf.readUInt32LE(base + 4);
  const ncmds = buf.readUInt32LE(base + 16);
  const LC_SYMTAB = 0x2;
  const LC_DYLD_INFO_ONLY = 0x80000022;
  const LC_DYLD_EXPORTS_TRIE = 0x80000033;
  const names = new Set();
  let at = base + (is64 ? 32 : 28);
  for (let i = 0; i < ncmds; i++) {
    const cmd = buf.readUInt32LE(at);
    const size = buf.readUInt32LE(at + 4);
    if (cmd === LC_SYMTAB) {
      const symoff = base + buf.readUInt32LE(at + 8);
      const nsyms = buf.readUInt32LE(at + 12);
      const stroff = base + buf.readUInt32LE(at + 16);
      const entry = is64 ? 16 : 12;
      for (let s = 0; s < nsyms; s++) {
        const e = symoff + s * entry;
        const type = buf[e + 4];
        // N_EXT and N_SECT, not a debugging (N_STAB) entry
        if ((type & 0xe0) === 0 && type & 0x01 && (type & 0x0e) === 0x0e) names.add(cString(buf, stroff + buf.readUInt32LE(e)));
      }
    }
    if (cmd === LC_DYLD_EXPORTS_TRIE) exportTrie(buf, base + buf.readUInt32LE(at + 8), buf.readUInt32LE(at + 12), names);
    if (cmd === LC_DYLD_INFO_ONLY && buf.readUInt32LE(at + 44) > 0)
      exportTrie(buf, base + buf.readUInt32LE(at + 40), buf.readUInt32LE(at + 44), names);
    at += size;
  }
  const exports = [...names].map((n) => (n.startsWith('_') ? n.slice(1) : n));
  return { format: 'macho', archs: [MACHO_CPUS[cpu] ?? `cputype 0x${cpu.toString(16)}`], exports };
}

/** every name in a dyld export trie (a prefix tree of the exported symbols) */
function exportTrie(buf, start, size, names) {
  const uleb = (pos) => {
    let value = 0;
    let shift = 0;
    let byte;
    do {
      byte = buf[pos++];
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return [value, pos];
  };
  const walk = (offset, prefix, depth) => {
    if (offset >= size || depth > 128) return;
    let [infoSize, pos] = uleb(start + offset);
    if (infoSize > 0) names.add(prefix);
    pos += infoSize;
    const children = buf[pos++];
    for (let c = 0; c < children; c++) {
      const end = buf.indexOf(0, pos);
      const label = buf.toString('utf8', pos, end);
      const [child, next] = uleb(end + 1);
      pos = next;
      walk(child, prefix + label, depth + 1);
    }
  };
  walk(0, '', 0);
}

// ---- PE: COFF machine, and the names of the export directory (what `dumpbin /exports` lists)
function readPe(buf) {
  const pe = buf.readUInt32LE(0x3c);
  if (buf.readUInt32LE(pe) !== 0x00004550) throw new Error('MZ file without a PE header');
  const machine = buf.readUInt16LE(pe + 4);
  const nsections = buf.readUInt16LE(pe + 6);
  const optSize = buf.readUInt16LE(pe + 20);
  const opt = pe + 24;
  const plus = buf.readUInt16LE(opt) === 0x20b;
  const exportRva = buf.readUInt32LE(opt + (plus ? 112 : 96));
  const sections = [];
  for (let i = 0; i < nsections; i++) {
    const s = opt + optSize + i * 40;
    sections.push({
      va: buf.readUInt32LE(s + 12),
      vsize: buf.readUInt32LE(s + 8),
      raw: buf.readUInt32LE(s + 20),
      rawSize: buf.readUInt32LE(s + 16),
    });
  }
  const fileOffset = (rva) => {
    const s = sections.find((x) => rva >= x.va && rva < x.va + Math.max(x.vsize, x.rawSize));
    if (!s) throw new Error(`PE address 0x${rva.toString(16)} is in no section`);
    return rva - s.va + s.raw;
  };
  const exports = [];
  if (exportRva !== 0) {
    const dir = fileOffset(exportRva);
    const count = buf.readUInt32LE(dir + 24);
    const namesAt = fileOffset(buf.readUInt32LE(dir + 32));
    for (let i = 0; i < count; i++) exports.push(cString(buf, fileOffset(buf.readUInt32LE(namesAt + i * 4))));
  }
  return { format: 'pe', archs: [PE_MACHINES[machine] ?? `machine 0x${machine.toString(16)}`], exports };
}

function cString(buf, at) {
  const end = buf.indexOf(0, at);
  return buf.toString('utf8', at, end < 0 ? buf.length : end);
}
