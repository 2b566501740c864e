// The kind a chosen file is sent as: the kind picked when the file fits it, else a document.
import { describe, expect, it } from 'vitest';
import { mediaKindForFile, stagingPurpose } from '../../../src-renderer/features/send/fields';

describe('mediaKindForFile', () => {
  it.each([
    ['image', 'image', 'image/png', 'image'],
    ['image', 'document', 'image/heic', 'document'],
    ['video', 'document', 'video/mp4', 'video'],
    ['video', 'image', 'image/png', 'document'],
    ['sticker', 'image', 'image/webp', 'sticker'],
    ['sticker', 'image', 'image/png', 'document'],
    ['document', 'image', 'image/png', 'document'],
  ] as const)('picked %s, a %s file of %s: sent as %s', (picked, category, mimetype, expected) => {
    expect(mediaKindForFile(picked, category, mimetype)).toBe(expected);
  });

  it('holds a dropped file to the limit of the kind it will be sent as', () => {
    expect(stagingPurpose('media', 'video', 'video/mp4')).toBe('video');
    expect(stagingPurpose('media', 'sticker', 'image/webp')).toBe('sticker');
    expect(stagingPurpose('media', 'image', 'application/pdf')).toBe('document');
    expect(stagingPurpose('audio', 'image', 'audio/ogg')).toBe('audio');
  });
});
