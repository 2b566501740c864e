// A file in a conversation line: an image or audio is shown from the data: URL main hands over
// (the window never gets the file's address and never fetches), a document is a button that asks
// main to open it in the browser, a failed download says why and offers the browser instead.
import { afterEach, describe, expect, it } from 'vitest';
import { ConversationMedia } from '../../../src-renderer/features/messages/conversation-media';
import { fail, installFakeCrm, ok } from '../helpers/fake-crm';
import { render, settle, type Rendered } from '../helpers/render';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
let view: Rendered | undefined;
afterEach(() => view?.unmount());

describe('ConversationMedia', () => {
  it('shows an image from the bytes main downloaded, with a text alternative', async () => {
    const fake = installFakeCrm({ 'conversations:media': () => ok({ dataUrl: PNG, mimetype: 'image/png', bytes: 8 }) });
    view = render(
      <ConversationMedia messageId="in_1" kind="image" media={{ mimetype: 'image/png', fileName: 'photo.png', show: 'preview' }} />,
    );
    await settle();
    const img = view.container.querySelector('img');
    expect(img?.getAttribute('src')).toBe(PNG);
    expect(img?.getAttribute('alt')).toBe('Image from the contact: photo.png');
    expect(fake.callsTo('conversations:media')).toEqual([{ messageId: 'in_1' }]);
  });

  it('shows audio as a player with controls', async () => {
    installFakeCrm({ 'conversations:media': () => ok({ dataUrl: 'data:audio/wav;base64,UklGR', mimetype: 'audio/wav', bytes: 5 }) });
    view = render(<ConversationMedia messageId="in_2" kind="audio" media={{ mimetype: 'audio/wav', fileName: null, show: 'preview' }} />);
    await settle();
    const audio = view.container.querySelector('audio');
    expect(audio?.hasAttribute('controls')).toBe(true);
    expect(audio?.getAttribute('src')).toBe('data:audio/wav;base64,UklGR');
  });

  it('a document is a button that asks main to open it; nothing is downloaded into the window', async () => {
    const fake = installFakeCrm({ 'conversations:open-media': () => ok(null) });
    view = render(
      <ConversationMedia messageId="in_3" kind="document" media={{ mimetype: 'application/pdf', fileName: 'invoice.pdf', show: 'link' }} />,
    );
    const button = view.container.querySelector('button');
    expect(button?.textContent).toBe('Open invoice.pdf in the browser');
    button?.click();
    await settle();
    expect(fake.callsTo('conversations:open-media')).toEqual([{ messageId: 'in_3' }]);
    expect(fake.callsTo('conversations:media')).toEqual([]);
  });

  it('a download main refused (too large) says why and offers the browser, with no <img>', async () => {
    installFakeCrm({ 'conversations:media': () => fail({ code: 'file_too_large', message: 'The file is larger than 8 MB' }) });
    view = render(
      <ConversationMedia messageId="in_4" kind="image" media={{ mimetype: 'image/png', fileName: 'huge.png', show: 'preview' }} />,
    );
    await settle();
    expect(view.container.querySelector('img')).toBeNull();
    expect(view.container.textContent).toContain('huge.png could not be shown: The file is larger than 8 MB');
    expect(view.container.querySelector('[data-testid="conversation-media-open"]')).not.toBeNull();
  });

  it('a file the service gave no address for (Meta media id) says so and offers nothing to click', () => {
    installFakeCrm();
    view = render(
      <ConversationMedia messageId="in_5" kind="document" media={{ mimetype: 'application/pdf', fileName: 'x.pdf', show: 'none' }} />,
    );
    expect(view.container.textContent).toContain('the service gave no address');
    expect(view.container.querySelector('button')).toBeNull();
  });
});
