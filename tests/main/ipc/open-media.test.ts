// conversations:open-media: a file main keeps in the data folder opens with the OS's own app, one
// the service only links opens in the browser, and a host that cannot open files says so.
import { describe, expect, it } from 'vitest';
import type { ConversationService } from '../../../src-main/core/conversations/conversation-service';
import { createConversationHandlers } from '../../../src-main/ipc/conversation-handlers';

function service(stored: string | null): ConversationService {
  return {
    storedFile: async () => stored,
    mediaAddress: async () => 'https://files.example/invoice.pdf',
  } as unknown as ConversationService;
}

describe('conversations:open-media', () => {
  it('a kept file opens with the OS (its path), never in the browser', async () => {
    const opened: string[] = [];
    const browsed: string[] = [];
    const handlers = createConversationHandlers(
      service('/data/media/p1/abc'),
      async (url) => void browsed.push(url),
      async (path) => void opened.push(path),
    );
    await handlers['conversations:open-media']({ messageId: 'wamid.1' });
    expect(opened).toEqual(['/data/media/p1/abc']);
    expect(browsed).toEqual([]);
  });

  it('a linked file opens in the browser', async () => {
    const browsed: string[] = [];
    const handlers = createConversationHandlers(
      service(null),
      async (url) => void browsed.push(url),
      async () => undefined,
    );
    await handlers['conversations:open-media']({ messageId: 'in_1' });
    expect(browsed).toEqual(['https://files.example/invoice.pdf']);
  });

  it('a host without an opener says the file is kept and where', async () => {
    const handlers = createConversationHandlers(service('/data/media/p1/abc'), async () => undefined);
    await expect(handlers['conversations:open-media']({ messageId: 'wamid.1' })).rejects.toThrow(
      /cannot open files with the OS: the file is kept in the data folder, under media\//,
    );
  });
});
