// Renderer performance, measured in headless Debian Chromium against the BUILT renderer with
// the real handlers (tests/e2e harness): cold load to first interactive paint, JS size (gzip),
// DOM row count and frame times while scrolling 100k contacts (against 1k, to show rows stay
// bounded), and IPC handler overhead per call against calling the service directly.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { launchConsole } from '../tests/e2e/support/app-harness';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--headless', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export interface RendererBench {
  jsBytes: number;
  jsGzipBytes: number;
  coldLoadMs: number;
  blankPageLoadMs: number;
  domRows100k: number;
  domRows1k: number;
  frameP50Ms: number;
  frameP95Ms: number;
  ipcPerCallUs: number;
  directPerCallUs: number;
  ipcOverheadRatio: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;

async function jsSize(): Promise<{ raw: number; gzip: number }> {
  const dir = 'out/renderer/assets';
  let raw = 0;
  let gzip = 0;
  for (const f of await readdir(dir)) {
    if (!f.endsWith('.js')) continue;
    const bytes = await readFile(join(dir, f));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gzip };
}

/** From navigation start until the first contact row is painted and the search box accepts input. */
async function coldLoad(browser: Browser, contacts: number): Promise<number> {
  const h = await launchConsole(browser, { contacts });
  try {
    await h.page.getByTestId('contact-row').first().waitFor();
    await h.page.getByTestId('contacts-search').waitFor({ state: 'visible' });
    // rows are painted once the next animation frame has run
    return await h.page.evaluate(() => new Promise<number>((ok) => requestAnimationFrame(() => ok(performance.now()))));
  } finally {
    await h.close();
  }
}

async function blankLoad(browser: Browser): Promise<number> {
  const page = await browser.newPage();
  await page.goto('data:text/html,<p>x</p>');
  const t = await page.evaluate(() => new Promise<number>((ok) => requestAnimationFrame(() => ok(performance.now()))));
  await page.close();
  return t;
}

async function scroll(browser: Browser, contacts: number): Promise<{ maxRows: number; frames: number[] }> {
  const h = await launchConsole(browser, { contacts });
  try {
    await h.page.getByTestId('contact-row').first().waitFor();
    return await h.page.evaluate(async () => {
      const el = document.querySelector('[data-testid="contacts-scroll"]') as HTMLElement;
      const frames: number[] = [];
      let maxRows = 0;
      let last = performance.now();
      const steps = 240;
      for (let i = 0; i < steps; i++) {
        el.scrollTop = (el.scrollHeight - el.clientHeight) * (i / steps) ** 2 + i * 37;
        await new Promise((ok) => requestAnimationFrame(ok));
        const now = performance.now();
        frames.push(now - last);
        last = now;
        maxRows = Math.max(maxRows, el.querySelectorAll('[role="option"], [data-testid^="contact-row"]').length);
      }
      return { maxRows, frames };
    });
  } finally {
    await h.close();
  }
}

async function ipcOverhead(browser: Browser): Promise<{ ipc: number; direct: number }> {
  const h = await launchConsole(browser, { contacts: 1000 });
  try {
    const dispatch = h.dispatch;
    const payload = { page: 3, perPage: 20 };
    const rounds = 5;
    const perRound = 200;
    const ipc: number[] = [];
    const direct: number[] = [];
    for (let i = 0; i < 50; i++) {
      await dispatch('contacts:list', payload);
      await h.core.contacts.list(payload);
    }
    for (let r = 0; r < rounds; r++) {
      let t = performance.now();
      for (let i = 0; i < perRound; i++) await h.core.contacts.list(payload);
      direct.push(((performance.now() - t) * 1000) / perRound);
      t = performance.now();
      for (let i = 0; i < perRound; i++) {
        const res = await dispatch('contacts:list', payload);
        if (!res.ok) throw new Error(res.error.message);
      }
      ipc.push(((performance.now() - t) * 1000) / perRound);
    }
    return { ipc: median(ipc), direct: median(direct) };
  } finally {
    await h.close();
  }
}

export async function runRendererBench(): Promise<RendererBench> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  try {
    const size = await jsSize();
    const loads: number[] = [];
    const blanks: number[] = [];
    for (let i = 0; i < 3; i++) {
      blanks.push(await blankLoad(browser));
      loads.push(await coldLoad(browser, 100_000));
    }
    const big = await scroll(browser, 100_000);
    const small = await scroll(browser, 1_000);
    const overhead = await ipcOverhead(browser);
    return {
      jsBytes: size.raw,
      jsGzipBytes: size.gzip,
      coldLoadMs: median(loads),
      blankPageLoadMs: median(blanks),
      domRows100k: big.maxRows,
      domRows1k: small.maxRows,
      frameP50Ms: median(big.frames),
      frameP95Ms: pct(big.frames, 0.95),
      ipcPerCallUs: overhead.ipc,
      directPerCallUs: overhead.direct,
      ipcOverheadRatio: overhead.ipc / overhead.direct,
    };
  } finally {
    await browser.close();
  }
}

export function printRendererBench(r: RendererBench): void {
  console.log('\nRenderer (headless Chromium, built renderer, real handlers)');
  console.log(`  renderer JS                      ${(r.jsBytes / 1024).toFixed(1)} KiB, gzip ${(r.jsGzipBytes / 1024).toFixed(1)} KiB`);
  console.log(`  cold load to first contact row   ${r.coldLoadMs.toFixed(0)} ms  (blank page baseline ${r.blankPageLoadMs.toFixed(0)} ms, ratio ${(r.coldLoadMs / r.blankPageLoadMs).toFixed(1)}x)`);
  console.log(`  DOM rows while scrolling         ${r.domRows100k} at 100k contacts, ${r.domRows1k} at 1k contacts`);
  console.log(`  frame time while scrolling 100k  p50 ${r.frameP50Ms.toFixed(1)} ms, p95 ${r.frameP95Ms.toFixed(1)} ms`);
  console.log(`  IPC handler per call             ${r.ipcPerCallUs.toFixed(0)} us vs service direct ${r.directPerCallUs.toFixed(0)} us (ratio ${r.ipcOverheadRatio.toFixed(3)})`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printRendererBench(await runRendererBench());
}
