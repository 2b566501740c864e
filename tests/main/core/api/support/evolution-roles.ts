// The role of each field of Evolution's sendMedia body, as every import path (its OpenAPI
// document, a Postman collection, a pasted cURL) must propose it: one table the tests share.
export const EVOLUTION_MEDIA_ROLES = {
  number: 'number',
  mediatype: 'mediatype',
  mimetype: 'mimetype',
  caption: 'caption',
  media: 'media',
  fileName: 'file_name',
} as const;
