// carcassonne-lab: the command-line face of the engine and formats (README.md, "Command line").
// Exit codes: 0 success, 1 invalid input or failed check, 2 usage error. --json for machine output.
import type { Command } from './command.ts';

const commands: Record<string, () => Promise<Command>> = {
	validate: () => import('./commands/validate.ts').then((m) => m.command),
	export: () => import('./commands/export.ts').then((m) => m.command),
	'export-record': () => import('./commands/export-record.ts').then((m) => m.command),
	replay: () => import('./commands/replay.ts').then((m) => m.command),
	simulate: () => import('./commands/simulate.ts').then((m) => m.command),
	match: () => import('./commands/match.ts').then((m) => m.command),
	test: () => import('./commands/test.ts').then((m) => m.command)
};

export async function main(argv: string[]): Promise<number> {
	const stdout = (t: string) => process.stdout.write(t.endsWith('\n') ? t : t + '\n');
	const stderr = (t: string) => process.stderr.write(t.endsWith('\n') ? t : t + '\n');
	const [name, ...rest] = argv;
	if (!name || name === '--help' || name === '-h' || name === 'help') {
		const lines = ['usage: carcassonne-lab <command> [options] [--json]', '', 'commands:'];
		for (const [n, load] of Object.entries(commands))
			lines.push(`  ${n.padEnd(13)} ${(await load()).summary}`);
		(name ? stdout : stderr)(lines.join('\n'));
		return name ? 0 : 2;
	}
	const load = commands[name];
	if (!load) {
		stderr(`unknown command '${name}' (try: ${Object.keys(commands).join(', ')})`);
		return 2;
	}
	const command = await load();
	if (rest.includes('--help') || rest.includes('-h')) {
		stdout(command.usage);
		return 0;
	}
	const json = rest.includes('--json');
	return command.run({ args: rest.filter((a) => a !== '--json'), json, stdout, stderr });
}
