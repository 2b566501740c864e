// The Chromium host's one-window rule: the app page is the only window, apart from main's own
// question windows (question-windows.ts). Any other window (one the app page opened, say) is
// closed; a window that appears while main is opening a question is judged once that is done.
import type { BrowserContext, Page } from 'playwright-core';
import type { QuestionWindows } from './question-windows';

export function guardWindows(context: BrowserContext, app: Page, questions: QuestionWindows<Page>): void {
  const judge = async (other: Page): Promise<void> => {
    let verdict = questions.verdict(other, app);
    while (verdict === 'wait') {
      await questions.idle();
      verdict = questions.verdict(other, app);
    }
    if (verdict === 'close') await other.close().catch(() => undefined);
  };
  context.on('page', (other: Page) => void judge(other));
}
