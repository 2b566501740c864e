// A read shared by everything asking in the same turn of the event loop: the posts of a burst
// arrive together and are handled in one turn, and each asked the database for the profiles twice
// (is it known, does its service post forms), each ask a read transaction of its own. Nothing a
// later turn asks is answered from it, so a change another process made is seen as before.
export function oncePerTurn<T>(read: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | null = null;
  return () => {
    if (current === null) {
      current = read();
      setImmediate(() => (current = null));
    }
    return current;
  };
}
