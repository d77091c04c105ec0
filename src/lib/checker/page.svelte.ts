// The checker page's controller: the form (mix, seats, games, rulings, comparison), the runs it
// starts on Web Workers, the hand-over of a game to the sandbox, and the reports saved, opened again
// and compared. The page (src/routes/checker) only lays it out.
import {
	resolveGame,
	rulingsInPlay,
	type Expansion,
	type GameRecord,
	type RegisteredRuling
} from '../engine/index.ts';
import { BOTS, parseBotSpec, type BotSpec } from '../bots/index.ts';
import { CHECKER_RECORD_KEY, handedOverGameUrl } from '../sandbox/handover.ts';
import { CheckerBatch, type WorkerFactory } from './browser-run.svelte.ts';
import { recordOfGame, type CheckerConfig } from './run.ts';
import {
	compareReports,
	comparisonRuns,
	sweepRows,
	type Comparison,
	type ComparisonSpec,
	type Mix,
	type SweepRow
} from './compare.ts';
import { readReportFile, reportFile, reportLabel } from './saved.ts';
import type { Report } from './report.ts';
import { checkerOptions, type CheckerOption } from './options.ts';

export type CompareMode = 'none' | 'flip' | 'pairs' | 'subsets';

const OPTION_LABELS: Record<CheckerOption, string> = {
	games: 'Games',
	seed: 'Seed',
	players: 'Players',
	sample: 'Replay sample',
	workers: 'Workers'
};

/** The page's default policy for every seat: a bot that plays as people would (greedy: the best value of the whole turn). */
export const DEFAULT_POLICY = 'greedy';

/** Every bot of the registry at each of its levels, as the seat pickers list them. */
export const policyChoices = Object.entries(BOTS).flatMap(([id, b]) => [
	{ value: id, label: b.name, about: b.about },
	...(b.levels ?? []).map((l) => ({
		value: `${id}:${l}`,
		label: `${b.name}, ${l}`,
		about: b.about
	}))
]);

/** What a seat's policy does, said beside its picker (the options carry only the short names). */
export const policyAbout = (value: string): string =>
	policyChoices.find((c) => c.value === value)?.about ?? '';

export interface OpenedReport {
	label: string;
	report: Report;
}

export class CheckerPage {
	chosen = $state<string[]>(['base']);
	players = $state(2);
	policies = $state<string[]>([DEFAULT_POLICY, DEFAULT_POLICY]);
	games = $state(200);
	seed = $state(1);
	sample = $state(1);
	rulings = $state<Record<string, string>>({});
	compare = $state<CompareMode>('none');
	flipId = $state('');
	flipOption = $state('');
	batch = $state.raw<CheckerBatch | null>(null);
	problem = $state('');
	/** Reports saved earlier and opened from their files, to compare side by side. */
	opened = $state.raw<OpenedReport[]>([]);
	openProblem = $state('');
	/** The two reports compared (indexes into `opened`; -1 is the current run's report). */
	compareA = $state(-1);
	compareB = $state(0);

	#available: () => ReadonlyMap<string, Expansion>;
	#workers: WorkerFactory;
	#draft: string | undefined;

	/** `draft`: the expansion whose unsaved editor draft `available` holds (the sandbox opens games with it too). */
	constructor(
		available: () => ReadonlyMap<string, Expansion>,
		workers: WorkerFactory,
		initial?: string | null,
		draft?: string
	) {
		this.#available = available;
		this.#workers = workers;
		this.#draft = draft;
		if (initial) this.chosen = [initial];
	}

