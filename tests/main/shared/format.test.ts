// The size wording main's problems and the window's hints share (src-main/shared/format.ts and
// file-size-problem.ts): one function, so both sides say a size the same way.
import { describe, expect, it } from 'vitest';
import { fileSizeProblem, tooLargeMessage } from '../../../src-main/shared/file-size-problem';
import { formatBytes } from '../../../src-main/shared/format';
import { LIMITS, MIB, byteLimitFor, charCount } from '../../../src-main/shared/limits';

describe('formatBytes', () => {
  it('says bytes below 1 KB, with "byte" for one', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(1023)).toBe('1023 bytes');
  });

  it('uses binary units with at most one decimal, up to GB', () => {
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(Math.round(6.2 * MIB))).toBe('6.2 MB');
    expect(formatBytes(5 * MIB)).toBe('5 MB');
    expect(formatBytes(3 * 1024 * MIB)).toBe('3 GB');
  });

  it('moves to the next unit when rounding reaches 1024 of one', () => {
    expect(formatBytes(MIB - 1)).toBe('1 MB');
    expect(formatBytes(1024 * MIB - 1)).toBe('1 GB');
    expect(formatBytes(MIB - 60 * 1024)).toBe('964 KB');
  });
});

describe('tooLargeMessage', () => {
  it('names the file, its size and the limit of its purpose', () => {
    expect(tooLargeMessage('photo.png', Math.round(6.2 * MIB), 'image')).toBe('photo.png is 6.2 MB; images are limited to 5 MB');
    expect(tooLargeMessage('long.ogg', 17 * MIB, 'audio')).toBe('long.ogg is 17 MB; voice notes are limited to 16 MB');
    expect(tooLargeMessage('big.pdf', 200 * MIB, 'document')).toBe('big.pdf is 200 MB; documents are limited to 100 MB');
  });

  it('gives exact bytes when rounding would show the size equal to the limit', () => {
    expect(tooLargeMessage('over.png', 5 * MIB + 1, 'image')).toBe('over.png is 5242881 bytes; images are limited to 5 MB (5242880 bytes)');
  });

  it('holds a file to the limits it is given (the window uses the ones main reported)', () => {
    const limits = {
      imageBytes: MIB,
      documentBytes: 2 * MIB,
      videoBytes: 2 * MIB,
      stickerBytes: 2 * MIB,
      audioBytes: 3 * MIB,
      textChars: 10,
      captionChars: 5,
    };
    expect(fileSizeProblem('note.webm', 4 * MIB, 'audio', limits)).toBe('note.webm is 4 MB; voice notes are limited to 3 MB');
    expect(fileSizeProblem('note.webm', 3 * MIB, 'audio', limits)).toBeNull();
    expect(fileSizeProblem('scan.pdf', 3 * MIB, 'document', limits)).toBe('scan.pdf is 3 MB; documents are limited to 2 MB');
  });
});

describe('limits', () => {
  it('maps each purpose to its byte limit', () => {
    expect(byteLimitFor('image')).toBe(LIMITS.imageBytes);
    expect(byteLimitFor('document')).toBe(LIMITS.documentBytes);
    expect(byteLimitFor('audio')).toBe(LIMITS.audioBytes);
  });

  it('counts code points, so an emoji or a CJK character is one', () => {
    expect(charCount('')).toBe(0);
    expect(charCount('abc')).toBe(3);
    expect(charCount('🎉🎉')).toBe(2);
    expect(charCount('漢字')).toBe(2);
    expect(charCount('🎉'.repeat(LIMITS.textChars))).toBe(LIMITS.textChars);
  });
});
