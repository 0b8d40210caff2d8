/**
 * Transitional: modules/live (being split on its own branch) still imports forgetTrack from here.
 * Delivery's caches live in modules/delivery/cache.ts; remove this file once live imports from there.
 */
export { forgetTrack } from '../delivery/cache';
