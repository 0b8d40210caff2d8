/** Anyone signed in may follow any other existing user; nobody follows themself. */
export const canFollow = (followerId: string, followingId: string): boolean => followerId !== followingId;
