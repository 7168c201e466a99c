import './styles/global.css';
// The whole app's start (start.tsx); the public pages' build puts the islands' start in its place (src/public/start.tsx).
import { start } from './start.js';

void start();
