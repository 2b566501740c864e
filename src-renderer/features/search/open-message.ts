// Where choosing a found message takes the person: today a contact's conversation is the Messages
// screen filtered by that number, so it opens that, then scrolls to the message's line
// (data-message-key) and moves focus to it. The one place to change when conversations get a
// view of their own.
import { openScreen, showNotice } from '../../app/app-port';
import { useMessagesStore } from '../messages/messages-store';

/** how long the conversation may take to come from main before the jump gives up */
const FIND_LINE_MS = 5_000;
/** the class a found line wears until the next jump */
export const FOUND_CLASS = 'message-found';

export function openMessage(target: { number: string; key: string }): void {
  useMessagesStore.getState().showNumber(target.number);
  openScreen('messages');
  void landOn(target.key).then((landed) => {
    // a conversation shows its latest messages only: an older one is found by search but not in view
    if (!landed)
      showNotice(
        'info',
        'That message is older than what its conversation shows, so it could not be scrolled to; its words are in the search result.',
      );
  });
}

/** the line with this key, once the conversation shows it: scrolled into view, marked and focused */
async function landOn(key: string): Promise<boolean> {
  const until = Date.now() + FIND_LINE_MS;
  // two frames first: the screen's own focus (navigate) goes where the screen's work starts,
  // and the line must take it after that
  await nextFrame();
  await nextFrame();
  for (;;) {
    // compared as data, not written into a selector: a key is the service's id and may hold anything
    const line = [...document.querySelectorAll<HTMLElement>('[data-message-key]')].find((el) => el.dataset.messageKey === key);
    if (line) {
      for (const old of document.querySelectorAll(`.${FOUND_CLASS}`)) old.classList.remove(FOUND_CLASS);
      line.classList.add(FOUND_CLASS);
      if (!line.hasAttribute('tabindex')) line.setAttribute('tabindex', '-1');
      line.scrollIntoView({ block: 'center' });
      line.focus({ preventScroll: true });
      return true;
    }
    if (Date.now() > until) return false;
    await nextFrame();
  }
}

function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}
