import './styles/global.css';
// The whole app's entry (spa.html); the public pages' build starts from public/main.tsx.
import { start } from './start.js';

void start();
