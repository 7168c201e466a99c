/**
 * Generates the site's original SVG illustrations into public/img (run once, output committed):
 *   node scripts/illustrations.mjs
 * Covers, promo-video posters and feature images per product, product icons, the home hero and the default
 * Open Graph image. Everything is drawn from a few motifs (encoder, engine, platform tiles, players, charts,
 * code windows) in the brand palette, so the pictures match each other and both themes (they carry their own
 * background).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/img');
const C = {
  brand: '#0b5cff',
  violet: '#6a3cff',
  pink: '#ff5c8a',
  green: '#19c39c',
  amber: '#ffb020',
  ink: '#0f172a',
  slate: '#475569',
  line: '#c9d5f2',
  paper: '#ffffff',
  mist: '#eef3ff',
  night: '#0b1020',
  night2: '#17213f',
};
const FONT = "font-family=\"system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif\"";

function write(rel, svg) {
  const file = path.join(OUT, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, svg.replace(/\n\s*/g, '\n').trim() + '\n');
}

function doc(w, h, body, { dark = false, title = '' } = {}) {
  const bg = dark
    ? `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.night}"/><stop offset="1" stop-color="${C.night2}"/></linearGradient>`
    : `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f5f8ff"/><stop offset="1" stop-color="#e6edff"/></linearGradient>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img"${title ? ` aria-label="${title}"` : ''}>
  <defs>${bg}
    <linearGradient id="brandGrad" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.brand}"/><stop offset="1" stop-color="${C.violet}"/></linearGradient>
    <filter id="shadow" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur in="SourceAlpha" stdDeviation="10"/><feOffset dy="6" result="blur"/><feFlood flood-color="#0b1f5c" flood-opacity="0.16"/><feComposite in2="blur" operator="in"/><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>
    <marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="${C.brand}"/></marker>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  ${grid(w, h, dark)}
  ${body}
</svg>`;
}

function grid(w, h, dark) {
  const stroke = dark ? '#ffffff' : C.brand;
  let out = `<g opacity="${dark ? 0.05 : 0.06}" stroke="${stroke}" stroke-width="1">`;
  for (let x = 40; x < w; x += 40) out += `<path d="M${x} 0V${h}"/>`;
  for (let y = 40; y < h; y += 40) out += `<path d="M0 ${y}H${w}"/>`;
  return out + '</g>';
}

const text = (x, y, s, { size = 16, weight = 600, fill = C.ink, anchor = 'start' } = {}) =>
  `<text x="${x}" y="${y}" ${FONT} font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}">${s}</text>`;

