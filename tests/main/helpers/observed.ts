// What a test file's calls returned or threw, kept so that one scan at the end (findSecrets)
// can prove no key value ever came back in a result or an error.
import { expect } from 'vitest';
import { CrmError } from '../../../src-main/core/errors';
import { caught } from './secret-scan';

export interface Observed {
  /** every value and error seen so far */
  readonly values: unknown[];
  /** awaits `promise`, keeping what it resolves or rejects with */
  see<T>(promise: Promise<T>): Promise<T>;
  /** awaits a call that must fail with a CrmError, keeping the error */
  failure(promise: Promise<unknown>): Promise<CrmError>;
}

export function observe(): Observed {
  const values: unknown[] = [];
  const see = async <T>(promise: Promise<T>): Promise<T> => {
    try {
      const value = await promise;
      values.push(value);
      return value;
    } catch (err) {
      values.push(err);
      throw err;
    }
  };
  const failure = async (promise: Promise<unknown>): Promise<CrmError> => {
    const err = await caught(() => see(promise));
    expect(err).toBeInstanceOf(CrmError);
    return err as CrmError;
  };
  return { values, see, failure };
}
