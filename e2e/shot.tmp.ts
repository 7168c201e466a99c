import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
const p = await b.newPage({ viewport: { width: 1600, height: 1200 } });
await p.goto('file://' + process.argv[2]);
await p.waitForTimeout(500);
await p.screenshot({ path: process.argv[3], fullPage: true });
await b.close();
