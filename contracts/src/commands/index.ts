export * from './metadata.js';
export * from './subscription.js';
export * from './user.js';
export * from './content.js';
export * from './message.js';
export * from './upgrade.js';
export * from './invoice.js';
