// The expansion page lists the rulings and the parameters of the rule modules in play the same
// way: grouped by module, the groups holding something the file sets first, and in each group what
// the file sets first (both orders otherwise the registry's).

export interface ModuleGroup<T> {
	module: string;
	/** The group's entries: those the file sets first. */
	list: T[];
	/** How many of them the file sets. */
	set: number;
}

export function groupByModule<T extends { module: string }>(
	items: readonly T[],
	isSet: (item: T) => boolean
): ModuleGroup<T>[] {
	const byModule = new Map<string, T[]>();
	for (const item of items) byModule.set(item.module, [...(byModule.get(item.module) ?? []), item]);
	return [...byModule.entries()]
		.map(([module, list]) => {
			const set = list.filter(isSet);
			return { module, list: [...set, ...list.filter((item) => !isSet(item))], set: set.length };
		})
		.sort((a, b) => Number(b.set > 0) - Number(a.set > 0));
}
