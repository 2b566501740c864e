// Writes an Ogg (RFC 3533) stream of one logical bitstream: header packets on pages of their
// own, then audio packets packed several to a page.

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let crc = i << 24;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
    table[i] = crc >>> 0;
  }
  return table;
})();

/** Ogg's CRC-32: polynomial 0x04C11DB7, not reflected, init 0, no final xor (not zlib's). */
export function oggCrc32(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) ^ (CRC_TABLE[((crc >>> 24) ^ byte) & 0xff] ?? 0)) >>> 0;
  return crc;
}

const FLAG_CONTINUED = 0x01;
const FLAG_BOS = 0x02;
const FLAG_EOS = 0x04;
const MAX_SEGMENTS = 255;
/** the granule of a page on which no packet ends */
const NO_GRANULE = -1n;

interface Page {
  flags: number;
  granule: bigint;
  lacing: number[];
  chunks: Uint8Array[];
}

export interface OggPacket {
  data: Uint8Array;
  /** granule position at the end of this packet */
  granule: bigint;
}

export class OggWriter {
  private readonly pages: Page[] = [];
  private current: Page | null = null;
  private currentSamples = 0n;
  private pageStartGranule = 0n;

  /**
   * @param serial the logical stream's serial number
   * @param granulesPerPage an audio page is closed once it spans at least this many granules
   */
  constructor(
    private readonly serial: number,
    private readonly granulesPerPage = 48_000n,
  ) {}

  /** a header packet on a page of its own (the first one with the BOS flag) */
  addHeaderPacket(data: Uint8Array): void {
    this.flush();
    const flags = this.pages.length === 0 ? FLAG_BOS : 0;
    this.addPacket({ data, granule: 0n }, flags);
    this.flush();
  }

  addAudioPacket(packet: OggPacket): void {
    this.addPacket(packet, 0);
    if (this.current && packet.granule - this.pageStartGranule >= this.granulesPerPage) this.flush();
  }

  /** the whole stream; the last page carries EOS */
  finish(): Uint8Array {
    this.flush();
    const last = this.pages[this.pages.length - 1];
    if (last) last.flags |= FLAG_EOS;
    const out = this.pages.map((page, sequence) => this.serialise(page, sequence));
    const total = out.reduce((sum, page) => sum + page.length, 0);
    const bytes = new Uint8Array(total);
    let offset = 0;
    for (const page of out) {
      bytes.set(page, offset);
      offset += page.length;
    }
    return bytes;
  }

  private addPacket(packet: OggPacket, flags: number): void {
    // lacing: as many 255s as fit, then the remainder (0 when the length is a multiple of 255)
    let offset = 0;
    for (;;) {
      const page = this.page(flags);
      const take = Math.min(255, packet.data.length - offset);
      page.lacing.push(take);
      page.chunks.push(packet.data.subarray(offset, offset + take));
      offset += take;
      const ends = take < 255;
      if (ends) page.granule = packet.granule;
      if (page.lacing.length === MAX_SEGMENTS) {
        this.flush();
        // the rest of this packet continues on the next page
        if (!ends) this.page(flags & ~FLAG_BOS).flags |= FLAG_CONTINUED;
      }
      if (ends) {
        this.currentSamples = packet.granule;
        return;
      }
    }
  }

  private page(flags: number): Page {
    if (!this.current) {
      this.current = { flags, granule: NO_GRANULE, lacing: [], chunks: [] };
      this.pageStartGranule = this.currentSamples;
    }
    return this.current;
  }

  private flush(): void {
    if (this.current && this.current.lacing.length > 0) this.pages.push(this.current);
    this.current = null;
  }

  private serialise(page: Page, sequence: number): Uint8Array {
    const dataLength = page.chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    const headerLength = 27 + page.lacing.length;
    const bytes = new Uint8Array(headerLength + dataLength);
    const view = new DataView(bytes.buffer);
    bytes.set([0x4f, 0x67, 0x67, 0x53], 0); // OggS
    bytes[4] = 0; // version
    bytes[5] = page.flags;
    view.setBigInt64(6, page.granule, true);
    view.setUint32(14, this.serial >>> 0, true);
    view.setUint32(18, sequence, true);
    // CRC (22..25) is computed with the field zeroed
    bytes[26] = page.lacing.length;
    bytes.set(page.lacing, 27);
    let offset = headerLength;
    for (const chunk of page.chunks) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
    view.setUint32(22, oggCrc32(bytes), true);
    return bytes;
  }
}
