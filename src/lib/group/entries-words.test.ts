import { afterEach, describe, expect, it } from 'vitest';
import { baseLocale, overwriteGetLocale } from '$lib/paraglide/runtime';
import { formatDate } from '$lib/i18n';
import { entriesLines, type NamedMatch } from './entries-words';
import type { EntriesNote } from './status';

const at = Date.UTC(2026, 10, 27, 19, 30);
const played = (id: string, seats: string[]): NamedMatch => ({
	id,
	game: 'ill-pass',
	createdAt: at,
	seats: seats.map((name, seat) => ({ playerId: `p${seat}`, name }))
});
const matches = new Map([
	['m1', played('m1', ['Ana', 'Ben', 'Chloé'])],
	['m2', played('m2', ['Hugo', 'Inès', 'Dan'])],
	['m3', played('m3', ['Eve', 'Fred', 'Gil'])]
]);
const when = formatDate(at);
/** French typography: a narrow no-break space before : ; ! ? (scripts/messages.mjs) */
const french = (text: string) => text.replace(/ ([:;!?])/g, '\u202f$1');

afterEach(() => overwriteGetLocale(() => baseLocale));

describe('the group’s page says how its matches’ entries went', () => {
	it('entries words: a refusal and a conflict name their match (game, when, players); sent, offline and slowed down say nothing', () => {
		const notes: EntriesNote[] = [
			{ match: 'm1', sent: { kind: 'refused', why: 'not-yours' } },
			{ match: 'm2', sent: { kind: 'moved' } },
			{ match: 'm3', sent: { kind: 'done' } },
			{ match: 'm3', sent: { kind: 'offline' } },
			{ match: 'm3', sent: { kind: 'slow-down' } }
		];
		expect(entriesLines(notes, matches)).toEqual([
			{
				match: 'm1',
				words: `The group refused a move of the I'll Pass match on ${when} (Ana, Ben, Chloé): only the phone with the pen may write it. The match stays on this phone.`
			},
			{
				match: 'm2',
				words: `The I'll Pass match on ${when} (Hugo, Inès, Dan) was also changed in the group: this phone keeps its own copy, and the group's version shows on this page once it is read.`
			}
		]);
		overwriteGetLocale(() => 'fr');
		expect(entriesLines(notes, matches).map((line) => line.words)).toEqual(
			[
				`Le groupe a refusé un coup de la partie d'I'll Pass du ${when} (Ana, Ben, Chloé) : seul le téléphone qui a la main peut l'écrire. La partie reste sur ce téléphone.`,
				`La partie d'I'll Pass du ${when} (Hugo, Inès, Dan) a aussi été modifiée dans le groupe : ce téléphone garde sa copie, et la version du groupe s'affiche sur cette page une fois lue.`
			].map(french)
		);
	});

	it('entries words: a group kept whole is one sentence for the group, however many matches went whole, and no match line', () => {
		const keptWhole = { kind: 'refused', why: 'kept-whole' } as const;
		const notes: EntriesNote[] = [
			{ match: 'm1', sent: keptWhole },
			{ match: 'm2', sent: keptWhole }
		];
		expect(entriesLines(notes, matches)).toEqual([
			{
				match: null,
				words:
					"This group's record on the server was made before this version of Passpad: its matches still go to it whole, as before. Nothing is lost."
			}
		]);
		overwriteGetLocale(() => 'fr');
		expect(entriesLines(notes, matches)[0].words).toBe(
			french(
				"Le dossier de ce groupe sur le serveur a été créé avant cette version de Passpad : ses parties lui parviennent toujours entières, comme avant. Rien n'est perdu."
			)
		);
	});

	it('entries words: every refusal the keeper answers is a sentence of its own naming the match, a rule’s too', () => {
		const whys = [
			'not-passpad',
			'not-yours',
			'pen-held',
			'refused',
			'full',
			'not-over',
			'not-the-log',
			'sealed'
		];
		for (const locale of ['en', 'fr'] as const) {
			overwriteGetLocale(() => locale);
			const lines = entriesLines(
				whys.map((why) => ({ match: 'm1', sent: { kind: 'refused', why, code: 'x' } })),
				matches
			);
			expect(new Set(lines.map((line) => line.words)).size).toBe(whys.length);
			for (const line of lines) {
				expect(line.match).toBe('m1');
				expect(line.words).toContain('(Ana, Ben, Chloé)');
				expect(line.words).toMatch(/\.$/);
			}
		}
	});

	it('entries words: a member whose link has the most phones allowed (keys-full) is one sentence for the group saying what happened and what to do, never the pen’s words', () => {
		const keysFull = { kind: 'refused', why: 'keys-full' } as const;
		const notes: EntriesNote[] = [
			{ match: 'm1', sent: keysFull },
			{ match: 'm2', sent: keysFull },
			{ match: 'm3', sent: { kind: 'moved' } }
		];
		const lines = entriesLines(notes, matches);
		expect(lines[0]).toEqual({
			match: null,
			words:
				"The group's server takes no more phones under the link this phone joined with: it is already used on 8 phones, the most one member may have. So the group does not take this phone's moves one by one; its matches still reach the group whole. Ask a member of the group to invite this phone (Invite, on the group's page), then open the new link here."
		});
		// the conflict still names its match; the refused matches have no line of their own
		expect(lines.map((line) => line.match)).toEqual([null, 'm3']);
		overwriteGetLocale(() => 'fr');
		expect(entriesLines(notes, matches)[0].words).toBe(
			french(
				"Le serveur du groupe ne prend plus de téléphone sous le lien avec lequel ce téléphone l'a rejoint : il sert déjà sur 8 téléphones, le plus qu'un membre puisse avoir. Le groupe ne prend donc pas les coups de ce téléphone un à un ; ses parties lui parviennent toujours entières. Demandez à un membre du groupe d'inviter ce téléphone (Inviter, sur la page du groupe), puis ouvrez le nouveau lien ici."
			)
		);
		expect(entriesLines(notes, matches)[0].words).not.toContain('main');
	});

	it('entries words: a match no longer on this phone says nothing', () => {
		expect(entriesLines([{ match: 'gone', sent: { kind: 'moved' } }], matches)).toEqual([]);
	});
});
