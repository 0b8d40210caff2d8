// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TTranscript } from '@wavecast/shared';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import TranscriptCorrector from './TranscriptCorrector';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const TRANSCRIPT: TTranscript = {
  format: 'vtt',
  timed: true,
  source: 'automatic',
  updatedAt: '2026-11-28T08:00:00.000Z',
  cues: [
    { start: 0, end: 4.5, text: 'welcome to the pod cast' },
    { start: 4.5, end: 9, text: 'we make mama late' },
    { start: 9, end: 10, text: 'hmm' },
  ],
};

describe('TranscriptCorrector', () => {
  let root: Root;
  let host: HTMLElement;
  /** The bodies PATCHed (a stand-in for the server, which this unit test does not run). */
  let sent: unknown[];
  let closed: number;
  beforeEach(() => {
    sent = [];
    closed = 0;
    globalThis.fetch = async (_input: RequestInfo | URL, init?: RequestInit) => {
      sent.push({ method: init?.method, body: JSON.parse(String(init?.body)) });
      return new Response(JSON.stringify({ ...TRANSCRIPT, source: 'manual' }), {
        headers: { 'content-type': 'application/json' },
      });
    };
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
    act(() =>
      root.render(
        <QueryClientProvider client={new QueryClient()}>
          <TranscriptCorrector trackId="t1" transcript={TRANSCRIPT} onClose={() => closed++} />
        </QueryClientProvider>,
      ),
    );
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  const field = (label: string) => {
    const el = host.querySelector<HTMLTextAreaElement>(`textarea[aria-label="${label}"]`);
    if (!el) throw new Error(`no field ${label}`);
    return el;
  };
  const type = (label: string, value: string) =>
    act(() => {
      const el = field(label);
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(el, value);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
  const click = (name: string) =>
    act(() =>
      [...host.querySelectorAll('button')]
        .find((b) => b.textContent === name || b.getAttribute('aria-label') === name)
        ?.click(),
    );
  const settle = () => act(() => new Promise((r) => setTimeout(r, 20)));

  it('shows each cue at its times; sends the kept cues by index with their new text', async () => {
    const times = [...host.querySelectorAll('[data-testid="corrector-cue"]')].map((li) => li.firstChild?.textContent);
    expect(times).toEqual(['0:00–0:04', '0:04–0:09', '0:09–0:10']);
    expect(field('Text at 0:04–0:09').value).toBe('we make mama late');
    const save = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Save corrections');
    expect(save?.disabled).toBe(true); // nothing edited yet

    type('Text at 0:04–0:09', 'We make marmalade. ');
    click('Delete the line at 0:09–0:10');
    expect(host.querySelector('textarea[aria-label="Text at 0:09–0:10"]')).toBeNull();
    expect(host.textContent).toContain('Deleted: hmm');
    click('Save corrections');
    await settle();
    expect(sent).toEqual([
      {
        method: 'PATCH',
        body: {
          basedOn: '2026-11-28T08:00:00.000Z',
          cues: [
            { index: 0, text: 'welcome to the pod cast' },
            { index: 1, text: 'We make marmalade.' },
          ],
        },
      },
    ]);
    expect(closed).toBe(1);
  });

  it('an emptied line, or every line deleted, is refused before sending, saying where', async () => {
    type('Text at 0:00–0:04', '   ');
    click('Save corrections');
    await settle();
    expect(host.querySelector('[role="alert"]')?.textContent).toBe(
      '0:00–0:04: Cue text is required (delete the cue instead)',
    );
    expect(field('Text at 0:00–0:04').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Text at 0:00–0:04'));

    for (const at of ['0:00–0:04', '0:04–0:09', '0:09–0:10']) click(`Delete the line at ${at}`);
    click('Save corrections');
    await settle();
    expect(host.querySelector('[role="alert"]')?.textContent).toBe(
      'A transcript needs at least one cue (remove the transcript instead)',
    );
    expect(sent).toEqual([]);
    expect(closed).toBe(0);
  });
});
