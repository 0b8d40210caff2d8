import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that take minutes of wall time (a 2-hour radio render, ads' budget races, encoders and DJs
 * in real time), started first. Vitest orders by the last run's durations, but a fresh clone (CI)
 * has none and starts larger files first, which left the 2-hour render running alone at the end of
 * a run for minutes (issue 35). Slowest first.
 */
const LONG_FIRST = [
  'modules/radio/engine/offline-render.int.test.ts',
  'modules/ads/ads.int.test.ts',
  'modules/live/encoder/protocols.int.test.ts',
  'modules/radio/takeover.int.test.ts',
  'modules/rooms/sync/loopback.int.test.ts',
  'test/lifecycle-matrix-surfaces.int.test.ts',
];

export default class LongFirstSequencer extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = LONG_FIRST.findIndex((suffix) => f.moduleId.endsWith(suffix));
      return i < 0 ? LONG_FIRST.length : i;
    };
    // Within each project (projects keep their base order); Array#sort is stable, so the rest do too.
    const projects = new Map<string, TestSpecification[]>();
    for (const f of await super.sort(files)) projects.set(f.project.name, [...(projects.get(f.project.name) ?? []), f]);
    return [...projects.values()].flatMap((specs) => specs.sort((a, b) => rank(a) - rank(b)));
  }
}
