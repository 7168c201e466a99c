import '../styles/global.css';
// The public pages' entry (vite.config.ts, mode `public`): a prerendered page hydrates its islands.
import { start } from './start.js';

void start();
