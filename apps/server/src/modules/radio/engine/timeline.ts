import type { RadioProgram, RadioTrack, TimelineItem } from './types';

export interface PlanOptions {
  seed: string;
  /** Epoch ms of the first item's start. */
  from: number;
  /** Plan until at least this instant. */
  until: number;
  /** Items already heard (newest last): the repeat rules look back into them. */
  history?: TimelineItem[];
}

export function planTimeline(
  _program: RadioProgram,
  _catalog: Map<string, RadioTrack>,
  _opts: PlanOptions,
): TimelineItem[] {
  throw new Error('not implemented yet');
}
