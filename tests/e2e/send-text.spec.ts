// Send Text: the live endpoint line and cURL preview, the two copy buttons (main writes the
// clipboard; the key never reaches the page), a send whose request is byte for byte the one
// the cURL shows, a message box cleared once the service took the text (Undo brings it back),
// and the same text once more only through "Send again".
import { expect, test } from '@playwright/test';
import { a11yProblems, blocking, formatA11yProblems } from './support/a11y';
import { journalMark, journalSince, messagesTo, openSendTab, parseCurl, previewOf, settledCurl, uniqueNumber } from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';
import { sweep } from './support/keyboard-sweep';

describeOnOneConsole('send text', (ctx) => {
  const number = uniqueNumber();
  const typedNumber = `+${number.slice(0, 2)} (${number.slice(2, 4)}) ${number.slice(4, 9)}-${number.slice(9)}`;
  // a quote, a dollar sign, a backslash and non-ASCII: the shell quoting must survive all of them
  const text = `Olá 'amigo' — total $5 \\o/ ${Date.now()}`;
  let previewCurl = '';

  test('the endpoint line and the cURL preview follow what is typed', async () => {
    const { page, sandbox } = ctx.h;
    const panel = await openSendTab(page, 'Send Text');
    const { endpoint, curl } = previewOf(page);
    await expect(endpoint).toHaveText(`POST ${sandbox.baseUrl}/api/v1/messages/text`);

    await panel.getByLabel('Recipient number').fill(typedNumber);
    const afterNumber = await settledCurl(page, `"number":"${number}"`);
    expect(afterNumber).toContain(`"text":""`);

    await panel.getByLabel('Message text').fill(text);
    previewCurl = await settledCurl(page, 'Olá');
    expect(previewCurl).not.toBe(afterNumber);
    const parsed = parseCurl(previewCurl);
    expect(parsed.method).toBe('POST');
    expect(parsed.url).toBe(`${sandbox.baseUrl}/api/v1/messages/text`);
    expect(JSON.parse(parsed.body ?? 'null')).toEqual({ number, text });
    expect(parsed.headers['authorization']).toBe('Bearer $CRM_API_KEY');
    expect(parsed.headers['content-type']).toBe('application/json');
    expect(parsed.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await expect(curl).not.toContainText(sandbox.adminKey);
    await expect(panel.getByTestId('text-count')).toHaveText(`${[...text].length} / 4,096 characters`);
  });

  test('Copy cURL puts the command with $CRM_API_KEY, not the key, on the clipboard', async () => {
    const { page, sandbox, clipboard } = ctx.h;
    clipboard.text = '';
    await page.getByRole('button', { name: 'Copy cURL', exact: true }).click();
    await expect(page.getByTestId('copy-status')).toHaveText('Copied (the key is written as $CRM_API_KEY)');
    expect(clipboard.text).toBe(previewCurl);
    expect(clipboard.text).toContain('$CRM_API_KEY');
    expect(clipboard.text).not.toContain(sandbox.adminKey);
  });

  test('Copy cURL with key asks first; only then main puts the real key on the clipboard', async () => {
    const { page, sandbox, clipboard } = ctx.h;
    clipboard.text = 'untouched';
    const copyWithKey = page.getByRole('button', { name: 'Copy cURL with key' });

    await copyWithKey.click();
    let dialog = page.getByRole('alertdialog', { name: 'Copy cURL with the real key?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('The real API key will be on the clipboard, in plain text');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(clipboard.text).toBe('untouched');

    await copyWithKey.click();
    dialog = page.getByRole('alertdialog', { name: 'Copy cURL with the real key?' });
    await dialog.getByRole('button', { name: 'Copy with key' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('copy-status')).toHaveText(/^Copied; clipboard clears in \d+ s$/);
    expect(clipboard.text).toContain(`'Authorization: Bearer ${sandbox.adminKey}'`);
    expect(clipboard.text).not.toContain('$CRM_API_KEY');
    // the same request otherwise
    const withKey = parseCurl(clipboard.text);
    const shown = parseCurl(previewCurl);
    expect({ ...withKey, headers: { ...withKey.headers, authorization: '' } }).toEqual({
      ...shown,
      headers: { ...shown.headers, authorization: '' },
    });
    // main's clipboard holds it; the page does not
    expect(await page.content()).not.toContain(sandbox.adminKey);
  });

  test('Send: the message id is shown and the server got exactly the previewed request, once', async () => {
    const h = ctx.h;
    const { page } = h;
    const mark = journalMark(h);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const result = page.getByTestId('send-result');
    await expect(result).toContainText(/Sent: message m_[0-9a-f]+ \(queued\)/);
    const shownId = /m_[0-9a-f]+/.exec((await result.textContent()) ?? '')?.[0];

    const posts = journalSince(h, mark, { method: 'POST' });
    expect(posts).toHaveLength(1);
    const post = posts[0]!;
    expect(post.path).toBe('/api/v1/messages/text');
    expect(post.status).toBe(201);
    const shown = parseCurl(previewCurl);
    expect(post.rawBody).toBe(shown.body);
    expect(post.headers['idempotency-key']).toBe(shown.headers['idempotency-key']);
    expect(post.headers['content-type']).toBe('application/json');
    expect(post.headers['authorization']).toBe(`Bearer ${h.sandbox.adminKey}`);

    const messages = await messagesTo(h, number);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ id: shownId, type: 'text', number, text });
    // the service took it: the message box is empty for the next one, and the person is in it
    await expect(page.getByLabel('Message text')).toHaveValue('');
    await expect(page.getByLabel('Message text')).toBeFocused();
    // Undo brings the text back
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect(page.getByLabel('Message text')).toHaveValue(text);
  });

  test('the same text again needs "Send again": two messages on the server, the second only when asked', async () => {
    const h = ctx.h;
    const { page } = h;
    const panel = page.getByRole('tabpanel');
    const result = panel.getByTestId('send-result');
    const firstId = /m_[0-9a-f]+/.exec((await result.textContent()) ?? '')?.[0];
    expect(firstId).toBeTruthy();
    const send = panel.getByRole('button', { name: 'Send', exact: true });
    const again = panel.getByRole('button', { name: 'Send again' });
    const mark = journalMark(h);

    // Send is held for the unchanged draft; the panel says why
    await expect(send).toBeDisabled();
    await expect(again).toBeEnabled();
    await expect(panel.getByTestId('send-again-hint')).toHaveText(
      'This message was just sent. Change it to send another, or choose Send again to send it once more.',
    );
    expect(journalSince(h, mark, { method: 'POST' })).toHaveLength(0);
    expect(await messagesTo(h, number)).toHaveLength(1);
    // the held state passes what every screen passes: axe, and the Tab sweep reaches "Send again" with a ring
    const problems = blocking(await a11yProblems(page));
    expect(problems, formatA11yProblems('Send Text, just sent', problems)).toEqual([]);
    const tabbed = await sweep(page);
    expect(tabbed.expected).toContain('button "Send again"');
    expect(tabbed.missed, 'controls Tab never reaches').toEqual([]);
    expect(tabbed.noRing, 'controls focused without a visible ring').toEqual([]);

    await again.click();
    await expect(result).toContainText(/Sent: message m_[0-9a-f]+ \(queued\)/);
    await expect(result).not.toContainText(firstId!);
    const posts = journalSince(h, mark, { method: 'POST' });
    expect(posts).toHaveLength(1);
    // a new message, so a new Idempotency-Key (the first one would only replay the first answer)
    expect(posts[0]!.headers['idempotency-key']).not.toBe(parseCurl(previewCurl).headers['idempotency-key']);
    const messages = await messagesTo(h, number);
    expect(messages).toHaveLength(2);
    expect(messages.map((m) => m.text)).toEqual([text, text]);
    await expect(page.getByLabel('Message text')).toBeFocused();

    // still the same draft: still held. An edit makes Send the ordinary button again.
    await expect(send).toBeDisabled();
    await page.getByLabel('Message text').fill(`${text} (edited)`);
    await expect(send).toBeEnabled();
    await expect(again).toHaveCount(0);
    expect(journalSince(h, mark, { method: 'POST' })).toHaveLength(1);
  });
});
