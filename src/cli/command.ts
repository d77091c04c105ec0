// What a command of the CLI receives and is (src/cli/main.ts dispatches to src/cli/commands/).
export interface CommandContext {
	args: string[];
	json: boolean;
	stdout: (text: string) => void;
	stderr: (text: string) => void;
}

export type Command = {
	summary: string;
	usage: string;
	run: (ctx: CommandContext) => Promise<number>;
};