	readonly resolved = $derived.by(() => resolveGame(this.chosen, this.#available()));
	readonly rulingDefs = $derived.by((): RegisteredRuling[] => {
		const r = this.resolved;
		if (!r.ok) return [];
		try {
			return rulingsInPlay(r.expansions, r.modules);
		} catch {
			return [];
		}
	});
	readonly flipDef = $derived(this.rulingDefs.find((r) => r.id === this.flipId));
	/** The options the flip may set: every option but the one the run uses. */
	readonly flipOptions = $derived(
		this.flipDef
			? Object.entries(this.flipDef.options).filter(
					([o]) => o !== (this.rulings[this.flipDef!.id] || this.flipDef!.default)
				)
			: []
	);
	readonly run = $derived(this.batch?.reference ?? null);
	readonly report = $derived(this.run?.report ?? null);
	/** A ruling flip's comparison of the two runs, as far as they have come. */
	readonly flipComparison = $derived(
		this.batch?.kind === 'flip' ? (this.batch.comparisons[0] ?? null) : null
	);
	/** A combination sweep's rows: each mix reported so far against base alone. */
	readonly sweep = $derived.by((): SweepRow[] | null => {
		const batch = this.batch;
		if (batch?.kind !== 'sweep' || !batch.reports.length) return null;
		return sweepRows(
			batch.runs.slice(0, batch.reports.length).map((r) => r.label),
			batch.reports,
			batch.comparisons
		);
	});

	toggle(id: string, on: boolean) {
		this.chosen = on
			? [...this.chosen.filter((x) => x !== id), id]
			: this.chosen.filter((x) => x !== id);
	}

	/** One seat per player: new seats take the last seat's policy (2.5 or 1e9 seats: configOf says why). */
	setPlayers(n: number) {
		this.players = n;
		if (!checkerOptions({ games: 1, seed: 0, sample: 0, players: n }).ok) return;
		const p = this.policies;
		this.policies =
			p.length < n
				? [...p, ...Array(n - p.length).fill(p[p.length - 1] ?? DEFAULT_POLICY)]
				: p.slice(0, n);
	}

	#resolveMix = (ids: string[]): Mix | string => {
		const r = resolveGame(ids, this.#available());
		return r.ok
			? { expansions: $state.snapshot(r.expansions) as Expansion[], modules: r.modules }
			: r.errors.map((e) => e.message).join('; ');
	};

	comparisonOf(): ComparisonSpec | undefined | string {
		if (this.compare === 'pairs' || this.compare === 'subsets') return { sweep: this.compare };
		if (this.compare !== 'flip') return undefined;
		if (!this.flipDef || !this.flipOption)
			return 'Flip: choose a ruling and the option to compare with.';
		return { flip: { [this.flipDef.id]: this.flipOption } };
	}

	configOf(): CheckerConfig | string {
		const r = this.resolved;
		if (!r.ok) return r.errors.map((e) => e.message).join('; ');
		const checked = checkerOptions({
			games: this.games,
			seed: this.seed,
			players: this.players,
			sample: this.sample
		});
		if (!checked.ok)
			return checked.problems.map((p) => `${OPTION_LABELS[p.option]}: ${p.message}.`).join(' ');
		const policies: BotSpec[] = [];
		for (const text of this.policies) {
			const spec = parseBotSpec(text);
			if ('error' in spec) return `Policies: ${spec.error}`;
			policies.push(spec);
		}
		return {
			expansions: $state.snapshot(r.expansions) as Expansion[],
			modules: r.modules,
			players: Array.from({ length: this.players }, (_, i) => `P${i + 1}`),
			rulings: Object.fromEntries(Object.entries(this.rulings).filter(([, v]) => v)),
			policies,
			games: this.games,
			seed: this.seed,
			sample: this.sample
		};
	}

	async start(): Promise<void> {
		this.problem = '';
		const cfg = this.configOf();
		if (typeof cfg === 'string') {
			this.problem = cfg;
			return;
		}
		const spec = this.comparisonOf();
		if (typeof spec === 'string') {
			this.problem = spec;
			return;
		}
		const runs = comparisonRuns(cfg, this.chosen, spec, this.#resolveMix);
		if ('error' in runs) {
			this.problem = `${spec && 'sweep' in spec ? 'Sweep' : 'Flip'}: ${runs.error}.`;
			return;
		}
		this.batch?.stop();
		let batch: CheckerBatch;
		try {
			batch = new CheckerBatch(
				runs,
				spec === undefined ? 'single' : 'flip' in spec ? 'flip' : 'sweep'
			);
		} catch (e) {
			this.problem = `The game cannot start: ${e instanceof Error ? e.message : String(e)}`;
			return;
		}
		this.batch = batch;
		await batch.start(this.#workers, Math.max(1, Math.min(navigator.hardwareConcurrency || 2, 8)));
	}

	/** A finding's "flip this ruling": the same games again with the ruling at its first other option. */
	async flip(ruling: string): Promise<void> {
		const def = this.rulingDefs.find((r) => r.id === ruling);
		if (!def) {
			this.problem = `Flip: ruling ${ruling} is not in this mix.`;
			return;
		}
		const current = this.rulings[ruling] || def.default;
		this.compare = 'flip';
		this.flipId = ruling;
		this.flipOption = Object.keys(def.options).find((o) => o !== current) ?? '';
		await this.start();
	}

	/** Opens a game in the sandbox (a new tab), at a step (a finding's move) or at its end. */
	openInSandbox(record: GameRecord, step?: number) {
		localStorage.setItem(CHECKER_RECORD_KEY, JSON.stringify(record));
		// a game of the draft replays with the draft, as Test in sandbox plays it
		window.open(handedOverGameUrl(step, this.#draft), '_blank');
	}

	/** A report's violation i in the sandbox, at the move where it showed. */
	openViolation = (report: Report) => (i: number, step: number) =>
		this.openInSandbox(report.violations[i].record, step);

	/** Game number i of the current run, replayed from its seed, at move `step` (default: its end). */
	openGame(i: number, step?: number) {
		const run = this.run;
		if (!run) return;
		this.openInSandbox(
			recordOfGame(run.config, Math.max(0, Math.min(run.total - 1, Math.floor(i)))),
			step
		);
	}

	/** The finished report as a JSON file to open again later. */
	save(report: Report) {
		const url = URL.createObjectURL(new Blob([reportFile(report)], { type: 'application/json' }));
		const a = document.createElement('a');
		a.href = url;
		a.download = `checker-report-${report.expansions.filter((e) => e !== 'base').join('+') || 'base'}-seed${report.seed}.json`;
		a.click();
		setTimeout(() => URL.revokeObjectURL(url), 1000);
	}

	async openFiles(files: FileList | File[]) {
		this.openProblem = '';
		const added: OpenedReport[] = [];
		const problems: string[] = [];
		for (const file of files) {
			const r = readReportFile(await file.text(), file.name);
			if ('error' in r) problems.push(r.error);
			else added.push(r);
		}
		this.openProblem = problems.join(' ');
		if (!added.length) return;
		this.opened = [...this.opened, ...added];
		// compare the newest file with the one before it (or with the current run)
		this.compareB = this.opened.length - 1;
		this.compareA = this.opened.length > 1 ? this.opened.length - 2 : -1;
	}

	/** The reports that can be compared: the current run's first, then the opened files. */
	readonly comparable = $derived.by((): { index: number; label: string; report: Report }[] => {
		const out = this.opened.map((o, index) => ({ index, ...o }));
		const current = this.report;
		return current && !this.batch?.running
			? [{ index: -1, label: `this run: ${reportLabel(current)}`, report: current }, ...out]
			: out;
	});

	readonly sideBySide = $derived.by(
		(): { a: OpenedReport; b: OpenedReport; comparison: Comparison } | null => {
			const pick = (i: number) => this.comparable.find((c) => c.index === i);
			const a = pick(this.compareA);
			const b = pick(this.compareB);
			if (!a || !b || a === b) return null;
			return { a, b, comparison: compareReports(a.report, b.report, [a.label, b.label]) };
		}
	);
}
