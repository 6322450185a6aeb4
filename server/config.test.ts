/**
 * What a group's credentials may do, read from the config the server writes (config.ts), and
 * which nats-server is told to sync each write: pure, no server (docs/group.md, "Credentials
 * and permissions"; docs/live.md, "Durability").
 */
import { describe, expect, it } from 'vitest';
import { accountsOf, configText, permissionsOf, syncsAlways } from './config';

/** Whether a NATS subject pattern (with * and >) covers a subject. */
function covers(pattern: string, subject: string) {
	const [want, have] = [pattern.split('.'), subject.split('.')];
	for (let index = 0; index < want.length; index++) {
		if (want[index] === '>') return have.length > index;
		if (want[index] !== '*' && want[index] !== have[index]) return false;
	}
	return want.length === have.length;
}
const allowed = (list: string[], subject: string) => list.some((one) => covers(one, subject));

describe('group permissions', () => {
	const g = 'club00000001';
	const member = permissionsOf('member', 'club00000001-mabcdefgh', undefined, { group: g })!;
	const board = permissionsOf('board', 'club00000001-babcdefgh', undefined, {
		group: g,
		tables: ['table0000001']
	})!;

	it('group: a member writes its players and matches, never the server’s subjects', () => {
		expect(allowed(member.publish, `passpad.g.${g}.player.p1`)).toBe(true);
		expect(allowed(member.publish, `passpad.g.${g}.match.m1`)).toBe(true);
		expect(allowed(member.publish, `passpad.provision.g.${g}.invite`)).toBe(true);
		expect(allowed(member.publish, `$JS.API.CONSUMER.CREATE.PASSPAD_G_${g}`)).toBe(true);
		for (const subject of [
			`passpad.g.${g}.member.x`,
			`passpad.g.${g}.table.x`,
			// a match's entries and its seal are the keeper's to store, after its checks
			`passpad.g.${g}.m.m1.0`,
			`passpad.g.${g}.s.m1`,
			`passpad.g.other0000001.match.m1`,
			`passpad.provision.g.other0000001.invite`,
			'passpad.provision.group',
			'passpad.provision.table',
			`$JS.API.STREAM.CREATE.PASSPAD_G_${g}`,
			`$JS.API.STREAM.PURGE.PASSPAD_G_${g}`,
			`$JS.API.STREAM.MSG.DELETE.PASSPAD_G_${g}`,
			`$JS.API.CONSUMER.CREATE.PASSPAD_G_other0000001`
		]) {
			expect(allowed(member.publish, subject), subject).toBe(false);
		}
		expect(member.subscribe).toEqual(['_I.club00000001-mabcdefgh.>']);
	});

	it('board: reads the group and its open tables, and publishes on no stream subject', () => {
		expect(allowed(board.publish, `$JS.API.STREAM.INFO.PASSPAD_G_${g}`)).toBe(true);
		// a table it follows through the keeper's `read` (imported), never its stream
		expect(allowed(board.publish, '$JS.API.CONSUMER.MSG.NEXT.PASSPAD_table0000001.x')).toBe(false);
		expect(allowed(board.publish, 'passpad.table0000001.read.m1')).toBe(true);
		const stored = ['passpad.table0000001.m.m1', `passpad.g.${g}.match.m1`];
		expect(stored.filter((subject) => allowed(board.publish, subject))).toEqual([]);
		expect(board.publish.some((subject) => /CREATE\.PASSPAD[^.]*$/.test(subject))).toBe(true);
		expect(allowed(board.publish, `$JS.API.STREAM.CREATE.PASSPAD_G_${g}`)).toBe(false);
		expect(board.subscribe).toEqual([
			'_I.club00000001-babcdefgh.>',
			'passpad.table0000001.feed.>',
			'passpad.table0000001.here.>'
		]);
	});

	it('group: nobody but the admin is granted _INBOX.>, and the config holds hashes only', () => {
		const text = configText({
			port: 4222,
			wsPort: 4223,
			storeDir: '/tmp/x',
			users: [
				{ user: 'host', hash: '$2a$04$hosthash', role: 'host' },
				{ user: 'club00000001-mabcdefgh', hash: '$2a$04$memberhash', role: 'member', group: g },
				{ user: 'club00000001-babcdefgh', hash: '$2a$04$boardhash', role: 'board', group: g }
			],
			openTables: { [g]: ['table0000001'] }
		});
		expect(text).not.toContain('_INBOX');
		expect(text).toContain('passpad.provision.group');
		expect(text).toContain(`"$JS.API.STREAM.INFO.PASSPAD_G_${g}"`);
		expect(text).not.toContain('"$JS.API.STREAM.INFO.PASSPAD_table0000001"');
		expect(() => permissionsOf('member', 'x')).toThrow();
	});
});

