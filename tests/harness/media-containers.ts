// The containers of the media both suites generate (tests/main and tests/e2e): a PNG around
// pixels the fixture makes (the sandbox's PNG writer, which makes its sample picture too), and a
// WAV of a tone. No binary fixtures in the repo.
export { pngFile } from '../../src-main/sandbox/events/png-file';

/** A mono 16-bit PCM WAV: `samples` of a 440 Hz tone at `rate`, peaking at `amplitude`. */
export function toneWav(samples: number, rate: number, amplitude: number): Buffer {
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i += 1) data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * amplitude), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
