import { createHash } from 'node:crypto';

/**
 * A page whose first view the server rendered (ADR 0022) shows its content without any script: its
 * scripts are for interaction (React replaces a view that looks the same). They are requested once
 * the first frame is painted, so on a slow link they never compete with the stylesheet and the
 * above-the-fold covers, and the largest cover paints first. The page's `<link rel="modulepreload">`s
 * and its entry `<script type="module">` wait in a `<template>` (inert: nothing in it is fetched or
 * run) that this loader puts into the document after the first frame (a rAF's callback runs before
 * that frame is painted, a timeout set from it after); a hidden tab paints nothing, so at once.
 * Scripts cloned out of a template run when inserted; the modulepreloads are all requested at once,
 * so the code still arrives in one round trip, not a chain.
 */
export const AFTER_PAINT_LOADER =
  "(function(){function go(){for(const t of document.querySelectorAll('template[data-after-paint]'))t.replaceWith(document.importNode(t.content,true))}document.hidden?go():requestAnimationFrame(function(){setTimeout(go)})})()";

/** The loader's CSP source (script-src allows this one inline script, and no other). */
export const AFTER_PAINT_LOADER_CSP = `'sha256-${createHash('sha256').update(AFTER_PAINT_LOADER).digest('base64')}'`;

const SCRIPT_TAGS = /\s*(?:<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)/g;

/** `html` with its module scripts and modulepreloads moved into the after-paint template (before </body>). */
export function scriptsAfterPaint(html: string): string {
  const tags: string[] = [];
  const rest = html.replace(SCRIPT_TAGS, (tag) => {
    tags.push(tag.trim());
    return '';
  });
  if (!tags.length) return html;
  const deferred = `<template data-after-paint>${tags.join('')}</template><script>${AFTER_PAINT_LOADER}</script>`;
  return rest.replace(/<\/body>/i, () => `${deferred}</body>`);
}
