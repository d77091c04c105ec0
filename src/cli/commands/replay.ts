import type { CommandContext } from '../main.ts';

// Placeholder until this command's issue lands: it says so and exits with the usage-error code.
export const command = {
	summary: '(not built yet)',
	usage: 'carcassonne-lab replay: not built yet',
	async run(ctx: CommandContext): Promise<number> {
		ctx.stderr('carcassonne-lab replay is not built yet');
		return 2;
	}
};
