export { canSeeTrack, isId } from '../plays/policy';
