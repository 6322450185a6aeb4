import { getSetting } from '$lib/db';

/**
 * Keeps the screen on during a match when the setting allows (Screen Wake Lock API); the
 * browser drops the lock when the page is hidden, so it is asked for again on return.
 * Returns the cleanup for an $effect.
 */
export function keepAwake(): () => void {
	let lock: WakeLockSentinel | null = null;
	let stopped = false;
	const acquire = async () => {
		if (stopped || document.visibilityState !== 'visible' || !('wakeLock' in navigator)) return;
		try {
			if (!(await getSetting('wakeLock'))) return;
			lock = await navigator.wakeLock.request('screen');
		} catch {
			// refused (battery saver, no permission): the match goes on, the screen may dim
		}
	};
	acquire();
	document.addEventListener('visibilitychange', acquire);
	return () => {
		stopped = true;
		document.removeEventListener('visibilitychange', acquire);
		lock?.release().catch(() => {});
	};
}
