// The API editor names each role in the words of the send panels: the type of a media URL is
// its "File type" there, so the role is not called by the field name "mimetype" here.
import { describe, expect, it } from 'vitest';
import { ROLE_LABELS } from '../../../src-main/shared/api-roles';

describe('role labels', () => {
  it('say "file type", the send panels’ words, for the mimetype role', () => {
    expect(ROLE_LABELS.mimetype).toBe('file type');
    expect(Object.values(ROLE_LABELS).filter((l) => /mime/i.test(l))).toEqual([]);
  });
});
