// When a send panel's field problems and its last result are shown, and when they go away: pure
// functions over the store's state, so the slices only apply them.
//
// A field's problems show once the person changed it and left it (blur), or tried to send; from
// then on they follow every change (the preview is asked again at each one), so "Number is too
// short" goes as soon as the number is long enough. Passing through a field without typing shows
// nothing. A success starts the panel over: the box emptied for the next message is not an error
// until the person types in it again or tries to send. A failed result ("Not sent") and its field
// details belong to the number and the profile they were sent with: a new number or another
// profile clears them; main's own refusal of a draft goes with the first edit (what it found is
// said, live, under the fields).
import type { SendKind, SendPhase, TouchArea } from './send-types';

/** The areas of each panel (the recipient is shared by all). */
export const PANEL_AREAS: Record<SendKind, readonly TouchArea[]> = {
  text: ['number', 'text'],
  media: ['number', 'caption', 'media-source'],
  audio: ['number', 'audio-source'],
  template: ['number', 'template'],
};

type Areas = Partial<Record<TouchArea, true>>;

export interface Shown {
  /** areas whose problems show */
  touched: Areas;
  /** areas the person changed since the panel started (over) */
  edited: Areas;
  attempted: Record<SendKind, boolean>;
}

/** The person changed a field. The same object when it already was, so nothing re-renders. */
export function afterChange<S extends Shown>(s: S, area: TouchArea): S | Pick<Shown, 'edited'> {
  return s.edited[area] ? s : { edited: { ...s.edited, [area]: true } };
}

/** The person left a field: its problems show from now on, when it was changed. The same object otherwise. */
export function afterBlur<S extends Shown>(s: S, area: TouchArea): S | Pick<Shown, 'touched'> {
  return s.touched[area] || !s.edited[area] ? s : { touched: { ...s.touched, [area]: true } };
}

/** A value that is whole at once (a contact picked, a file staged): its problems show now. */
export function shownNow<S extends Shown>(s: S, area: TouchArea): S | Pick<Shown, 'touched' | 'edited'> {
  return s.touched[area] ? s : { touched: { ...s.touched, [area]: true }, edited: { ...s.edited, [area]: true } };
}

function without(areas: Areas, drop: readonly TouchArea[]): Areas {
  const out = { ...areas };
  for (const area of drop) delete out[area];
  return out;
}

/**
 * The service took the panel's draft: nothing of that panel is shown as a problem until the
 * person changes and leaves one of its fields again, or tries to send.
 */
export function afterSuccess(s: Shown, kind: SendKind): Shown {
  const areas = PANEL_AREAS[kind];
  return { touched: without(s.touched, areas), edited: without(s.edited, areas), attempted: { ...s.attempted, [kind]: false } };
}

/** The source switched between file and URL: the new field starts without problems, and so does the panel. */
export function freshArea(s: Shown, kind: SendKind, area: TouchArea): Shown {
  return { touched: without(s.touched, [area]), edited: without(s.edited, [area]), attempted: { ...s.attempted, [kind]: false } };
}

/** A result that says the draft failed (or was cancelled): what a new number or profile clears. */
function isFailure(phase: SendPhase): boolean {
  return phase.phase === 'error' || phase.phase === 'cancelled';
}

/**
 * The number changed (typed or picked) or the profile switched: each panel's failed result is
 * dropped (its field details named the old number or the other service). A send in flight and a
 * success stay: "Sent" is still true, and Undo or "Send again" still apply. The same object when
 * nothing failed, so nothing re-renders.
 */
export function withoutFailures(send: Record<SendKind, SendPhase>): Record<SendKind, SendPhase> {
  if (!Object.values(send).some(isFailure)) return send;
  const out = { ...send };
  for (const kind of Object.keys(out) as SendKind[]) if (isFailure(out[kind])) out[kind] = { phase: 'idle' };
  return out;
}

/**
 * The panel's draft was edited: main's own refusal of the draft as it was ("Not sent: Text is
 * empty") is stale, and what is still wrong shows under the fields as the person types. A
 * service's answer stays until the next send or a new number.
 */
export function withoutStaleRefusal(send: Record<SendKind, SendPhase>, kind: SendKind): Record<SendKind, SendPhase> {
  const phase = send[kind];
  return phase.phase === 'error' && phase.error.code === 'validation' ? { ...send, [kind]: { phase: 'idle' } } : send;
}
