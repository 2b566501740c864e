// What the cURL parser tests ask of a parse: the message a refused command gets, and a header's
// value by name as curl compares names (case-insensitively).
import { expect } from 'vitest';
import { CurlParseError, parseCurl, type ParsedCurl } from '../../../../src-main/core/api/curl/curl-parse';

export const URL_ = 'https://api.example.com/v1/messages';

export function errorOf(text: string): string {
  try {
    parseCurl(text);
  } catch (error) {
    expect(error).toBeInstanceOf(CurlParseError);
    return (error as Error).message;
  }
  throw new Error(`expected a CurlParseError for: ${text.slice(0, 80)}`);
}

export function header(parsed: ParsedCurl, name: string): string | undefined {
  return parsed.headers.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;
}
