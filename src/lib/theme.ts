export type Theme = 'system' | 'light' | 'dark';
const KEY = 'passpad-theme';

/** Read synchronously from localStorage so the first paint already has the right colours. */
export function storedTheme(): Theme {
	try {
		const value = localStorage.getItem(KEY);
		return value === 'light' || value === 'dark' ? value : 'system';
	} catch {
		return 'system';
	}
}

export function applyTheme(theme: Theme): void {
	if (theme === 'system') delete document.documentElement.dataset.theme;
	else document.documentElement.dataset.theme = theme;
}

export function saveTheme(theme: Theme): void {
	try {
		localStorage.setItem(KEY, theme);
	} catch {
		// private mode: the theme still applies for this visit
	}
	applyTheme(theme);
}
