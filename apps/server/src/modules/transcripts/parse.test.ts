import { describe, expect, it } from 'vitest';
import { parsePlain, parseTimed, TRANSCRIPT_NOT_TIMED, toVtt } from './parse';

describe('parseTimed', () => {
  it('reads WebVTT cues with identifiers, notes, hours-less times and markup', () => {
    const r = parseTimed(
      '\uFEFFWEBVTT - a show\r\n\r\nNOTE made by hand\r\n\r\nintro\r\n00:01.500 --> 00:04.000 align:start\r\n<v Ana>Hello &amp; welcome</v>\r\n\r\n01:00:00.000 --> 01:00:02.250\r\nthe end\r\n',
    );
    expect(r).toEqual({
      ok: true,
      format: 'vtt',
      cues: [
        { start: 1.5, end: 4, text: 'Hello & welcome' },
        { start: 3600, end: 3602.25, text: 'the end' },
      ],
    });
  });

  it('reads SRT', () => {
    const r = parseTimed(
      '1\n00:00:02,000 --> 00:00:03,500\nFirst line\nsecond line\n\n2\n00:00:04,000 --> 00:00:05,000\nNext\n',
    );
    expect(r).toEqual({
      ok: true,
      format: 'srt',
      cues: [
        { start: 2, end: 3.5, text: 'First line second line' },
        { start: 4, end: 5, text: 'Next' },
      ],
    });
  });

  it('refuses what is neither, and cues that end before they start', () => {
    expect(parseTimed('just some words\n\nmore words')).toEqual({ ok: false, message: TRANSCRIPT_NOT_TIMED });
    expect(parseTimed('')).toEqual({ ok: false, message: TRANSCRIPT_NOT_TIMED });
    expect(parseTimed('WEBVTT\n\nno timing here')).toEqual({ ok: false, message: TRANSCRIPT_NOT_TIMED });
    expect(parseTimed('{"cues":[]}')).toEqual({ ok: false, message: TRANSCRIPT_NOT_TIMED });
    expect(parseTimed('WEBVTT\n\n00:00:05.000 --> 00:00:01.000\nbackwards')).toEqual({
      ok: false,
      message: 'Cue 1 ends before it starts',
    });
  });
});

describe('parsePlain and toVtt', () => {
  it('splits paragraphs; writes timed cues back as VTT, escaped', () => {
    expect(parsePlain('One\ntwo\n\n\nThree  ')).toEqual({
      ok: true,
      format: 'text',
      cues: [
        { start: null, end: null, text: 'One two' },
        { start: null, end: null, text: 'Three' },
      ],
    });
    expect(parsePlain(' \n ')).toEqual({ ok: false, message: 'Transcript text is required' });
    expect(toVtt([{ start: 61.5, end: 3725.01, text: 'a <b> & c --> d' }])).toBe(
      'WEBVTT\n\n00:01:01.500 --> 01:02:05.010\na &lt;b&gt; &amp; c --&gt; d\n',
    );
  });
});
