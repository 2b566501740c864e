// Numbers on the first screen: as the service gave them until the formatter's chunk has arrived
// (it is not in the window's first bundle), then in their international form, each row
// re-rendering once. Never anything else in between.
import type * as React from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as PhoneDisplayWhenReady from '../../../src-renderer/lib/phone-display-when-ready';
import type * as RenderHelpers from '../helpers/render';

// The module keeps whether the formatter has loaded; every test starts from a window that has
// not loaded it yet (and its own React, render helper included, from the same fresh modules).
let when: typeof PhoneDisplayWhenReady;
let helpers: typeof RenderHelpers;
let act: typeof React.act;
beforeEach(async () => {
  vi.resetModules();
  vi.doUnmock('../../../src-main/shared/phone-display');
  when = await import('../../../src-renderer/lib/phone-display-when-ready');
  helpers = await import('../helpers/render');
  act = (await import('react')).act;
});

function renderNumbers(numbers: string[]) {
  const renders: string[] = [];
  function Shown({ number }: { number: string }) {
    const shown = when.usePhoneDisplay(number);
    renders.push(shown);
    return <span className="n">{shown}</span>;
  }
  const view = helpers.render(
    <>
      {numbers.map((n) => (
        <Shown key={n} number={n} />
      ))}
    </>,
  );
  const shown = () => [...view.container.querySelectorAll('.n')].map((el) => el.textContent);
  return { view, renders, shown };
}

const loaded = () => act(() => when.loadPhoneFormat());

/** Lets the window run (a chunk's import included) until `done`, React's updates applied. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !done(); i++) await act(() => new Promise((ok) => setTimeout(ok, 20)));
}

describe('usePhoneDisplay', () => {
  it('shows the number as saved at first, then in its international form once the formatter has loaded, in one more render', async () => {
    const { view, renders, shown } = renderNumbers(['5511912345678']);
    expect(shown()).toEqual(['5511912345678']);
    await loaded();
    expect(shown()).toEqual(['+55 11 91234 5678']);
    expect(renders).toEqual(['5511912345678', '+55 11 91234 5678']);
    view.unmount();
  });

  it('asks for the formatter by itself once a number is on screen', async () => {
    const { view, shown } = renderNumbers(['14155552671']);
    await until(() => shown()[0] !== '14155552671');
    expect(shown()).toEqual(['+1 415 555 2671']);
    view.unmount();
  });

  it('keeps a number the formatter cannot read exactly as saved, before and after', async () => {
    const { view, shown } = renderNumbers(['999123456789', '5511912345678']);
    expect(shown()).toEqual(['999123456789', '5511912345678']);
    await loaded();
    expect(shown()).toEqual(['999123456789', '+55 11 91234 5678']);
    view.unmount();
  });

  it('formats at once in rows that appear after the formatter has loaded', async () => {
    await loaded();
    const { view, renders } = renderNumbers(['442079460958']);
    expect(renders).toEqual(['+44 20 7946 0958']);
    view.unmount();
  });

  it('keeps numbers as saved when the formatter fails to load, and tries again for the next row', async () => {
    vi.doMock('../../../src-main/shared/phone-display', () => {
      throw new Error('chunk failed to load');
    });
    const first = renderNumbers(['5511912345678']);
    await loaded();
    expect(first.shown()).toEqual(['5511912345678']);
    vi.doUnmock('../../../src-main/shared/phone-display');
    const second = renderNumbers(['14155552671']);
    await until(() => second.shown()[0] !== '14155552671');
    expect([...first.shown(), ...second.shown()]).toEqual(['+55 11 91234 5678', '+1 415 555 2671']);
    first.view.unmount();
    second.view.unmount();
  });
});
