export * from './schema';
export * from './db';
export * from './errors';
export * from './players';
export * from './matches';
export * from './log';
export * from './settings';
export * from './history';
