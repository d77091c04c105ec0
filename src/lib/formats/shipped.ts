// The expansion sets this project ships in expansions/. They are read-only through the app and the
// API: a designer duplicates one to change it.
export const SHIPPED_EXPANSIONS = [
	'base',
	'inns-and-cathedrals',
	'river',
	'dragon',
	'king-and-robber',
	'abbey-and-mayor',
	'bards',
	'inn-and-stable-owners',
	'buddo',
	'messengers-and-mayors',
	'hills-and-sheep',
	'traders-and-builders-goods',
	'traders-and-builders-builder',
	'pig-herd',
	'festival',
	'phantom',
	'wells'
] as const;

export const isShipped = (id: string): boolean =>
	(SHIPPED_EXPANSIONS as readonly string[]).includes(id);
