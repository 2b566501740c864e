// A Meta-shaped service that keeps the files contacts send on a second origin (Meta: the lookup at
// graph.facebook.com answers an address on lookaside.fbsbx.com, which takes the same token). Here
// the sandbox's lookup answers the file on `localhost` while the profile uses 127.0.0.1: the same
// server, another origin. The photo's line says where the file is and that the key is not sent
// there; "Allow the key there for files…" makes main ask the person itself (the e2e harness
// answers main's questions from a queue and records them, as Electron's native dialog would be
// answered), and after yes the thumbnail shows. Real sandbox, real webhooks, real HTTP.
import { expect, test } from '@playwright/test';
import type { DescribedOperation } from '../../src-main/core/api/types';
import { a11yProblems, blocking, formatA11yProblems } from './support/a11y';
import { uniqueNumber } from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';
import { learnFromPlayground, openConversation } from './support/conversation-steps';
import type { ConsoleHarness } from './support/app-harness';

const TAB_OPERATION: Record<string, DescribedOperation> = { text: 'messages.text', download: 'media.download' };
const ATTACHMENTS = '/whatsapp_business/attachments/';

/** the profile learns the reply and the media lookup from the playground's cURLs, as a person pasting them would */
async function teachMeta(h: ConsoleHarness): Promise<string> {
  return (await learnFromPlayground(h, 'meta', TAB_OPERATION)).name;
}

describeOnOneConsole('received files kept on another origin', { dialect: 'meta', contacts: 100 }, (ctx) => {
  const number = uniqueNumber();

  test('the failed line says where the file is; Allow asks main, and after yes the thumbnail shows', async () => {
    const h = ctx.h;
    const { page } = h;
    const profileName = await teachMeta(h);
    const fileOrigin = `http://localhost:${h.sandbox.port}`;
    const there = `localhost:${h.sandbox.port}`;
    h.sandbox.configureEvents({
      mediaHost: 'localhost',
      replyFrom: [number],
      replyDelayMs: 200,
      replyText: 'Here it is',
      replyMedia: 'image',
    });

    const panel = await openConversation(page, number);
    await panel.getByLabel('Reply').fill('Could you send the photo?');
    await panel.getByRole('button', { name: 'Send reply' }).click();
    const line = panel.getByTestId('conversation-in').first();
    const refused = line.getByTestId('conversation-media-refused');
    await expect(refused).toContainText(
      `image: the service keeps this file at ${fileOrigin}, not on its own origin, and the profile’s key is only sent there once you allow it.`,
      { timeout: 15_000 },
    );
    await expect(line).toContainText('Here it is');
    // nothing was sent to the file's origin, with the key or without
    expect(h.sandbox.requests().filter((r) => r.headers.host === there)).toEqual([]);
    const problems = blocking(await a11yProblems(page));
    expect(problems, formatA11yProblems('refused file line', problems)).toEqual([]);

    // a no leaves the line as it is
    const asked = h.confirmAsked.length;
    h.confirmQueue.push(false);
    const allow = refused.getByRole('button', { name: `Allow the key there for files… (${fileOrigin}), then download image` });
    await allow.click();
    await expect(refused.getByRole('status')).toHaveText(`Not allowed: the key is not sent to ${fileOrigin}.`);
    expect(h.sandbox.requests().filter((r) => r.headers.host === there)).toEqual([]);

    // main asks the person, naming the profile and the origin; the answer is yes
    h.confirmQueue.push(true);
    await allow.click();
    const image = line.getByTestId('conversation-image');
    await expect(image).toBeVisible({ timeout: 15_000 });
    await expect(image).toHaveAttribute('src', /^data:image\/png;base64,/);
    await expect(line.getByTestId('conversation-media-refused')).toHaveCount(0);
    const question = {
      title: 'Send the key there for files?',
      message: `Send the key of "${profileName}" to ${fileOrigin} to download the files its service keeps there?`,
      confirmLabel: 'Allow the key there for files',
    };
    expect(h.confirmAsked.slice(asked)).toEqual([expect.objectContaining(question), expect.objectContaining(question)]);
    // the key went there once, with the file's GET, and nowhere else there
    const keyedThere = h.sandbox.requests().filter((r) => r.headers.host === there);
    expect(keyedThere.map((r) => [r.path, r.headers.authorization === `Bearer ${h.sandbox.adminKey}`])).toEqual([[ATTACHMENTS, true]]);
    expect((await h.core.api.fileOrigins((await h.core.profiles.active())!.id)).origins).toEqual([fileOrigin]);
  });
});
