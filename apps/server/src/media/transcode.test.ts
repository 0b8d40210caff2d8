import { describe, expect, it } from 'vitest';
import { processArgs, processTimeoutMs } from './transcode';

describe('processTimeoutMs', () => {
  it('gives short and unknown lengths 10 minutes', () => {
    expect(processTimeoutMs(null)).toBe(600_000);
    expect(processTimeoutMs(180)).toBe(600_000);
  });

  it('gives long audio a tenth of its length', () => {
    expect(processTimeoutMs(7 * 3600)).toBe(42 * 60_000);
  });
});

describe('processArgs', () => {
  it('reads the input once and writes both renditions, the loudness pass and PCM on stdout', () => {
    const args = processArgs('/in', 'mp3', { opus: '/o.webm', aac: '/o.m4a' });
    expect(args.filter((a) => a === '-i')).toHaveLength(1);
    expect(args).toEqual(expect.arrayContaining(['/o.webm', '/o.m4a', 'pipe:1']));
    expect(args.join(' ')).toContain('ebur128=peak=sample');
    expect(args.filter((a, i) => a === '-ac' && args[i + 1] === '2')).toHaveLength(0);
  });

  it('folds more than two channels to stereo in both renditions', () => {
    const args = processArgs('/in', 'flac', { opus: '/o.webm', aac: '/o.m4a' }, 6);
    expect(args.filter((a, i) => a === '-ac' && args[i + 1] === '2')).toHaveLength(2);
  });

  it('writes no HD rendition unless asked for', () => {
    const args = processArgs('/in', 'mp3', { opus: '/o.webm', aac: '/o.m4a' });
    expect(args).not.toContain('256k');
    expect(args.filter((a) => a === 'libopus')).toHaveLength(1);
  });

  it('adds the HD Opus rendition at 256 kbit/s from the same decode, folded to stereo like the others', () => {
    const args = processArgs('/in', 'flac', { opus: '/o.webm', aac: '/o.m4a', hd: '/o.hd.webm' }, 6);
    expect(args.filter((a) => a === '-i')).toHaveLength(1);
    const at = args.indexOf('/o.hd.webm');
    expect(args.slice(at - 7, at + 1)).toEqual(['-c:a', 'libopus', '-b:a', '256k', '-f', 'webm', '-y', '/o.hd.webm']);
    expect(args.filter((a, i) => a === '-ac' && args[i + 1] === '2')).toHaveLength(3);
    expect(args.indexOf('/o.hd.webm')).toBeLessThan(args.indexOf('pipe:1'));
  });
});
