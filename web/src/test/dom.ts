import { JSDOM } from 'jsdom';

const KEYS = ['window', 'document', 'localStorage', 'location', 'matchMedia', 'Event'] as const;

/**
 * Installs a jsdom window as the globals browser code reads (document.cookie, localStorage, matchMedia) for the
 * duration of a test; returns the window and a function that restores the previous globals.
 */
export function installDom(url = 'https://relaycast.example/', opts: { prefersDark?: boolean } = {}) {
  const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', { url });
  const win = dom.window;
  const matchMedia = (query: string) => ({
    matches: query.includes('dark') ? Boolean(opts.prefersDark) : false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  });
  const g = globalThis as Record<string, unknown>;
  const previous = new Map(KEYS.map((k) => [k, g[k]]));
  g.window = win;
  g.document = win.document;
  g.localStorage = win.localStorage;
  g.location = win.location;
  g.matchMedia = matchMedia;
  // Events the code under test makes are the window's (Node has an Event class of its own).
  g.Event = win.Event;
  return {
    window: win,
    restore() {
      for (const [k, v] of previous) {
        if (v === undefined) delete g[k];
        else g[k] = v;
      }
      win.close();
    },
  };
}
