// Posting a test event at a listener over real HTTP: `crm webhooks fire` and the window's "Fire a
// test event" both come here, so the event takes the whole way a vendor's does.
import { CrmError } from '../../errors';
import { testEventRequest, type TestEventInput } from './test-events';

/** a listener answers at once (it answers before any slow work); longer is a hung one */
const FIRE_TIMEOUT_MS = 10_000;

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
    const { headers, body } = request;
    response = await fetch(request.url, { method: 'POST', headers, body, signal: AbortSignal.timeout(FIRE_TIMEOUT_MS) });
  } catch {
    const hint = 'open the window, or run `crm webhooks listen`, then fire again';
    throw new CrmError('network', `Nothing answered at ${url}: ${hint}.`, { unsent: true });
  }
  return { status: response.status, answer: (await response.text()).slice(0, 200) };
}
