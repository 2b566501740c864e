// The User-Agent every request carries: `product/version`, which some services require (Meta's
// Graph API documents it) and which lets a service's operators tell this console's requests
// apart. Only the version is taken from package.json; the bundler inlines that one field.
import { version } from '../../../package.json';

export const USER_AGENT = `crm-console/${version}`;
