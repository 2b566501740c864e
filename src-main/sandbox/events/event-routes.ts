// The two routes that report what happened to messages, in every dialect, with docs/API.md's Bearer
// auth and the permission of the message listing (messages:send):
//   GET /api/v1/events        a text/event-stream of the events (event-stream.ts)
//   GET /api/v1/messages/{id} 200 the Message with its current status, 404 for an unknown id
import { fail, json } from '../reply';
import type { Reply } from '../reply';
import type { Route } from '../router';
import { SMALL_BODY_LIMIT } from '../router';
import { replayFrom, streamEvents } from './event-stream';

function getRoute(path: string, handle: Route['handle']): Route {
  return { method: 'GET', path, permission: 'messages:send', maxBody: SMALL_BODY_LIMIT, json: false, idempotent: false, handle };
}

export const eventsRoute: Route = getRoute('/api/v1/events', ({ headers, query }, state): Reply => {
  const header = headers?.['last-event-id'];
  // EventSource cannot set a header on its first request: the query may carry the id instead
  const lastEventId = (Array.isArray(header) ? header[0] : header) ?? query.get('lastEventId') ?? undefined;
  return {
    status: 200,
    body: null,
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' },
    stream: (res) => streamEvents(res, state.events, { after: replayFrom(lastEventId) }),
  };
});

export const messageStatusRoute: Route = getRoute('/api/v1/messages/:id', ({ params }, state) => {
  const message = state.messages.get(params.id!);
  return message ? json(200, message) : fail(404, 'not_found', `no message with id ${params.id}`);
});

export const eventRoutes: Route[] = [eventsRoute, messageStatusRoute];
