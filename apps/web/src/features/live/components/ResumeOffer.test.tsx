// @vitest-environment happy-dom
import type { TLiveStream } from '@wavecast/shared';
import { act, type ComponentProps } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reactRootPerTest } from '../../../test/react-root';
import { ResumeOffer } from './ResumeOffer';

const view = reactRootPerTest();

const NOW = 1_000_000;
const stream = { id: 's1', title: 'Night Shift' } as TLiveStream;
const calls: string[] = [];

function show(props: Partial<ComponentProps<typeof ResumeOffer>> = {}) {
  act(() =>
    view.root.render(
      <ResumeOffer
        offer={{ stream, publisherConnected: false, graceMsLeft: 8000 }}
        endsAt={NOW + 7400}
        now={NOW}
        busy={false}
        onResume={() => calls.push('resume')}
        onEnd={() => calls.push('end')}
        {...props}
      />,
    ),
  );
}
const button = (name: string) =>
  [...view.host.querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement;

describe('ResumeOffer', () => {
  it('names the stream, counts down the grace period and offers Resume and End stream', () => {
    show();
    expect(view.host.querySelector('h2')?.textContent).toContain('Resume your live stream');
    expect(view.host.querySelector('[data-testid="resume-title"]')?.textContent).toBe('Night Shift');
    expect(view.host.querySelector('[role="timer"]')?.textContent).toBe('It ends in 8 s unless you resume.');
    show({ now: NOW + 20_000 });
    expect(view.host.querySelector('[role="timer"]')?.textContent).toBe('It ends in 0 s unless you resume.');
    calls.length = 0;
    act(() => button('Resume').click());
    act(() => button('End stream').click());
    expect(calls).toEqual(['resume', 'end']);
  });

  it('says when a publisher is still connected elsewhere, and disables both while busy', () => {
    show({ offer: { stream, publisherConnected: true, graceMsLeft: null }, endsAt: null, busy: true });
    expect(view.host.querySelector('[role="timer"]')?.textContent).toBe(
      'It is broadcasting from another tab or window right now.',
    );
    expect(button('Resume').disabled).toBe(true);
    expect(button('End stream').disabled).toBe(true);
  });
});
