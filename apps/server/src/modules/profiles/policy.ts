// Profile privacy comes from the accounts module's policy (one set of rules for every reader).
export { profileAccess, type Viewer } from '../users/policy';

/** The list of whom a user follows is private to that user (spec: "the following list is private"). */
export const canSeeFollowing = (viewer: { id: string } | null, ownerId: string): boolean => viewer?.id === ownerId;
