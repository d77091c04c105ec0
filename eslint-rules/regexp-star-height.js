// An ESLint rule beside eslint-plugin-regexp: no unbounded quantifier inside another one. The
// plugin's super-linear checks find attacks made of one repeated character; a repeated group around
// an open-ended part (/(<!--[^]*?-->\s*)*<svg/, exponential on "<!---->" × n + "x") passes them. A
// repetition that starts or ends with a character none of its unbounded parts can match is split
// one way only (/^[a-z0-9]+(-[a-z0-9]+)*$/, /^(\d+,)*\d+$/) and allowed; anything else needs
// rewriting (a scanner) or an eslint-disable comment saying why it is linear.
import { RegExpParser, visitRegExpAST } from '@eslint-community/regexpp';
import { getConsumedChars } from 'regexp-ast-analysis';

/** @typedef {import('@eslint-community/regexpp').AST.Node} Node */
/** @typedef {import('@eslint-community/regexpp').AST.Quantifier} Quantifier */
/** @typedef {import('@eslint-community/regexpp').AST.Flags} Flags */

/** @type {(node: Node) => boolean} */
const unbounded = (node) => node.type === 'Quantifier' && node.max === Infinity;

/**
 * The unbounded quantifiers inside `node`.
 * @param {Node} node
 */
function innerUnbounded(node) {
	/** @type {Quantifier[]} */
	const found = [];
	visitRegExpAST(node, { onQuantifierEnter: (q) => unbounded(q) && found.push(q) });
	return found;
}

/**
 * Does every repetition of `outer` start or end with a character its unbounded parts cannot match?
 * @param {Quantifier} outer
 * @param {Quantifier[]} inner
 * @param {Flags} flags
 */
function delimited(outer, inner, flags) {
	const group = outer.element;
	if (group.type !== 'Group' && group.type !== 'CapturingGroup') return false;
	return group.alternatives.every((alt) => {
		const within = inner.filter((q) => alt.elements.some((e) => e === q || contains(e, q)));
		/** @param {Node | undefined} edge */
		const apart = (edge) =>
			edge !== undefined &&
			(edge.type === 'Character' ||
				edge.type === 'CharacterClass' ||
				edge.type === 'CharacterSet') &&
			within.every((q) =>
				getConsumedChars(q.element, flags).chars.isDisjointWith(getConsumedChars(edge, flags).chars)
			);
		return apart(alt.elements[0]) || apart(alt.elements[alt.elements.length - 1]);
	});
}

/** @type {(ancestor: Node, node: Node) => boolean} */
const contains = (ancestor, node) => {
	for (let n = node.parent; n; n = n.parent) if (n === ancestor) return true;
	return false;
};

/** @type {import('eslint').Rule.RuleModule} */
export default {
	meta: {
		type: 'problem',
		docs: { description: 'disallow an unbounded quantifier inside another (star height 2)' },
		schema: [],
		messages: {
			nested:
				'{{inner}} repeats inside {{outer}}: the text can be split between them in many ways (exponential backtracking). Read it with a scanner, or start or end each repetition with a character the inner parts cannot match.'
		}
	},
	create(context) {
		const parser = new RegExpParser({ ecmaVersion: 2025 });
		return {
			Literal(node) {
				if (!('regex' in node) || !node.regex) return;
				let ast;
				try {
					ast = parser.parseLiteral(`/${node.regex.pattern}/${node.regex.flags}`);
				} catch {
					return;
				}
				visitRegExpAST(ast, {
					onQuantifierEnter(outer) {
						if (!unbounded(outer)) return;
						const inner = innerUnbounded(outer.element);
						if (!inner.length || delimited(outer, inner, ast.flags)) return;
						context.report({
							node,
							messageId: 'nested',
							data: { inner: inner[0].raw, outer: outer.raw }
						});
					}
				});
			}
		};
	}
};
