// Remembered column widths are read back checked: a damaged or foreign value in the window's
// storage is ignored, and a width out of range is brought back into it.
import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_COLUMN_PX, MIN_COLUMN_PX, readWidths } from '../../../src-renderer/ui/column-widths';

const KEY = 'crm-console.column-widths.log-table';

beforeEach(() => window.localStorage.clear());

describe('readWidths', () => {
  it('reads the widths a table was given', () => {
    window.localStorage.setItem(KEY, JSON.stringify({ Path: 320, Status: 80 }));
    expect(readWidths('log-table')).toEqual({ Path: 320, Status: 80 });
    expect(readWidths('keys-table')).toEqual({});
  });

  it('ignores a value that is not JSON, an array, or widths that are not numbers (bad input)', () => {
    window.localStorage.setItem(KEY, '{not json');
    expect(readWidths('log-table')).toEqual({});
    window.localStorage.setItem(KEY, '[1,2]');
    expect(readWidths('log-table')).toEqual({});
    window.localStorage.setItem(KEY, JSON.stringify({ Path: '320px', Status: null, Time: 90 }));
    expect(readWidths('log-table')).toEqual({ Time: 90 });
  });

  it('brings a width too narrow or too wide (bad input) back into range', () => {
    window.localStorage.setItem(KEY, JSON.stringify({ Path: 2, Status: 99_999 }));
    expect(readWidths('log-table')).toEqual({ Path: MIN_COLUMN_PX, Status: MAX_COLUMN_PX });
  });
});
