import { escHtml } from '../../lib/html';
import type { EmbedData, EmbedLive, EmbedRadio } from './service';

export type EmbedTheme = 'light' | 'dark';

/**
 * The embed document: no app shell, the data inline as JSON (not executed: the CSP allows only
 * our own script files), and the small player script (apps/web/src/embed, its own build entry).
 */
export function embedPage(
  data: EmbedData | EmbedLive | EmbedRadio,
  theme: EmbedTheme,
  assets: { js: string; css: string | null },
): string {
  // `<` never appears raw inside the JSON, so no `</script>` can close the block early.
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<!doctype html>
<html lang="en" data-theme="${theme}">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex" />
<title>${escHtml(data.title)} · Wavecast</title>
<link rel="canonical" href="${escHtml(data.pageUrl)}" />
${assets.css ? `<link rel="stylesheet" href="${escHtml(assets.css)}" />` : ''}
</head>
<body>
<main id="wavecast-embed" aria-label="Wavecast player"><noscript><a href="${escHtml(data.pageUrl)}">${escHtml(data.title)} on Wavecast</a></noscript></main>
<script id="wavecast-embed-data" type="application/json">${json}</script>
<script type="module" src="${escHtml(assets.js)}"></script>
</body>
</html>
`;
}

export function embedNotFound(theme: EmbedTheme): string {
  return `<!doctype html>
<html lang="en" data-theme="${theme}">
<head><meta charset="utf-8" /><title>Audio not found · Wavecast</title>
<style>body{margin:0;font:14px system-ui,sans-serif;display:grid;place-items:center;height:100vh;background:${theme === 'dark' ? '#0b0b12' : '#fff'};color:${theme === 'dark' ? '#eee' : '#222'}}</style></head>
<body><p>Audio not found</p></body>
</html>
`;
}