function card(x, y, w, h, { fill = C.paper, r = 16, stroke = C.line } = {}) {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="${fill}" stroke="${stroke}" filter="url(#shadow)"/>`;
}

function flow(x1, y1, x2, y2, { dashed = false, color = C.brand } = {}) {
  const mx = (x1 + x2) / 2;
  return `<path d="M${x1} ${y1}C${mx} ${y1} ${mx} ${y2} ${x2} ${y2}" fill="none" stroke="${color}" stroke-width="3" ${dashed ? 'stroke-dasharray="8 8"' : ''} marker-end="url(#arrow)"/>`;
}

/** A camera on a tripod-less body with a red tally light. */
function camera(x, y, s = 1) {
  return `<g transform="translate(${x} ${y}) scale(${s})">
    ${card(0, 0, 120, 84)}
    <rect x="18" y="22" width="60" height="40" rx="8" fill="${C.ink}"/>
    <circle cx="48" cy="42" r="13" fill="${C.night2}" stroke="${C.brand}" stroke-width="4"/>
    <path d="M80 32l26-12v44L80 52z" fill="${C.ink}"/>
    <circle cx="28" cy="32" r="4" fill="${C.pink}"/>
  </g>`;
}

/** A hardware/software encoder with a protocol label. */
function encoder(x, y, label = 'SRT') {
  return `<g transform="translate(${x} ${y})">
    ${card(0, 0, 132, 72)}
    <rect x="16" y="18" width="36" height="36" rx="8" fill="url(#brandGrad)"/>
    <path d="M28 28l14 8-14 8z" fill="#fff"/>
    ${text(62, 34, 'ENCODER', { size: 11, weight: 700, fill: C.slate })}
    ${text(62, 54, label, { size: 18, weight: 800 })}
  </g>`;
}

/** The Relaycast engine: a server with status lights. */
function engine(x, y, w = 200, h = 150, label = 'Relaycast') {
  let leds = '';
  for (let i = 0; i < 3; i++) {
    leds += `<rect x="20" y="${52 + i * 28}" width="${w - 40}" height="18" rx="6" fill="#ffffff22"/>
      <circle cx="${w - 34}" cy="${61 + i * 28}" r="4" fill="${[C.green, C.green, C.amber][i]}"/>`;
  }
  return `<g transform="translate(${x} ${y})">
    <rect width="${w}" height="${h}" rx="20" fill="url(#brandGrad)" filter="url(#shadow)"/>
    ${text(20, 36, label, { size: 20, weight: 800, fill: '#fff' })}
    ${leds}
  </g>`;
}

/** A destination tile: a coloured dot and a label. */
function tile(x, y, label, color, w = 150) {
  return `<g transform="translate(${x} ${y})">
    ${card(0, 0, w, 52, { r: 12 })}
    <circle cx="26" cy="26" r="12" fill="${color}"/>
    <path d="M22 20l10 6-10 6z" fill="#fff"/>
    ${text(48, 32, label, { size: 15, weight: 700 })}
  </g>`;
}

/** A video player frame. */
function player(x, y, w, h, { lock = false, label = '', dark = true } = {}) {
  const bar = `<rect x="16" y="${h - 22}" width="${w - 32}" height="6" rx="3" fill="#ffffff33"/><rect x="16" y="${h - 22}" width="${(w - 32) * 0.62}" height="6" rx="3" fill="${C.pink}"/>`;
  const centre = lock
    ? `<g transform="translate(${w / 2 - 22} ${h / 2 - 34})"><rect y="22" width="44" height="36" rx="8" fill="${C.amber}"/><path d="M10 24v-8a12 12 0 0 1 24 0v8" fill="none" stroke="${C.amber}" stroke-width="6"/><circle cx="22" cy="40" r="5" fill="${C.ink}"/></g>`
    : `<circle cx="${w / 2}" cy="${h / 2 - 8}" r="28" fill="${C.brand}"/><path d="M${w / 2 - 9} ${h / 2 - 22}l24 14-24 14z" fill="#fff"/>`;
  return `<g transform="translate(${x} ${y})">
    <rect width="${w}" height="${h}" rx="14" fill="${dark ? C.night : '#1c2748'}" filter="url(#shadow)"/>
    <rect x="10" y="10" width="${w - 20}" height="${h - 44}" rx="8" fill="url(#brandGrad)" opacity="0.35"/>
    ${centre}
    ${label ? `<rect x="18" y="18" width="${label.length * 9 + 20}" height="24" rx="6" fill="${C.pink}"/>${text(28, 35, label, { size: 13, weight: 800, fill: '#fff' })}` : ''}
    ${bar}
  </g>`;
}

/** A browser window with content slot. */
function browser(x, y, w, h, inner = '') {
  return `<g transform="translate(${x} ${y})">
    ${card(0, 0, w, h)}
    <path d="M0 16a16 16 0 0 1 16-16h${w - 32}a16 16 0 0 1 16 16v18H0z" fill="${C.mist}"/>
    <circle cx="20" cy="17" r="5" fill="${C.pink}"/><circle cx="36" cy="17" r="5" fill="${C.amber}"/><circle cx="52" cy="17" r="5" fill="${C.green}"/>
    <rect x="72" y="9" width="${w - 100}" height="16" rx="8" fill="#fff"/>
    <g transform="translate(0 34)">${inner}</g>
  </g>`;
}

/** A code window with syntax-coloured lines. */
function code(x, y, w, h, lines) {
  const colours = [C.pink, '#7cc4ff', C.green, '#ffd479', '#c7b8ff'];
  let body = '';
  lines.forEach((line, i) => {
    let cx = 20 + line.indent * 18;
    line.parts.forEach((len, j) => {
      body += `<rect x="${cx}" y="${44 + i * 24}" width="${len}" height="10" rx="5" fill="${colours[(i + j) % colours.length]}" opacity="0.9"/>`;
      cx += len + 10;
    });
  });
  return `<g transform="translate(${x} ${y})">
    <rect width="${w}" height="${h}" rx="16" fill="${C.night}" filter="url(#shadow)"/>
    <circle cx="22" cy="20" r="5" fill="${C.pink}"/><circle cx="38" cy="20" r="5" fill="${C.amber}"/><circle cx="54" cy="20" r="5" fill="${C.green}"/>
    ${body}
  </g>`;
}

const L = (indent, ...parts) => ({ indent, parts });

/** A small line chart. */
function chart(x, y, w, h, points, color = C.green) {
  const step = (w - 40) / (points.length - 1);
  const d = points.map((p, i) => `${i ? 'L' : 'M'}${20 + i * step} ${h - 20 - p * (h - 60)}`).join('');
  return `<g transform="translate(${x} ${y})">
    ${card(0, 0, w, h)}
    <path d="${d}" fill="none" stroke="${color}" stroke-width="4" stroke-linejoin="round" stroke-linecap="round"/>
    <path d="${d}L${w - 20} ${h - 20}L20 ${h - 20}z" fill="${color}" opacity="0.12"/>
  </g>`;
}

/** A participant tile for conferencing. */
function face(x, y, w, h, hue, speaking = false) {
  return `<g transform="translate(${x} ${y})">
    <rect width="${w}" height="${h}" rx="12" fill="${hue}" opacity="0.9" ${speaking ? `stroke="${C.green}" stroke-width="5"` : ''}/>
    <circle cx="${w / 2}" cy="${h / 2 - 6}" r="${Math.min(w, h) * 0.17}" fill="#ffffffcc"/>
    <path d="M${w / 2 - w * 0.24} ${h - 10}a${w * 0.24} ${h * 0.22} 0 0 1 ${w * 0.48} 0z" fill="#ffffffcc"/>
  </g>`;
}

function segments(x, y, n, label = '.ts') {
  let out = '';
  for (let i = 0; i < n; i++) {
    out += `<g transform="translate(${x + i * 66} ${y})">${card(0, 0, 56, 40, { r: 8 })}${text(28, 26, label, { size: 13, weight: 700, fill: C.slate, anchor: 'middle' })}</g>`;
  }
  return out;
}

function badge(x, y, label, color = C.brand) {
  const w = label.length * 9 + 24;
  return `<g transform="translate(${x} ${y})"><rect width="${w}" height="28" rx="14" fill="${color}"/>${text(w / 2, 19, label, { size: 13, weight: 800, fill: '#fff', anchor: 'middle' })}</g>`;
}

function clockRing(cx, cy, r) {
  let ticks = '';
  for (let i = 0; i < 24; i++) {
    const a = (i / 24) * Math.PI * 2;
    const x1 = cx + Math.sin(a) * (r - 14);
    const y1 = cy - Math.cos(a) * (r - 14);
    const x2 = cx + Math.sin(a) * (r - (i % 6 === 0 ? 30 : 22));
    const y2 = cy - Math.cos(a) * (r - (i % 6 === 0 ? 30 : 22));
    ticks += `<path d="M${x1.toFixed(1)} ${y1.toFixed(1)}L${x2.toFixed(1)} ${y2.toFixed(1)}" stroke="${C.slate}" stroke-width="${i % 6 === 0 ? 4 : 2}" stroke-linecap="round"/>`;
  }
  const arc = (from, to, color) => {
    const p = (t) => [cx + Math.sin(t * Math.PI * 2) * (r + 8), cy - Math.cos(t * Math.PI * 2) * (r + 8)];
    const [x1, y1] = p(from);
    const [x2, y2] = p(to);
    return `<path d="M${x1.toFixed(1)} ${y1.toFixed(1)}A${r + 8} ${r + 8} 0 ${to - from > 0.5 ? 1 : 0} 1 ${x2.toFixed(1)} ${y2.toFixed(1)}" fill="none" stroke="${color}" stroke-width="12" stroke-linecap="round"/>`;
  };
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" filter="url(#shadow)"/>${ticks}
    ${arc(0.02, 0.3, C.brand)}${arc(0.34, 0.55, C.violet)}${arc(0.59, 0.8, C.pink)}${arc(0.84, 0.98, C.green)}
    <path d="M${cx} ${cy}L${cx} ${cy - r * 0.55}M${cx} ${cy}L${cx + r * 0.38} ${cy + r * 0.12}" stroke="${C.ink}" stroke-width="6" stroke-linecap="round"/>
    <circle cx="${cx}" cy="${cy}" r="8" fill="${C.ink}"/>
    ${text(cx, cy + r * 0.5, '24/7', { size: 26, weight: 800, anchor: 'middle' })}`;
}

