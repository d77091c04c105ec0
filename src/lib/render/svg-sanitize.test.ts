import { describe, expect, test } from 'vitest';
import { XMLValidator } from 'fast-xml-parser';
import {
	artworkDataUrl,
	cssAllowed,
	cssUnescaped,
	safeArtworkUrl,
	sanitizeSvg
} from './svg-sanitize.ts';

describe('artwork SVG sanitiser', () => {
	test('keeps drawing content', () => {
		const out = sanitizeSvg(
			'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><g fill="url(#grad)"><path d="M0 0L10 10"/><text x="1">A &amp; B</text></g></svg>'
		);
		expect(out).toContain('<path d="M0 0L10 10"/>');
		expect(out).toContain('fill="url(#grad)"');
		expect(out).toContain('A &amp; B');
		expect(out).toContain('viewBox="0 0 10 10"');
	});
	test('strips scripts, handlers, foreignObject, animations and styles', () => {
		const out = sanitizeSvg(
			'<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><foreignObject><div>x</div></foreignObject>' +
				'<a href="javascript:alert(3)"><rect onclick="alert(4)" width="5"/></a><set attributeName="href" to="javascript:x"/><style>@import url(http://x)</style><rect width="1"/></svg>'
		);
		expect(out).not.toMatch(/alert|script|foreignObject|onload|onclick|<set|<style|<a /i);
		expect(out).toContain('<rect width="1"/>');
	});
	test('drops links that leave the document', () => {
		const out = sanitizeSvg(
			'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><use href="#a"/><use xlink:href="http://evil/x.svg#a"/>' +
				'<image href="https://evil/track.png"/><image href="data:image/png;base64,AAAA"/><rect fill="url(http://evil/p)" style="fill:url( \'https://x\' )"/></svg>'
		);
		expect(out).toContain('<use href="#a"/>');
		expect(out).not.toContain('evil');
		expect(out).not.toContain('https://x');
		expect(out).toContain('data:image/png;base64,AAAA');
	});
	test('character references, upper case and CDATA do not smuggle anything through', () => {
		const cases = [
			'<svg xmlns="http://www.w3.org/2000/svg"><rect fill="u&#114;l(http://evil/p)" stroke="&#x75;rl(https://evil/q)"/></svg>',
			'<svg xmlns="http://www.w3.org/2000/svg"><use href="&#104;ttp://evil/x.svg#a"/><image href="data&#58;image/png;base64,AAAA"/></svg>',
			'<svg xmlns="http://www.w3.org/2000/svg"><SCRIPT>alert(1)</SCRIPT><Rect OnClick="alert(2)" FILL="URL(http://evil/p)"/></svg>',
			'<svg xmlns="http://www.w3.org/2000/svg"><text><![CDATA[</text><script>alert(3)</script>]]></text></svg>',
			'<svg xmlns="http://www.w3.org/2000/svg"><image href="data:image/svg+xml;base64,PHN2Zz48c2NyaXB0Pjwvc2NyaXB0Pjwvc3ZnPg=="/><feImage href="http://evil/f"/></svg>'
		];
		for (const svg of cases) {
			const out = sanitizeSvg(svg);
			expect(out, svg).not.toMatch(/evil|<script|onclick|data&#58;|svg\+xml/i);
			// what is left is inert text or drawing
			expect(out.replace(/&lt;script&gt;alert\(3\)&lt;\/script&gt;/, ''), svg).not.toMatch(/alert/);
		}
	});
	test('CSS escapes, comments and functions that load something do not reach another host', () => {
		const hostile = [
			'fill="u\\rl(http://evil/a)"',
			'fill="\\75 rl(http://evil/b)"',
			'fill="\\000075rl(http://evil/c)"',
			'fill="\\55 RL(http://evil/d)"',
			'style="fill:u\\72 l(http://evil/e)"',
			'style="fill: url(\\68ttp://evil/f)"',
			'style="fill:u/**/rl(http://evil/g)"',
			'style="background-image:image-set(\'http://evil/h.png\' 1x)"',
			'style="background:-webkit-image-set(\'http://evil/i.png\' 1x)"',
			'style="mask:url(http://evil/j#m)"',
			'mask="url(http://evil/k#m)"',
			'style="cursor:url(http://evil/l.cur),auto"',
			'cursor="url(http://evil/m.cur)"',
			'filter="url(http://evil/n#f)"',
			'style="filter:url(\\\'http://evil/o#f\\\')"',
			'style="background:cross-fade(url(#a),src(http://evil/p))"',
			'style="fill:var(--x);--x:url(http://evil/q)"'
		];
		for (const attribute of hostile) {
			const out = sanitizeSvg(
				`<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" ${attribute}/><circle r="1" fill="url(#a)" transform="rotate(45) translate(1 2)" style="fill:rgb(1, 2, 3);filter:drop-shadow(1px 1px 2px hsl(0 0% 0%))"/></svg>`
			);
			expect(out, attribute).not.toMatch(/evil/);
			expect(out, attribute).toContain('<rect width="1"/>');
			// local references, colours and transforms stay
			expect(out, attribute).toContain(
				'<circle r="1" fill="url(#a)" transform="rotate(45) translate(1 2)" style="fill:rgb(1, 2, 3);filter:drop-shadow(1px 1px 2px hsl(0 0% 0%))"/>'
			);
		}
		expect(cssUnescaped('u\\rl(x) \\75 rl(y) \\000075rl(z) a/* c */b')).toBe(
			'url(x) url(y) url(z) ab'
		);
		expect(cssAllowed('fill:url(#a) ')).toBe(true);
		expect(cssAllowed('fill:\\75 rl( "#a" )')).toBe(true);
	});
	test('entities from a doctype are not expanded', () => {
		const out = sanitizeSvg(
			'<!DOCTYPE svg [<!ENTITY boom "BOOM">]><svg xmlns="http://www.w3.org/2000/svg"><text>&boom;</text></svg>'
		);
		expect(out).not.toContain('BOOM');
		expect(out).toContain('&amp;boom;');
	});
	test("DOMPurify's SVG profile as we narrow and widen it", () => {
		const out = sanitizeSvg(
			'<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">' +
				// <a> goes, its drawing stays; the profile's animations go too (artwork is still)
				'<a href="#x"><rect width="2"/></a><animateTransform attributeName="transform" type="rotate"/><animateMotion path="M0 0"/>' +
				// <use> (not in the profile) is kept for references inside the document, with xlink too
				'<defs><circle id="dot" r="1"/></defs><use href="#dot"/><use xlink:href="#dot" x="3"/>' +
				// HTML's parser lower-cases an element it does not know in SVG: still a drawing, made safe
				'<Rect width="1" style="fill:url(#dot)"/><g style="fill:url(http://evil/p)"/>' +
				'<filter id="f"><feGaussianBlur stdDeviation="1"/><feImage href="data:image/png;base64,AAAA"/></filter></svg>'
		);
		expect(out).not.toMatch(/<a[ >]|animate|evil/i);
		expect(out).toContain('<rect width="2"/>');
		expect(out).toContain('<use href="#dot"/>');
		expect(out).toContain('<use xlink:href="#dot" x="3"/>');
		expect(out).toContain('<rect width="1" style="fill:url(#dot)"/>');
		expect(out).toContain('<feGaussianBlur stdDeviation="1"/>');
		// an embedded image only on <image>
		expect(out).toContain('<feImage/>');
		// well-formed XML with its namespaces declared (a data:image/svg+xml must be)
		expect(out).toMatch(
			/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" xmlns:xlink="http:\/\/www.w3.org\/1999\/xlink">/
		);
		expect(XMLValidator.validate(out)).toBe(true);
	});
	test('refuses a document that is not an SVG', () => {
		expect(() => sanitizeSvg('<html><script>1</script></html>')).toThrow(/SVG/);
	});
	test('artwork URLs: SVG sanitised, PNG kept, remote refused', () => {
		const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>x</script><circle r="3"/></svg>';
		const url = safeArtworkUrl('data:image/svg+xml;utf8,' + encodeURIComponent(svg))!;
		const decoded = atob(url.split(',')[1]);
		expect(decoded).toContain('<circle r="3"/>');
		expect(decoded).not.toContain('script');
		expect(safeArtworkUrl('data:image/png;base64,iVBORw0KGgo=')).toBe(
			'data:image/png;base64,iVBORw0KGgo='
		);
		expect(safeArtworkUrl('https://example.com/a.png')).toBeUndefined();
		const uploaded = artworkDataUrl('image/svg+xml', new TextEncoder().encode(svg));
		expect(atob(uploaded.split(',')[1])).not.toContain('script');
		expect(() => artworkDataUrl('text/html', new Uint8Array())).toThrow();
	});
});
