// The documentation's rules (CONTRIBUTING.md, Conventions): the README stays the front door, no
// document tells the story of a measurement (those go in commit messages), every relative link
// lands, and nothing cites a file outside the repository.
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const docs = [
	'README.md',
	'CONTRIBUTING.md',
	'CHANGELOG.md',
	...readdirSync(join(root, 'docs'))
		.filter((f) => f.endsWith('.md'))
		.map((f) => `docs/${f}`)
];
const read = (file: string): string => readFileSync(join(root, file), 'utf8');
/** The text without code: fenced blocks and inline code spans (file names such as session.svelte.ts). */
const prose = (text: string): string =>
	text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');

/** GitHub's anchor of a heading. */
const anchorOf = (heading: string): string =>
	heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\- ]/gu, '')
		.replace(/ /g, '-');

describe('documentation', () => {
	it('keeps the README under 200 lines', () => {
		expect(read('README.md').split('\n').length).toBeLessThanOrEqual(200);
	});

	it('tells no measurement story: no sitting, session, load average or steal', () => {
		const found = docs.flatMap((file) =>
			prose(read(file))
				.split('\n')
				.filter((line) => /\b(sittings?|sessions?|load averages?|steal)\b/i.test(line))
				.map((line) => `${file}: ${line.trim()}`)
		);
		expect(found).toEqual([]);
	});

	it('links only to files and headings that exist', () => {
		const broken: string[] = [];
		for (const file of docs) {
			for (const [, link] of prose(read(file)).matchAll(/\]\(([^)\s]+)\)/g)) {
				if (/^[a-z]+:/.test(link)) continue;
				const [path, anchor] = link.split('#');
				const target = path ? join(dirname(file), path) : file;
				if (!existsSync(join(root, target))) broken.push(`${file}: ${link}`);
				else if (anchor && target.endsWith('.md')) {
					const headings = read(target)
						.split('\n')
						.filter((l) => /^#{1,6} /.test(l))
						.map((l) => anchorOf(l.replace(/^#+ /, '')));
					if (!headings.includes(anchor)) broken.push(`${file}: ${link}`);
				}
			}
		}
		expect(broken).toEqual([]);
	});

	it('cites no file outside the repository', () => {
		const outside = /DESIGN\.md|official-reference|\.\.\/shared\/|\/work\/shared\//;
		const files = (dir: string): string[] =>
			readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
				e.isDirectory()
					? files(join(dir, e.name))
					: /\.(ts|js|svelte|md|java|sh)$/.test(e.name)
						? [join(dir, e.name)]
						: []
			);
		const found = [...docs, ...['src', 'test', 'scripts', 'bench', 'bin'].flatMap(files)].filter(
			(file) => file !== 'test/docs.test.ts' && outside.test(read(file))
		);
		expect(found).toEqual([]);
	});
});