function meterBars(x, y, values, color = C.green) {
  return values.map((v, i) => `<rect x="${x + i * 16}" y="${y - v}" width="10" height="${v}" rx="4" fill="${color}" opacity="${0.5 + (i % 3) * 0.2}"/>`).join('');
}

// ----- Compositions (960×600 covers, 640×400 features) -----

const covers = {
  'multi-streaming': () => `
    ${camera(60, 250)}${flow(180, 292, 300, 300)}
    ${engine(310, 225)}
    ${flow(510, 260, 640, 110)}${flow(510, 280, 640, 200)}${flow(510, 300, 640, 290)}${flow(510, 320, 640, 380)}${flow(510, 340, 640, 470)}
    ${tile(650, 84, 'Video platform', C.pink, 220)}${tile(650, 174, 'Live channel', C.violet, 220)}${tile(650, 264, 'Social feed', C.brand, 220)}
    ${tile(650, 354, 'Own RTMP', C.green, 220)}${tile(650, 444, 'CDN', C.amber, 220)}
    ${badge(316, 400, 'SRT · RTMP in')}${badge(316, 440, '5 outputs, 1 upload', C.pink)}`,
  'video-on-demand': () => `
    ${camera(50, 100)}${flow(170, 142, 260, 170)}
    ${engine(270, 110, 190, 130)}${badge(300, 260, '● REC', C.pink)}
    ${flow(460, 175, 540, 175)}
    ${browser(550, 70, 360, 230, [0, 1, 2, 3, 4, 5].map((i) => `<rect x="${20 + (i % 3) * 110}" y="${16 + Math.floor(i / 3) * 90}" width="96" height="74" rx="8" fill="url(#brandGrad)" opacity="${0.35 + (i % 3) * 0.2}"/>`).join(''))}
    ${player(180, 330, 420, 230, { label: 'HLS' })}
    ${flow(720, 300, 610, 420)}
    ${badge(640, 470, '1080p · 720p · 480p', C.violet)}`,
  'pay-per-view-streaming': () => `
    ${player(60, 90, 520, 300, { lock: true, label: 'LIVE' })}
    <g transform="translate(620 110)">${card(0, 0, 280, 300)}
      ${text(24, 44, 'Championship final', { size: 18, weight: 800 })}
      ${text(24, 70, 'Live + 48 h replay', { size: 14, weight: 500, fill: C.slate })}
      ${text(24, 140, '$9.99', { size: 46, weight: 800, fill: C.brand })}
      <rect x="24" y="176" width="232" height="48" rx="12" fill="${C.amber}"/>${text(140, 206, 'Pay and watch', { size: 17, weight: 800, anchor: 'middle' })}
      <rect x="24" y="240" width="232" height="36" rx="10" fill="${C.mist}"/>${text(140, 264, 'Ticket ✓ sent by email', { size: 13, weight: 600, fill: C.slate, anchor: 'middle' })}
    </g>
    ${flow(580, 240, 615, 240, { dashed: true })}
    ${badge(60, 430, 'PAY_PER_VIEW_PAYPAL', C.violet)}${badge(300, 430, 'VOD_PASSWORD_ENABLED', C.pink)}`,
  'continuous-streaming': () => `
    ${clockRing(250, 300, 190)}
    <g transform="translate(500 110)">${card(0, 0, 410, 380)}
      ${['06:00 Morning show', '09:00 Playlist', '12:00 Live studio', '18:00 Replays', '00:00 Night loop'].map((s, i) => `<rect x="20" y="${24 + i * 70}" width="${[260, 330, 220, 300, 370][i]}" height="52" rx="10" fill="${[C.brand, C.violet, C.pink, C.green, C.slate][i]}" opacity="0.9"/>${text(36, 56 + i * 70, s, { size: 16, weight: 700, fill: '#fff' })}`).join('')}
    </g>`,
  'video-conferencing': () => `
    ${browser(60, 60, 840, 480, `
      ${[0, 1, 2, 3, 4, 5].map((i) => face(24 + (i % 3) * 268, 20 + Math.floor(i / 3) * 190, 252, 176, [C.brand, C.violet, C.pink, C.green, C.amber, '#3aa0ff'][i], i === 1)).join('')}
      <rect x="290" y="400" width="260" height="36" rx="18" fill="${C.night}"/>
      <circle cx="330" cy="418" r="10" fill="#fff"/><circle cx="380" cy="418" r="10" fill="#fff"/><circle cx="430" cy="418" r="10" fill="#fff"/><rect x="470" y="408" width="60" height="20" rx="10" fill="${C.pink}"/>`)}`,
  'video-api': () => `
    ${code(60, 90, 440, 400, [L(0, 90, 60), L(1, 70, 120), L(2, 100, 80), L(2, 60, 140), L(2, 120), L(1, 40), L(1, 80, 90), L(2, 140, 60), L(1, 30), L(0, 20), L(0, 110, 70), L(1, 160)])}
    ${flow(500, 200, 620, 140)}${flow(500, 290, 620, 290)}${flow(500, 380, 620, 440)}
    ${tile(630, 112, 'POST /api/vod/create', C.brand, 290)}
    ${tile(630, 262, 'POST /api/restream/create', C.pink, 290)}
    ${tile(630, 412, 'POST /api/conferences/create', C.green, 290)}
    ${badge(80, 510, 'x-access-token', C.violet)}`,
};