describe('accounts', () => {
	const t = 'table0000001';
	const users = [
		{ user: 'admin', hash: '$2a$04$adminhash', role: 'admin' as const },
		{ user: `${t}-w`, hash: '$2a$04$writerhash', role: 'writer' as const, table: t },
		{ user: `${t}-r`, hash: '$2a$04$readerhash', role: 'reader' as const, table: t },
		{
			user: 'table0000002-r',
			hash: '$2a$04$otherhash',
			role: 'reader' as const,
			table: 'table0000002'
		}
	];
	const text = accountsOf(users, {}).join('\n');
	/** An account's block of the config, from its name to its closing brace. */
	const block = (name: string) => {
		const from = text.indexOf(`  ${name}: {`);
		return text.slice(from, text.indexOf('\n  }', from));
	};

	it('accounts: a table’s phones are their own account, without JetStream, importing only their table’s services and feed', () => {
		const own = block(`T_${t}`);
		expect(own).toContain(`${t}-w`);
		expect(own).toContain(`${t}-r`);
		expect(own).not.toContain('table0000002');
		expect(own).not.toContain('jetstream');
		expect(own).toContain(`subject: "passpad.${t}.append.*"`);
		expect(own).toContain(`subject: "passpad.${t}.read.*"`);
		expect(own).toContain(`subject: "passpad.${t}.feed.>"`);
		expect(own.match(/account: "PASSPAD"/g)).toHaveLength(3);
		// the streams' account: JetStream, the server's users, no phone of a table
		const keeper = block('PASSPAD');
		expect(keeper).toContain('jetstream: enabled');
		expect(keeper).toContain('"admin"');
		expect(keeper).not.toContain(`${t}-`);
	});

	it('accounts: a group is its own account, with JetStream within its store, its open tables imported for its board', () => {
		const club = 'club00000001';
		const withGroup = accountsOf(
			[
				...users,
				{ user: `${club}-mabcdefgh`, hash: '$2a$04$m', role: 'member', group: club },
				{ user: `${club}-babcdefgh`, hash: '$2a$04$b', role: 'board', group: club },
				{ user: `${club}-s`, hash: '$2a$04$s', role: 'clerk', group: club }
			],
			{ [club]: [t] },
			1024
		).join('\n');
		const from = withGroup.indexOf(`  G_${club}: {`);
		const own = withGroup.slice(from, withGroup.indexOf('\n  }', from));
		expect(own).toContain('jetstream: { max_file: 1024, max_mem: 0, max_streams: 1 }');
		for (const user of ['mabcdefgh', 'babcdefgh', 's']) expect(own).toContain(`"${club}-${user}"`);
		expect(own).toContain(`{ service: { account: "PASSPAD", subject: "passpad.${t}.read.*" } }`);
		expect(own).toContain(`{ stream: { account: "PASSPAD", subject: "passpad.${t}.feed.>" } }`);
		expect(own).toContain(`{ stream: { account: "T_${t}", subject: "passpad.${t}.here.>" } }`);
		// its own matches' appends to the keeper, never a table's
		expect(own).not.toContain(`passpad.${t}.append`);
		expect(own).toContain(
			`{ service: { account: "PASSPAD", subject: "passpad.append.g.${club}.*" } }`
		);
		// the keeper's account holds no user of a group, and the table's exports its "still here"
		const keeperFrom = withGroup.indexOf('  PASSPAD: {');
		const keeper = withGroup.slice(keeperFrom, withGroup.indexOf('\n  }', keeperFrom));
		expect(keeper).not.toContain(club);
		expect(withGroup).toContain(`exports: [ { stream: "passpad.${t}.here.>" } ]`);
		// the clerk may do anything in its own account, as the admin in the keeper's
		expect(permissionsOf('clerk', `${club}-s`)).toBeNull();
	});

	it('accounts: a group’s members append its matches through the keeper, its board never, and no one writes the keeper’s subjects', () => {
		const club = 'club00000001';
		const member = permissionsOf('member', `${club}-mabcdefgh`, undefined, { group: club })!;
		const board = permissionsOf('board', `${club}-babcdefgh`, undefined, { group: club })!;
		expect(allowed(member.publish, `passpad.append.g.${club}.m1`)).toBe(true);
		expect(allowed(member.publish, `passpad.append.g.club00000002.m1`)).toBe(false);
		expect(allowed(board.publish, `passpad.append.g.${club}.m1`)).toBe(false);
		for (const subject of [`passpad.g.${club}.m.m1.0`, `passpad.g.${club}.s.m1`]) {
			expect(allowed(member.publish, subject)).toBe(false);
			expect(allowed(board.publish, subject)).toBe(false);
		}
		// the legacy subjects stay the members' (docs/wire.md, "Upgrade in place")
		expect(allowed(member.publish, `passpad.g.${club}.match.m1`)).toBe(true);
		expect(allowed(member.publish, `passpad.g.${club}.player.p1`)).toBe(true);
	});

	it('accounts: a table’s credentials have no JetStream subject at all', () => {
		for (const role of ['reader', 'writer'] as const) {
			const { publish, subscribe } = permissionsOf(role, `${t}-x`, t)!;
			expect([...publish, ...subscribe].filter((subject) => subject.startsWith('$JS'))).toEqual([]);
			expect(allowed(publish, `passpad.${t}.read.m1`)).toBe(true);
			expect(allowed(subscribe, `passpad.${t}.feed.m1`)).toBe(true);
			expect(allowed(publish, `passpad.${t}.m.m1`)).toBe(false);
		}
		expect(allowed(permissionsOf('reader', `${t}-r`, t)!.publish, `passpad.${t}.append.m1`)).toBe(
			false
		);
	});
});

