import type { AppContext } from '../../context';
import type { CloseResult } from './types';

export async function foldFinishedDays(_ctx: AppContext): Promise<string[]> {
  throw new Error('not built yet');
}
export async function closeMonth(_ctx: AppContext, _month: string): Promise<CloseResult> {
  throw new Error('not built yet');
}
export async function closeDueMonths(_ctx: AppContext): Promise<CloseResult[]> {
  throw new Error('not built yet');
}
