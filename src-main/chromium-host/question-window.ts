// Main's own questions to the person (keys to a new address, plain http) in a window of their
// own: opened from Node, not by the app page, so the page has no handle on it and cannot answer
// for the person. Closing the window is a no, as closing a native dialog is. It is opened
// through `questions`, so the host's one-window rule (window-guard.ts) leaves it open.
import type { BrowserContext, Page } from 'playwright-core';
import type { AskConsent, ConsentQuestion } from '../core/profiles/profile-consent';
import type { QuestionWindows } from './question-windows';

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function questionHtml(q: ConsentQuestion): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>${escape(q.title)}</title>
<style>body{font:14px system-ui,sans-serif;margin:24px;color-scheme:light dark}h1{font-size:16px}p.detail{opacity:.8}
div{display:flex;gap:8px;justify-content:flex-end;margin-top:24px}button{font:inherit;padding:6px 14px}</style></head>
<body><h1>${escape(q.message)}</h1><p class="detail">${escape(q.detail)}</p>
<div><button id="no" autofocus>Cancel</button><button id="yes">${escape(q.confirmLabel)}</button></div>
<script>document.getElementById('no').onclick=()=>__crmAnswer(false);document.getElementById('yes').onclick=()=>__crmAnswer(true);
addEventListener('keydown',(e)=>{if(e.key==='Escape')__crmAnswer(false)});</script></body></html>`;
}

export function askInOwnWindow(context: () => BrowserContext | null, questions: QuestionWindows<Page>): AskConsent {
  return async (question) => {
    const ctx = context();
    if (!ctx) return false;
    const page = await questions.open(() => ctx.newPage());
    try {
      let answered!: (yes: boolean) => void;
      const answer = new Promise<boolean>((resolve) => {
        answered = resolve;
      });
      page.once('close', () => answered(false));
      await page.exposeBinding('__crmAnswer', (_source, yes: unknown) => answered(yes === true));
      await page.setContent(questionHtml(question));
      return await answer;
    } finally {
      questions.forget(page);
      await page.close().catch(() => undefined);
    }
  };
}
