// Choosing a found message: the Messages screen opens on its contact's number, and once the
// conversation shows the line with the message's key, that line is scrolled to, marked and
// focused; a message older than the conversation shows gets a notice instead of a silent miss.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FOUND_CLASS, openMessage } from '../../../src-renderer/features/search/open-message';
import { useMessagesStore } from '../../../src-renderer/features/messages/messages-store';
import { useAppStore } from '../../../src-renderer/app/app-store';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'Date'] });
  useMessagesStore.setState(useMessagesStore.getInitialState(), true);
  useAppStore.setState(useAppStore.getInitialState(), true);
  document.body.innerHTML = '';
});
afterEach(() => {
  vi.useRealTimers();
});

function line(key: string): HTMLElement {
  const li = document.createElement('li');
  li.dataset.messageKey = key;
  li.scrollIntoView = vi.fn();
  document.body.append(li);
  return li;
}

describe('openMessage', () => {
  it("opens the contact's conversation and lands on the line once it shows: scrolled to, marked, focused", async () => {
    const earlier = line('in:old');
    earlier.classList.add(FOUND_CLASS);
    openMessage({ number: '5511999990001', key: 'in:"quoted"' });
    expect(useAppStore.getState().screen).toBe('messages');
    expect(useMessagesStore.getState()).toMatchObject({ numberInput: '5511999990001', filter: '5511999990001' });
    await vi.advanceTimersByTimeAsync(100);
    // the conversation arrives from main a moment later
    const target = line('in:"quoted"');
    await vi.advanceTimersByTimeAsync(100);
    expect(target.classList.contains(FOUND_CLASS)).toBe(true);
    expect(earlier.classList.contains(FOUND_CLASS)).toBe(false);
    expect(target.scrollIntoView).toHaveBeenCalledWith({ block: 'center' });
    expect(document.activeElement).toBe(target);
    expect(useAppStore.getState().notices).toEqual([]);
  });

  it('says so when the line never shows (older than the conversation lists)', async () => {
    openMessage({ number: '5511999990001', key: 'r_gone' });
    await vi.advanceTimersByTimeAsync(6_000);
    expect(useAppStore.getState().notices.map((n) => n.message)).toEqual([expect.stringMatching(/older than what its conversation shows/)]);
  });
});
