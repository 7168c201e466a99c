export * from './calendar.js';
export * from './recognition.js';
export * from './items.js';
export * from './postings.js';
