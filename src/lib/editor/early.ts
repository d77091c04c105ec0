// Answers asked for by src/app.html while the page's scripts were still loading (an expansion
// page's document and library, the sandbox's library): a fetch that gives the first request for
// one of those addresses its early answer, and goes to the network for everything else (and when
// the early request failed). Each early answer is handed out once.

type EarlyAnswers = Record<string, Promise<Response | undefined>>;

export function withEarlyAnswers(fetchFn: typeof fetch): typeof fetch {
	const holder = globalThis as { __early?: EarlyAnswers };
	const early = holder.__early;
	return async (input, init) => {
		const url =
			typeof input === 'string'
				? input
				: input instanceof URL
					? input.pathname + input.search
					: undefined;
		const answer =
			url !== undefined && (init?.method ?? 'GET') === 'GET' ? early?.[url] : undefined;
		if (answer) {
			delete early![url!];
			const res = await answer;
			if (res) return res;
		}
		return fetchFn(input, init);
	};
}
