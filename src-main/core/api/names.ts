// The names real WhatsApp/CRM APIs use for each thing (Meta's Cloud API, Evolution API, Z-API,
// green-api, WPPConnect, Wati, Chatwoot, Twilio, 360dialog, Gupshup, MessageBird, generic REST
// conventions). Both the cURL importer (request fields -> roles) and the response readers
// (answers -> contacts, message ids, totals) guess from these lists; the person can correct
// every guess. Compared case-insensitively with "_" and "-" ignored.

export function normalizeName(name: string): string {
  return name.toLowerCase().replace(/[-_\s]/g, '');
}

export const REQUEST_NAMES = {
  number: ['number', 'phone', 'to', 'recipient', 'chatid', 'chat', 'jid', 'remotejid', 'phonenumber', 'phone_number', 'wa_id', 'waid', 'mobile', 'msisdn', 'destination', 'receiver', 'whatsappnumber', 'contact', 'recipientid', 'user', 'target'],
  text: ['text', 'message', 'body', 'content', 'msg', 'textmessage', 'messagetext', 'caption_text'],
  caption: ['caption', 'description', 'comment', 'legend'],
  media: ['media', 'file', 'document', 'image', 'attachment', 'link', 'url', 'mediaurl', 'fileurl', 'urlfile', 'path', 'source', 'src', 'content', 'data', 'base64', 'video'],
  file_name: ['filename', 'file_name', 'name', 'documentname', 'title'],
  mimetype: ['mimetype', 'mime_type', 'mime', 'contenttype', 'content_type', 'filetype', 'mediamimetype'],
  mediatype: ['mediatype', 'media_type', 'type', 'kind', 'messagetype'],
  audio: ['audio', 'voice', 'ptt', 'audiourl', 'voicenote', 'file', 'media', 'link', 'url', 'data', 'base64'],
  page: ['page', 'pagenumber', 'pageno', 'pageindex', 'p'],
  per_page: ['perpage', 'per_page', 'limit', 'pagesize', 'page_size', 'size', 'count', 'take', 'top', 'maxresults', 'pagelimit', 'first'],
  offset: ['offset', 'skip', 'start', 'from'],
  cursor: ['cursor', 'after', 'starting_after', 'startingafter', 'pagetoken', 'page_token', 'next', 'nextcursor', 'continuation', 'since', 'marker'],
  // a template's approved name and its translation's language (Meta's template.name, template.language.code)
  template_name: ['name', 'template_name', 'templatename', 'template', 'element_name', 'elementname', 'template_id'],
  template_language: ['language', 'language_code', 'languagecode', 'lang', 'locale', 'code'],
  // a quoted message's id (Meta's context.message_id), a reaction's target and its emoji
  quoted_id: ['message_id', 'messageid', 'reply_to', 'replyto', 'quoted', 'quoted_id', 'quotedmessageid', 'quoted_msg_id', 'context_id'],
  reaction_to: ['message_id', 'messageid', 'reaction_to', 'target', 'targetid', 'reactto'],
  emoji: ['emoji', 'reaction', 'emoticon'],
  // the message a read receipt marks read (Meta's message_id beside "status":"read")
  read_id: ['message_id', 'messageid', 'read_id', 'readid', 'id', 'msgid', 'msg_id'],
  search: ['search', 'q', 'query', 'term', 'filter', 'keyword', 'keywords', 'name', 'text', 'find', 'searchterm', 'pushname'],
} as const;

/** Where a list of records sits in an answer (one or two levels down). */
export const LIST_PATHS = ['data', 'contacts', 'items', 'results', 'records', 'rows', 'list', 'entries', 'payload', 'value', 'content', 'docs', 'hits', 'data.items', 'data.contacts', 'data.data', 'data.results', 'data.records', 'result', 'result.items', 'result.contacts', 'response', '_embedded.contacts', 'payload.contacts', 'contact_list'];

export const CONTACT_FIELDS = {
  id: ['id', '_id', 'uuid', 'contact_id', 'contactId', 'key', 'identifier', 'wa_id', 'remoteJid', 'jid'],
  name: ['name', 'full_name', 'fullName', 'fullname', 'display_name', 'displayName', 'pushName', 'push_name', 'profile_name', 'profileName', 'contact_name', 'contactName', 'title', 'nickname', 'profile.name', 'attributes.name'],
  firstName: ['first_name', 'firstName', 'firstname', 'given_name', 'givenName'],
  lastName: ['last_name', 'lastName', 'lastname', 'family_name', 'familyName', 'surname'],
  number: ['number', 'phone', 'phone_number', 'phoneNumber', 'wa_id', 'waId', 'mobile', 'mobile_number', 'mobileNumber', 'msisdn', 'whatsapp', 'whatsapp_number', 'whatsappNumber', 'tel', 'telephone', 'remoteJid', 'jid', 'chatId', 'phones[0]', 'phone_numbers[0]', 'profile.phone', 'attributes.phone', 'contact.phone', 'identifier'],
  email: ['email', 'email_address', 'emailAddress', 'mail', 'emails[0]', 'profile.email', 'attributes.email'],
  tags: ['tags', 'labels', 'groups', 'categories', 'segments', 'lists'],
} as const;

export const TOTAL_PATHS = ['total', 'total_count', 'totalCount', 'totalItems', 'total_items', 'totalResults', 'total_results', 'count', 'meta.total', 'meta.total_count', 'meta.totalCount', 'meta.count', 'meta.pagination.total', 'pagination.total', 'pagination.total_count', 'pagination.totalCount', 'paging.total', 'page_info.total', 'pageInfo.total', 'data.total', 'result.total'];

export const TOTAL_HEADERS = ['x-total-count', 'x-total', 'x-total-results', 'x-pagination-total-count'];

export const NEXT_CURSOR_PATHS = ['next_cursor', 'nextCursor', 'meta.next_cursor', 'meta.nextCursor', 'meta.cursor.next', 'cursor.next', 'cursors.after', 'paging.cursors.after', 'paging.next_cursor', 'pagination.next_cursor', 'pagination.nextCursor', 'pagination.cursor', 'page_info.end_cursor', 'pageInfo.endCursor', 'next_page_token', 'nextPageToken', 'continuation', 'continuationToken', 'after', 'meta.after', 'response_metadata.next_cursor'];

export const HAS_MORE_PATHS = ['has_more', 'hasMore', 'meta.has_more', 'meta.hasMore', 'page_info.has_next_page', 'pageInfo.hasNextPage', 'pagination.has_more', 'more'];

export const MESSAGE_ID_PATHS = ['id', 'message_id', 'messageId', 'idMessage', 'msgId', 'msg_id', 'messages[0].id', 'key.id', 'data.id', 'data.message_id', 'data.messageId', 'data.key.id', 'message.id', 'message.key.id', 'result.id', 'result.message_id', 'sid', 'uuid', 'zaapId', 'wamid', 'data.messages[0].id', 'response.id'];
