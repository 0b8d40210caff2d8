/**
 * The radio auto-DJ engine's public surface (issue 38, ADR 0055). The channels module imports
 * from here only.
 *
 *   const handle = startRadioChannel(program, {
 *     library: dbTrackLibrary(ctx),                       // track ids → files, cues, metadata
 *     output: hubOutput(hub, live.streams, { id, title, description }), // listeners via the relay hub
 *     seed: channelId,
 *   });
 *   handle.on((e) => …);                                  // nowPlaying, played, djOnAir, djLeft, djEnded
 *   const dj = handle.takeover({ source, format, djName, djId }); // an ingest's encoded audio
 *   await handle.stop();
 */

export type { RadioChannelOptions } from './channel';
export { startRadioChannel } from './channel';
export { computeCues } from './cues';
export { dbTrackLibrary } from './db-library';
export { hubOutput, type NowPlayingSink } from './hub-output';
export { type PlanOptions, planTimeline } from './timeline';
export * from './types';
