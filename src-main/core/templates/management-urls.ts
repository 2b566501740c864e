// Where a service manages its templates, read off its described template listing: Meta's
// `/{version}/{business-account-id}/message_templates` is also where templates are created
// (POST) and deleted (DELETE ?name=), and `/{version}/{template-id}` edits one (POST). A listing
// at any other path says nothing about management: null. Pure.
import { pathSegment } from '../endpoints';

export interface ManagementUrls {
  create: string;
  remove: (name: string) => string;
  edit: (templateId: string) => string;
}

export function managementUrls(listingUrl: string): ManagementUrls | null {
  let url: URL;
  try {
    url = new URL(listingUrl);
  } catch {
    return null;
  }
  const segments = url.pathname.split('/');
  // ['', ...prefix, account, 'message_templates']
  if (segments.length < 3 || segments.at(-1) !== 'message_templates' || segments.at(-2) === '') return null;
  const prefix = segments.slice(0, -2).join('/');
  const create = `${url.origin}${url.pathname}`;
  return {
    create,
    remove: (name) => `${create}?name=${encodeURIComponent(name)}`,
    edit: (templateId) => `${url.origin}${prefix}/${pathSegment(templateId)}`,
  };
}
