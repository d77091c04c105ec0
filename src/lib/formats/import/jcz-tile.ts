// One JCloisterZone <tile> as a tile of ours: its attributes, the border features on their places
// (an enclosed field on an inner place), inner features and icons, crossings the places imply, the
// Count's loose half-sides, wagon moves drawn by hand; and the modifiers a file declares itself.
// Everything that does not map is reported instead of guessed. Pure.
import type { Feature, Half, Side, Tile } from '../schema-types.ts';
import { HALVES, SIDES, halvesOf } from '../geometry.ts';
import {
	JCZ_ATTRIBUTES,
	JCZ_BORDER_ELEMENTS,
	JCZ_GROUP_ROLES,
	JCZ_ICON_ELEMENTS,
	JCZ_INNER_FEATURES,
	adjacencyDrawnByHand,
	impliedCrossings,
	wagonMoves
} from '../jcz-vocabulary.ts';
import { attrsOf, childrenOf, elements, nameOf, parseBool, textOf, type Node } from './jcz-xml.ts';

/** A tile id of ours from a JCZ id ('BA/Cc+G' → 'Cc_G'), unique within the expansion. */
export function ourTileId(jczId: string, taken: Set<string>): string {
	const code = jczId.includes('/') ? jczId.slice(jczId.lastIndexOf('/') + 1) : jczId;
	let id = code.replace(/[^A-Za-z0-9_.-]/g, '_').replace(/^[^A-Za-z0-9]+/, '') || 'tile';
	id = id.slice(0, 60);
	let unique = id;
	for (let k = 2; taken.has(unique); k++) unique = `${id}-${k}`;
	taken.add(unique);
	return unique;
}

const INNER_PLACES = ['I', 'II', 'III', 'IV'];
/** The id prefix of The Count of Carcassonne's tiles in JCloisterZone (count.xml: CO/1 … CO/12). */
const COUNT_PREFIX = 'CO/';

/** Feature kind → attribute → our modifier, for the modifiers a file declares itself. */
export type Declared = Map<string, Record<string, { modifier: string; kind: 'int' | 'bool' }>>;

/**
 * JCZ's scripted modifiers (`<modifier type="+|any|all" selector="city[wine]">`, as our export
 * writes them for data rules): the features' attributes of that name come back as modifiers (`+` a
 * count, `any`/`all` a flag); the scoring script is not read back into rules, and the report says so.
 */
export function scriptedModifiers(nodes: Node[], report: string[]): Declared {
	const declared: Declared = new Map();
	for (const n of nodes) {
		const a = attrsOf(n);
		const sel = /^(road|city|field)\[([A-Za-z_][\w-]*)\]$/.exec(a.selector ?? '');
		const kind = a.type === '+' ? 'int' : a.type === 'any' || a.type === 'all' ? 'bool' : undefined;
		if (!sel || !kind) {
			report.push(`modifier '${a.selector ?? ''}' (type '${a.type ?? ''}') not mapped`);
			continue;
		}
		const [, type, name] = sel;
		declared.set(type, { ...declared.get(type), [name]: { modifier: name, kind } });
		report.push(
			`modifier ${a.selector}: its values on the features are kept, its scoring script is not read (write it as a value rule in dataRules)`
		);
	}
	return declared;
}

