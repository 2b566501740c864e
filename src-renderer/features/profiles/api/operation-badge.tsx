/** Whose description an operation follows: the profile's own, docs/API.md's, or none (the service lacks it). */
export function OperationBadge({ custom, absent = false }: { custom: boolean; absent?: boolean }) {
  if (absent) return <span className="badge">not offered</span>;
  return custom ? <span className="badge badge-accent">custom</span> : <span className="badge">the app’s own API</span>;
}
