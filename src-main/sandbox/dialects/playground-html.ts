// The playground page: one section per tab with the method, the endpoint and the cURL. Plain
// HTML with every value escaped and no scripts (the page is served with a CSP that allows none).
import type { SandboxDialect } from '../types';
import type { PlaygroundTab } from './playground';

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#1b1b1b}
nav a{margin-right:1rem}section{border-top:1px solid #ddd;padding-top:1rem;margin-top:1.5rem}
.method{font-weight:700;font-family:monospace;padding:.1rem .4rem;border-radius:.2rem;background:#e8eefc}
pre{background:#f5f5f5;padding:1rem;overflow-x:auto;white-space:pre}`;

function section(tab: PlaygroundTab): string {
  return [
    `<section id="${escapeHtml(tab.id)}" aria-labelledby="${escapeHtml(tab.id)}-title">`,
    `<h2 id="${escapeHtml(tab.id)}-title">${escapeHtml(tab.title)}</h2>`,
    `<p><span class="method">${escapeHtml(tab.method)}</span> <code>${escapeHtml(tab.endpoint)}</code></p>`,
    `<pre><code>${escapeHtml(tab.curl)}</code></pre>`,
    '</section>',
  ].join('\n');
}

export function playgroundHtml(dialect: SandboxDialect, baseUrl: string, tabs: readonly PlaygroundTab[]): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API playground · CRM sandbox (${escapeHtml(dialect)})</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>API playground</h1>
<p>Dialect <code>${escapeHtml(dialect)}</code> at <code>${escapeHtml(baseUrl)}</code>. Replace <code>YOUR_API_KEY</code> with an API key.</p>
<nav aria-label="Operations">${tabs.map((t) => `<a href="#${escapeHtml(t.id)}">${escapeHtml(t.title)}</a>`).join('')}</nav>
${tabs.map(section).join('\n')}
</main>
</body>
</html>
`;
}
