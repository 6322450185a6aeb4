/**
 * The camera for Scan (docs/scan.md): the back camera when the phone has one, and why it
 * could not be opened, in the words the screen says.
 */

/** Why the camera gave no picture: the person said no, there is none, or something else. */
export type CameraProblem = 'refused' | 'missing' | 'failed';

/** The cause of a getUserMedia failure, by the DOMException's name (Media Capture spec). */
export function cameraProblem(error: unknown): CameraProblem {
	const name = (error as { name?: unknown } | null)?.name;
	switch (name) {
		case 'NotAllowedError':
		case 'SecurityError':
			return 'refused';
		case 'NotFoundError':
		case 'OverconstrainedError':
		case 'NotReadableError':
			return 'missing';
		default:
			return 'failed';
	}
}

/** Opens the camera, the back one when there is one; a browser without cameras is `missing`. */
export async function openCamera(): Promise<MediaStream> {
	if (!navigator.mediaDevices?.getUserMedia) {
		throw Object.assign(new Error('no camera API'), { name: 'NotFoundError' });
	}
	return navigator.mediaDevices.getUserMedia({
		audio: false,
		video: { facingMode: { ideal: 'environment' } }
	});
}

/** Lets go of the camera (its light goes off). */
export function closeCamera(stream: MediaStream | null) {
	for (const track of stream?.getTracks() ?? []) track.stop();
}
