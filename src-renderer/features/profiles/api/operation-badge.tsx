/** Whose description an operation follows: the profile's own, or API.md's. */
export function OperationBadge({ custom }: { custom: boolean }) {
  return custom ? <span className="badge badge-accent">custom</span> : <span className="badge">default (API.md)</span>;
}
