import { readdirSync } from 'node:fs';
import { sep } from 'node:path';

/**
 * The words inside the site's SVG illustrations (public/img, drawn by scripts/illustrations.mjs in English), in
 * Russian: the build writes a `<name>.ru.svg` beside each picture with these, and Russian pages show it
 * (src/app/shell/illustrations.ts). Protocol names, file names, code, numbers and the brand stay as they are.
 * A text that is neither here nor plainly technical stops the build, so a new picture cannot ship half in English.
 */
export const ILLUSTRATION_TEXTS_RU: Readonly<Record<string, string>> = {
  '00:00 Night loop': '00:00 Ночной цикл',
  '06:00 Morning show': '06:00 Утреннее шоу',
  '09:00 Playlist': '09:00 Плейлист',
  '12:00 Live studio': '12:00 Студия',
  '18:00 Replays': '18:00 Повторы',
  '1080p · 6 Mbit/s': '1080p · 6 Мбит/с',
  '480p · 1.5 Mbit/s': '480p · 1,5 Мбит/с',
  '720p · 3 Mbit/s': '720p · 3 Мбит/с',
  '5.9 Mbit/s': '5,9 Мбит/с',
  '6.0 Mbit/s': '6,0 Мбит/с',
  '5 outputs, 1 upload': '5 выходов, 1 поток',
  Backup: 'Запас',
  'Camera ✓': 'Камера ✓',
  'Championship final': 'Финал чемпионата',
  'Create VOD item': 'Создать VOD',
  Custom: 'Свой',
  ENCODER: 'ЭНКОДЕР',
  'Encoder connects': 'Энкодер на связи',
  Engine: 'Движок',
  Failover: 'Резерв',
  Mon: 'Пн',
  Tue: 'Вт',
  Wed: 'Ср',
  Thu: 'Чт',
  Fri: 'Пт',
  Sat: 'Сб',
  Sun: 'Вс',
  'Join the room': 'Войти в комнату',
  LIVE: 'ЭФИР',
  'Live + 48 h replay': 'Эфир + повтор 48 ч',
  'Live + replay': 'Эфир + повтор',
  'Live channel': 'Живой канал',
  'Live video engine for SRT, RTMP and HLS': 'Движок живого видео для SRT, RTMP и HLS',
  Microphone: 'Микрофон',
  'Next: Evening news at 18:00': 'Далее: новости в 18:00',
  'Notify your app': 'Вызвать вебхук',
  'Own RTMP': 'Свой RTMP',
  Pay: 'Оплатить',
  'Pay and watch': 'Оплатить и смотреть',
  'Platform A': 'Канал A',
  'Platform B': 'Канал B',
  'Platform C': 'Канал C',
  Primary: 'Главный',
  REPLAY: 'ПОВТОР',
  Record: 'Запись',
  'Recordings · VOD': 'Записи · VOD',
  'Relaycast · Continuous streaming': 'Relaycast · Круглосуточное вещание',
  'Relaycast · Multi-streaming': 'Relaycast · Мультистриминг',
  'Relaycast · Pay-per-view streaming': 'Relaycast · Платные трансляции',
  'Relaycast · Video on demand': 'Relaycast · Видео по запросу',
  'Relaycast · Video conferencing': 'Relaycast · Видеоконференции',
  'Replay window': 'Окно повтора',
  'SRT · RTMP in': 'Вход SRT · RTMP',
  'Self-hosted · Cloud': 'Свой сервер · Облако',
  'Social feed': 'Соцсеть',
  'Social platforms': 'Соцсети',
  'Start restream': 'Запустить рестрим',
  'Ticket ✓ sent by email': 'Билет ✓ на почте',
  Transcode: 'Транскод',
  'Video platform': 'Видеоплатформа',
  Viewers: 'Зрители',
  'We will be right back': 'Скоро вернёмся',
  'Your ticket': 'Ваш билет',
  'card · wallet': 'карта · кошелёк',
  reconnecting: 'переподключение',
  '● REC': '● ЗАПИСЬ',
};

/**
 * Texts that read the same in Russian: the brand and product names kept in Latin on Russian pages (Video API),
 * protocols and formats, HTTP and API calls, settings and header names, playlist lines, times and numbers.
 */
const SAME_IN_EVERY_LANGUAGE = [
  /^(Relaycast|Relaycast · Video API|CDN|HLS|MP4|RTMP|SRT · RTMP · HLS|200 OK|24\/7|x-access-token)$/,
  /^POST \/api\//,
  /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/, // setting names: PAY_PER_VIEW_PAYPAL
  /^#EXT/,
  /^[\w-]+\.m3u8$/,
  /^\.(mp4|ts)$/,
  /^\$?[\d.,:]+$/, // numbers, prices, times
  /^[\d]+p( · [\d]+p)*$/, // 1080p · 720p · 480p
  /^<iframe /,
];

/** The pictures with words, relative to public/img (the icons carry none). */
export function illustrationFiles(imgDir: string): string[] {
  return (readdirSync(imgDir, { recursive: true }) as string[]).filter((f) => f.endsWith('.svg') && !f.endsWith('.ru.svg') && !f.startsWith(`icons${sep}`));
}

const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Pills (badges, a player's tag) are sized by scripts/illustrations.mjs for their English label: widened for the
 * Russian one (bold Cyrillic capitals run about 11 px at the pills' 13 px), a centred label kept in the middle.
 */
function widenPills(svg: string): string {
  const russian = (label: string) => ILLUSTRATION_TEXTS_RU[unescape(label)];
  return svg
    .replace(/<rect width="([\d.]+)" height="28" rx="14"([^>]*)\/><text x="[\d.]+"([^>]*)>([^<]*)<\/text>/g, (whole, w: string, rect: string, text: string, label: string) => {
      const ru = russian(label);
      if (ru === undefined) return whole;
      const width = Math.max(Number(w), ru.length * 11 + 24);
      return `<rect width="${width}" height="28" rx="14"${rect}/><text x="${width / 2}"${text}>${label}</text>`;
    })
    .replace(/<rect x="18" y="18" width="([\d.]+)" height="24" rx="6"([^>]*)\/>(<text\b[^>]*>)([^<]*)<\/text>/g, (whole, w: string, rect: string, open: string, label: string) => {
      const ru = russian(label);
      if (ru === undefined) return whole;
      return `<rect x="18" y="18" width="${Math.max(Number(w), ru.length * 11 + 20)}" height="24" rx="6"${rect}/>${open}${label}</text>`;
    });
}

/** The Russian version of an illustration; throws naming every text that has no Russian form. */
export function illustrationInRussian(svg: string, file = 'illustration'): string {
  const missing = new Set<string>();
  const out = widenPills(svg).replace(/(<text\b[^>]*>)([^<]*)(<\/text>)/g, (whole, open: string, raw: string, close: string) => {
    const text = unescape(raw);
    const ru = ILLUSTRATION_TEXTS_RU[text];
    if (ru !== undefined) return open + escape(ru) + close;
    if (!SAME_IN_EVERY_LANGUAGE.some((re) => re.test(text))) missing.add(text);
    return whole;
  });
  if (missing.size) throw new Error(`${file}: no Russian text for ${[...missing].map((m) => JSON.stringify(m)).join(', ')} (web/scripts/illustrations-ru.ts)`);
  return out;
}
