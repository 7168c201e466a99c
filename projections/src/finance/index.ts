export * from './cut.js';
export * from './report.js';
export * from './csv.js';
export * from './verify.js';
export { runReplay, type CliIo } from './cli.js';
