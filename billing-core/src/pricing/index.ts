/** The one pricing module: pure, browser-safe, shared by the server (authoritative) and the web app (display). */
export * from './tiers.js';
export * from './quote.js';
export * from './calculator.js';
export * from './proration.js';
