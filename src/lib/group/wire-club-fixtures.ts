/**
 * A club of phones against a real nats-server and keeper, each saying which wire it reads
 * (key-registration.ts `reads`): Ana's and Ben's phones syncing, and a third member joining
 * later (wire-taking.test.ts, turn-back.test.ts).
 */
import { expect } from 'vitest';
import { recordSubject, sealSubject } from '$lib/wire/names.js';
import { newKeyPair, signerOf } from '$lib/wire/signing';
import { register } from '$lib/wire/register';
import type { SealEntry } from '$lib/wire/entry';
import { tally } from '../../../server/group-keeper-fixtures';
import { phoneDb, recordedIn, storedOf, syncingIn, type useKeeper } from './keeper-fixtures';
import type { KeptMatch } from './record';

export const round = (tally as Extract<typeof tally, { kind: 'act' }>).action;
export const BEN = 'ben-phone-000001';
const CLEO = 'cleo-phone-00001';

/** Ana's and Ben's phones syncing in a new club, each saying it reads the wire `reads`. */
export async function club(
	keeper: ReturnType<typeof useKeeper>,
	name: string,
	reads: { ana: number; ben: number }
) {
	const server = keeper();
	const made = await server.live.createGroup(name, 'Ana’s phone');
	const { member } = await server.live.invite(made.group, 'Ben’s phone');
	const [ana, ben] = [await phoneDb(), await phoneDb('ben')];
	const anaSigner = await signerOf(await newKeyPair());
	const anaSync = await syncingIn(
		ana,
		made,
		await server.phone(made.member),
		anaSigner,
		undefined,
		reads.ana
	);
	const benSigner = await signerOf(await newKeyPair());
	/** Ben's phone started (again), saying it reads the wire `said` (its build's) */
	const benStarts = async (said = reads.ben) =>
		syncingIn(ben, { ...made, member }, await server.phone(member), benSigner, BEN, said);
	/** Ben's key registered again, saying it reads `said`, his phone's sync stopped (an update) */
	const benRegisters = async (said: number) =>
		register(await server.phone(member), made.group, member.user, benSigner, undefined, said);
	const benSync = await benStarts();
	await Promise.all([anaSync.caughtUp(), benSync.caughtUp()]);
	const stored = async (id: string) => {
		const all = await storedOf(server, made.group, id);
		return {
			versions: all
				.filter((one) => one.subject === recordSubject(made.group, id))
				.map((one) => one.data as unknown as KeptMatch),
			seals: all
				.filter((one) => one.subject === sealSubject(made.group, id))
				.map((one) => ({ seal: one.data as SealEntry, seq: one.seq }))
		};
	};
	/** Cleo's phone invited now, syncing and saying it reads the wire `reads`. */
	const cleoJoins = async (reads: number) => {
		const { member: cleo } = await server.live.invite(made.group, 'Cleo’s phone');
		const passpad = await phoneDb('cleo');
		const signer = await signerOf(await newKeyPair());
		const nc = await server.phone(cleo);
		const sync = await syncingIn(passpad, { ...made, member: cleo }, nc, signer, CLEO, reads);
		await sync.caughtUp();
		return { cleo: passpad, cleoSync: sync };
	};
	return {
		group: made.group,
		...{ ana, ben, anaSync, benSync, benStarts, benRegisters, cleoJoins, stored }
	};
}

export type Club = Awaited<ReturnType<typeof club>>;

/** Each phone's key registered, by a match of its own sent and sealed through its sync. */
export async function eachPlays(scene: Club) {
	const played: string[] = [];
	for (const [passpad, sync] of [
		[scene.ana, scene.anaSync],
		[scene.ben, scene.benSync]
	] as const) {
		const store = await recordedIn(passpad, scene.group);
		expect((await store.act(round)).ok).toBe(true);
		await sync.flush();
		await sync.entriesSettled();
		played.push(store.match.id);
	}
	return played;
}
