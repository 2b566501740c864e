// The window's first script, an entry of its own loaded async beside the app's bundle
// (electron.vite.config.ts): it asks main for the first contacts page as soon as it is fetched,
// so the answer travels while the bundle is parsed and run, and the contacts screen's first
// request takes it (lib/api.ts: invokeEarly). Kept tiny: it must not wait for that bundle.
import { FIRST_CONTACTS_PAGE } from '../src-main/shared/first-screen';
import { invokeEarly } from './lib/api';

invokeEarly('contacts:list', { ...FIRST_CONTACTS_PAGE });
