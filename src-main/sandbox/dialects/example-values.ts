// The values every playground shows, in each dialect's own fields: realistic, valid against
// the sandbox as they are (a test sends each example), and free of characters a shell would
// treat specially inside quotes.

export const EXAMPLE = {
  /** a valid 13-digit number: Brazil, São Paulo mobile */
  number: '5511999990000',
  search: 'ana',
  text: 'Hello Ana, your order has shipped.',
  caption: 'Monthly report',
  documentUrl: 'https://example.com/files/report.pdf',
  documentName: 'report.pdf',
  documentType: 'application/pdf',
  audioUrl: 'https://example.com/audio/note.ogg',
  audioType: 'audio/ogg',
  /** the id of a message a reply quotes or a reaction is put on, as Meta writes one */
  messageId: 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABIYFjNFQjBDMEM3',
  emoji: '😀',
} as const;

/** What the person replaces with a key. */
export const API_KEY_PLACEHOLDER = 'YOUR_API_KEY';
