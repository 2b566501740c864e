// The one business phone number the meta dialect serves (Meta's Graph API node
// WhatsAppBusinessPhoneNumber). Every path names it by id, as Meta's do; any other id is an
// object that does not exist.
export const META_VERSION = 'v23.0';

export const PHONE_NUMBER_ID = '106540352242922';
/** the WhatsApp Business Account the phone number belongs to (its templates live there) */
export const BUSINESS_ACCOUNT_ID = '102290129340398';

/** The node's default fields (what GET answers without `fields`), then those `fields` may add. */
export const PHONE_NUMBER: Readonly<Record<string, string>> = {
  id: PHONE_NUMBER_ID,
  display_phone_number: '+1 555-010-4242',
  verified_name: 'CRM Sandbox',
  quality_rating: 'GREEN',
};

export const PHONE_NUMBER_EXTRA_FIELDS: Readonly<Record<string, string>> = {
  code_verification_status: 'VERIFIED',
  name_status: 'APPROVED',
  platform_type: 'CLOUD_API',
};

/** `/v23.0/106540352242922` + rest. */
export function phonePath(rest = ''): string {
  return `/${META_VERSION}/${PHONE_NUMBER_ID}${rest}`;
}
