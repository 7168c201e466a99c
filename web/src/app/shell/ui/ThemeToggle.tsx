import { useAppDispatch, useAppSelector, useT } from '../hooks.js';
import { chooseTheme, detectTheme } from './actions.js';
import { MoonIcon, SunIcon } from './icons.js';
import { selectTheme } from './uiSlice.js';

/**
 * Light/dark toggle. Both icons are rendered and CSS shows the one matching html[data-theme], so the
 * prerendered button is right before hydration; the label names the theme a click switches to.
 */
export function ThemeToggle() {
  const { t } = useT('common');
  const theme = useAppSelector(selectTheme);
  const dispatch = useAppDispatch();
  const label = theme === 'dark' ? t('theme.toLight') : theme === 'light' ? t('theme.toDark') : t('theme.toggle');
  return (
    <button
      type="button"
      className="icon-btn theme-toggle"
      aria-label={label}
      data-tooltip={label}
      data-theme-state={theme ?? 'unknown'}
      onClick={() => dispatch(chooseTheme((theme ?? detectTheme()) === 'dark' ? 'light' : 'dark'))}
    >
      <SunIcon className="icon-sun" />
      <MoonIcon className="icon-moon" />
    </button>
  );
}