export function importTile(
	t: Node,
	jczId: string,
	id: string,
	report: string[],
	pack: boolean,
	declared: Declared
): Tile {
	const where = `tile ${jczId}`;
	const attrs = attrsOf(t);
	const tile: Tile = { id, name: jczId, jcz: { id: jczId, rotation: 0 }, count: 1, features: [] };
	for (const a of Object.keys(attrs)) {
		if (a === 'id' || a === 'max' || (pack && a === 'count')) continue;
		if (a === 'group') {
			if (!(attrs.group in JCZ_GROUP_ROLES))
				report.push(`${where}: group '${attrs.group}' not mapped`);
			else {
				const role = JCZ_GROUP_ROLES[attrs.group];
				if (role) tile.role = role;
			}
			continue;
		}
		report.push(`${where}: attribute '${a}' not mapped`);
	}
	const seq: Record<string, number> = {};
	const nextId = (prefix: string) => `${prefix}${(seq[prefix] = (seq[prefix] ?? 0) + 1)}`;
	const PREFIX: Record<Feature['type'], string> = {
		road: 'r',
		city: 'c',
		river: 'w',
		field: 'f',
		monastery: 'm',
		garden: 'g',
		stable: 's',
		quarter: 'q'
	};
	const pendingCities: { feature: Feature; labels: string[] }[] = [];
	const tunnels = new Set<string>();
	const wagon = new Map<string, string[]>(); // label → feature ids, as the file has them
	const icons: string[] = [];
	for (const n of elements(childrenOf(t))) {
		const kind = nameOf(n)!;
		const a = attrsOf(n);
		let feature: Feature | undefined;
		if (kind in JCZ_BORDER_ELEMENTS) {
			const type = JCZ_BORDER_ELEMENTS[kind as keyof typeof JCZ_BORDER_ELEMENTS];
			const places = textOf(n).split(/\s+/).filter(Boolean);
			feature = { id: nextId(PREFIX[type]), type };
			const allowed: readonly string[] = type === 'field' ? HALVES : SIDES;
			const good = places.filter((p) => allowed.includes(p));
			// A field on an inner place (I, II) is a field enclosed inside the tile.
			const inner = type === 'field' ? places.filter((p) => INNER_PLACES.includes(p)) : [];
			for (const p of places)
				if (!allowed.includes(p) && !inner.includes(p))
					report.push(`${where}: place '${p}' of a ${kind} not mapped`);
			if (type === 'field') feature.halves = good as Half[];
			else feature.sides = good as Side[];
			if (type !== 'field' && good.length === 0) {
				report.push(`${where}: a ${kind} with no side left out`);
				continue;
			}
			if (type === 'field' && good.length && inner.length)
				report.push(
					`${where}: a field on half-sides and an inner place (${inner.join(' ')}): taken as the half-sides`
				);
			const vocab = {
				...declared.get(type),
				...JCZ_ATTRIBUTES[type as keyof typeof JCZ_ATTRIBUTES]
			};
			for (const [name, value] of Object.entries(a)) {
				if (type === 'field' && name === 'city') {
					pendingCities.push({ feature, labels: value.split(/\s+/).filter(Boolean) });
					continue;
				}
				if (name === 'wagon-move') continue;
				if (type === 'city' && name === 'multi-edge' && /^[NESW]$/.test(value)) {
					feature.sharesSide = value as Side;
					continue;
				}
				// Traders & Builders' goods: the attribute's value names the good (our modifiers wine, grain, cloth)
				if (type === 'city' && name === 'resource' && /^[a-z]+$/.test(value)) {
					feature.modifiers = { ...feature.modifiers, [value]: 1 };
					continue;
				}
				if (type === 'road' && name === 'tunnel') {
					if (parseBool(value)) tunnels.add(feature.id);
					continue;
				}
				const m = vocab[name];
				if (!m) {
					report.push(`${where}: attribute '${name}' on '${kind}' not mapped`);
					continue;
				}
				if (m.kind === 'int') {
					const v = Number(value);
					if (Number.isInteger(v) && v >= 0) {
						if (v > 0) feature.modifiers = { ...feature.modifiers, [m.modifier]: v };
					} else report.push(`${where}: ${name}="${value}" on '${kind}' is not a whole number`);
				} else if (parseBool(value))
					feature.modifiers = { ...feature.modifiers, [m.modifier]: true };
			}
			if (feature.modifiers?.princess === true && !icons.includes('princess'))
				icons.push('princess');
		} else if (kind in JCZ_INNER_FEATURES) {
			const type = JCZ_INNER_FEATURES[kind as keyof typeof JCZ_INNER_FEATURES];
			for (const name of Object.keys(a))
				if (name !== 'wagon-move')
					report.push(`${where}: attribute '${name}' on '${kind}' not mapped`);
			if (textOf(n))
				report.push(
					`${where}: places '${textOf(n)}' of the ${kind} not mapped (it stands inside the tile)`
				);
			feature = { id: nextId(PREFIX[type]), type };
		} else if (kind in JCZ_ICON_ELEMENTS) {
			const icon = JCZ_ICON_ELEMENTS[kind as keyof typeof JCZ_ICON_ELEMENTS];
			if (!icons.includes(icon)) icons.push(icon);
			for (const name of Object.keys(a))
				report.push(`${where}: attribute '${name}' on '${kind}' not mapped`);
		} else report.push(`${where}: element '${kind}' not mapped`);
		if (!feature) continue;
		tile.features.push(feature);
		for (const label of (a['wagon-move'] ?? '').split(/\s+/).filter(Boolean))
			wagon.set(label, [...(wagon.get(label) ?? []), feature.id]);
	}
	// Field → city adjacency: each label is a side of one of the tile's cities (JCZ: a part of its location).
	for (const { feature, labels } of pendingCities) {
		const cities: string[] = [];
		for (const label of labels) {
			const sides = label.length > 1 && /^[NESW]+$/.test(label) ? label.split('') : [label];
			const city = tile.features.find(
				(f) => f.type === 'city' && sides.some((s) => f.sides?.includes(s as Side))
			);
			if (!city)
				report.push(`${where}: field city '${label}' names no city of the tile: not mapped`);
			else if (!cities.includes(city.id)) cities.push(city.id);
		}
		if (cities.length) feature.cities = cities;
	}
	// Crossings JCZ leaves to the places; the tile marked drawn by hand where JCZ's adjacency differs
	// from the geometry's.
	for (const [over, unders] of impliedCrossings(tile.features, tunnels))
		tile.features.find((f) => f.id === over)!.crosses = unders;
	for (const r of tunnels)
		if (!tile.features.some((f) => f.type === 'city' && f.crosses?.includes(r)))
			report.push(
				`${where}: road '${r}' is a tunnel end (The Tunnel): not mapped, imported as a road`
			);
	if (adjacencyDrawnByHand(tile.features)) tile.handDrawnAdjacency = true;
	// Half-sides of no field and no city: JCZ leaves the inside of The Count's city of Carcassonne so
	// (its 12 tiles, ids CO/…, hold no feature there). On those tiles they become one quarter, said
	// in the report; elsewhere the tile is faulty and said so.
	const held = new Set(
		tile.features.flatMap((f) => [
			...(f.halves ?? []),
			...(f.type === 'city' ? (f.sides ?? []).flatMap(halvesOf) : [])
		])
	);
	const loose = HALVES.filter((h) => !held.has(h));
	if (loose.length && jczId.startsWith(COUNT_PREFIX)) {
		const quarter: Feature = { id: nextId(PREFIX.quarter), type: 'quarter', halves: loose };
		tile.features.push(quarter);
		report.push(
			`${where}: half-sides ${loose.join(' ')} are inside The Count's city of Carcassonne (no feature in JCloisterZone): imported as quarter ${quarter.id}, kept as data (no rule module here plays The Count)`
		);
	} else if (loose.length)
		report.push(
			`${where}: half-sides ${loose.join(' ')} belong to no field or city: the tile will not validate`
		);
	// The wagon's moves (Abbey & Mayor) follow from the geometry here: say where the file differs.
	const key = (groups: string[][]) =>
		groups
			.map((g) => [...g].sort().join('+'))
			.sort()
			.join(', ') || 'none';
	const derived = key(wagonMoves(tile.features));
	const given = key([...wagon.values()]);
	if (wagon.size && derived !== given)
		report.push(
			`${where}: wagon moves ${given} differ from what the geometry gives (${derived}): not mapped`
		);
	if (icons.length) tile.icons = icons;
	return tile;
}
