/** After the broadcast ended, the audio held plays out; a playhead still for this long ends it. */
export const TAIL_STALL_MS = 3_000;
const CHECK_MS = 250;

/**
 * Calls `stalled` once the element's playhead has not moved for TAIL_STALL_MS (nothing more will
 * come, or the element is stuck); returns what stops watching. Not a cap on the tail's length: a
 * listener who fell seconds behind on a loaded device still hears all of it.
 */
export function watchTail(audio: HTMLMediaElement, stalled: () => void): () => void {
  let position = audio.currentTime;
  let movedAt = Date.now();
  const timer = setInterval(() => {
    if (audio.currentTime !== position) {
      position = audio.currentTime;
      movedAt = Date.now();
    } else if (Date.now() - movedAt > TAIL_STALL_MS) stalled();
  }, CHECK_MS);
  return () => clearInterval(timer);
}
