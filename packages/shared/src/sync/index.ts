export * from './clock-filter';
export * from './constants';
export * from './controller';
export * from './http-clock';
export * from './messages';
export * from './schedule';
