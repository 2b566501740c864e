// The wati dialect's playground: the contacts listing, a session text, and two session files
// (a PDF, and an .ogg voice note: Wati has no separate audio send, audio goes as a file). The
// file tabs read from placeholder paths the person points at real files.
import type { ExampleRequest } from './dialect';
import { EXAMPLE } from './example-values';
import { DEFAULT_PAGE_SIZE, PATH } from './wati-contacts';

export const DOCUMENT_EXAMPLE_PATH = `/path/to/${EXAMPLE.documentName}`;
export const AUDIO_EXAMPLE_PATH = '/path/to/note.ogg';

const number = EXAMPLE.number;

export const WATI_EXAMPLES: readonly ExampleRequest[] = [
  {
    id: 'contacts',
    method: 'GET',
    path: PATH,
    query: [
      ['pageSize', String(DEFAULT_PAGE_SIZE)],
      ['pageNumber', '1'],
      ['name', EXAMPLE.search],
    ],
  },
  { id: 'text', method: 'POST', path: `/api/v1/sendSessionMessage/${number}`, query: [['messageText', EXAMPLE.text]] },
  {
    id: 'media',
    method: 'POST',
    path: `/api/v1/sendSessionFile/${number}`,
    query: [['caption', EXAMPLE.caption]],
    multipart: [['file', `@${DOCUMENT_EXAMPLE_PATH}`]],
  },
  { id: 'audio', method: 'POST', path: `/api/v1/sendSessionFile/${number}`, multipart: [['file', `@${AUDIO_EXAMPLE_PATH}`]] },
];
