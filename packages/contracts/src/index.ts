export * from './common.ts';
export * from './messages.ts';
