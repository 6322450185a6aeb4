/**
 * Whether the browser lets this page keep site data. When site data is blocked (a browser
 * setting, or a cross-site frame where storage is denied), merely reading `localStorage`
 * throws a SecurityError: the app must still start, and say it cannot keep matches here.
 */
export function siteDataAllowed(): boolean {
	if (typeof window === 'undefined') return true; // tests and tools outside a browser
	try {
		window.localStorage.getItem('passpad-probe');
		return true;
	} catch {
		return false;
	}
}
