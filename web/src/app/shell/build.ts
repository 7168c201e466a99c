/** The build year (footer copyright): injected by Vite so prerendered HTML and hydration agree. */
export const BUILD_YEAR: number = typeof __BUILD_YEAR__ === 'number' ? __BUILD_YEAR__ : new Date().getUTCFullYear();
