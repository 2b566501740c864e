// Every action reachable without a mouse, focus visible: on each screen, Tab from the top of the
// page walks through every enabled control that is meant to be in the Tab order, and each one
// shows a focus ring when it gets there. Controls that move by arrow keys instead (the tabs of
// the send panels, the radios of a group) are in the order once, as the APG patterns say.
import { expect, test } from '@playwright/test';
import { EVERY_SCREEN, openSection, sharedConsole } from './support/fixtures';
import { sweep } from './support/keyboard-sweep';
import { withPlantedElement } from './support/planted-element';

test.describe('keyboard: every control is reachable with Tab and shows its focus', () => {
  const ctx = sharedConsole();

  test('the sweep itself can fail: a ring-less control and controls Tab did not reach are reported', async () => {
    const { page } = ctx.h;
    await openSection(page, 'Profiles');
    const ringless = {
      tag: 'div',
      id: 'planted-ringless',
      tabIndex: 0,
      text: 'planted',
      css: 'outline:none!important;box-shadow:none!important',
    } as const;
    await withPlantedElement(page, ringless, async () => {
      const s = await sweep(page);
      expect(s.noRing).toEqual(['div "planted"']);
      expect(s.missed).toEqual([]);
      // three presses of Tab cannot reach everything: the rest is reported as missed
      const short = await sweep(page, 3);
      expect(short.missed).toEqual(short.expected.slice(3));
      expect(short.missed).toContain('div "planted"');
    });
  });

  for (const screen of EVERY_SCREEN) {
    test(`${screen.name}`, async () => {
      const { page } = ctx.h;
      await screen.open(page);
      const s = await sweep(page);
      expect(s.expected.length, 'controls found on the screen').toBeGreaterThan(8);
      expect(s.missed, 'controls Tab never reaches').toEqual([]);
      expect(s.noRing, 'controls focused without a visible ring').toEqual([]);
    });
  }
});