describe('websocket', () => {
	it('websocket: compression is on, so a phone that offers permessage-deflate reads deflated versions', () => {
		const text = configText({ port: 4222, wsPort: 4223, storeDir: '/tmp/x', users: [] });
		expect(text).toMatch(/\nwebsocket \{[^}]*\n {2}compression: true\n[^}]*\}/);
		expect(text).not.toContain('compression: false');
	});
});

describe('durability', () => {
	const config = (syncAlways: boolean) =>
		configText({ port: 4222, wsPort: 4223, storeDir: '/tmp/x', users: [], syncAlways });

	it('durability: sync_interval always is written for nats-server 2.10 and later only', () => {
		expect(syncsAlways('nats-server: v2.9.10')).toBe(false);
		expect(syncsAlways('nats-server: v2.9.25')).toBe(false);
		expect(syncsAlways('nats-server: v2.10.0')).toBe(true);
		expect(syncsAlways('nats-server: v2.12.1')).toBe(true);
		expect(syncsAlways('nats-server: v3.0.0')).toBe(true);
		// a version it cannot read: the config 2.9 accepts
		expect(syncsAlways('')).toBe(false);
		expect(syncsAlways('nats-server version unknown')).toBe(false);
		expect(config(true)).toMatch(/jetstream \{[^}]*\n {2}sync_interval: always\n/);
		expect(config(false)).not.toContain('sync_interval');
	});
});