const features = {
  'multi-streaming': [
    () => `${encoder(40, 164, 'RTMP')}${flow(172, 200, 260, 200)}${engine(270, 125, 140, 150, 'Engine')}
      ${[0, 1, 2, 3].map((i) => `${flow(410, 170 + i * 20, 470, 70 + i * 90)}${tile(478, 44 + i * 90, ['Platform A', 'Platform B', 'Platform C', 'Custom'][i], [C.pink, C.violet, C.brand, C.green][i], 140)}`).join('')}`,
    () => `${engine(40, 130, 170, 140, 'Transcode')}
      ${['1080p · 6 Mbit/s', '720p · 3 Mbit/s', '480p · 1.5 Mbit/s'].map((s, i) => `${flow(210, 170 + i * 30, 300, 90 + i * 110)}${tile(310, 64 + i * 110, s, [C.brand, C.violet, C.pink][i], 290)}`).join('')}`,
    () => `${chart(40, 40, 560, 200, [0.5, 0.55, 0.52, 0.7, 0.66, 0.72, 0.4, 0.68, 0.74, 0.7])}
      ${['Platform A', 'Platform B', 'Custom'].map((s, i) => `<g transform="translate(${40 + i * 190} 270)">${card(0, 0, 176, 90, { r: 12 })}<circle cx="26" cy="30" r="8" fill="${[C.green, C.green, C.amber][i]}"/>${text(44, 36, s, { size: 14, weight: 700 })}${text(20, 70, ['6.0 Mbit/s', '5.9 Mbit/s', 'reconnecting'][i], { size: 13, weight: 600, fill: C.slate })}</g>`).join('')}`,
  ],
  'video-on-demand': [
    () => `${camera(40, 150)}${flow(160, 190, 230, 190)}${badge(240, 176, '● REC', C.pink)}${flow(340, 190, 400, 190)}
      ${segments(410, 110, 3, '.ts')}${segments(410, 170, 3, '.ts')}${segments(410, 230, 3, '.mp4')}`,
    () => `<g transform="translate(40 40)">${card(0, 0, 250, 320)}${text(20, 40, 'index.m3u8', { size: 18, weight: 800 })}
      ${['#EXTM3U', '#EXT-X-STREAM-INF', '1080p.m3u8', '#EXT-X-STREAM-INF', '720p.m3u8', '#EXT-X-STREAM-INF', '480p.m3u8'].map((s, i) => text(20, 80 + i * 32, s, { size: 13, weight: i % 2 ? 500 : 700, fill: i % 2 ? C.slate : C.brand })).join('')}</g>
      ${['1080p', '720p', '480p'].map((s, i) => `${flow(290, 140 + i * 60, 360, 90 + i * 110)}<g transform="translate(370 ${60 + i * 110})">${card(0, 0, 230, 64, { r: 12 })}${text(20, 40, s, { size: 18, weight: 800 })}${meterBars(120, 50, [20, 30, 24, 36, 28].map((v) => v - i * 6), [C.brand, C.violet, C.pink][i])}</g>`).join('')}`,
    () => `${browser(40, 30, 560, 340, `${player(24, 16, 320, 200)}${code(360, 16, 176, 200, [L(0, 40, 60), L(1, 90), L(1, 70), L(1, 100), L(0, 50)])}<rect x="24" y="232" width="512" height="56" rx="10" fill="${C.mist}"/>${text(40, 266, '&lt;iframe src=".../vod-group-player/{id}"&gt;', { size: 15, weight: 700, fill: C.brand })}`)}`,
  ],
  'pay-per-view-streaming': [
    () => `<g transform="translate(170 40)">${card(0, 0, 300, 320)}${text(150, 50, 'Your ticket', { size: 20, weight: 800, anchor: 'middle' })}
      ${text(150, 130, '$9.99', { size: 52, weight: 800, fill: C.brand, anchor: 'middle' })}${text(150, 162, 'Live + replay', { size: 15, weight: 500, fill: C.slate, anchor: 'middle' })}
      <rect x="30" y="196" width="240" height="50" rx="12" fill="${C.amber}"/>${text(150, 228, 'Pay', { size: 18, weight: 800, anchor: 'middle' })}
      <rect x="30" y="260" width="240" height="40" rx="12" fill="${C.mist}"/>${text(150, 286, 'card · wallet', { size: 14, weight: 600, fill: C.slate, anchor: 'middle' })}</g>`,
    () => `${player(40, 60, 330, 220, { lock: true })}
      <g transform="translate(400 50)">${card(0, 0, 200, 300)}${text(20, 36, 'Viewers', { size: 16, weight: 800 })}
      ${[0, 1, 2, 3, 4, 5].map((i) => `<circle cx="34" cy="${72 + i * 38}" r="12" fill="${[C.brand, C.violet, C.pink, C.green, C.amber, C.slate][i]}"/><rect x="56" y="${66 + i * 38}" width="${[90, 110, 70, 100, 80, 60][i]}" height="12" rx="6" fill="${C.line}"/>${i < 5 ? `<path d="M168 ${66 + i * 38}l5 6 10-12" stroke="${C.green}" stroke-width="3" fill="none"/>` : ''}`).join('')}</g>`,
    () => `<g transform="translate(40 40)">${card(0, 0, 340, 320)}${text(20, 40, 'Replay window', { size: 18, weight: 800 })}
      ${Array.from({ length: 28 }, (_, i) => `<rect x="${20 + (i % 7) * 44}" y="${64 + Math.floor(i / 7) * 58}" width="36" height="46" rx="8" fill="${i >= 16 && i <= 18 ? C.brand : C.mist}"/>${text(38 + (i % 7) * 44, 94 + Math.floor(i / 7) * 58, String(i + 1), { size: 13, weight: 700, fill: i >= 16 && i <= 18 ? '#fff' : C.slate, anchor: 'middle' })}`).join('')}</g>
      ${player(400, 110, 200, 160, { label: 'REPLAY' })}`,
  ],
  'continuous-streaming': [
    () => `<g transform="translate(30 30)">${card(0, 0, 580, 340)}
      ${['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((d, i) => `${text(24, 66 + i * 40, d, { size: 14, weight: 700, fill: C.slate })}
        <rect x="80" y="${50 + i * 40}" width="${160 + (i % 3) * 40}" height="24" rx="6" fill="${C.brand}"/><rect x="${250 + (i % 3) * 40}" y="${50 + i * 40}" width="120" height="24" rx="6" fill="${C.violet}"/><rect x="${380 + (i % 3) * 40}" y="${50 + i * 40}" width="${170 - (i % 3) * 40}" height="24" rx="6" fill="${C.pink}"/>`).join('')}</g>`,
    () => `${encoder(40, 80, 'Primary')}${encoder(40, 240, 'Backup')}
      ${flow(172, 116, 320, 190)}${flow(172, 276, 320, 210, { dashed: true, color: C.slate })}
      ${engine(330, 130, 150, 140, 'Failover')}${flow(480, 200, 540, 200)}<circle cx="575" cy="200" r="30" fill="${C.green}"/><path d="M562 200l9 10 18-20" stroke="#fff" stroke-width="5" fill="none"/>`,
    () => `${player(60, 40, 520, 320, {})}<rect x="80" y="60" width="480" height="230" rx="8" fill="url(#brandGrad)"/>${text(320, 170, 'We will be right back', { size: 28, weight: 800, fill: '#fff', anchor: 'middle' })}${text(320, 210, 'Next: Evening news at 18:00', { size: 17, weight: 600, fill: '#ffffffdd', anchor: 'middle' })}`,
  ],
  'video-conferencing': [
    () => `${browser(30, 20, 580, 360, [0, 1, 2, 3].map((i) => face(20 + (i % 2) * 274, 14 + Math.floor(i / 2) * 148, 262, 136, [C.brand, C.pink, C.green, C.violet][i], i === 2)).join(''))}`,
    () => `<g transform="translate(40 40)">${card(0, 0, 560, 320)}${face(24, 24, 300, 200, C.violet)}
      ${text(350, 60, 'Microphone', { size: 16, weight: 800 })}${meterBars(350, 140, [20, 44, 60, 38, 70, 52, 30, 16], C.green)}
      ${text(350, 190, 'Camera ✓', { size: 16, weight: 800, fill: C.green })}
      <rect x="24" y="248" width="230" height="48" rx="12" fill="${C.brand}"/>${text(139, 279, 'Join the room', { size: 16, weight: 800, fill: '#fff', anchor: 'middle' })}</g>`,
    () => `${[0, 1, 2, 3].map((i) => face(30 + (i % 2) * 110, 90 + Math.floor(i / 2) * 110, 100, 100, [C.brand, C.pink, C.green, C.violet][i])).join('')}
      ${flow(250, 200, 320, 200)}${engine(330, 130, 140, 140, 'Record')}${flow(470, 200, 520, 200)}${badge(500, 150, 'LIVE', C.pink)}${badge(500, 230, 'MP4', C.violet)}`,
  ],
  'video-api': [
    () => `${code(30, 40, 280, 320, [L(0, 30), L(1, 80, 90), L(1, 110, 40), L(1, 70, 60), L(0, 30)])}${flow(310, 200, 340, 200)}
      <g transform="translate(350 80)">${card(0, 0, 260, 240)}${text(20, 40, '200 OK', { size: 20, weight: 800, fill: C.green })}${[0, 1, 2, 3, 4].map((i) => `<rect x="20" y="${64 + i * 32}" width="${[180, 140, 200, 120, 160][i]}" height="14" rx="7" fill="${C.line}"/>`).join('')}</g>`,
    () => `${['Encoder connects', 'Create VOD item', 'Start restream', 'Notify your app'].map((s, i) => `<g transform="translate(${40 + (i % 2) * 300} ${60 + Math.floor(i / 2) * 160})">${card(0, 0, 260, 90, { r: 14 })}<circle cx="36" cy="45" r="16" fill="${[C.brand, C.violet, C.pink, C.green][i]}"/>${text(64, 51, s, { size: 16, weight: 700 })}</g>`).join('')}
      ${flow(300, 105, 340, 105)}${flow(470, 150, 200, 220)}${flow(300, 265, 340, 265)}`,
    () => `${code(30, 40, 580, 320, [L(0, 60, 220), L(1, 100, 240), L(1, 120, 200), L(1, 180, 150), L(1, 80, 300), L(0, 60), L(0, 40, 120, 60), L(0, 200)])}`,
  ],
};

