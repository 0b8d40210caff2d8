// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RENDERED_AT_KEY } from '../../lib/now';
import { TimeAgo } from './TimeAgo';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const CREATED = '2026-11-27T10:00:00Z';
const RENDERED = Date.parse('2026-11-27T10:05:30Z');
/** The page in a query cache that holds the server's render instant, or not. */
function page(renderedAt: number | undefined) {
  const client = new QueryClient();
  if (renderedAt !== undefined) client.setQueryData(RENDERED_AT_KEY, renderedAt);
  return (
    <QueryClientProvider client={client}>
      <p>
        <TimeAgo date={CREATED} />
      </p>
    </QueryClientProvider>
  );
}
let host: HTMLDivElement;

/** The server's markup, hydrated in a browser whose clock reads two hours later. */
async function hydrateLater(serverInstantKnown: boolean) {
  vi.setSystemTime(RENDERED);
  host.innerHTML = renderToString(page(RENDERED));
  const serverText = host.textContent;
  const paragraph = host.firstChild;
  vi.setSystemTime(RENDERED + 2 * 3_600_000);
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(host, page(serverInstantKnown ? RENDERED : undefined), { onRecoverableError: (e) => errors.push(e) });
  });
  return { serverText, kept: host.firstChild === paragraph, errors };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  host = document.createElement('div');
  document.body.append(host);
});
afterEach(() => {
  host.remove();
  vi.useRealTimers();
});

describe('TimeAgo', () => {
  it("hydrates against the server's instant, keeping its markup, then shows the browser's time", async () => {
    const { serverText, kept, errors } = await hydrateLater(true);
    expect(serverText).toBe('5 minutes ago');
    expect(errors).toEqual([]);
    expect(kept).toBe(true);
    expect(host.textContent).toBe('2 hours ago');
  });

  it("without the server's instant the texts differ and React throws the server's markup away", async () => {
    const { kept, errors } = await hydrateLater(false);
    expect(errors.length).toBeGreaterThan(0);
    expect(kept).toBe(false);
  });
});
