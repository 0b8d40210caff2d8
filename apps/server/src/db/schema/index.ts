export * from './admin';
export * from './auth';
export * from './billing';
export * from './live';
export * from './playlists';
export * from './system';
export * from './tracks';
export * from './users';
