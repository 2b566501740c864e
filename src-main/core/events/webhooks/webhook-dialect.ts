// Whether a profile's service posts its webhooks as forms. A service that takes its requests as
// application/x-www-form-urlencoded (Twilio: every operation, as its playground cURLs show) posts
// its callbacks the same way; every other service here posts JSON. Read from the profile's API
// description, so it follows what the person imported, with no vendor list to keep.
import type { ApiDescription } from '../../../shared/api-description';

export function servicePostsForms(api: ApiDescription | null): boolean {
  return Object.values(api?.operations ?? {}).some((operation) => operation?.encoding === 'form');
}
