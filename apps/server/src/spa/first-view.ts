import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { scriptsAfterPaint } from './after-paint';
import { firstViewData } from './first-paint';

/**
 * The first view rendered on the server (ADR 0022): for a signed-out visitor on Home, a plain
 * Explore, an audio page or a profile, the page as React's first render will show it, rendered by
 * the web's own components (apps/web/src/server-entry.tsx, built for Node into `<dist>-ssr`) from
 * the anonymous answers of the API requests that render makes (spa/first-paint.ts
 * `firstViewData`): from the micro-cache when it holds them (ADR 0003), else asked of our own API.
 * The markup goes into #root, inert, with the query cache it was rendered from as JSON; the
 * browser's React seeds its cache with it and hydrates the markup (ADR 0052), which then stops
 * being inert. An answer other than 200 (a private profile, a missing track), a session cookie,
 * or no server build: the plain shell.
 */

/** Pages rendered and kept (per URL, with the answers they were rendered from): the oldest go first. */
const MAX_RENDERED = 500;
/** A rendering is redone after this even with the same answers: it shows times as "3 hours ago". */
const RENDERED_FOR_MS = 60_000;

/** Explore's live list is not micro-cached: it is empty when Home's (every stream on air) is. */
const NO_LIVE_STREAMS = '{"items":[]}';

/** The micro-cache's anonymous answer for a URL, if it holds one (discovery's public cache, given by app.ts). */
export type PeekAnswer = (url: string) => string | null;

function cachedAnswer(peek: PeekAnswer, url: string): string | null {
  if (url !== '/api/explore/live') return peek(url);
  const home = peek('/api/home');
  if (!home) return null;
  try {
    return (JSON.parse(home) as { live?: unknown[] }).live?.length === 0 ? NO_LIVE_STREAMS : null;
  } catch {
    return null;
  }
}

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

type Render = (
  url: string,
  answers: Record<string, unknown>,
) => Promise<{ markup: string; cache: [unknown, unknown][] } | null>;

export interface FirstView {
  /** The page's markup, for inside #root. */
  markup: string;
  /** The query cache it was rendered from (`[queryKey, data]` pairs) as JSON, safe inside a <script> element. */
  json: string;
}

/** A JSON text that cannot close the <script> element it sits in. */
const scriptSafe = (json: string) => json.replace(/</g, '\\u003c');

/** An anonymous GET of our own API: its body when it answers 200, else null. */
export type AskApi = (url: string) => Promise<string | null>;

export function firstViewRenderer(peek: PeekAnswer, dist: string, log: FastifyBaseLogger, askApi: AskApi) {
  const file = path.join(path.dirname(dist), `${path.basename(dist)}-ssr`, 'server-entry.js');
  // Loaded once: an ES module cannot be reloaded (a second copy's chunks would import the first's
  // entry). A newer build than the one loaded would render markup the browser's code no longer
  // matches, so the first view is off until the server restarts.
  let loaded: { mtimeMs: number; render: Promise<Render | null> } | null = null;
  const renderer = (): Promise<Render | null> => {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      return Promise.resolve(null);
    }
    if (!loaded) {
      const render = import(pathToFileURL(file).href)
        .then((m: { renderFirstView: Render }) => m.renderFirstView)
        .catch((err: unknown) => {
          log.warn({ err }, 'first-view renderer failed to load');
          return null;
        });
      loaded = { mtimeMs, render };
    }
    return loaded.mtimeMs === mtimeMs ? loaded.render : Promise.resolve(null);
  };
  // Loaded at start, not by the first visitor (importing it takes a moment).
  void renderer();
  // The answers change every few seconds at most: one rendering per page and answer set (a minute at most).
  const rendered = new Map<string, { key: string; until: number; view: Promise<FirstView | null> }>();

  return async (url: string, cookie: string | undefined): Promise<FirstView | null> => {
    const urls = firstViewData(url);
    if (!urls.length || (cookie && SESSION_COOKIE.test(cookie))) return null;
    const bodies = await Promise.all(urls.map((u) => cachedAnswer(peek, u) ?? askApi(u).catch(() => null)));
    if (bodies.some((b) => b === null)) return null;
    const key = bodies.join('\n');
    const hit = rendered.get(url);
    if (hit?.key === key && hit.until > Date.now()) return hit.view;
    rendered.delete(url);
    if (rendered.size >= MAX_RENDERED) rendered.delete(rendered.keys().next().value as string);
    const view = (async () => {
      const render = await renderer();
      if (!render) return null;
      const answers = Object.fromEntries(urls.map((u, i) => [u, JSON.parse(bodies[i] as string)]));
      const view = await render(url, answers);
      if (!view) return null;
      // React hoists preloads of its high-priority images to the front: the head has its own.
      return { markup: view.markup.replace(/^(?:<link [^>]*>)+/, ''), json: scriptSafe(JSON.stringify(view.cache)) };
    })().catch(() => null);
    rendered.set(url, { key, until: Date.now() + RENDERED_FOR_MS, view });
    return view;
  };
}

/**
 * index.html with the first view in #root (in place of the static shell) and its cache after it.
 * `inert`: not focusable or clickable, out of the accessibility tree; `aria-disabled`: so that test
 * tools (Playwright's actionability checks) also wait for React's page instead of typing into this one.
 */
export function withFirstView(html: string, view: FirstView): string {
  return scriptsAfterPaint(html).replace(
    /<div id="root">[\s\S]*?<\/div><\/div>/,
    () =>
      `<div id="root"><div class="first-view" inert aria-disabled="true">${view.markup}</div></div>` +
      `<script type="application/json" id="first-view-data">${view.json}</script>`,
  );
}
