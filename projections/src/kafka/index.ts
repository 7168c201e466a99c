export * from './checkpoints.js';
export * from './publisher.js';
export * from './settings.js';
