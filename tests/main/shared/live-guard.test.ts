// The live-profile guard's pure decisions: when to ask, what is suggested live, what is said.
import { describe, expect, it } from 'vitest';
import { liveConfirmQuestion, liveSendLine, needsLiveConfirm, suggestsLive } from '../../../src-main/shared/live-guard';

describe('needsLiveConfirm', () => {
  it.each([
    ['nothing sent yet, then a live profile', null, { live: true }, true],
    ['the sandbox, then a live profile', { live: false }, { live: true }, true],
    ['a profile from before live existed, then a live one', {}, { live: true }, true],
    ['a live profile, then a live one', { live: true }, { live: true }, false],
    ['a live profile, then the sandbox', { live: true }, { live: false }, false],
    ['nothing sent yet, then the sandbox', null, { live: false }, false],
  ])('%s: %s', (_name, previous, next, expected) => {
    expect(needsLiveConfirm(previous, next)).toBe(expected);
  });
});

describe('suggestsLive', () => {
  it.each([
    ['https://graph.example.com', true],
    ['http://192.168.1.10:8080', true],
    ['http://127.0.0.1:4010', false],
    ['http://localhost:3000/api', false],
    ['http://[::1]:8080', false],
    ['not a url', false],
  ])('%s -> %s', (url, expected) => {
    expect(suggestsLive(url)).toBe(expected);
  });
});

describe('what is said', () => {
  it('names the profile and who the act reaches', () => {
    expect(liveConfirmQuestion('send', 'Shop', '+55 11 98888-7777')).toContain('+55 11 98888-7777 on the live profile "Shop"');
    expect(liveConfirmQuestion('revoke', 'Shop', 'ops key')).toContain('"Shop" (ops key)');
    expect(liveSendLine('Shop')).toContain('"Shop"');
  });
});
