import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TranscriptCue } from '../../db/schema';
import { cuesFromUtterances, parseRecognizerWords } from './recognizer-output';

const run = promisify(execFile);

/** CMU PocketSphinx's command-line recogniser, with its US English model (Debian: pocketsphinx, pocketsphinx-en-us). */
const POCKETSPHINX = 'pocketsphinx_continuous';

const executable = (file: string) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

/**
 * The recogniser program for the SPEECH_RECOGNIZER setting: `off` → none; `auto` → PocketSphinx
 * when it is on PATH; anything else is a path. Null when there is none: transcripts stay manual.
 */
export function findRecognizer(setting: string, envPath = process.env.PATH ?? ''): string | null {
  if (setting === 'off') return null;
  if (setting !== 'auto') return executable(setting) ? setting : null;
  for (const dir of envPath.split(path.delimiter).filter(Boolean)) {
    const file = path.join(dir, POCKETSPHINX);
    if (executable(file)) return file;
  }
  return null;
}

/** Timed cues of what is said in a 16 kHz mono WAV file (ffmpeg makes it); empty when no speech is heard. */
export async function recognize(program: string, wavFile: string, timeoutMs: number): Promise<TranscriptCue[]> {
  try {
    const { stdout } = await run(program, ['-infile', wavFile, '-time', 'yes', '-logfn', '/dev/null'], {
      timeout: timeoutMs,
      maxBuffer: 64 * 1024 * 1024,
    });
    return cuesFromUtterances(parseRecognizerWords(stdout));
  } catch (e) {
    const err = e as { killed?: boolean; message: string };
    throw new Error(err.killed ? 'the speech recogniser took too long' : 'the speech recogniser failed');
  }
}
