// The wati dialect's routes (modelled on Wati's v1 API; the tenant id is part of the base URL,
// as in Wati's "API endpoint"), all with `Authorization: Bearer <access token>`:
//   GET  /api/v1/getContacts?pageSize=&pageNumber=&name=       -> {"result":"success","contact_list":[...],"link":{...}}
//   POST /api/v1/sendSessionMessage/{whatsappNumber}?messageText= -> 200 {"ok":true,"result":"success","message":{"id",...}}
//   POST /api/v1/sendSessionFile/{whatsappNumber}?caption=     (multipart `file`) -> 200 {"result":true,"data":{"id",...}}
// A send Wati refuses for a business reason is 200 {"result":false,"info"} (wati-errors.ts).
import type { Route } from '../router';
import { watiContactsRoute } from './wati-contacts';
import { sessionFileRoute, sessionMessageRoute } from './wati-send-route';

export const watiRoutes: Route[] = [watiContactsRoute, sessionMessageRoute, sessionFileRoute];
