// Main's own question windows in the Chromium host, known by the very page object main's own
// `newPage` returned: nothing a page can do makes another window one of them. The browser
// announces a new window before `newPage` hands it back, so while main is opening one, the rule
// that closes every other window waits for that to finish before it judges a new window;
// otherwise it would close the question before the person saw it.

export type WindowVerdict = 'keep' | 'close' | 'wait';

export class QuestionWindows<P = unknown> {
  private readonly pages = new Set<P>();
  private readonly opening = new Set<Promise<void>>();

  /** opens a question window with `create`; it counts as one from the moment it exists */
  async open(create: () => Promise<P>): Promise<P> {
    let finished!: () => void;
    const opened = new Promise<void>((resolve) => {
      finished = resolve;
    });
    this.opening.add(opened);
    try {
      const page = await create();
      this.pages.add(page);
      return page;
    } finally {
      // after the page is known, so a rule waiting on this sees it
      this.opening.delete(opened);
      finished();
    }
  }

  /** the question was answered (or its window closed): the window is no longer one */
  forget(page: P): void {
    this.pages.delete(page);
  }

  has(page: P): boolean {
    return this.pages.has(page);
  }

  /** resolves once no question window is being opened */
  async idle(): Promise<void> {
    while (this.opening.size > 0) await Promise.all(this.opening);
  }

  /** what the window rule does with a new window `page`, given the app's own page */
  verdict(page: P, app: P): WindowVerdict {
    if (page === app || this.pages.has(page)) return 'keep';
    return this.opening.size > 0 ? 'wait' : 'close';
  }
}
