// Resizable columns in the shared data table, driven as a person would: a real mouse drag on a
// heading's edge, then the keyboard (Tab to the handle, arrows, Enter for the automatic width
// back). The handle is a focusable separator whose value is the column's width; the width is
// remembered for that table (across a reload of the window) and for no other table.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { a11yProblems, blocking, formatA11yProblems } from './support/a11y';
import { openSection } from './support/fixtures';
import { openLogAfterContacts } from './support/request-log-screen';
import { describeOnOneConsole } from './support/console-describe';

const width = async (cell: Locator): Promise<number> => Math.round((await cell.boundingBox())?.width ?? 0);

async function logTable(page: Page): Promise<{ table: Locator; path: Locator; handle: Locator }> {
  await openLogAfterContacts(page);
  const table = page.getByRole('table', { name: 'Recent requests' });
  await expect(table.getByTestId('log-row').first()).toBeVisible();
  return {
    table,
    path: table.getByRole('columnheader', { name: 'Path' }),
    handle: table.getByRole('separator', { name: 'Resize the Path column' }),
  };
}

describeOnOneConsole('resizable table columns', (ctx) => {
  test('dragging the edge of a heading with the mouse widens that column, and the handle says the width', async () => {
    const { page } = ctx.h;
    const { table, path, handle } = await logTable(page);
    const before = await width(path);
    await expect(handle).toHaveAttribute('aria-valuenow', String(before));
    const box = await handle.boundingBox();
    if (box === null) throw new Error('the Path column has no resize handle on screen');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(box.x + box.width / 2 + 90, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    const after = await width(path);
    expect(after - before).toBeGreaterThanOrEqual(85);
    expect(after - before).toBeLessThanOrEqual(95);
    await expect(handle).toHaveAttribute('aria-valuenow', String(after));
    // the other columns kept the widths they had: only Path moved
    await expect(table).toHaveClass(/table-set-widths/);
  });

  test('from the keyboard: Tab reaches the handles, arrows narrow and widen, Shift takes bigger steps', async () => {
    const { page } = ctx.h;
    const { table, path, handle } = await logTable(page);
    const host = table.getByRole('separator', { name: 'Resize the Host column' });
    await host.focus();
    await page.keyboard.press('Tab');
    await expect(handle).toBeFocused();
    const start = Number(await handle.getAttribute('aria-valuenow'));
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(handle).toHaveAttribute('aria-valuenow', String(start - 32));
    expect(await width(path)).toBe(start - 32);
    await page.keyboard.press('Shift+ArrowRight');
    await expect(handle).toHaveAttribute('aria-valuenow', String(start + 32));
    expect(await width(path)).toBe(start + 32);
    // the narrowest a column goes
    await page.keyboard.press('Home');
    await expect(handle).toHaveAttribute('aria-valuenow', '48');
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await expect(handle).toHaveAttribute('aria-valuenow', String(48 + 3 * 64));
    const problems = blocking(await a11yProblems(page, 'test-results/a11y/column-resize.json'));
    expect(problems, formatA11yProblems('column-resize', problems)).toEqual([]);
  });

  test('the widths are remembered for that table across a reload, and no other table takes them', async () => {
    const { page } = ctx.h;
    await page.reload();
    await expect(page.getByTestId('active-key')).toContainText('Sandbox admin');
    const { path, handle } = await logTable(page);
    await expect(handle).toHaveAttribute('aria-valuenow', String(48 + 3 * 64));
    expect(await width(path)).toBe(48 + 3 * 64);
    await openSection(page, 'Profiles');
    const profiles = page.getByRole('table', { name: 'Profiles' });
    await expect(profiles).toBeVisible();
    await expect(profiles).not.toHaveClass(/table-set-widths/);
  });

  test('Enter on a handle gives the table its automatic widths back, and that too is remembered', async () => {
    const { page } = ctx.h;
    const { table, handle } = await logTable(page);
    await handle.focus();
    await page.keyboard.press('Enter');
    await expect(table).not.toHaveClass(/table-set-widths/);
    await page.reload();
    await expect(page.getByTestId('active-key')).toContainText('Sandbox admin');
    const again = await logTable(page);
    await expect(again.table).not.toHaveClass(/table-set-widths/);
  });
});
