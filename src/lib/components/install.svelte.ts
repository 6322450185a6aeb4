/**
 * Installing Passpad, said plainly wherever the browser allows it. Chromium browsers offer it
 * with the `beforeinstallprompt` event, once, maybe before a screen that offers it has mounted:
 * the layout imports InstallOffer.svelte, which imports this module, so these listeners are there
 * from app start, and the event is kept here. iPhone and iPad have no such event: there the offer
 * says how (Share, then Add to Home Screen). Once installed, there is nothing to offer. Kept this
 * small (the offer's words and button load only when there is an offer) for the home page's
 * first visit.
 */
export interface InstallPromptEvent extends Event {
	prompt(): Promise<unknown>;
	readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export const install = $state({
	/** the browser's offer, kept until used (it can be used once) or the app is installed */
	prompt: null as InstallPromptEvent | null,
	installed: false,
	/** iPhone or iPad (iPadOS says it is a Mac, but a Mac has no touch screen) */
	ios: false
});

if (typeof window !== 'undefined') {
	const standalone = matchMedia('(display-mode: standalone)');
	const onInstalled = () => ((install.installed = true), (install.prompt = null));
	if (standalone.matches || (navigator as { standalone?: boolean }).standalone) onInstalled();
	standalone.addEventListener?.('change', (event) => event.matches && onInstalled());
	install.ios =
		/iPhone|iPad|iPod/.test(navigator.userAgent) ||
		(/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);
	// an offer made before the app's scripts ran was caught by src/app.html's inline script
	const early = (window as unknown as { passpadInstallPrompt?: InstallPromptEvent | null })
		.passpadInstallPrompt;
	if (early && !install.installed) install.prompt = early;
	addEventListener('beforeinstallprompt', (event) => {
		event.preventDefault(); // the offer is ours to show, in its place on the page
		install.prompt = event as InstallPromptEvent;
	});
	addEventListener('appinstalled', onInstalled);
}