const icons = {
  'multi-streaming': `<circle cx="12" cy="24" r="6" fill="#fff"/><path d="M18 24h6M24 24l10-10M24 24h12M24 24l10 10" stroke="#fff" stroke-width="3" stroke-linecap="round"/><circle cx="36" cy="13" r="3.5" fill="#fff"/><circle cx="38" cy="24" r="3.5" fill="#fff"/><circle cx="36" cy="35" r="3.5" fill="#fff"/>`,
  'video-on-demand': `<rect x="9" y="12" width="30" height="22" rx="4" fill="none" stroke="#fff" stroke-width="3"/><path d="M21 18l9 5-9 5z" fill="#fff"/><path d="M14 39h20" stroke="#fff" stroke-width="3" stroke-linecap="round"/>`,
  'pay-per-view-streaming': `<path d="M10 16h28v6a4 4 0 0 0 0 8v6H10v-6a4 4 0 0 0 0-8z" fill="none" stroke="#fff" stroke-width="3" stroke-linejoin="round"/><path d="M21 20l8 4-8 4z" fill="#fff"/>`,
  'continuous-streaming': `<circle cx="24" cy="24" r="13" fill="none" stroke="#fff" stroke-width="3"/><path d="M24 16v8l6 4" stroke="#fff" stroke-width="3" stroke-linecap="round"/><path d="M37 13l2-5M11 13l-2-5" stroke="#fff" stroke-width="3" stroke-linecap="round"/>`,
  'video-conferencing': `<rect x="9" y="11" width="13" height="11" rx="3" fill="#fff"/><rect x="26" y="11" width="13" height="11" rx="3" fill="#fff" opacity=".75"/><rect x="9" y="26" width="13" height="11" rx="3" fill="#fff" opacity=".75"/><rect x="26" y="26" width="13" height="11" rx="3" fill="#fff"/>`,
  'video-api': `<path d="M18 15l-8 9 8 9M30 15l8 9-8 9M26 12l-4 24" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
};

const NAMES = {
  'multi-streaming': 'Multi-streaming',
  'video-on-demand': 'Video on demand',
  'pay-per-view-streaming': 'Pay-per-view streaming',
  'continuous-streaming': 'Continuous streaming',
  'video-conferencing': 'Video conferencing',
  'video-api': 'Video API',
};

for (const [slug, draw] of Object.entries(covers)) {
  write(`products/${slug}/cover.svg`, doc(960, 600, draw()));
  write(
    `products/${slug}/poster.svg`,
    doc(1280, 720, `<g transform="translate(160 60) scale(1)">${draw()}</g><rect width="1280" height="720" fill="#050914" opacity="0.35"/>${text(64, 660, `Relaycast · ${NAMES[slug]}`, { size: 34, weight: 800, fill: '#fff' })}`, { dark: true }),
  );
  features[slug].forEach((f, i) => write(`products/${slug}/feature-${i + 1}.svg`, doc(640, 400, f())));
  write(
    `icons/${slug}.svg`,
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" width="48" height="48"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.brand}"/><stop offset="1" stop-color="${C.violet}"/></linearGradient></defs><rect width="48" height="48" rx="12" fill="url(#g)"/>${icons[slug]}</svg>`,
  );
}

