import { removeE2eExpansionsDir } from './expansions-dir.ts';

export default function globalTeardown(): void {
	removeE2eExpansionsDir();
}
