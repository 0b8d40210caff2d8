// @vitest-environment happy-dom
import { BILLING_MESSAGES } from '@wavecast/shared';
import { act, type ComponentProps } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reactRootPerTest } from '../../../test/react-root';
import { LiveAllowance } from './LiveAllowance';

const view = reactRootPerTest();

const NOW = 1_000_000;
function show(props: Partial<ComponentProps<typeof LiveAllowance>>) {
  act(() =>
    view.root.render(
      <MemoryRouter>
        <LiveAllowance secondsLeft={7200} liveSince={null} endsAt={null} now={NOW} {...props} />
      </MemoryRouter>,
    ),
  );
  return view.host.querySelector('[data-testid="live-allowance"]');
}

describe('LiveAllowance', () => {
  it('shows the minutes left, seconds under a minute, and unlimited plans', () => {
    expect(show({ secondsLeft: 7200 })?.textContent).toBe('120 minutes of live streaming left this month');
    expect(show({ secondsLeft: 45 })?.textContent).toBe('45 seconds of live streaming left this month');
    expect(show({ secondsLeft: null })?.textContent).toBe(BILLING_MESSAGES.liveUnlimited);
  });

  it('with nothing left: says why and links to the plans', () => {
    const el = show({ secondsLeft: 0 });
    expect(el?.getAttribute('role')).toBe('alert');
    expect(el?.textContent).toContain(BILLING_MESSAGES.liveAllowanceUsed);
    expect(el?.querySelector('a')?.getAttribute('href')).toBe('/pricing');
  });

  it('counts down while live from what was left at the start, then to the end the server announced', () => {
    show({ secondsLeft: 600 });
    expect(show({ secondsLeft: 600, liveSince: NOW - 130_000 })?.textContent).toBe(
      '7 minutes of live streaming left this month',
    );
    // The session read again meanwhile (already counting this broadcast) does not count it twice.
    expect(show({ secondsLeft: 470, liveSince: NOW - 130_000 })?.textContent).toBe(
      '7 minutes of live streaming left this month',
    );
    expect(show({ secondsLeft: 470, liveSince: NOW - 300_000, endsAt: NOW + 299_000 })?.textContent).toBe(
      "Your stream ends in 4:59: this month's live streaming runs out",
    );
  });
});
