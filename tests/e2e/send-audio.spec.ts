// Send Audio: a voice note recorded with Chromium's fake microphone (record, stop, play back,
// send as ptt), and an audio file picked in the dialog.
import { expect, test } from '@playwright/test';
import { journalMark, journalSince, messagesTo, openSendTo, uniqueNumber } from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';
import { wavBytes, writeMediaFile } from './support/media-files';

describeOnOneConsole('send audio', (ctx) => {
  test('a voice note recorded with the microphone plays back and arrives as a ptt audio message', async () => {
    const h = ctx.h;
    const { page } = h;
    const number = uniqueNumber();
    const panel = await openSendTo(page, 'Send Audio', number);
    await expect(panel.getByRole('radio', { name: 'File or voice note' })).toBeChecked();

    const recorder = panel.getByRole('region', { name: 'Voice note' });
    await recorder.getByRole('button', { name: 'Record' }).click();
    await expect(recorder.getByRole('timer', { name: 'Elapsed recording time' })).toBeVisible();
    await page.waitForTimeout(1500); // let the fake microphone produce ~1.5 s of sound
    await expect(recorder.getByRole('timer', { name: 'Elapsed recording time' })).toContainText(/Recording 0:0[1-9]/);
    await recorder.getByRole('button', { name: 'Stop recording' }).click();

    const playback = recorder.getByLabel('Play back the voice note');
    await expect(playback).toBeVisible();
    await expect(playback).toHaveAttribute('controls', '');
    await expect(recorder.getByRole('button', { name: 'Re-record' })).toBeVisible();
    const staged = panel.getByTestId('staged-file-audio');
    // Chromium records WebM/Opus; main remuxes it to Ogg/Opus when the recording is staged.
    await expect(staged).toContainText(/voice-note-[\d-T]+\.ogg/);
    const mimetype = (await staged.locator('dd').nth(2).textContent()) ?? '';
    expect(mimetype).toBe('audio/ogg');
    // the recording is really playable, and (played from the staged Ogg, not Chromium's WebM blob,
    // which has no duration) the player knows how long it is
    await expect
      .poll(() => playback.evaluate((a: HTMLAudioElement) => a.readyState), { message: 'the recording loads in the audio element' })
      .toBeGreaterThanOrEqual(1);
    expect(await playback.getAttribute('src')).toMatch(/^data:audio\/ogg;base64,/);
    const seconds = await playback.evaluate((a: HTMLAudioElement) => a.duration);
    expect(seconds).toBeGreaterThan(1);
    expect(seconds).toBeLessThan(10);
    // one player only: the staged-file card does not repeat it
    await expect(panel.getByTestId('file-playback-audio')).toHaveCount(0);

    const mark = journalMark(h);
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(panel.getByTestId('send-result')).toContainText(/Sent: message m_[0-9a-f]+/);
    const posts = journalSince(h, mark, { method: 'POST', path: '/api/v1/messages/audio' });
    expect(posts).toHaveLength(1);
    const body = posts[0]!.json as { audio: string; mimetype: string; ptt: boolean };
    const sent = Buffer.from(body.audio, 'base64');
    expect(sent.subarray(0, 4).toString('ascii')).toBe('OggS');
    expect(sent.subarray(28, 36).toString('ascii')).toBe('OpusHead'); // first page carries the Opus ID header
    const [message] = await messagesTo(h, number);
    expect(message).toMatchObject({ type: 'audio', mimetype, ptt: true, bytes: sent.length });
    expect(sent.length).toBeGreaterThan(1000);
  });

  test('an audio file picked in the dialog arrives as audio/wav', async () => {
    const h = ctx.h;
    const { page } = h;
    const number = uniqueNumber();
    const wav = wavBytes(0.5);
    h.pickQueue.push(writeMediaFile('tone.wav', wav));
    const panel = await openSendTo(page, 'Send Audio', number);
    await panel.getByRole('button', { name: 'Choose audio file…' }).click();
    const staged = panel.getByTestId('staged-file-audio');
    await expect(staged).toContainText('tone.wav');
    await expect(staged.locator('dd').nth(2)).toHaveText('audio/wav');
    // a picked file replaces the recording's playback with its own
    await expect(panel.getByLabel('Play back the voice note')).toHaveCount(0);
    const player = staged.getByLabel('Play tone.wav');
    await expect
      .poll(() => player.evaluate((a: HTMLAudioElement) => a.readyState), { message: 'the picked file loads in the audio element' })
      .toBeGreaterThanOrEqual(1);
    expect(await player.evaluate((a: HTMLAudioElement) => a.duration)).toBeCloseTo(0.5, 2);

    const mark = journalMark(h);
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(panel.getByTestId('send-result')).toContainText(/Sent: message m_[0-9a-f]+/);
    const posts = journalSince(h, mark, { method: 'POST', path: '/api/v1/messages/audio' });
    expect(posts).toHaveLength(1);
    expect(Buffer.from((posts[0]!.json as { audio: string }).audio, 'base64').equals(wav)).toBe(true);
    const [message] = await messagesTo(h, number);
    expect(message).toMatchObject({ type: 'audio', mimetype: 'audio/wav', ptt: true, bytes: wav.length });
  });
});
