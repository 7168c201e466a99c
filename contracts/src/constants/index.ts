export * from './roles.js';
export * from './subscription.js';
export * from './content.js';
export * from './ui.js';
export * from './pricing.js';
export * from './calculator.js';
export * from './infrastructure.js';
export * from './web.js';
