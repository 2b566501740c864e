// The window's first script, an entry of its own loaded async beside the app's bundle
// (electron.vite.config.ts). window.crm already asked main for the first contacts page as it was
// installed (shared/first-screen.ts: EARLY_CALL), and then this script does nothing more; where a
// bridge made no such call, it asks as soon as it is fetched, so the answer travels while the
// bundle is parsed and run. The contacts screen's first request takes either (lib/api.ts:
// invokeEarly). Kept tiny: it must not wait for that bundle.
import { FIRST_CONTACTS_PAGE } from '../src-main/shared/first-screen';
import { invokeEarly } from './lib/api';

invokeEarly('contacts:list', { ...FIRST_CONTACTS_PAGE });