write(
  'home-hero.svg',
  doc(
    960,
    600,
    `${camera(40, 120)}${encoder(40, 330, 'RTMP')}
    ${flow(160, 162, 300, 250)}${flow(172, 366, 300, 300)}
    ${engine(310, 200, 220, 170)}
    ${flow(530, 230, 640, 120)}${flow(530, 280, 640, 290)}${flow(530, 330, 640, 470)}
    ${player(650, 50, 260, 150, { label: 'HLS' })}
    ${tile(650, 262, 'Social platforms', C.pink, 260)}
    <g transform="translate(650 430)">${card(0, 0, 260, 90)}${badge(20, 20, '● REC', C.pink)}${text(20, 76, 'Recordings · VOD', { size: 15, weight: 700, fill: C.slate })}</g>
    ${badge(318, 400, 'SRT · RTMP · HLS')}`,
  ),
);

write(
  'og-default.svg',
  doc(
    1200,
    630,
    `<rect x="80" y="80" width="96" height="96" rx="24" fill="${C.brand}"/><path d="M107 150V106h24a14 14 0 0 1 0 28h-13m12 0l14 16" fill="none" stroke="#fff" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/><circle cx="155" cy="108" r="8" fill="${C.pink}"/>
    ${text(80, 290, 'Relaycast', { size: 88, weight: 800 })}
    ${text(80, 360, 'Live video engine for SRT, RTMP and HLS', { size: 40, weight: 600, fill: C.slate })}
    ${engine(760, 380, 320, 180, 'Self-hosted · Cloud')}`,
  ),
);

console.log(`illustrations written to ${OUT}`);
