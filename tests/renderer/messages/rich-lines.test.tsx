// Rich conversation lines: a document main keeps is a chip (name, size, type, Open asks main to
// open the stored file), a file still downloading or one that could not be had says so with its
// reason, a shared place is a card with a map link opened by main, and a line whose download
// state changes is drawn again.
import { act, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConversationItem } from '../../../src-renderer/lib/api';
import { ConversationLine } from '../../../src-renderer/features/messages/conversation-line';
import { ConversationMedia } from '../../../src-renderer/features/messages/conversation-media';
import { fail, installFakeCrm, ok } from '../helpers/fake-crm';
import { render, settle, type Rendered } from '../helpers/render';
import { conversationItem } from '../../main/helpers/conversation-item';

let view: Rendered | undefined;
afterEach(() => view?.unmount());

const PDF = {
  mimetype: 'application/pdf',
  fileName: 'invoice.pdf',
  show: 'file' as const,
  download: { state: 'stored' as const, reason: null, bytes: 2048 },
};

const item = (over: Partial<ConversationItem>): ConversationItem => conversationItem({ key: 'in:1', messageId: 'wamid.1', ...over });

describe('rich conversation lines', () => {
  it('a stored document is a chip with its name, size and type; Open asks main to open the stored file', async () => {
    const fake = installFakeCrm({ 'conversations:open-media': () => ok(null) });
    view = render(<ConversationMedia messageId="wamid.1" kind="document" media={PDF} />);
    const chip = view.container.querySelector('[data-testid="conversation-file"]')!;
    expect(chip.textContent).toContain('invoice.pdf');
    expect(chip.textContent).toContain('2 KB · application/pdf');
    expect(chip.textContent).toContain('PDF');
    const open = chip.querySelector('button')!;
    expect(open.getAttribute('aria-label')).toBe('Open invoice.pdf');
    open.click();
    await settle();
    expect(fake.callsTo('conversations:open-media')).toEqual([{ messageId: 'wamid.1' }]);
    expect(fake.callsTo('conversations:media')).toEqual([]);
  });

  it('a file the OS cannot open says why beside the chip', async () => {
    installFakeCrm({
      'conversations:open-media': () => fail({ code: 'validation', message: 'This window cannot open files with the OS' }),
    });
    view = render(<ConversationMedia messageId="wamid.1" kind="document" media={PDF} />);
    view.container.querySelector('button')!.click();
    await settle();
    expect(view.container.querySelector('[role="alert"]')?.textContent).toBe('This window cannot open files with the OS');
  });

  it('a file being downloaded says so; one that could not be had gives the reason', () => {
    installFakeCrm();
    view = render(
      <ConversationMedia
        messageId="wamid.2"
        kind="image"
        media={{ mimetype: 'image/jpeg', fileName: null, show: 'pending', download: { state: 'pending', reason: null, bytes: null } }}
      />,
    );
    expect(view.container.textContent).toBe('Downloading image…');
    view.unmount();
    view = render(
      <ConversationMedia
        messageId="wamid.3"
        kind="image"
        media={{
          mimetype: 'image/jpeg',
          fileName: null,
          show: 'none',
          download: { state: 'failed', reason: 'The service refused the key', bytes: null },
        }}
      />,
    );
    expect(view.container.textContent).toBe('image: The service refused the key Try again');
  });

  it('a failed download has Try again, which asks main to start it over', async () => {
    const fake = installFakeCrm({ 'conversations:retry-media': () => ok(null) });
    view = render(
      <ConversationMedia
        messageId="wamid.5"
        kind="document"
        media={{
          mimetype: 'application/pdf',
          fileName: 'invoice.pdf',
          show: 'none',
          download: { state: 'failed', reason: 'no Download media operation', bytes: null },
        }}
      />,
    );
    const again = view.container.querySelector('button')!;
    expect(again.getAttribute('aria-label')).toBe('Try again to download invoice.pdf');
    again.click();
    await settle();
    expect(fake.callsTo('conversations:retry-media')).toEqual([{ messageId: 'wamid.5' }]);
  });

  it('a file kept on another origin names it and offers to allow the key there; main asks, the window names only the message', async () => {
    const answers = [
      ok({ allowed: false, origin: 'https://lookaside.fbsbx.com', retried: 0 }),
      fail({ code: 'not_found', message: 'That message has no download that failed because of where the service keeps its file.' }),
    ];
    const fake = installFakeCrm({ 'conversations:allow-file-origin': () => answers.shift()!, 'conversations:retry-media': () => ok(null) });
    const media = {
      mimetype: 'image/jpeg',
      fileName: null,
      show: 'none' as const,
      download: {
        state: 'failed' as const,
        reason: 'The service keeps the file at https://lookaside.fbsbx.com, …',
        bytes: null,
        refusedOrigin: 'https://lookaside.fbsbx.com',
      },
    };
    view = render(<ConversationMedia messageId="wamid.6" kind="image" media={media} />);
    expect(view.container.querySelector('[data-testid="conversation-media-none"]')?.textContent).toBe(
      'image: the service keeps this file at https://lookaside.fbsbx.com, not on its own origin, ' +
        'and the profile’s key is only sent there once you allow it. Allow the key there for files… Try again',
    );
    const allow = [...view.container.querySelectorAll('button')].find((b) => b.textContent === 'Allow the key there for files…')!;
    expect(allow.getAttribute('aria-label')).toBe('Allow the key there for files… (https://lookaside.fbsbx.com), then download image');
    allow.click();
    await settle();
    expect(fake.callsTo('conversations:allow-file-origin')).toEqual([{ messageId: 'wamid.6' }]);
    expect(view.container.querySelector('[role="status"]')?.textContent).toBe(
      'Not allowed: the key is not sent to https://lookaside.fbsbx.com.',
    );
    allow.click();
    await settle();
    expect(view.container.querySelector('[role="alert"]')?.textContent).toContain('Not allowed: That message has no download');
    [...view.container.querySelectorAll('button')].find((b) => b.textContent === 'Try again')!.click();
    await settle();
    expect(fake.callsTo('conversations:retry-media')).toEqual([{ messageId: 'wamid.6' }]);
  });

  it('a stored voice note plays from the bytes main hands over', async () => {
    installFakeCrm({ 'conversations:media': () => ok({ dataUrl: 'data:audio/ogg;base64,T2dnUw==', mimetype: 'audio/ogg', bytes: 4 }) });
    view = render(
      <ConversationMedia
        messageId="wamid.4"
        kind="audio"
        media={{ mimetype: 'audio/ogg', fileName: null, show: 'preview', download: { state: 'stored', reason: null, bytes: 4 } }}
      />,
    );
    await settle();
    const audio = view.container.querySelector('audio')!;
    expect(audio.hasAttribute('controls')).toBe(true);
    expect(audio.getAttribute('aria-label')).toBe('Voice message from the contact: audio');
  });

  it('a shared place is a card with its name, address and coordinates; the map opens through main', async () => {
    const fake = installFakeCrm({ 'shell:open-external': () => ok(null) });
    const location = { latitude: -23.561684, longitude: -46.655981, name: 'Avenida Paulista', address: 'Av. Paulista, 1578' };
    view = render(
      <ol>
        <ConversationLine item={item({ kind: 'location', location })} contactName="Ana" />
      </ol>,
    );
    const card = view.container.querySelector('[data-testid="conversation-location"]')!;
    expect(card.getAttribute('aria-label')).toBe('Location shared by the contact: Avenida Paulista');
    expect(card.textContent).toContain('Av. Paulista, 1578');
    expect(card.textContent).toContain('-23.56168, -46.65598');
    // the kind alone is not repeated as a text line under the card
    expect(view.container.querySelector('.conversation-text')).toBeNull();
    card.querySelector('button')!.click();
    await settle();
    expect(fake.callsTo('shell:open-external')).toEqual([
      { url: 'https://www.openstreetmap.org/?mlat=-23.561684&mlon=-46.655981#map=17/-23.561684/-46.655981' },
    ]);
  });

  it('a line is drawn again when its download moves from pending to stored', () => {
    installFakeCrm({ 'conversations:open-media': () => ok(null) });
    const pending = item({
      kind: 'document',
      fileName: 'invoice.pdf',
      media: { ...PDF, show: 'pending', download: { state: 'pending', reason: null, bytes: null } },
    });
    let show: (next: ConversationItem) => void = () => undefined;
    function Host() {
      const [shown, setShown] = useState(pending);
      show = setShown;
      return (
        <ol>
          <ConversationLine item={shown} contactName={null} />
        </ol>
      );
    }
    view = render(<Host />);
    expect(view.container.textContent).toContain('Downloading invoice.pdf…');
    act(() => show({ ...pending, media: PDF }));
    expect(view.container.querySelector('[data-testid="conversation-file"]')).not.toBeNull();
  });
});

describe('shared contact cards', () => {
  it('each card shows its name, company, numbers and addresses, and the kind is not repeated as text', () => {
    installFakeCrm();
    const sharedContacts = [
      { name: 'Bruno Lima', phones: ['+55 11 97777-1234'], emails: ['bruno@example.com'], company: 'Lima Transportes' },
    ];
    view = render(
      <ol>
        <ConversationLine item={item({ kind: 'contacts', sharedContacts })} contactName="Ana" />
      </ol>,
    );
    const card = view.container.querySelector('[data-testid="conversation-contact-card"]')!;
    expect([...card.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Bruno Lima',
      'Lima Transportes',
      '+55 11 97777-1234',
      'bruno@example.com',
    ]);
    expect(view.container.querySelector('ul')?.getAttribute('aria-label')).toBe('Contact cards shared by the contact');
    expect(view.container.querySelector('.conversation-text')).toBeNull();
  });
});
