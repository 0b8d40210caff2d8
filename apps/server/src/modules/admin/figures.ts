import type { TOverviewFigure } from '@wavecast/shared';
import type { AppContext } from '../../context';

/**
 * Figures other modules add to the admin overview. A module registers its provider once, where it
 * registers its routes (`registerFigure({ key: 'affiliates.payoutsDue', ... read })`); a figure
 * announced here without a provider shows as null ("—") until its module exists.
 */
export interface FigureProvider {
  key: string;
  label: string;
  unit: TOverviewFigure['unit'];
  read(ctx: AppContext): Promise<number>;
}

/** Figures the overview always shows, provided or not (affiliates and ads add theirs). */
export const ANNOUNCED_FIGURES: Omit<FigureProvider, 'read'>[] = [
  { key: 'affiliates.payoutsDue', label: 'Affiliate payouts due', unit: 'cents' },
  { key: 'ads.spend', label: 'Ad spend this month', unit: 'micros' },
];

// Providers are functions of the context (no state of their own), so one list serves every app.
const providers = new Map<string, FigureProvider>();

export function registerFigure(provider: FigureProvider): void {
  providers.set(provider.key, provider);
}

/** Every announced or registered figure, with its value (null when nobody provides it, or it failed). */
export async function readFigures(ctx: AppContext): Promise<TOverviewFigure[]> {
  const keys = [...new Set([...ANNOUNCED_FIGURES.map((f) => f.key), ...providers.keys()])];
  return Promise.all(
    keys.map(async (key) => {
      const provider = providers.get(key);
      const meta = provider ?? ANNOUNCED_FIGURES.find((f) => f.key === key);
      if (!meta) throw new Error(`unknown figure ${key}`);
      const value = provider ? await provider.read(ctx).catch(() => null) : null;
      return { key, label: meta.label, unit: meta.unit, value };
    }),
  );
}
