// A read that many events ask for (a busy service posts many a second): one read at a time, and
// one more after it for whatever arrived meanwhile, instead of a read (and a render) per event.
// The first read is at once (a reply just sent shows now); the ones a stream of events asks for
// come at most every `gapMs`, so the window keeps its frames.

/** the reads of one thing: call the result with the read; while one runs, the call joins it */
export function coalescedReads(gapMs: number): (read: () => Promise<void>) => Promise<void> {
  let reading: Promise<void> | null = null;
  let again = false;
  return (read) => {
    if (reading) {
      again = true;
      return reading;
    }
    reading = (async () => {
      await read();
      while (again) {
        again = false;
        await new Promise((resolve) => setTimeout(resolve, gapMs));
        await read();
      }
    })().finally(() => {
      reading = null;
    });
    return reading;
  };
}
