// The one failure the sandbox plays (a recipient outside the 24-hour customer-service window,
// where only a template may be sent), worded as each kind of service reports it.
import type { SandboxDialect } from '../types';
import type { FailReason } from './event-types';

const OUTSIDE_WINDOW: FailReason = {
  code: 'outside_window',
  title: 'Outside the 24-hour window',
  message: 'The recipient is outside the 24-hour window; send a template.',
  details: 'The recipient has not written in the last 24 hours, so only a template message can reach them.',
};

// Meta's code and title for this case (its Cloud API error 131047)
const META_REENGAGEMENT: FailReason = {
  code: '131047',
  title: 'Re-engagement message',
  message: 'Re-engagement message',
  details: 'More than 24 hours have passed since the recipient last replied to this number; send a template.',
};

// Twilio's error code for a free-form WhatsApp message outside the window
const TWILIO_OUTSIDE_WINDOW: FailReason = {
  code: '63016',
  title: 'Outside the allowed window',
  message: 'The free-form message was not sent: the recipient is outside the 24-hour window; use a template.',
  details: 'The recipient has not written in the last 24 hours, so only a template message can reach them.',
};

export function outsideWindowReason(dialect: SandboxDialect): FailReason {
  if (dialect === 'meta' || dialect === 'cloud') return META_REENGAGEMENT;
  if (dialect === 'twilio') return TWILIO_OUTSIDE_WINDOW;
  return OUTSIDE_WINDOW;
}
