// Posting a test event at a listener over real HTTP: `crm webhooks fire` and the window's "Fire a
// test event" both come here, so the event takes the whole way a vendor's does.
import { CrmError } from '../errors';
import { testEventRequest, type TestEventInput } from './test-events';

export interface FiredEvent {
  status: number;
  /** the listener's answer, at most 200 characters */
  answer: string;
}

export async function fireTestEvent(input: TestEventInput, url: string, secret: string | null): Promise<FiredEvent> {
  const request = testEventRequest(input, url, secret);
  if ('problem' in request) throw new CrmError('validation', request.problem);
  let response: Response;
  try {
    response = await fetch(request.url, { method: 'POST', headers: request.headers, body: request.body, signal: AbortSignal.timeout(10_000) });
  } catch {
    throw new CrmError('network', `Nothing answered at ${url}: open the window, or run \`crm webhooks listen\`, then fire again.`, { unsent: true });
  }
  return { status: response.status, answer: (await response.text()).slice(0, 200) };
}
